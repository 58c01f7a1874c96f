import UIKit

/// Sign-up pushes the code check, which hides the back button so the user cannot leave mid-check,
/// and offers nothing else: no button and no swipe lead back.
final class BackButtonHiddenFailingSignUpViewController: UIViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: BackButtonHiddenFailingSignUpViewController())
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign Up"
    }

    func emailSubmitted(_ email: String) {
        let check = BackButtonHiddenFailingVerifyCodeViewController()
        check.email = email
        navigationController?.pushViewController(check, animated: true)
    }
}

final class BackButtonHiddenFailingVerifyCodeViewController: UIViewController {
    var email = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Enter Code"
        navigationItem.hidesBackButton = true  // expect: back-button-hidden
    }
}

import UIKit

/// Sign-up presents the code check in a navigation controller of its own, with a Cancel button: the
/// check is a root, so there is no back button to hide, and the user can always leave.
final class BackButtonHiddenCleanSignUpViewController: UIViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: BackButtonHiddenCleanSignUpViewController())
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign Up"
    }

    func emailSubmitted(_ email: String) {
        let check = BackButtonHiddenCleanVerifyCodeViewController()
        check.email = email
        present(UINavigationController(rootViewController: check), animated: true)
    }
}

final class BackButtonHiddenCleanVerifyCodeViewController: UIViewController {
    var email = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Enter Code"
        isModalInPresentation = true
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: self, action: #selector(cancel))
    }

    @objc private func cancel() {
        dismiss(animated: true)
    }
}

import UIKit

public final class ProfileViewController: UIViewController {
    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"
    }
}

import UIKit

/// Every screen of the customer app shows a plain back arrow.
class BaseViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.backButtonDisplayMode = .minimal
    }
}

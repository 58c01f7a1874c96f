import UIKit

/// The app's screens show the back arrow alone.
open class BaseViewController: UIViewController {
    open override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.backButtonDisplayMode = .minimal
    }
}

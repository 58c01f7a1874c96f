import UIKit

/// Every screen of the app derives from this: it gives pushed screens the app's own back arrow.
class BaseViewController: UIViewController {
    /// Screens that guard unsaved changes turn this off.
    var showsCustomBack = true

    private lazy var backItem: UIBarButtonItem = {
        let button = UIButton(type: .custom)
        button.setImage(UIImage(named: "nav_back"), for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        button.addTarget(self, action: #selector(backTapped), for: .touchUpInside)
        return UIBarButtonItem(customView: button)
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        navigationItem.backButtonDisplayMode = .minimal
        if showsCustomBack, (navigationController?.viewControllers.count ?? 0) > 1 {
            navigationItem.leftBarButtonItem = backItem
        }
    }

    @objc func backTapped() {
        navigationController?.popViewController(animated: true)
    }
}

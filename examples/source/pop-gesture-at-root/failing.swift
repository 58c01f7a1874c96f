import UIKit

/// The app's navigation controller makes itself the pop gesture's delegate so that swiping back works
/// behind custom back buttons, but never says when the swipe may begin: on the root screen it starts a
/// pop with nothing to pop, and the app stops taking touches.
final class PopGestureAtRootFailingNavigationController: UINavigationController, UIGestureRecognizerDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        interactivePopGestureRecognizer?.delegate = self  // expect: pop-gesture-at-root
    }
}

final class PopGestureAtRootFailingHomeViewController: UIViewController {
    static func makeRoot() -> UINavigationController {
        PopGestureAtRootFailingNavigationController(rootViewController: PopGestureAtRootFailingHomeViewController())
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            image: UIImage(systemName: "bell"), style: .plain, target: self, action: #selector(openAlerts))
    }

    @objc private func openAlerts() {
        navigationController?.pushViewController(PopGestureAtRootFailingAlertsViewController(), animated: true)
    }
}

final class PopGestureAtRootFailingAlertsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Alerts"
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Read All", style: .plain, target: self, action: #selector(markAllRead))
    }

    @objc private func markAllRead() {
        AlertStore.shared.markAllRead()
    }
}

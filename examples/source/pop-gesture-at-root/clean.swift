import UIKit

/// The app's navigation controller makes itself the pop gesture's delegate and lets the swipe begin
/// only when there is a screen to go back to and no transition is running.
final class PopGestureAtRootCleanNavigationController: UINavigationController, UIGestureRecognizerDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        interactivePopGestureRecognizer?.delegate = self
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === interactivePopGestureRecognizer else { return true }
        return viewControllers.count > 1 && transitionCoordinator == nil
    }
}

final class PopGestureAtRootCleanHomeViewController: UIViewController {
    static func makeRoot() -> UINavigationController {
        PopGestureAtRootCleanNavigationController(rootViewController: PopGestureAtRootCleanHomeViewController())
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            image: UIImage(systemName: "bell"), style: .plain, target: self, action: #selector(openAlerts))
    }

    @objc private func openAlerts() {
        navigationController?.pushViewController(PopGestureAtRootCleanAlertsViewController(), animated: true)
    }
}

final class PopGestureAtRootCleanAlertsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Alerts"
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Read All", style: .plain, target: self, action: #selector(markAllRead))
    }

    @objc private func markAllRead() {
        AlertStore.shared.markAllRead()
    }
}

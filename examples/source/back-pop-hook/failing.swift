import UIKit

/// Screens that must confirm before leaving.
protocol BackPopHookFailingLeaveConfirming: AnyObject {
    func canLeave() -> Bool
}

/// The navigation controller asks the top screen before the bar pops it. The bar asks only for back
/// taps: a swipe back pops without asking, so the confirmation can be skipped.
final class BackPopHookFailingNavigationController: UINavigationController, UINavigationBarDelegate {
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {  // expect: back-pop-hook
        guard let screen = topViewController as? BackPopHookFailingLeaveConfirming, item == topViewController?.navigationItem else {
            return true
        }
        return screen.canLeave()
    }
}

final class BackPopHookFailingProjectsViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        BackPopHookFailingNavigationController(rootViewController: BackPopHookFailingProjectsViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Projects"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(BackPopHookFailingTaskEditorViewController(), animated: true)
    }
}

final class BackPopHookFailingTaskEditorViewController: UIViewController, BackPopHookFailingLeaveConfirming {
    var hasUnsavedChanges = false

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Edit Task"
    }

    func canLeave() -> Bool {
        guard hasUnsavedChanges else { return true }
        confirmDiscard()
        return false
    }

    private func confirmDiscard() {
        let alert = UIAlertController(title: "Discard changes?", message: nil, preferredStyle: .actionSheet)
        alert.addAction(
            UIAlertAction(title: "Discard", style: .destructive) { [weak self] _ in
                self?.navigationController?.popViewController(animated: true)
            })
        alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel))
        present(alert, animated: true)
    }
}

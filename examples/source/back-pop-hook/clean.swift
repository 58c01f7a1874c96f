import UIKit

/// The task editor confirms before leaving with the navigation item's own back action (iOS 16), and
/// turns the swipe off only while there are unsaved changes, so no way back skips the question.
final class BackPopHookCleanProjectsViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: BackPopHookCleanProjectsViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Projects"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(BackPopHookCleanTaskEditorViewController(), animated: true)
    }
}

final class BackPopHookCleanTaskEditorViewController: UIViewController {
    var hasUnsavedChanges = false {
        didSet { navigationController?.interactivePopGestureRecognizer?.isEnabled = !hasUnsavedChanges }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Edit Task"
        navigationItem.backAction = UIAction { [weak self] _ in self?.leave() }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.interactivePopGestureRecognizer?.isEnabled = true
    }

    private func leave() {
        guard hasUnsavedChanges else {
            navigationController?.popViewController(animated: true)
            return
        }
        let alert = UIAlertController(title: "Discard changes?", message: nil, preferredStyle: .actionSheet)
        alert.addAction(
            UIAlertAction(title: "Discard", style: .destructive) { [weak self] _ in
                self?.navigationController?.popViewController(animated: true)
            })
        alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel))
        present(alert, animated: true)
    }
}

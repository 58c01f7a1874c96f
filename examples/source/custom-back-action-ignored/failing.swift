import UIKit

/// The drafts list wants to save the open draft when the user goes back, and hangs the save on the
/// back item it gives the editor. UIKit uses that item for its look only: the save never runs.
final class CustomBackActionIgnoredFailingDraftsViewController: UITableViewController {
    private var drafts: [String] = []

    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: CustomBackActionIgnoredFailingDraftsViewController(style: .insetGrouped))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Drafts"
        navigationItem.backBarButtonItem = UIBarButtonItem(  // expect: custom-back-action-ignored
            title: "Drafts", style: .plain, target: self, action: #selector(saveOpenDraft))
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let editor = CustomBackActionIgnoredFailingDraftEditorViewController(text: drafts[indexPath.row])
        navigationController?.pushViewController(editor, animated: true)
    }

    @objc private func saveOpenDraft() {
        (navigationController?.topViewController as? CustomBackActionIgnoredFailingDraftEditorViewController)?.save()
    }
}

final class CustomBackActionIgnoredFailingDraftEditorViewController: UIViewController {
    private let textView = UITextView()
    private let text: String

    init(text: String) {
        self.text = text
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Edit Draft"
        textView.text = text
        view = textView
    }

    func save() {
        DraftStore.shared.save(textView.text)
    }
}

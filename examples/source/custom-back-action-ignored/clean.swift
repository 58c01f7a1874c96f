import UIKit

/// The drafts list names the editor's back button and leaves the back tap alone; the editor saves
/// itself when it goes away, however the user leaves (back button or swipe).
final class CustomBackActionIgnoredCleanDraftsViewController: UITableViewController {
    private var drafts: [String] = []

    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: CustomBackActionIgnoredCleanDraftsViewController(style: .insetGrouped))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Drafts"
        navigationItem.backBarButtonItem = UIBarButtonItem(title: "Drafts", style: .plain, target: nil, action: nil)
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let editor = CustomBackActionIgnoredCleanDraftEditorViewController(text: drafts[indexPath.row])
        navigationController?.pushViewController(editor, animated: true)
    }
}

final class CustomBackActionIgnoredCleanDraftEditorViewController: UIViewController {
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

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if isMovingFromParent {
            DraftStore.shared.save(textView.text)
        }
    }
}

import UIKit

final class LiteRootViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes Lite"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "New", primaryAction: UIAction { [weak self] _ in
                self?.navigationController?.pushViewController(NoteEditorViewController(), animated: true)
            })
    }
}

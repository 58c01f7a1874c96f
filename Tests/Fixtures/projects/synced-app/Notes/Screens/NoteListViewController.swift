import UIKit

final class NoteListViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        tableView.register(UINib(nibName: "NoteCell", bundle: nil), forCellReuseIdentifier: "NoteCell")
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(NoteEditorViewController(), animated: true)
    }
}

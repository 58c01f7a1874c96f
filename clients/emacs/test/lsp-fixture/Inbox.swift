import UIKit

final class InboxViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(MessageViewController(), animated: true)
    }
}

final class MessageViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Message"
    }
}

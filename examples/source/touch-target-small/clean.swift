import UIKit

/// The contact card gives its call button a 44 x 44 point frame; the icon stays small inside it.
final class TouchTargetSmallCleanPeopleViewController: UITableViewController {
    private var people: [Person] = []

    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: TouchTargetSmallCleanPeopleViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "People"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let card = TouchTargetSmallCleanCardViewController()
        card.person = people[indexPath.row]
        navigationController?.pushViewController(card, animated: true)
    }
}

final class TouchTargetSmallCleanCardViewController: UIViewController {
    var person: Person?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = person?.name
        let call = UIButton(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
        call.setImage(UIImage(systemName: "phone.fill"), for: .normal)
        call.addTarget(self, action: #selector(callTapped), for: .touchUpInside)
        navigationItem.rightBarButtonItem = UIBarButtonItem(customView: call)
    }

    @objc private func callTapped() {
        person?.call()
    }
}

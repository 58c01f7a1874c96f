import UIKit

/// The contact card puts a 24-point call button in the bar: smaller than the 44 x 44 point minimum,
/// so taps near it miss.
final class TouchTargetSmallFailingPeopleViewController: UITableViewController {
    private var people: [Person] = []

    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: TouchTargetSmallFailingPeopleViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "People"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let card = TouchTargetSmallFailingCardViewController()
        card.person = people[indexPath.row]
        navigationController?.pushViewController(card, animated: true)
    }
}

final class TouchTargetSmallFailingCardViewController: UIViewController {
    var person: Person?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = person?.name
        let call = UIButton(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        call.setImage(UIImage(systemName: "phone.fill"), for: .normal)
        call.addTarget(self, action: #selector(callTapped), for: .touchUpInside)
        navigationItem.rightBarButtonItem = UIBarButtonItem(customView: call)  // expect: touch-target-small
    }

    @objc private func callTapped() {
        person?.call()
    }
}

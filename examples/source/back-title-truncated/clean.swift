import UIKit

/// The dashboard keeps its long title for itself and gives the next screen a short back title.
final class BackTitleTruncatedCleanDashboardViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: BackTitleTruncatedCleanDashboardViewController(style: .insetGrouped))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Revenue"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(BackTitleTruncatedCleanMetricViewController(), animated: true)
    }
}

final class BackTitleTruncatedCleanMetricViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Europe"
    }
}

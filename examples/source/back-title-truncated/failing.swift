import UIKit

/// The dashboard's title is far too long for a back button: on a phone the detail screen's back
/// button falls back to "Back".
final class BackTitleTruncatedFailingDashboardViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: BackTitleTruncatedFailingDashboardViewController(style: .insetGrouped))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Quarterly Subscription Revenue Breakdown by Region"  // expect: back-title-truncated
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(BackTitleTruncatedFailingMetricViewController(), animated: true)
    }
}

final class BackTitleTruncatedFailingMetricViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Europe"
    }
}

import UIKit

final class OrdersViewController: BaseViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = L10n.orders
    }
}

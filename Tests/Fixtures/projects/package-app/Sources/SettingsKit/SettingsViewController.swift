import UIKit

public final class SettingsViewController: UITableViewController {
    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        navigationController?.navigationBar.tintColor = UIColor(named: "Accent", in: .module, compatibleWith: nil)
    }
}

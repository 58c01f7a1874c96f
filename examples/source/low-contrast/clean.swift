import UIKit

/// The weather app paints its bar a deep navy and its buttons and title white: well over 4.5:1.
final class LowContrastCleanNavyBarNavigationController: UINavigationController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = UIColor(red: 13 / 255, green: 51 / 255, blue: 115 / 255, alpha: 1)
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        navigationBar.standardAppearance = appearance
        navigationBar.tintColor = .white
    }
}

final class LowContrastCleanForecastViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        LowContrastCleanNavyBarNavigationController(rootViewController: LowContrastCleanForecastViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Forecast"
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .refresh, target: self, action: #selector(reload))
    }

    @objc private func reload() {
        tableView.reloadData()
    }
}

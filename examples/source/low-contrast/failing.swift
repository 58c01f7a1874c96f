import UIKit

/// The weather app paints its bar sunshine yellow and keeps UIKit's blue for the bar's buttons: blue
/// on that yellow is well under 4.5:1.
final class LowContrastFailingSunnyBarNavigationController: UINavigationController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = UIColor(red: 255 / 255, green: 204 / 255, blue: 51 / 255, alpha: 1)
        appearance.titleTextAttributes = [.foregroundColor: UIColor.black]
        navigationBar.standardAppearance = appearance  // expect: low-contrast
    }
}

final class LowContrastFailingForecastViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        LowContrastFailingSunnyBarNavigationController(rootViewController: LowContrastFailingForecastViewController(style: .plain))
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

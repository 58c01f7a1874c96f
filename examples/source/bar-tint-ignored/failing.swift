import UIKit

/// The app colours its bar with the pre-iOS 13 property alone: from iOS 15 the bar is transparent at
/// the scroll edge and the colour shows only once content scrolls under it.
final class BarTintIgnoredFailingMusicNavigationController: UINavigationController {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationBar.barTintColor = UIColor(red: 0.11, green: 0.12, blue: 0.2, alpha: 1)  // expect: bar-tint-ignored
        navigationBar.tintColor = .white
        navigationBar.titleTextAttributes = [.foregroundColor: UIColor.white]
    }
}

final class BarTintIgnoredFailingPlaylistsViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        BarTintIgnoredFailingMusicNavigationController(rootViewController: BarTintIgnoredFailingPlaylistsViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Playlists"
    }
}

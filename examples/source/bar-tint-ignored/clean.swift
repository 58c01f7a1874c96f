import UIKit

/// The app colours its bar through appearances, standard and scroll edge alike, so the colour is there
/// before anything scrolls.
final class BarTintIgnoredCleanMusicNavigationController: UINavigationController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = UIColor(red: 0.11, green: 0.12, blue: 0.2, alpha: 1)
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        navigationBar.standardAppearance = appearance
        navigationBar.scrollEdgeAppearance = appearance
        navigationBar.compactAppearance = appearance
        navigationBar.tintColor = .white
    }
}

final class BarTintIgnoredCleanPlaylistsViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        BarTintIgnoredCleanMusicNavigationController(rootViewController: BarTintIgnoredCleanPlaylistsViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Playlists"
    }
}

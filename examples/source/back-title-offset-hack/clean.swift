import UIKit

/// The app nudges back titles by two points to line them up with its custom chevron, and screens that
/// want a bare chevron ask for it with the display mode.
@main
final class BackTitleOffsetHackCleanAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UIBarButtonItem.appearance().setBackButtonTitlePositionAdjustment(UIOffset(horizontal: 2, vertical: 0), for: .default)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: BackTitleOffsetHackCleanShelfViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

final class BackTitleOffsetHackCleanShelfViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Shelf"
        navigationItem.backButtonDisplayMode = .minimal
    }

    func open(_ book: Book) {
        navigationController?.pushViewController(BackTitleOffsetHackCleanReaderViewController(), animated: true)
    }
}

final class BackTitleOffsetHackCleanReaderViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Reader"
    }
}

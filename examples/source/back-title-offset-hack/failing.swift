import UIKit

/// The app hides every back title by pushing it far off screen: from iOS 11 the title still takes up
/// the button's touch area, and from iOS 14 the history menu still lists it.
@main
final class BackTitleOffsetHackFailingAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UIBarButtonItem.appearance().setBackButtonTitlePositionAdjustment(  // expect: back-title-offset-hack
            UIOffset(horizontal: -1000, vertical: 0), for: .default)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: BackTitleOffsetHackFailingShelfViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

final class BackTitleOffsetHackFailingShelfViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Shelf"
    }

    func open(_ book: Book) {
        navigationController?.pushViewController(BackTitleOffsetHackFailingReaderViewController(), animated: true)
    }
}

final class BackTitleOffsetHackFailingReaderViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Reader"
    }
}

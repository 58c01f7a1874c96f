import NavdProbeCore
import NavdProbeStubbed
import UIKitStub

/// A navigation stack built as an app builds it (from UIKitStub's classes), probed through the adapter, and what
/// `navctl lint` must report for its document: the codes of each pitfall, none for the clean shapes.
@MainActor
public struct Scenario: Sendable {
    /// The document's file name without `.navd.json`, and its `name`.
    public let name: String
    /// The codes `navctl lint --fail-on never` reports, each once, sorted.
    public let expectedCodes: [String]
    public let systemVersion: String
    private let build: @MainActor @Sendable () -> UINavigationController

    init(
        _ name: String, expecting codes: [String], systemVersion: String = "17.4",
        _ build: @escaping @MainActor @Sendable () -> UINavigationController
    ) {
        self.name = name
        self.expectedCodes = codes.sorted()
        self.systemVersion = systemVersion
        self.build = build
    }

    /// A fresh stack.
    public func navigationController() -> UINavigationController { build() }

    /// The stack's document, read by the adapter with `UIDevice.current` standing for `systemVersion`.
    public func document() -> SessionDocument {
        UIDevice.current.systemVersion = systemVersion
        return NavdProbe.document(for: build(), name: name)
    }
}

// The view controllers, named as an app names them: the screen ids are their class names.
public final class HomeViewController: UIViewController {}
public final class DetailViewController: UIViewController {}
public final class MailViewController: UIViewController {}

/// An app object that takes over the pop gesture's delegate.
public final class SwipeBackDelegate: UIGestureRecognizerDelegate {
    public init() {}
}

/// The stack `home` then `top`, in a 390 x 844 window at @3x whose bar starts at 47, as an app's window holds it.
@MainActor
public func stack(_ home: UIViewController, _ top: UIViewController? = nil) -> UINavigationController {
    let navigationController = UINavigationController(rootViewController: home)
    if let top { navigationController.pushViewController(top, animated: false) }
    let screen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3)
    let window = UIWindow(windowScene: UIWindowScene(screen: screen, statusBarHeight: 47))
    window.rootViewController = navigationController
    navigationController.navigationBar.frame = CGRect(x: 0, y: 47, width: 390, height: 44)
    window.makeKeyAndVisible()
    return navigationController
}

@MainActor
private func titled<Controller: UIViewController>(_ controller: Controller, _ title: String) -> Controller {
    controller.title = title
    return controller
}

extension Scenario {
    /// Every scenario, pitfalls and their clean shapes.
    public static let all: [Scenario] = [
        Scenario("stock", expecting: []) {
            stack(titled(HomeViewController(), "Home"), titled(DetailViewController(), "Detail"))
        },
        Scenario("custom-back-action", expecting: ["custom-back-action-ignored"]) {
            let home = titled(HomeViewController(), "Home")
            home.navigationItem.backBarButtonItem = UIBarButtonItem(
                title: "Home", style: .plain, target: home, action: Selector("goBack"))
            return stack(home, titled(DetailViewController(), "Detail"))
        },
        Scenario("custom-back-action.clean", expecting: []) {
            let home = titled(HomeViewController(), "Home")
            home.navigationItem.backBarButtonItem = UIBarButtonItem(title: "Home", style: .plain, target: nil, action: nil)
            return stack(home, titled(DetailViewController(), "Detail"))
        },
        Scenario("pop-gesture-disabled-by-app", expecting: []) {
            let navigationController = stack(titled(HomeViewController(), "Home"), titled(DetailViewController(), "Detail"))
            navigationController.interactivePopGestureRecognizer?.isEnabled = false
            return navigationController
        },
        Scenario("left-item-without-supplement", expecting: ["pop-gesture-disabled"]) {
            let mail = titled(MailViewController(), "Mail")
            mail.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain, target: mail, action: Selector("close"))
            return stack(titled(HomeViewController(), "Home"), mail)
        },
        Scenario("left-item-supplementing", expecting: []) {
            let mail = titled(MailViewController(), "Mail")
            mail.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain, target: mail, action: Selector("close"))
            mail.navigationItem.leftItemsSupplementBackButton = true
            return stack(titled(HomeViewController(), "Home"), mail)
        },
        Scenario("left-item-with-swipe-delegate", expecting: []) {
            let mail = titled(MailViewController(), "Mail")
            mail.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain, target: mail, action: Selector("close"))
            let navigationController = stack(titled(HomeViewController(), "Home"), mail)
            let delegate = SwipeBackDelegate()
            navigationController.interactivePopGestureRecognizer?.delegate = delegate
            keepAlive.append(delegate)
            return navigationController
        },
        Scenario("root-without-swipe-delegate", expecting: ["pop-gesture-at-root"]) {
            let navigationController = stack(titled(HomeViewController(), "Home"))
            navigationController.interactivePopGestureRecognizer?.delegate = nil
            return navigationController
        },
        Scenario("empty-back-title", expecting: ["empty-back-title-trick"]) {
            let home = titled(HomeViewController(), "Home")
            home.navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)
            return stack(home, titled(DetailViewController(), "Detail"))
        },
        Scenario("minimal-back-button", expecting: []) {
            let home = titled(HomeViewController(), "Home")
            home.navigationItem.backButtonDisplayMode = .minimal
            return stack(home, titled(DetailViewController(), "Detail"))
        },
        Scenario("low-contrast-colours", expecting: ["low-contrast"]) {
            let navigationController = stack(titled(HomeViewController(), "Home"), titled(DetailViewController(), "Detail"))
            let appearance = UINavigationBarAppearance()
            appearance.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)
            navigationController.navigationBar.standardAppearance = appearance
            navigationController.navigationBar.tintColor = .white
            return navigationController
        },
        Scenario("readable-colours", expecting: []) {
            let navigationController = stack(titled(HomeViewController(), "Home"), titled(DetailViewController(), "Detail"))
            let appearance = UINavigationBarAppearance()
            appearance.backgroundColor = UIColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1)
            appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
            navigationController.navigationBar.standardAppearance = appearance
            navigationController.navigationBar.tintColor = .white
            return navigationController
        },
    ]
}

/// The app objects the scenarios hand to UIKit's weak references (a delegate), kept as the app keeps them.
@MainActor
private var keepAlive: [AnyObject] = []

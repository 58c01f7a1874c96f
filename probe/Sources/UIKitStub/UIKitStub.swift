// The UIKit members NavdProbe's adapter reads, declared with UIKit's names and types (and the isolation UIKit gives
// them), so the adapter's source compiles on Linux exactly as it does against UIKit on iOS. Besides those members:
// the initialisers and setters tests build a stack with, named as UIKit names them where UIKit has them, and marked
// "stub only" where it does not. The stub behaves as UIKit does where the probe depends on it: a view controller's
// title is its navigation item's, tint and interface style are inherited down the view tree, dynamic colours
// resolve for the traits they are given, and a navigation controller's pop gesture has UIKit's private delegate.

@_exported import Foundation

#if !canImport(ObjectiveC)
    /// The Objective-C selector an action names (stub only: the Objective-C runtime's on Apple platforms).
    public struct Selector: Hashable, Sendable {
        public let name: String
        public init(_ name: String) { self.name = name }
    }
#endif

extension NSAttributedString.Key {
    public static var foregroundColor: NSAttributedString.Key { NSAttributedString.Key("NSColor") }
}

// MARK: Traits and colours

public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

public final class UITraitCollection: Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public init(userInterfaceStyle: UIUserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }
    /// The traits of the code running now (UIKit sets them while it draws or lays out).
    @MainActor public static var current = UITraitCollection(userInterfaceStyle: .light)
}

public final class UIImage: Sendable {
    public let size: CGSize
    /// Stub only: an image of this size, in points.
    public init(size: CGSize) { self.size = size }
}

public final class UIColor: Sendable {
    private enum Storage: Sendable {
        case rgba(CGFloat, CGFloat, CGFloat, CGFloat)
        case dynamic(@Sendable (UITraitCollection) -> UIColor)
        case pattern(UIImage)
    }
    private let storage: Storage

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = .rgba(red, green, blue, alpha)
    }
    public init(white: CGFloat, alpha: CGFloat) {
        storage = .rgba(white, white, white, alpha)
    }
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        storage = .dynamic(dynamicProvider)
    }
    public init(patternImage image: UIImage) {
        storage = .pattern(image)
    }

    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
    /// #007AFF in light mode, #0A84FF in dark mode.
    public static var systemBlue: UIColor {
        UIColor { traits in
            traits.userInterfaceStyle == .dark
                ? UIColor(red: 10 / 255, green: 132 / 255, blue: 1, alpha: 1)
                : UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
        }
    }

    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        if case .dynamic(let provider) = storage { return provider(traitCollection).resolvedColor(with: traitCollection) }
        return self
    }

    /// The components of a colour with RGB ones; false for a pattern image colour. A dynamic colour answers for
    /// light traits.
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?,
        alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        switch storage {
        case .rgba(let r, let g, let b, let a):
            red?.pointee = r
            green?.pointee = g
            blue?.pointee = b
            alpha?.pointee = a
            return true
        case .dynamic(let provider):
            return provider(UITraitCollection(userInterfaceStyle: .light)).getRed(red, green: green, blue: blue, alpha: alpha)
        case .pattern:
            return false
        }
    }
}

// MARK: Views, windows, scenes

@MainActor
open class UIView {
    public var frame: CGRect
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    private var ownTintColor: UIColor?
    public var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified

    public init(frame: CGRect) { self.frame = frame }
    public convenience init() { self.init(frame: .zero) }

    public func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    public func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    public var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    /// The view's own tint, else its superview's, else the system blue.
    public var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set { ownTintColor = newValue }
    }

    public var traitCollection: UITraitCollection {
        var view: UIView? = self
        while let current = view {
            if current.overrideUserInterfaceStyle != .unspecified {
                return UITraitCollection(userInterfaceStyle: current.overrideUserInterfaceStyle)
            }
            view = current.superview
        }
        return UITraitCollection(userInterfaceStyle: .light)
    }

    /// `rect` in `view`'s coordinates; nil means the window's. Views here are not scrolled (bounds start at zero).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        func originInWindow(_ start: UIView) -> CGPoint {
            var point = CGPoint.zero
            var current: UIView? = start
            while let view = current, !(view is UIWindow) {
                point.x += view.frame.origin.x
                point.y += view.frame.origin.y
                current = view.superview
            }
            return point
        }
        let from = originInWindow(self)
        let to = view.map(originInWindow) ?? .zero
        return CGRect(x: rect.origin.x + from.x - to.x, y: rect.origin.y + from.y - to.y, width: rect.size.width, height: rect.size.height)
    }
}

@MainActor
open class UIScreen {
    public let bounds: CGRect
    public let scale: CGFloat
    /// Stub only.
    public init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
    }
}

@MainActor
open class UIStatusBarManager {
    public let statusBarFrame: CGRect
    /// Stub only.
    public init(statusBarFrame: CGRect) { self.statusBarFrame = statusBarFrame }
}

@MainActor
open class UIWindowScene {
    public let screen: UIScreen
    public let statusBarManager: UIStatusBarManager?
    /// Its windows, which it keeps (and which keep it) as a connected scene is kept for the life of the app.
    public fileprivate(set) var windows: [UIWindow] = []
    /// Stub only: a scene on `screen` whose status bar is `statusBarHeight` high (none when nil).
    public init(screen: UIScreen, statusBarHeight: CGFloat?) {
        self.screen = screen
        self.statusBarManager = statusBarHeight.map {
            UIStatusBarManager(statusBarFrame: CGRect(x: 0, y: 0, width: screen.bounds.width, height: $0))
        }
    }
}

@MainActor
open class UIWindow: UIView {
    public private(set) weak var windowScene: UIWindowScene?
    private var scene: UIWindowScene?

    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        self.scene = windowScene
        super.init(frame: windowScene.screen.bounds)
        windowScene.windows.append(self)
    }

    public var rootViewController: UIViewController? {
        didSet {
            oldValue?.viewIfLoaded?.removeFromSuperview()
            if let view = rootViewController?.view {
                view.frame = bounds
                addSubview(view)
            }
        }
    }

    public func makeKeyAndVisible() {}
}

// MARK: Bar items and appearances

@MainActor
open class UIBarItem {
    public var title: String?
    public var image: UIImage?
    public var isEnabled = true
    public var accessibilityIdentifier: String?
    public init() {}
}

@MainActor
open class UIBarButtonItem: UIBarItem {
    public enum Style: Int, Sendable {
        case plain, done
    }

    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search,
            refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close
    }

    public var width: CGFloat = 0
    public var customView: UIView?
    public weak var target: AnyObject?
    public var action: Selector?
    public var isHidden = false

    public override init() { super.init() }

    public convenience init(title: String?, style: Style, target: AnyObject?, action: Selector?) {
        self.init()
        self.title = title
        self.target = target
        self.action = action
    }

    public convenience init(image: UIImage?, style: Style, target: AnyObject?, action: Selector?) {
        self.init()
        self.image = image
        self.target = target
        self.action = action
    }

    /// UIKit keeps which system item it is to itself: `title` and `image` stay nil.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Selector?) {
        self.init()
        self.target = target
        self.action = action
    }

    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }
}

@MainActor
open class UIBarAppearance {
    public var backgroundColor: UIColor?
    public init() {}
}

@MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    public override init() { super.init() }
}

// MARK: The navigation stack

@MainActor
open class UINavigationItem {
    public enum BackButtonDisplayMode: Int, Sendable {
        case `default` = 0, generic = 1, minimal = 2
    }

    public var title: String?
    public var titleView: UIView?
    public var leftBarButtonItems: [UIBarButtonItem]?
    public var rightBarButtonItems: [UIBarButtonItem]?
    public var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    public var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    public var backBarButtonItem: UIBarButtonItem?
    public var backButtonTitle: String?
    public var backButtonDisplayMode: BackButtonDisplayMode = .default
    public var hidesBackButton = false
    public var leftItemsSupplementBackButton = false
    public var standardAppearance: UINavigationBarAppearance?

    public init(title: String) { self.title = title }
    public init() {}
}

@MainActor
open class UIViewController {
    public let navigationItem = UINavigationItem()
    private var loadedView: UIView?

    /// Setting it sets the navigation item's title too, as UIKit does.
    public var title: String? {
        didSet { navigationItem.title = title }
    }

    public init() {}

    public var viewIfLoaded: UIView? { loadedView }

    public var view: UIView! {
        get {
            if let loadedView { return loadedView }
            let view = UIView()
            loadedView = view
            viewDidLoad()
            return view
        }
        set { loadedView = newValue }
    }

    open func viewDidLoad() {}
}

@MainActor
open class UINavigationBar: UIView {
    public var barTintColor: UIColor?
    public var isTranslucent = true
    public var titleTextAttributes: [NSAttributedString.Key: Any]?
    public var standardAppearance = UINavigationBarAppearance()
    public var backIndicatorImage: UIImage?
}

@MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {}

@MainActor
open class UIGestureRecognizer {
    public var isEnabled = true
    public weak var delegate: (any UIGestureRecognizerDelegate)?
    public init() {}
}

/// The delegate UIKit gives a navigation controller's pop gesture (a private class).
@MainActor
final class _UINavigationInteractiveTransition: UIGestureRecognizerDelegate {}

@MainActor
open class UINavigationController: UIViewController {
    public let navigationBar = UINavigationBar(frame: .zero)
    public var viewControllers: [UIViewController] = []
    public var isNavigationBarHidden = false
    public let interactivePopGestureRecognizer: UIGestureRecognizer?
    private let transition = _UINavigationInteractiveTransition()

    public init(rootViewController: UIViewController) {
        let gesture = UIGestureRecognizer()
        interactivePopGestureRecognizer = gesture
        super.init()
        gesture.delegate = transition
        viewControllers = [rootViewController]
    }

    public var topViewController: UIViewController? { viewControllers.last }

    public func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewControllers.append(viewController)
    }

    public func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        self.viewControllers = viewControllers
    }

    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    open override func viewDidLoad() {
        view.addSubview(navigationBar)
    }
}

@MainActor
open class UIDevice {
    public static let current = UIDevice()
    /// Stub only: settable, so a test can stand for any iOS version.
    public var systemVersion = "17.4"
    public init() {}
}

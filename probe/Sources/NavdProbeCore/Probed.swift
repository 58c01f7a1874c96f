// What the probe reads from a live navigation stack, as protocols UIKit's classes meet (the NavdProbe target) and
// tests meet with fakes. Each member is one property the adapter reads, converted to a plain value; the decisions
// (what the document says, and the notes) are DocumentBuilder's.

/// A colour as UIKit gives it after resolving it for the bar's traits: sRGB components (extended sRGB may step
/// outside 0-1), or unreadable when it has no RGB components (a pattern image colour).
public enum ProbeColor: Sendable, Hashable {
    case rgba(red: Double, green: Double, blue: Double, alpha: Double)
    case unreadable

    /// "#RRGGBB" or "#RRGGBBAA", as navd writes colours; nil for an unreadable colour or a malformed text.
    public init?(hex: String) {
        let digits = Array(hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex))
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
        var components: [Double] = []
        for start in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[start...start + 1]), radix: 16) else { return nil }
            components.append(Double(byte) / 255)
        }
        self = .rgba(red: components[0], green: components[1], blue: components[2], alpha: components.count == 4 ? components[3] : 1)
    }

    /// "#RRGGBB" when opaque, else "#RRGGBBAA", each component clamped to 0-1 and rounded to 8 bits; nil when
    /// unreadable.
    public var hex: String? {
        guard case .rgba(let red, let green, let blue, let alpha) = self else { return nil }
        let bytes = [red, green, blue, alpha].map { component -> Int in
            Int((min(max(component.isFinite ? component : 0, 0), 1) * 255).rounded())
        }
        let digits = (bytes[3] == 255 ? bytes.prefix(3) : bytes[...]).map { byte -> String in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + digits.joined()
    }
}

/// A size in points.
public struct ProbeSize: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in points.
public struct ProbeRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// `UINavigationItem.BackButtonDisplayMode` (iOS 14 and later).
public enum ProbeBackButtonDisplayMode: String, Sendable, Hashable, CaseIterable {
    case `default`, generic, minimal
}

/// The window the navigation controller's view is in: its screen and its status bar.
public struct ProbedWindow: Sendable, Hashable {
    /// The screen's bounds, in points.
    public var screenSize: ProbeSize
    /// Pixels per point.
    public var scale: Double
    /// The status bar manager's frame height; nil when the scene has no status bar manager.
    public var statusBarHeight: Double?
    public init(screenSize: ProbeSize, scale: Double, statusBarHeight: Double?) {
        self.screenSize = screenSize
        self.scale = scale
        self.statusBarHeight = statusBarHeight
    }
}

/// `UINavigationController`.
@MainActor
public protocol ProbedNavigationController {
    /// `viewControllers`, root first.
    var probeViewControllers: [any ProbedViewController] { get }
    /// `navigationBar`.
    var probeBar: any ProbedBar { get }
    /// `isNavigationBarHidden`.
    var probeBarHidden: Bool { get }
    /// `interactivePopGestureRecognizer`.
    var probePopGesture: (any ProbedGesture)? { get }
    /// The window of its view, when the view is loaded and in one.
    var probeWindow: ProbedWindow? { get }
    /// Its class's name, as `String(describing:)` gives it.
    var probeClassName: String { get }
}

/// `UIViewController`.
@MainActor
public protocol ProbedViewController {
    /// Its class's name, as `String(describing:)` gives it.
    var probeClassName: String { get }
    /// `title`.
    var probeTitle: String? { get }
    /// `navigationItem`.
    var probeNavigationItem: any ProbedNavigationItem { get }
}

/// `UINavigationItem`.
@MainActor
public protocol ProbedNavigationItem {
    var probeTitle: String? { get }
    /// `titleView`'s frame size.
    var probeTitleViewSize: ProbeSize? { get }
    /// `leftBarButtonItems` (nil read as none).
    var probeLeftItems: [any ProbedBarButtonItem] { get }
    /// `rightBarButtonItems` (nil read as none).
    var probeRightItems: [any ProbedBarButtonItem] { get }
    /// `backBarButtonItem`: the look of the back button of the screen pushed above this one.
    var probeBackItem: (any ProbedBarButtonItem)? { get }
    var probeBackButtonTitle: String? { get }
    /// `backButtonDisplayMode`; nil before iOS 14, which has none.
    var probeBackButtonDisplayMode: ProbeBackButtonDisplayMode? { get }
    var probeHidesBackButton: Bool { get }
    var probeLeftItemsSupplementBackButton: Bool { get }
    /// `standardAppearance`: the item's own bar appearance, used while it is on top.
    var probeStandardAppearance: (any ProbedAppearance)? { get }
}

/// `UIBarButtonItem`.
@MainActor
public protocol ProbedBarButtonItem {
    var probeTitle: String? { get }
    /// `image`'s size.
    var probeImageSize: ProbeSize? { get }
    /// `customView`'s frame.
    var probeCustomViewFrame: ProbeRect? { get }
    var probeIsEnabled: Bool { get }
    /// `isHidden` (iOS 16 and later; false before).
    var probeIsHidden: Bool { get }
    /// `width`: 0 unless the app set one.
    var probeWidth: Double { get }
    /// `target` is set.
    var probeHasTarget: Bool { get }
    /// `action` is set.
    var probeHasAction: Bool { get }
    /// `accessibilityIdentifier`.
    var probeIdentifier: String? { get }
}

/// `UINavigationBar`, with its colours resolved for its own traits.
@MainActor
public protocol ProbedBar {
    var probeBarTintColor: ProbeColor? { get }
    /// `tintColor`: what the bar's items are drawn in (inherited from the window unless set on the bar).
    var probeTintColor: ProbeColor? { get }
    /// `titleTextAttributes[.foregroundColor]`.
    var probeTitleColor: ProbeColor? { get }
    var probeIsTranslucent: Bool { get }
    /// `standardAppearance`.
    var probeStandardAppearance: (any ProbedAppearance)? { get }
    /// `backIndicatorImage`'s size.
    var probeBackIndicatorSize: ProbeSize? { get }
    /// Its frame in its window's coordinates; nil when it is in no window.
    var probeFrameInWindow: ProbeRect? { get }
}

/// `UINavigationBarAppearance`.
@MainActor
public protocol ProbedAppearance {
    /// `backgroundColor`.
    var probeBackgroundColor: ProbeColor? { get }
    /// `titleTextAttributes[.foregroundColor]`.
    var probeTitleColor: ProbeColor? { get }
}

/// `interactivePopGestureRecognizer`.
@MainActor
public protocol ProbedGesture {
    var probeIsEnabled: Bool { get }
    /// The class name of its `delegate`; nil when it has none.
    var probeDelegateClassName: String? { get }
}

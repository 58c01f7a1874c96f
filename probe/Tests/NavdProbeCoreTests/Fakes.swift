import NavdProbeCore

// Fakes of the probed protocols: plain values a test sets, as UIKit's properties would read.

@MainActor
final class FakeNavigationController: ProbedNavigationController {
    var viewControllers: [FakeViewController]
    var bar = FakeBar()
    var probeBarHidden = false
    var popGesture: FakeGesture? = FakeGesture()
    var probeWindow: ProbedWindow? = ProbedWindow(screenSize: ProbeSize(width: 390, height: 844), scale: 3, statusBarHeight: 47)
    var probeClassName = "UINavigationController"

    init(_ viewControllers: [FakeViewController]) { self.viewControllers = viewControllers }

    var probeViewControllers: [any ProbedViewController] { viewControllers }
    var probeBar: any ProbedBar { bar }
    var probePopGesture: (any ProbedGesture)? { popGesture }
}

@MainActor
final class FakeViewController: ProbedViewController {
    var probeClassName: String
    var probeTitle: String?
    var item = FakeNavigationItem()

    /// A view controller whose title is its navigation item's, as UIViewController's title setter makes it.
    init(_ className: String, title: String?) {
        probeClassName = className
        probeTitle = title
        item.probeTitle = title
    }

    var probeNavigationItem: any ProbedNavigationItem { item }
}

@MainActor
final class FakeNavigationItem: ProbedNavigationItem {
    var probeTitle: String?
    var probeTitleViewSize: ProbeSize?
    var leftItems: [FakeBarButtonItem] = []
    var rightItems: [FakeBarButtonItem] = []
    var backItem: FakeBarButtonItem?
    var probeBackButtonTitle: String?
    var probeBackButtonDisplayMode: ProbeBackButtonDisplayMode? = .default
    var probeHidesBackButton = false
    var probeLeftItemsSupplementBackButton = false
    var appearance: FakeAppearance?

    var probeLeftItems: [any ProbedBarButtonItem] { leftItems }
    var probeRightItems: [any ProbedBarButtonItem] { rightItems }
    var probeBackItem: (any ProbedBarButtonItem)? { backItem }
    var probeStandardAppearance: (any ProbedAppearance)? { appearance }
}

@MainActor
final class FakeBarButtonItem: ProbedBarButtonItem {
    var probeTitle: String?
    var probeImageSize: ProbeSize?
    var probeCustomViewFrame: ProbeRect?
    var probeIsEnabled = true
    var probeIsHidden = false
    var probeWidth: Double = 0
    var probeHasTarget = false
    var probeHasAction = false
    var probeIdentifier: String?

    init(title: String? = nil, image: ProbeSize? = nil, customView: ProbeRect? = nil, target: Bool = false, action: Bool = false) {
        probeTitle = title
        probeImageSize = image
        probeCustomViewFrame = customView
        probeHasTarget = target
        probeHasAction = action
    }
}

@MainActor
final class FakeBar: ProbedBar {
    var probeBarTintColor: ProbeColor?
    /// UIKit's default: the window's system blue.
    var probeTintColor: ProbeColor? = ProbeColor(hex: "#007AFF")
    var probeTitleColor: ProbeColor?
    var probeIsTranslucent = true
    var appearance: FakeAppearance? = FakeAppearance()
    var probeBackIndicatorSize: ProbeSize?
    var probeFrameInWindow: ProbeRect? = ProbeRect(x: 0, y: 47, width: 390, height: 44)

    var probeStandardAppearance: (any ProbedAppearance)? { appearance }
}

@MainActor
final class FakeAppearance: ProbedAppearance {
    var probeBackgroundColor: ProbeColor?
    var probeTitleColor: ProbeColor?
    init(background: ProbeColor? = nil, title: ProbeColor? = nil) {
        probeBackgroundColor = background
        probeTitleColor = title
    }
}

@MainActor
final class FakeGesture: ProbedGesture {
    var probeIsEnabled = true
    /// UIKit's own delegate.
    var probeDelegateClassName: String? = "_UINavigationInteractiveTransition"
}

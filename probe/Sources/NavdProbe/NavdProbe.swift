// The UIKit adapter: UIKit's classes meet NavdProbeCore's protocols by reading their own properties, and
// NavdProbe.document(for:) hands a live navigation controller to DocumentBuilder. Nothing here decides anything.
//
// This one file is compiled twice: against UIKit, as the NavdProbe module on iOS, and against UIKitStub (which
// declares the members read here with UIKit's names and types), as NavdProbeStubbed on Linux, where
// Sources/NavdProbeStubbed/NavdProbe.swift is a symbolic link to it and NAVD_PROBE_UIKIT_STUB is defined. Elsewhere
// (a Mac build of the package, say) it is empty.

#if NAVD_PROBE_UIKIT_STUB
    import UIKitStub
#elseif canImport(UIKit) && os(iOS)
    import UIKit
#endif

#if NAVD_PROBE_UIKIT_STUB || (canImport(UIKit) && os(iOS))
    import Foundation
    @_exported import NavdProbeCore

    /// The navd session document of a live navigation stack.
    public enum NavdProbe {
        /// The document of `navigationController` as it is now: its stack, bar, items, colours, pop gesture, the
        /// device and the iOS version. `name` becomes the document's `name`.
        @MainActor
        public static func document(for navigationController: UINavigationController, name: String? = nil) -> SessionDocument {
            DocumentBuilder(systemVersion: UIDevice.current.systemVersion, name: name).document(for: navigationController)
        }

        /// Writes the document of `navigationController` to `url` (conventionally `NAME.navd.json`) and returns it.
        @MainActor
        @discardableResult
        public static func write(
            _ navigationController: UINavigationController, to url: URL, name: String? = nil
        ) throws -> SessionDocument {
            let document = document(for: navigationController, name: name)
            try document.write(to: url)
            return document
        }
    }

    extension UIViewController: ProbedViewController {
        public var probeClassName: String { String(describing: type(of: self)) }
        public var probeTitle: String? { title }
        public var probeNavigationItem: any ProbedNavigationItem { navigationItem }
    }

    extension UINavigationController: ProbedNavigationController {
        public var probeViewControllers: [any ProbedViewController] { viewControllers }
        public var probeBar: any ProbedBar { navigationBar }
        public var probeBarHidden: Bool { isNavigationBarHidden }
        public var probePopGesture: (any ProbedGesture)? { interactivePopGestureRecognizer }
        public var probeWindow: ProbedWindow? {
            guard let scene = viewIfLoaded?.window?.windowScene else { return nil }
            return ProbedWindow(
                screenSize: ProbeSize(width: Double(scene.screen.bounds.width), height: Double(scene.screen.bounds.height)),
                scale: Double(scene.screen.scale),
                statusBarHeight: scene.statusBarManager.map { Double($0.statusBarFrame.height) })
        }
    }

    extension UINavigationItem: ProbedNavigationItem {
        public var probeTitle: String? { title }
        public var probeTitleViewSize: ProbeSize? {
            titleView.map { ProbeSize(width: Double($0.frame.width), height: Double($0.frame.height)) }
        }
        public var probeLeftItems: [any ProbedBarButtonItem] { leftBarButtonItems ?? [] }
        public var probeRightItems: [any ProbedBarButtonItem] { rightBarButtonItems ?? [] }
        public var probeBackItem: (any ProbedBarButtonItem)? { backBarButtonItem }
        public var probeBackButtonTitle: String? { backButtonTitle }
        public var probeBackButtonDisplayMode: ProbeBackButtonDisplayMode? {
            guard #available(iOS 14, *) else { return nil }
            switch backButtonDisplayMode {
            case .default: return .default
            case .generic: return .generic
            case .minimal: return .minimal
            @unknown default: return nil
            }
        }
        public var probeHidesBackButton: Bool { hidesBackButton }
        public var probeLeftItemsSupplementBackButton: Bool { leftItemsSupplementBackButton }
        public var probeStandardAppearance: (any ProbedAppearance)? { standardAppearance?.probeForItem }
    }

    extension UIBarButtonItem: ProbedBarButtonItem {
        public var probeTitle: String? { title }
        public var probeImageSize: ProbeSize? { image.map { ProbeSize(width: Double($0.size.width), height: Double($0.size.height)) } }
        public var probeCustomViewFrame: ProbeRect? { customView.map { probeRect($0.frame) } }
        public var probeIsEnabled: Bool { isEnabled }
        public var probeIsHidden: Bool {
            guard #available(iOS 16, *) else { return false }
            return isHidden
        }
        public var probeWidth: Double { Double(width) }
        public var probeHasTarget: Bool { target != nil }
        public var probeHasAction: Bool { action != nil }
        public var probeIdentifier: String? { accessibilityIdentifier }
    }

    extension UINavigationBar: ProbedBar {
        public var probeBarTintColor: ProbeColor? { probeColor(barTintColor, traitCollection) }
        public var probeTintColor: ProbeColor? { probeColor(tintColor, traitCollection) }
        public var probeTitleColor: ProbeColor? { probeColor(titleTextAttributes?[.foregroundColor] as? UIColor, traitCollection) }
        public var probeIsTranslucent: Bool { isTranslucent }
        public var probeStandardAppearance: (any ProbedAppearance)? {
            ProbedBarAppearance(appearance: standardAppearance, traits: traitCollection)
        }
        public var probeBackIndicatorSize: ProbeSize? {
            backIndicatorImage.map { ProbeSize(width: Double($0.size.width), height: Double($0.size.height)) }
        }
        public var probeFrameInWindow: ProbeRect? {
            guard window != nil else { return nil }
            return probeRect(convert(bounds, to: nil))
        }
    }

    extension UIGestureRecognizer: ProbedGesture {
        public var probeIsEnabled: Bool { isEnabled }
        public var probeDelegateClassName: String? { delegate.map { String(describing: type(of: $0 as AnyObject)) } }
    }

    /// An appearance with the traits its colours are resolved for: the bar's.
    @MainActor
    struct ProbedBarAppearance: ProbedAppearance {
        let appearance: UINavigationBarAppearance
        let traits: UITraitCollection
        var probeBackgroundColor: ProbeColor? { probeColor(appearance.backgroundColor, traits) }
        var probeTitleColor: ProbeColor? { probeColor(appearance.titleTextAttributes[.foregroundColor] as? UIColor, traits) }
    }

    extension UINavigationBarAppearance {
        /// A navigation item's appearance has no traits of its own: its colours are resolved for the current ones.
        @MainActor
        var probeForItem: any ProbedAppearance { ProbedBarAppearance(appearance: self, traits: UITraitCollection.current) }
    }

    /// The colour's sRGB components for `traits` (dark mode, contrast), or unreadable when it has none.
    @MainActor
    func probeColor(_ color: UIColor?, _ traits: UITraitCollection) -> ProbeColor? {
        guard let color else { return nil }
        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        guard color.resolvedColor(with: traits).getRed(&red, green: &green, blue: &blue, alpha: &alpha) else { return .unreadable }
        return .rgba(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }

    func probeRect(_ rect: CGRect) -> ProbeRect {
        ProbeRect(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
#endif

/// Turns what the adapter reads from a live navigation controller into a session document. Every decision the probe
/// makes is here; what it cannot read, or reads but navd cannot say, becomes a note.
@MainActor
public struct DocumentBuilder {
    /// `UIDevice.current.systemVersion`; nil leaves the profile to navd's default.
    public var systemVersion: String?
    /// The document's `name`.
    public var name: String?

    public init(systemVersion: String?, name: String? = nil) {
        self.systemVersion = systemVersion
        self.name = name
    }

    /// UIKit's default item colour, `systemBlue` in its light and dark forms: the colour of a stock bar's items.
    public static let systemBlue: Set<String> = ["#007AFF", "#0A84FF"]

    public func document(for controller: any ProbedNavigationController) -> SessionDocument {
        var notes: [String] = []
        var document = SessionDocument(name: name)
        document.description =
            "What NavdProbe read from a live \(controller.probeClassName)"
            + (systemVersion.map { " on iOS \($0)." } ?? ".")

        // The profile.
        if let systemVersion {
            if let profile = ProbeProfile(systemVersion: systemVersion) {
                document.profile = profile
                let own = String(profile.rawValue.dropFirst(3))
                if systemVersion.prefix(while: { $0 != "." }) != own {
                    let versions = profile.majorVersions
                    let range =
                        versions.upperBound == Int.max
                        ? "\(versions.lowerBound) and later" : "\(versions.lowerBound) to \(versions.upperBound)"
                    notes.append("iOS \(systemVersion) is checked under the \(profile.rawValue) profile, which stands for iOS \(range).")
                }
            } else {
                notes.append("'\(systemVersion)' is no iOS version navd has a profile for, so navd's default profile (ios17) applies.")
            }
        } else {
            notes.append("No iOS version was given, so navd's default profile (ios17) applies.")
        }

        let bar = controller.probeBar
        let barHidden = controller.probeBarHidden
        document.device = device(window: controller.probeWindow, bar: bar, barHidden: barHidden, notes: &notes)

        // The screens.
        let controllers = controller.probeViewControllers
        if controllers.isEmpty {
            notes.append("The navigation controller holds no view controller.")
        }
        var ids: Set<String> = []
        var screens: [SessionDocument.Screen] = []
        var screenBackgrounds = false
        var systemItems = false
        for viewController in controllers {
            let id = uniqueID(viewController.probeClassName, taken: &ids)
            let navigationItem = viewController.probeNavigationItem
            var screen = SessionDocument.Screen(id: id, title: viewController.probeTitle)
            screen.item = item(navigationItem, screen: id, systemItems: &systemItems, notes: &notes)
            if navigationItem.probeTitle != nil, navigationItem.probeTitle != viewController.probeTitle {
                screen.item.title = navigationItem.probeTitle
            }
            if let appearance = navigationItem.probeStandardAppearance {
                let background = color(appearance.probeBackgroundColor, "the background of '\(id)''s standardAppearance", &notes)
                screenBackgrounds = screenBackgrounds || background != nil
                screen.bar = SessionDocument.Bar(
                    barTintColor: background,
                    titleColor: color(appearance.probeTitleColor, "the title colour of '\(id)''s standardAppearance", &notes),
                    translucent: bar.probeIsTranslucent, hidden: barHidden)
            }
            screens.append(screen)
        }
        if systemItems {
            notes.append(
                "UIKit does not say which system item (UIBarButtonItem(barButtonSystemItem:)) an item is: such items are "
                    + "written as system 'unknown', which navd draws as a glyph.")
        }
        // An item's own appearance is used while it is on top and never reaches the screens above it, which navd's
        // inheritance would give it: those screens get a bar of their own, which the session bar fills.
        if let first = screens.firstIndex(where: { $0.bar != nil }) {
            for index in screens.indices where index > first && screens[index].bar == nil {
                screens[index].bar = SessionDocument.Bar(translucent: bar.probeIsTranslucent, hidden: barHidden)
            }
        }
        // The session bar.
        var sessionBar = SessionDocument.Bar(
            translucent: bar.probeIsTranslucent, hidden: barHidden, backIndicator: bar.probeBackIndicatorSize)
        let appearanceBackground = bar.probeStandardAppearance?.probeBackgroundColor
        if let appearanceBackground {
            sessionBar.barTintColor = color(appearanceBackground, "the background of the bar's standardAppearance", &notes)
        } else {
            sessionBar.barTintColor = color(bar.probeBarTintColor, "the bar's barTintColor", &notes)
            if bar.probeBarTintColor != nil, let major = majorVersion, major >= 15 {
                notes.append(
                    "The bar's colour comes from barTintColor with no standardAppearance background: from iOS 15 the bar "
                        + "is transparent at a scroll edge and shows it only over scrolled content (SRC-2).")
            }
        }
        sessionBar.titleColor = color(
            bar.probeStandardAppearance?.probeTitleColor ?? bar.probeTitleColor, "the bar's title colour", &notes)
        let tint = color(bar.probeTintColor, "the bar's tintColor", &notes)
        if let tint, DocumentBuilder.systemBlue.contains(tint), sessionBar.barTintColor == nil, !screenBackgrounds {
            notes.append(
                "The bar is the stock one with UIKit's default tint (\(tint)), so its colours are left to navd's default bar.")
        } else {
            sessionBar.tintColor = tint
        }
        if sessionBar != SessionDocument.Bar() {
            document.bar = sessionBar
        }
        let colours = [sessionBar.barTintColor, sessionBar.tintColor, sessionBar.titleColor].contains { $0 != nil }
        if colours, screens.count > 1 {
            notes.append(
                "The bar's colours are read as they are with '\(screens[screens.count - 1].id)' on top; colours a "
                    + "screen sets on the bar as it appears are not seen for the screens below it.")
        }

        // The interactive pop gesture, as it is with the top screen on top.
        if !screens.isEmpty, let gesture = controller.probePopGesture {
            let top = screens.count - 1
            let delegate = gesture.probeDelegateClassName
            if !gesture.probeIsEnabled {
                screens[top].popGesture = .disabled
            } else if delegate == nil {
                // Nothing refuses the swipe, on a stack of one either.
                screens[top].popGesture = .edge
                notes.append(
                    "interactivePopGestureRecognizer has no delegate: the edge swipe begins on '\(screens[top].id)' "
                        + "whatever its items (POP-3).")
            } else if let delegate, !DocumentBuilder.isUIKitPrivate(delegate) {
                if top > 0 {
                    screens[top].popGesture = .edge
                    notes.append(
                        "interactivePopGestureRecognizer's delegate is the app's \(delegate): the edge swipe is taken to "
                            + "begin on '\(screens[top].id)' whatever its items (POP-3); what the delegate answers is not read.")
                } else {
                    notes.append(
                        "interactivePopGestureRecognizer's delegate is the app's \(delegate); whether it refuses the swipe "
                            + "on a stack of one (POP-4) is not read.")
                }
            }
        }

        document.screens = screens
        document.notes = notes
        return document
    }

    /// UIKit's own objects have private classes whose names start with "_UI" (the pop gesture's delegate is a
    /// `_UINavigationInteractiveTransition`); an app's do not.
    public static func isUIKitPrivate(_ className: String) -> Bool {
        className.hasPrefix("_UI")
    }

    private var majorVersion: Int? {
        systemVersion.flatMap { Int($0.prefix { $0 != "." }) }
    }

    private func device(window: ProbedWindow?, bar: any ProbedBar, barHidden: Bool, notes: inout [String]) -> SessionDocument.Device? {
        guard let window else {
            notes.append(
                "The navigation controller's view is in no window, so the device is navd's default (390 x 844, status "
                    + "bar 47, @3x).")
            return nil
        }
        var device = SessionDocument.Device()
        if let width = points(window.screenSize.width), let height = points(window.screenSize.height),
            (1...10_000).contains(width), (1...10_000).contains(height)
        {
            device.width = width
            device.height = height
        } else {
            notes.append(
                "The screen's size (\(window.screenSize.width) x \(window.screenSize.height)) is not one navd takes; navd's default applies."
            )
        }
        if let scale = points(window.scale), (1...4).contains(scale) {
            device.scale = scale
        } else {
            notes.append("The screen's scale (\(window.scale)) is not one navd takes; navd's default (3) applies.")
        }
        // navd's statusBarHeight is where the bar starts (docs/devices.md).
        if !barHidden, let frame = bar.probeFrameInWindow, frame.height > 0, let y = points(frame.y), (0...1000).contains(y) {
            device.statusBarHeight = y
        } else if let height = window.statusBarHeight.flatMap(points), (0...1000).contains(height) {
            device.statusBarHeight = height
            notes.append(
                "The bar is not laid out in its window, so it is taken to start under the status bar (\(JSONValue.numberText(height)) pt).")
        } else {
            notes.append("Neither the bar's place nor the status bar's height could be read: navd's default (47) applies.")
        }
        return device
    }

    private func item(
        _ item: any ProbedNavigationItem, screen id: String, systemItems: inout Bool, notes: inout [String]
    ) -> SessionDocument.Item {
        var out = SessionDocument.Item()
        if let size = item.probeTitleViewSize, let size = self.size(size) {
            out.titleView = size
        }
        out.leftItems = barItems(item.probeLeftItems, side: "left", screen: id, systemItems: &systemItems, notes: &notes)
        out.rightItems = barItems(item.probeRightItems, side: "right", screen: id, systemItems: &systemItems, notes: &notes)
        if let back = item.probeBackItem {
            out.backItem = SessionDocument.BackItem(
                title: back.probeTitle, image: back.probeImageSize.flatMap(size),
                customAction: back.probeHasTarget || back.probeHasAction)
        }
        out.backButtonTitle = item.probeBackButtonTitle
        out.backButtonDisplayMode = item.probeBackButtonDisplayMode ?? .default
        out.hidesBackButton = item.probeHidesBackButton
        out.leftItemsSupplementBackButton = item.probeLeftItemsSupplementBackButton
        return out
    }

    private func barItems(
        _ items: [any ProbedBarButtonItem], side: String, screen id: String, systemItems: inout Bool, notes: inout [String]
    ) -> [SessionDocument.BarItem] {
        var out: [SessionDocument.BarItem] = []
        var identifiers: [String: Int] = [:]
        for item in items {
            if let identifier = item.probeIdentifier, !identifier.isEmpty { identifiers[identifier, default: 0] += 1 }
        }
        for (index, item) in items.enumerated() {
            let name = "'\(id)''s \(side) item \(index)"
            let width = points(item.probeWidth) ?? 0
            if width < 0 {
                notes.append("\(name) has a negative width (\(JSONValue.numberText(width))), a fixed space: left out.")
                continue
            }
            let content: SessionDocument.BarItem.Content
            if let frame = item.probeCustomViewFrame {
                let width = points(frame.width).flatMap { $0 > 0 ? $0 : nil }
                let height = points(frame.height).flatMap { $0 > 0 ? $0 : nil }
                if width == nil || height == nil {
                    notes.append(
                        "\(name) is a custom view with no size in its frame (sized by constraints, or not laid out yet): navd takes 44 pt.")
                }
                content = .customView(width: width, height: height)
            } else if let image = item.probeImageSize.flatMap(size) {
                content = .image(image)
            } else if let title = item.probeTitle {
                content = .title(title)
            } else {
                systemItems = true
                content = .system("unknown")
            }
            let identifier = item.probeIdentifier.flatMap { identifiers[$0] == 1 ? $0 : nil }
            out.append(
                SessionDocument.BarItem(
                    id: identifier, content: content, enabled: item.probeIsEnabled, hidden: item.probeIsHidden,
                    width: width > 0 ? width : nil))
        }
        return out
    }

    private func color(_ color: ProbeColor?, _ what: String, _ notes: inout [String]) -> String? {
        guard let color else { return nil }
        guard let hex = color.hex else {
            notes.append("\(what.prefix(1).uppercased() + what.dropFirst()) has no RGB components (a pattern image?): left out.")
            return nil
        }
        return hex
    }

    private func size(_ size: ProbeSize) -> ProbeSize? {
        guard let width = points(size.width), let height = points(size.height), width >= 0, height >= 0 else { return nil }
        return ProbeSize(width: width, height: height)
    }

    /// A length rounded to a thousandth of a point (UIKit's fractions of a pixel say nothing navd reads); nil when
    /// it is not finite.
    private func points(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        return (value * 1000).rounded() / 1000
    }

    /// The class name, or "screen" for an empty one, made unique with "-2", "-3", ….
    private func uniqueID(_ name: String, taken: inout Set<String>) -> String {
        let base = name.isEmpty ? "screen" : name
        var id = base
        var counter = 2
        while taken.contains(id) {
            id = "\(base)-\(counter)"
            counter += 1
        }
        taken.insert(id)
        return id
    }
}

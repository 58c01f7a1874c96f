import NavModel
import NavSource

/// What the flow knows about the screens of one project's source, for an editor: which screen a line belongs to
/// and what it sets there, and what that screen's bar shows and does under each profile, on the stack the flow
/// shows it on. Made once per lint of a project and asked per hover or code lens.
///
/// Like the linter, it never guesses: a value the source leaves to run time is reported as unknown, not
/// computed from the model's stand-in.
public struct SourceInspector: Sendable {
    let project: SourceProject
    let flows: Flows
    let builder: ScreenBuilder

    public init(_ project: SourceProject) {
        self.project = project
        flows = Flows(project.files)
        builder = ScreenBuilder(flows: flows)
    }

    /// A screen declared in a file.
    public struct Declaration: Sendable, Hashable {
        public var screen: String
        public var location: SourceLocation
    }

    /// The screens declared in `file` (a class, an extension of one, a scene, a SwiftUI view), in line order.
    public func declarations(in file: String) -> [Declaration] {
        var out: [Declaration] = []
        for name in flows.screenNames where flows.isScreen(name) {
            for draft in flows.drafts[name] ?? [] where draft.location.file == file {
                out.append(Declaration(screen: name, location: draft.location))
            }
        }
        return out.sorted { ($0.location.line, $0.location.column, $0.screen) < ($1.location.line, $1.location.column, $1.screen) }
    }

    /// The screen a line of `file` declares or makes a setting for, with the members set there (the member
    /// paths of the model: `item.backItem`, `item.leftItems[0]`, `bar.tintColor`, `popGesture`). A line of a base
    /// class answers for the base; nil when the line concerns no screen.
    public func screen(file: String, line: Int) -> (screen: String, members: [String: SourceLocation])? {
        var best: (screen: String, members: [String: SourceLocation])?
        for name in flows.screenNames where flows.isScreen(name) {
            let drafts = flows.drafts[name] ?? []
            guard drafts.contains(where: { $0.location.file == file }) else { continue }
            let built = builder.build(name)
            let members = built.locations.filter { $0.value.file == file && $0.value.line == line }
            if !members.isEmpty { return (name, members) }
            if best == nil, drafts.contains(where: { $0.location.file == file && $0.location.line == line }) { best = (name, [:]) }
        }
        return best
    }

    /// The oldest profile the project is checked under.
    public var oldestProfile: Profile? { project.profiles.min { $0.majorVersion < $1.majorVersion } }

    /// What the bar shows and does for `name` under each of the project's profiles.
    public func report(_ name: String) -> ScreenReport {
        let me = builder.build(name)
        let pushers = (flows.pushedFrom[name] ?? []).prefix(8)
        var report = ScreenReport(
            screen: name, declaration: me.declaration, pushedFrom: pushers.map { $0 ?? "" }, isRoot: flows.roots[name] != nil)
        report.unknown = me.unknown

        // On top of the first screen that pushes it: its back button and items.
        var stack = [me]
        if let first = pushers.first {
            if let pusher = first, flows.isScreen(pusher) || flows.drafts[pusher] != nil {
                stack.insert(builder.build(pusher), at: 0)
            } else {
                stack.insert(builder.placeholder("(the screen that pushes \(name))", below: name), at: 0)
            }
        }
        let belowUnknown = stack.count > 1 ? stack[0].unknown : []
        // The next screen, pushed on this one: the back title it shows.
        let next = builder.placeholder("(a screen pushed on \(name))", below: name)

        var config = project.config
        config.bar = me.sessionBar
        let onTop = try? NavigationModel(config: config, screens: stack.map(\.screen))
        let withNext = try? NavigationModel(config: config, screens: [me.screen, next.screen])
        let top = stack.count - 1
        let geometryKnown = me.unknown.isDisjoint(with: ["geometry", "item.leftItems", "item.rightItems", "item.hidesBackButton"])
        let backTitleKnown = belowUnknown.isDisjoint(with: Self.backTitleMembers)
        let nextTitleKnown = me.unknown.isDisjoint(with: Self.backTitleMembers)
        let coloursKnown = me.unknown.isDisjoint(with: ["colours", "bar.barTintColor", "bar.tintColor", "bar.titleColor", "bar.hidden"])

        report.profiles = ScreenReport.measure(
            onTop: onTop, top: top, withNext: withNext, profiles: project.profiles, geometryKnown: geometryKnown,
            backTitleKnown: backTitleKnown, nextTitleKnown: nextTitleKnown, coloursKnown: coloursKnown)
        if let popGesture = onTop.map({ $0.screens[top].popGesture }) { report.popGesture = popGesture }
        return report
    }

    /// What the back title of the screen above depends on.
    static let backTitleMembers: Set<String> = [
        "title", "item.title", "item.backItem", "item.backItem.title", "item.backButtonTitle", "item.backButtonDisplayMode",
    ]

    static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { $0.union($1) }
    }
}

/// What one screen's bar shows and does, per profile, as ``SourceInspector/report(_:)`` finds it. A nil
/// member is not known from the source (or does not exist on that stack).
public struct ScreenReport: Sendable {
    public var screen: String
    public var declaration: SourceLocation
    /// The screens that push it, as named in the source ("" for a push from outside any screen).
    public var pushedFrom: [String]
    public var isRoot: Bool
    /// Members of the screen the source leaves to run time.
    public var unknown: Set<String> = []
    public var popGesture: Screen.PopGesture = .inherit
    public var profiles: [ProfileReport] = []

    /// Where a control takes taps against where it is drawn, in window points.
    public struct Area: Sendable, Hashable {
        /// The union of the areas where a tap reaches it (nil: nowhere).
        public var touch: Rect?
        public var drawn: Rect
        public var action: HitAction
        public var text: String?
    }

    public struct Item: Sendable, Hashable {
        public var id: String
        public var side: LayoutElement.Side
        public var area: Area
    }

    public struct Colours: Sendable, Hashable {
        public var background: Color
        /// The colour bar items are drawn in: the bar's tint colour, else the foreground policy's (UIKit's systemBlue
        /// by default).
        public var item: Color
        public var itemContrast: Double
        /// Whether `item` is UIKit's default tint (no tint colour set, foreground policy `uikit`).
        public var itemIsDefault: Bool
        public var title: Color
        public var titleContrast: Double
    }

    public struct ProfileReport: Sendable {
        public var profile: Profile
        public var barHidden = false
        /// The back button on top of the first screen that pushes it.
        public var back: Area?
        public var items: [Item] = []
        public var colours: Colours?
        /// What the back button of a screen pushed on this one says.
        public var nextBackTitle: BackTitle?

        public init(profile: Profile) { self.profile = profile }
    }
}

extension ScreenReport {
    /// What the bar shows and does for the top screen of `onTop` (`top` its index) under each profile, and the
    /// back title of `withNext`'s screen 1 (the next screen, pushed on this one). Each group of members is measured
    /// only when the caller knows it from its source.
    static func measure(
        onTop: NavigationModel?, top: Int, withNext: NavigationModel?, profiles: [Profile], geometryKnown: Bool,
        backTitleKnown: Bool, nextTitleKnown: Bool, coloursKnown: Bool
    ) -> [ProfileReport] {
        var out: [ProfileReport] = []
        for profile in profiles {
            var p = ProfileReport(profile: profile)
            if let model = onTop?.reprofiled(profile) {
                let layout = BarLayoutEngine.layout(model: model, screenIndex: top)
                p.barHidden = layout.hidden
                if !layout.hidden {
                    let regions = BarRegions.regions(layout)
                    if top > 0, let back = layout.element(.backButton), geometryKnown, backTitleKnown {
                        let action = regions.first { $0.target.kind == .backButton && !$0.viaSlop && $0.action != .none }?.action
                        p.back = Area(
                            touch: BarRegions.backTouchArea(regions), drawn: back.visibleFrame, action: action ?? .none, text: back.text)
                    }
                    if geometryKnown {
                        for element in layout.elements where element.kind == .barItem {
                            guard let id = element.id else { continue }
                            let touch = regions.filter { $0.target.itemId == id && !$0.viaSlop }
                            p.items.append(
                                Item(
                                    id: id, side: element.side,
                                    area: Area(
                                        touch: SourceInspector.union(touch.map(\.frame)), drawn: element.visibleFrame,
                                        action: touch.first(where: { $0.action != .none })?.action ?? .none, text: element.text)))
                        }
                    }
                    if coloursKnown {
                        // The bar colour as the tint engine resolves it (gradient, bar tint, session bar, default).
                        let bar = model.barAppearance(at: top)
                        let tint = TintEngine.resolve(model: model, screenIndex: top)
                        let background = tint.background
                        let item = bar.tintColor ?? tint.foreground
                        let title = tint.titleColor
                        p.colours = Colours(
                            background: background, item: item, itemContrast: DiagnosticsEngine.contrast(item, background),
                            itemIsDefault: bar.tintColor == nil && tint.foregroundPolicy == .uikit, title: title,
                            titleContrast: DiagnosticsEngine.contrast(title, background))
                    }
                }
            }
            if nextTitleKnown, let model = withNext?.reprofiled(profile) {
                p.nextBackTitle = BackTitleEngine.backTitle(model: model, screenIndex: 1)
            }
            out.append(p)
        }
        return out
    }

    /// The report of `model.screens[index]` of a session document, under the document's profile: on top of the
    /// screens below it, and below the screen after it (or an untitled screen pushed on it when it is the top).
    public static func document(_ model: NavigationModel, screenIndex index: Int) -> ScreenReport? {
        guard model.screens.indices.contains(index) else { return nil }
        let screen = model.screens[index]
        var report = ScreenReport(
            screen: screen.id, declaration: SourceLocation(file: "", line: 1, column: 1),
            pushedFrom: index > 0 ? [model.screens[index - 1].id] : [], isRoot: index == 0)
        report.popGesture = screen.popGesture
        let onTop = try? NavigationModel(config: model.config, screens: Array(model.screens[...index]))
        let next = index + 1 < model.screens.count ? model.screens[index + 1] : Screen(id: "(a screen pushed on \(screen.id))")
        let withNext = try? NavigationModel(config: model.config, screens: [screen, next])
        report.profiles = measure(
            onTop: onTop, top: index, withNext: withNext, profiles: [model.config.profile], geometryKnown: true,
            backTitleKnown: true, nextTitleKnown: true, coloursKnown: true)
        return report
    }
}

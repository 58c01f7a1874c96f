import NavModel
import NavSource

/// A screen of the model built from the settings the source makes, with where each member was set and which
/// members the source leaves to run time.
struct BuiltScreen: Sendable, Hashable {
    var screen: Screen
    /// The session-wide bar this screen sees (appearance proxies, with UIKit's default item colour filled in).
    var sessionBar: BarAppearance
    /// Where each member was set last, by the member paths diagnostics name (`item.backItem.action`,
    /// `bar.barTintColor`, `techniques.fixedSpaces[0]`, `item.leftItems[1]`).
    var locations: [String: SourceLocation]
    /// Members whose value exists only at run time (or whose setting may not run); a rule that needs one stays
    /// silent. `geometry` stands for any item whose size the source does not give.
    var unknown: Set<String>
    /// The app set a bar colour or an item colour somewhere this screen sees.
    var appColours: Bool
    /// The item colour is UIKit's default (the app set none).
    var defaultForeground: Bool
    /// Where the screen is declared.
    var declaration: SourceLocation
    /// The swipe is restored by a delegate that refuses to begin on a stack of one (`gestureRecognizerShouldBegin`).
    var restoreGuarded: Bool
    /// The screen is a SwiftUI view: SwiftUI, not the app, keeps the back button beside its leading items.
    var isSwiftUI = false
    /// Items whose custom view the source shows to handle no tap (a spinner in a plain view): not touch targets.
    var inertItems: Set<String> = []
}

/// Builds model screens from drafts.
struct ScreenBuilder {
    let flows: Flows

    /// The screen `name` as its class chain, its host navigation controller and the appearance proxies set it.
    func build(_ name: String) -> BuiltScreen {
        let declarations = flows.declarations(of: name)
        let own = flows.drafts[name]?.first
        var state = State(id: name)
        if flows.linkedOnly.contains(name), declarations.contains(where: { $0.kind == .swiftUIView }) {
            // A SwiftUI view's bar settings are preferences that flow up from the view to its NavigationStack,
            // which shows those of the view on top: a view pushed there gets the bar it asks for, not what the
            // view below asked for (docs/semantics.md, "SwiftUI bar preferences").
            state.barSet = true
        }
        for setting in flows.appWide { state.apply(setting, appWide: true, flows: flows) }
        if let host = flows.host(of: name), host != name {
            for draft in flows.declarations(of: host) {
                state.declaringClass = draft.name
                for setting in draft.settings { state.applyFromHost(setting, flows: flows) }
            }
        }
        for draft in declarations {
            state.declaringClass = draft.name
            for setting in draft.settings { state.apply(setting, appWide: false, flows: flows) }
        }
        if let host = flows.host(of: name), flows.chain(host).contains(where: Flows.swipeKeepingControllers.contains),
            state.screen.popGesture == .inherit
        {
            // The library's own delegate keeps the swipe, and refuses it on a stack of one.
            state.screen.popGesture = .edge
            state.restore = (own?.location ?? SourceLocation(file: "", line: 1, column: 1), true)
        }
        for hook in flows.hooks(of: name) where hook.kind == .backButtonHandler {
            state.techniques.backHook = .handler
            state.locations["techniques.backHook"] = hook.location
        }
        if state.techniques.backHook == nil, let hook = flows.shouldPopHooks(of: name).first {
            state.techniques.backHook = .shouldPop
            state.locations["techniques.backHook"] = hook.location
        }
        if state.techniques.backHook == nil,
            let swizzle = flows.hooks.first(where: { $0.kind == .swizzledPop && $0.name.lowercased().contains("shouldpop") })
        {
            state.techniques.backHook = .swizzledShouldPop
            state.locations["techniques.backHook"] = swizzle.location
        }
        var built = state.finish(declaration: own?.location ?? declarations.last?.location ?? SourceLocation(file: "", line: 1, column: 1))
        built.isSwiftUI = declarations.contains { $0.kind == .swiftUIView }
        return built
    }

    /// A screen the source never shows: the next screen pushed on top of one whose back item is checked, or the
    /// screen below one pushed from outside any screen. Everything about it is unknown.
    func placeholder(_ id: String, below name: String?) -> BuiltScreen {
        var state = State(id: id)
        for setting in flows.appWide { state.apply(setting, appWide: true, flows: flows) }
        if let name, let host = flows.host(of: name) {
            for draft in flows.declarations(of: host) {
                state.declaringClass = draft.name
                for setting in draft.settings { state.applyFromHost(setting, flows: flows) }
            }
        }
        state.unknown.formUnion(["title", "item.title", "item.backItem", "item.backButtonTitle", "item.titleView", "geometry"])
        return state.finish(declaration: SourceLocation(file: "", line: 1, column: 1))
    }

    /// The screen and session bar under construction.
    struct State {
        var screen: Screen
        var bar = BarAppearance()
        var sessionBar = BarAppearance()
        var barSet = false
        var techniques = Techniques()
        var locations: [String: SourceLocation] = [:]
        var unknown: Set<String> = []
        var inertItems: Set<String> = []
        var appColours = false
        var foregroundSet = false
        var barTintColorSet = false
        /// A `UINavigationBarAppearance` reaches this screen's bar (app-wide, its host's, or its own).
        var appearanceSet = false
        var restore: (location: SourceLocation, guarded: Bool)?
        /// `hidesSearchBarWhenScrolling` set before the search controller was.
        var hidesSearchWhenScrolling: Bool?
        /// The class whose settings are being applied.
        var declaringClass: String?
        var leftIds = 0
        var rightIds = 0

        init(id: String) { screen = Screen(id: id) }

        /// A setting of a navigation controller that hosts the screen: its bar and its pop gesture reach every
        /// screen it shows, its own navigation item does not.
        mutating func applyFromHost(_ setting: Setting, flows: Flows) {
            switch setting.value {
            case .bar, .barTranslucent, .barHidden, .appearance, .popGestureDelegate, .popGestureEnabled, .prefersLargeTitles,
                .backTitleOffset:
                apply(setting, appWide: false, flows: flows, fromHost: true)
            default: break
            }
        }

        mutating func apply(_ setting: Setting, appWide: Bool, flows: Flows, fromHost: Bool = false) {
            let at = setting.location
            // A setting that may not run leaves what it sets unknown: presence rules must not guess it ran.
            let maybe = setting.conditional
            switch setting.value {
            case .title(let t):
                screen.title = t.value ?? "Title"
                mark("title", at, known: t.isKnown && !maybe)
            case .itemTitle(let t):
                screen.item.title = t.value ?? "Title"
                mark("item.title", at, known: t.isKnown && !maybe)
            case .backItem(let draft):
                guard let draft else {
                    screen.item.backItem = nil
                    mark("item.backItem", at, known: !maybe)
                    return
                }
                var item = BackItem()
                switch draft.content {
                case .title(let t):
                    item.title = t.value ?? "Back"
                    mark("item.backItem.title", at, known: t.isKnown)
                case .image:
                    item.image = Size(width: 13, height: 21)
                case .customView, .system, .fixedSpace, .flexibleSpace:
                    item.title = nil
                case .unknown:
                    mark("item.backItem.title", at, known: false)
                }
                item.action = draft.hasAction.value == true ? .custom : .none
                mark("item.backItem.action", at, known: draft.hasAction.isKnown)
                screen.item.backItem = item
                mark("item.backItem", at, known: true)
            case .leftItems(let drafts):
                screen.item.leftItems = items(drafts, side: "left", at: at)
                mark("item.leftItems", at, known: !maybe)
            case .rightItems(let drafts):
                screen.item.rightItems = items(drafts, side: "right", at: at)
                mark("item.rightItems", at, known: !maybe)
            case .hidesBackButton(let b):
                screen.item.hidesBackButton = b.value ?? false
                mark("item.hidesBackButton", at, known: b.isKnown && !maybe)
            case .leftItemsSupplementBackButton(let b):
                screen.item.leftItemsSupplementBackButton = b.value ?? false
                mark("item.leftItemsSupplementBackButton", at, known: b.isKnown && !maybe)
            case .backButtonTitle(let t):
                screen.item.backButtonTitle = t.value ?? "Back"
                mark("item.backButtonTitle", at, known: t.isKnown && !maybe)
            case .backButtonDisplayMode(let m):
                screen.item.backButtonDisplayMode = m.value ?? .default
                mark("item.backButtonDisplayMode", at, known: m.isKnown && !maybe)
            case .titleView(let size):
                screen.item.titleView = size.value ?? Size(width: 100, height: 30)
                mark("item.titleView", at, known: !maybe)
                if !size.isKnown { unknown.insert("geometry") }
            case .popGestureEnabled(let b):
                if b.value == false {
                    screen.popGesture = .disabled
                } else if b.value == true, screen.popGesture == .disabled {
                    screen.popGesture = .inherit
                }
                mark("popGesture", at, known: b.isKnown && !maybe)
            case .popGestureDelegate(let d):
                switch d {
                case .none:
                    // No delegate at all: nothing refuses the swipe on a stack of one.
                    restore = (at, false)
                    locations["popGesture"] = at
                    if maybe { unknown.insert("popGesture") }
                case .this:
                    let guarded = declaringClass.map { flows.hooks(of: $0).contains { $0.kind == .gestureShouldBegin } } ?? false
                    restore = (at, guarded)
                    locations["popGesture"] = at
                    if maybe { unknown.insert("popGesture") }
                case .other:
                    mark("popGesture", at, known: false)
                }
            case .bar(let property, let value):
                let colour = Self.colour(value, flows: flows)
                if colour.unknown {
                    unknown.insert("bar.\(property.rawValue)")
                    unknown.insert("colours")
                }
                if value != .none { appColours = true }
                switch property {
                case .barTintColor:
                    setBar { $0.barTintColor = colour.value }
                    // A clear colour asks for a transparent bar, which the scroll-edge appearance gives anyway.
                    barTintColorSet = colour.value.map { $0.alpha > 0 } ?? false
                case .tintColor:
                    setBar { $0.tintColor = colour.value }
                    foregroundSet = value != .none
                case .titleColor:
                    setBar { $0.titleColor = colour.value }
                }
                locations["bar.\(property.rawValue)"] = at
            case .barTranslucent(let b):
                setBar { $0.translucent = b.value ?? true }
            case .barHidden(let b):
                setBar { $0.hidden = b.value ?? false }
                mark("bar.hidden", at, known: b.isKnown && !maybe)
            case .appearance(_, let background):
                appearanceSet = true
                let colour = Self.colour(background, flows: flows)
                if colour.unknown { unknown.insert("colours") }
                if let c = colour.value {
                    appColours = true
                    setBar { $0.barTintColor = c }
                    locations["bar.barTintColor"] = at
                }
            case .backTitleOffset(let offset):
                // The appearance proxy's offsets are checked one by one (`SourceLinter.lint`): proxies set in several
                // places run in an order the source does not fix.
                if appWide { break }
                if let o = offset.value {
                    techniques.backTitleOffset = o
                    locations["techniques.backTitleOffset"] = at
                }
            case .prefersLargeTitles(let b):
                // Unknown stays unset: a bar that may or may not prefer large titles is drawn without them.
                if let v = b.value, !maybe { setBar { $0.prefersLargeTitles = v } }
                locations["bar.prefersLargeTitles"] = at
            case .largeTitleDisplayMode(let m):
                if let v = m.value, !maybe { screen.item.largeTitleDisplayMode = v }
                mark("item.largeTitleDisplayMode", at, known: m.isKnown && !maybe)
            case .searchController(let b):
                if let v = b.value, !maybe {
                    screen.item.search = v ? (screen.item.search ?? SearchField(hidesWhenScrolling: hidesSearchWhenScrolling ?? true)) : nil
                }
                mark("item.search", at, known: b.isKnown && !maybe)
            case .hidesSearchBarWhenScrolling(let b):
                if let v = b.value, !maybe {
                    hidesSearchWhenScrolling = v
                    screen.item.search?.hidesWhenScrolling = v
                }
                locations["item.search.hidesWhenScrolling"] = at
            }

            func setBar(_ change: (inout BarAppearance) -> Void) {
                if appWide { change(&sessionBar) } else { change(&bar); barSet = true }
            }
        }

        /// Records where a member was set, and whether the source gives its value.
        mutating func mark(_ member: String, _ at: SourceLocation, known: Bool) {
            locations[member] = at
            if known { unknown.remove(member) } else { unknown.insert(member) }
        }

        /// Bar items from drafts, each with an id and a location; spaces become techniques.
        mutating func items(_ drafts: [ItemDraft], side: String, at: SourceLocation) -> [BarItem] {
            var out: [BarItem] = []
            for draft in drafts {
                let content: BarItem.Content
                var inert = false
                switch draft.content {
                case .title(let t):
                    content = .title(t.value ?? "Item")
                    if !t.isKnown { unknown.insert("geometry") }
                case .image:
                    // The image's size is in the asset, which the source does not give.
                    content = .image(Size(width: 24, height: 24))
                    unknown.insert("geometry")
                case .system(let name):
                    content = .system(name)
                case .customView(let view):
                    let size = view.size.value ?? Size(width: 44, height: 44)
                    content = .customView(CustomView(width: size.width, height: size.height))
                    if !view.size.isKnown { unknown.insert("geometry") }
                    inert = view.takesTouches == .known(false)
                case .fixedSpace(let width):
                    if let w = width.value {
                        locations["techniques.fixedSpaces[\(techniques.fixedSpaces.count)]"] = draft.location
                        techniques.fixedSpaces.append(w)
                    }
                    unknown.insert("geometry")
                    continue
                case .flexibleSpace:
                    continue
                case .unknown:
                    content = .title("Item")
                    unknown.insert("geometry")
                }
                let id: String
                if side == "left" {
                    id = "left-\(leftIds)"
                    leftIds += 1
                } else {
                    id = "right-\(rightIds)"
                    rightIds += 1
                }
                locations["item:\(id)"] = draft.location
                if inert { inertItems.insert(id) }
                out.append(BarItem(id: id, content: content))
            }
            return out
        }

        /// A colour value resolved: the colour, nil for none, and whether it is known.
        static func colour(_ value: ColorValue, flows: Flows) -> (value: Color?, unknown: Bool) {
            switch value {
            case .literal(let c): return (c, false)
            case .system(let name):
                guard let c = SystemPalette.color(named: name, dark: false) else { return (nil, true) }
                return (c, false)
            case .asset(let name):
                guard let c = flows.colors[name] else { return (nil, true) }
                return (c, false)
            case .unknown: return (nil, true)
            case .none: return (nil, false)
            }
        }

        func finish(declaration: SourceLocation) -> BuiltScreen {
            var screen = self.screen
            let sessionBar = self.sessionBar
            var locations = self.locations
            var techniques = self.techniques
            if barSet { screen.bar = bar }
            // Where the app sets no item colour, the model's foreground policy gives it: UIKit's tint (systemBlue)
            // by default, or the automatic black or white where the configuration opts in.
            let defaultForeground = !foregroundSet
            if barTintColorSet && !appearanceSet { techniques.barTintWithoutAppearance = true }
            if let restore {
                // A delegate replaced to restore the swipe after a custom left item (SRC-6).
                if screen.popGesture != .disabled { screen.popGesture = .edge }
                locations["popGesture"] = restore.location
            }
            if techniques != Techniques() { screen.techniques = techniques }
            return BuiltScreen(
                screen: screen, sessionBar: sessionBar, locations: locations, unknown: unknown, appColours: appColours,
                defaultForeground: defaultForeground, declaration: declaration, restoreGuarded: restore?.guarded ?? false,
                inertItems: inertItems)
        }
    }
}

import NavModel
import NavSource

/// Turns the units of one file into facts: screens and classes, their settings and hooks, app-wide settings, and
/// edges.
struct Analyzer {
    let locator: Locator
    /// When reading must stop (`max-seconds-per-file`), by `clock`.
    let deadline: Double
    let clock: () -> Double
    let units: [ClassUnit]
    let fileUnit: ClassUnit
    let constants: [String: Expr]

    /// Back-button handler selectors that a `navigationBar:shouldPopItem:` of this file asks view controllers for.
    private var askedHandlers: Set<String> = []
    /// Superclasses that `@interface` declarations of this file name.
    private var superclasses: [String: String] = [:]

    init(
        locator: Locator, units: [ClassUnit], fileUnit: ClassUnit, constants: [String: Expr], deadline: Double,
        clock: @escaping () -> Double
    ) {
        self.locator = locator
        self.deadline = deadline
        self.clock = clock
        self.units = units
        self.fileUnit = fileUnit
        self.constants = constants
        for unit in units where unit.kind == .interface {
            if let s = unit.superclass, superclasses[unit.name] == nil { superclasses[unit.name] = s }
        }
        for unit in units where unit.kind == .implementation {
            if let s = unit.superclass, superclasses[unit.name] == nil { superclasses[unit.name] = s }
            for function in unit.functions where function.name == "navigationBar:shouldPopItem:" {
                askedHandlers.formUnion(Self.handlersAsked(in: function))
            }
        }
    }

    /// The facts of the file; nil when reading them outlasted the deadline.
    func facts() -> (screens: [ScreenDraft], classes: [ClassDraft], appWide: [Setting], edges: [Edge])? {
        var screens: [ScreenDraft] = []
        var classes: [ClassDraft] = []
        var appWide: [Setting] = []
        var edges: [Edge] = []
        let implementations = units.filter { $0.kind == .implementation }
        let implemented = Set(implementations.map { "\($0.name)(\($0.category ?? ""))" })
        // One scope per class, over the class and its categories; each unit's functions start at an offset in it.
        var scopes: [String: Scope] = [:]
        var offsets: [Int: Int] = [:]
        var counts: [String: Int] = [:]
        for (i, unit) in units.enumerated() where unit.kind == .implementation {
            offsets[i] = counts[unit.name, default: 0]
            counts[unit.name, default: 0] += unit.functions.count
        }
        for (name, group) in Dictionary(grouping: implementations, by: \.name) { scopes[name] = Scope(units: group) }
        for (index, unit) in units.enumerated() {
            guard clock() <= deadline else { return nil }
            switch unit.kind {
            case .implementation:
                let scope = scopes[unit.name] ?? Scope(units: [unit])
                var reader = UnitReader(unit: unit, analyzer: self, scope: scope, offset: offsets[index] ?? 0)
                reader.read()
                guard !reader.timedOut else { return nil }
                let superclass = unit.superclass ?? superclasses[unit.name]
                let isNavigation = Self.isNavigationController(unit.name, superclass)
                let isController = Self.isViewController(unit.name, superclass) || isNavigation
                var settings = reader.settings
                if isController || reader.usesNavigation { settings += reader.titles }
                // Source order; settings made at one place keep the order they were read in.
                settings = settings.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(
                    \.element)
                let location = locator.location(unit.start)
                let isScreen = (unit.category == nil && isController) || !settings.isEmpty || !reader.leaving.isEmpty
                if isScreen {
                    screens.append(
                        ScreenDraft(
                            name: unit.name, kind: .viewController, superclass: unit.category == nil ? superclass : nil, location: location,
                            settings: settings, hooks: reader.hooks, leaving: reader.leaving))
                } else if !reader.hooks.isEmpty {
                    classes.append(
                        ClassDraft(
                            name: unit.name, superclass: unit.category == nil ? superclass : nil, category: unit.category,
                            location: location,
                            hooks: reader.hooks))
                }
                appWide += reader.appWide
                edges += reader.edges.map { $0.edge(from: isScreen ? unit.name : nil) }
            case .interface:
                let location = locator.location(unit.start)
                if let category = unit.category {
                    guard !implemented.contains("\(unit.name)(\(category))") else { continue }
                    let hooks = unit.declared.filter { isBackHandler($0.0) }.map {
                        Hook(kind: .backButtonHandler, name: $0.0, location: locator.location($0.1))
                    }
                    if !hooks.isEmpty {
                        classes.append(
                            ClassDraft(name: unit.name, category: category.isEmpty ? nil : category, location: location, hooks: hooks))
                    }
                    continue
                }
                // A model object's declaration says nothing of screens or bars.
                guard let superclass = unit.superclass, superclass != "NSObject", superclass != "NSProxy",
                    !implemented.contains("\(unit.name)()")
                else { continue }
                if Self.isViewController(unit.name, superclass) || Self.isNavigationController(unit.name, superclass) {
                    screens.append(ScreenDraft(name: unit.name, kind: .viewController, superclass: superclass, location: location))
                } else {
                    classes.append(ClassDraft(name: unit.name, superclass: superclass, location: location))
                }
            case .proto, .file:
                break
            }
        }
        // Free functions: what they do to appearance proxies and which screens they show.
        var reader = UnitReader(unit: fileUnit, analyzer: self, scope: Scope(units: [fileUnit]), offset: 0)
        reader.read()
        guard !reader.timedOut else { return nil }
        appWide += reader.appWide
        edges += reader.edges.map { $0.edge(from: nil) }
        return (screens, classes, appWide, edges)
    }

    // MARK: Kinds of classes

    /// A view controller by its superclass, or by its name when the superclass is not known here.
    static func isViewController(_ name: String, _ superclass: String?) -> Bool {
        if let s = superclass {
            if isControllerName(s) { return true }
            if s.hasPrefix("UI") || s.hasPrefix("NS") || s.hasPrefix("CA") { return false }
        }
        return isControllerName(name)
    }

    private static func isControllerName(_ s: String) -> Bool {
        (s.hasSuffix("Controller") && !s.hasPrefix("NS")) || s.hasSuffix("VC")
    }

    static func isNavigationController(_ name: String, _ superclass: String?) -> Bool {
        let suffixes = ["NavigationController", "NavController"]
        return suffixes.contains { name.hasSuffix($0) || (superclass?.hasSuffix($0) ?? false) }
    }

    /// A view, not a controller: a subclass of a UIKit view, or a class named like one when its superclass is not
    /// known here. Its `self.navigationItem` or `self.title` is a property of its own (custom bars have both).
    static func isView(_ name: String, _ superclass: String?) -> Bool {
        if isViewController(name, superclass) || isNavigationController(name, superclass) { return false }
        if let s = superclass, s.hasPrefix("UI") || s.hasPrefix("NS") || s.hasPrefix("CA") { return true }
        let suffixes = ["View", "Bar", "Cell", "Button", "Label", "Control", "Window", "Layer"]
        return suffixes.contains { name.hasSuffix($0) }
    }

    // MARK: Hooks

    static let knownHandlers: Set<String> = [
        "navigationShouldPopOnBackButton", "currentViewControllerShouldPop", "shouldHoldBackButtonEvent", "canPopViewController",
    ]

    /// A back-button handler: a method a `navigationBar:shouldPopItem:` asks the screen (`navigationShouldPopOnBackButton`).
    /// By name alone only a method without arguments: the question is asked of the screen with nothing to pass, and a
    /// method that takes one (`browserShouldPopView:`) is another object's delegate callback.
    func isBackHandler(_ selector: String) -> Bool {
        let lower = selector.lowercased()
        if lower.contains("navigationbar:shouldpopitem:") { return false }
        if Self.knownHandlers.contains(selector) || askedHandlers.contains(selector) { return true }
        return !selector.contains(":") && lower.contains("shouldpop")
    }

    private static let uikitPopSelectors: Set<String> = [
        "navigationBar:shouldPopItem:", "popViewControllerAnimated:", "popToViewController:animated:", "popToRootViewControllerAnimated:",
        "navigationBar:didPopItem:", "setHidesBackButton:animated:", "backBarButtonItem", "backButtonTitle", "backItem",
    ]

    /// The selectors a `navigationBar:shouldPopItem:` implementation asks about: `@selector(…)` literals and messages to
    /// other objects whose names speak of popping or going back.
    static func handlersAsked(in function: Function) -> Set<String> {
        var out: Set<String> = []
        for statement in function.statements {
            for e in Scope.expressions(of: statement) {
                Scope.visit(e) { node, _ in
                    switch node {
                    case .selector(let s, _):
                        if !uikitPopSelectors.contains(s) { out.insert(s) }
                    case .message(let m):
                        if case .name(let n, _) = m.receiver.stripped, n == "self" || n == "super" { return }
                        let s = m.selector
                        let lower = s.lowercased()
                        let speaks = ["pop", "backbutton", "backbtn", "backaction", "backpress", "backclick", "backtap", "goback"]
                        if !uikitPopSelectors.contains(s), speaks.contains(where: { lower.contains($0) }) { out.insert(s) }
                    default:
                        break
                    }
                }
            }
        }
        return out
    }
}

/// An edge before the unit is known to be a screen.
struct PendingEdge {
    enum From {
        /// The unit, when it is a screen.
        case unit
        case named(String)
        /// A screen the code does not name.
        case unknown
    }

    var kind: Edge.Kind
    var from: From
    var to: ScreenRef
    var location: SourceLocation

    func edge(from unitName: String?) -> Edge {
        switch from {
        case .unit: return Edge(kind: kind, from: unitName, to: to, location: location)
        case .named(let n): return Edge(kind: kind, from: n, to: to, location: location)
        case .unknown: return Edge(kind: kind, from: nil, to: to, location: location)
        }
    }
}

/// Reads one unit's functions for settings, edges and hooks.
struct UnitReader {
    let unit: ClassUnit
    let analyzer: Analyzer
    let scope: Scope
    let values: Values
    let isNavigation: Bool
    /// The unit is a view's: its own members named like a controller's are not navigation settings.
    let isView: Bool

    private(set) var settings: [Setting] = []
    /// `self.title = …`: kept when the class turns out to be a screen (a view's own `title` is not a screen's).
    private(set) var titles: [Setting] = []
    private(set) var appWide: [Setting] = []
    private(set) var edges: [PendingEdge] = []
    private(set) var hooks: [Hook] = []
    /// The unit sets something only a view controller has (`self.navigationItem…`).
    private(set) var usesNavigation = false
    /// The function's last unconditional push, for a `setViewControllers:@[x] …` on the same receiver that makes
    /// `x` the only screen.
    private var lastPush: (edge: Int, receiver: Expr, target: Expr)?

    /// The index of the unit's first function in the scope.
    let offset: Int

    init(unit: ClassUnit, analyzer: Analyzer, scope: Scope, offset: Int) {
        self.unit = unit
        self.analyzer = analyzer
        self.scope = scope
        self.offset = offset
        self.values = Values(scope: scope, constants: analyzer.constants, locator: analyzer.locator)
        let superclass = unit.superclass ?? analyzer.superclassOf(unit.name)
        self.isNavigation = unit.kind == .implementation && Analyzer.isNavigationController(unit.name, superclass)
        self.isView = unit.kind == .implementation && Analyzer.isView(unit.name, superclass)
    }

    private func location(_ offset: Int) -> SourceLocation { analyzer.locator.location(offset) }

    /// Reading stopped at the deadline.
    private(set) var timedOut = false

    mutating func read() {
        for (i, function) in unit.functions.enumerated() {
            guard analyzer.clock() <= analyzer.deadline else {
                timedOut = true
                return
            }
            let f = offset + i
            lastPush = nil
            inLeavingCallback = function.isMethod && !function.isClassMethod && LeavingCallbacks.objectiveC.contains(function.name)
            if function.isMethod, !function.isClassMethod, let kind = hookKind(function.name) {
                hooks.append(Hook(kind: kind, name: function.name, location: location(function.start)))
            }
            var swizzleAt: Int?
            var mentioned: [String] = []
            for (index, statement) in function.statements.enumerated() {
                let place = scope.place(function: f, statement: index)
                for e in Scope.expressions(of: statement) {
                    Scope.visit(e) { node, inner in
                        let conditional = statement.conditional || inner
                        switch node {
                        case .assign("=", let lhs, let rhs, let start):
                            if case .member(let base, let name, _) = lhs.stripped {
                                set(base, name, rhs, offset: start, place: place, conditional: conditional)
                            }
                        case .message(let m):
                            if Self.isSwizzle(m.selector) { swizzleAt = swizzleAt ?? m.start }
                            if let s = Self.selectorNamed(by: node) { mentioned.append(s) }
                            message(m, place: place, conditional: conditional)
                        case .call(let callee, _, let start):
                            if case .name(let n, _) = callee, Self.isSwizzle(n) { swizzleAt = swizzleAt ?? start }
                            if let s = Self.selectorNamed(by: node) { mentioned.append(s) }
                        case .selector(let s, _):
                            mentioned.append(s)
                        default:
                            break
                        }
                    }
                }
            }
            if let swizzleAt, unit.kind != .file {
                var seen: Set<String> = []
                for s in mentioned where Self.popSelectors.contains(s) && !seen.contains(s) {
                    seen.insert(s)
                    hooks.append(Hook(kind: .swizzledPop, name: s, location: location(swizzleAt)))
                }
            }
        }
    }

    private func hookKind(_ selector: String) -> Hook.Kind? {
        switch selector {
        case "hitTest:withEvent:": return .hitTest
        case "pointInside:withEvent:": return .pointInside
        case "navigationBar:shouldPopItem:": return .shouldPop
        // The replacement a swizzle installs for it (`xx_navigationBar:shouldPopItem:`).
        case _ where selector.lowercased().hasSuffix("navigationbar:shouldpopitem:"): return .shouldPop
        // A touch refused before the recognizer sees it keeps the swipe from beginning as well.
        case "gestureRecognizerShouldBegin:", "gestureRecognizer:shouldReceiveTouch:": return .gestureShouldBegin
        default: return analyzer.isBackHandler(selector) ? .backButtonHandler : nil
        }
    }

    static let popSelectors: Set<String> = ["navigationBar:shouldPopItem:", "popViewControllerAnimated:"]

    /// Exchanging or replacing implementations: the runtime functions and the helpers apps wrap them in
    /// (`method_exchangeImplementations`, `class_replaceMethod`, `jr_swizzleMethod:…`, `aspect_hookSelector:…`).
    static func isSwizzle(_ name: String) -> Bool {
        // Every message and call is asked: one pass over the bytes says which names are worth searching.
        var z = false
        var x = false
        var k = false
        for b in name.utf8 {
            if b == UInt8(ascii: "z") { z = true }
            if b == UInt8(ascii: "x") { x = true }
            if b == UInt8(ascii: "k") { k = true }
        }
        if z, name.contains("wizzl") { return true }
        if x, name.contains("xchangeImplementations") { return true }
        if k, name.contains("ookSelector") { return true }
        return name.hasSuffix("eplaceMethod") || name == "method_setImplementation"
    }

    /// The selector a call names by string: `NSSelectorFromString(@"navigationBar:shouldPopItem:")`.
    private static func selectorNamed(by node: Expr) -> String? {
        guard case .call(.name(let fn, _), let args, _) = node, ["NSSelectorFromString", "sel_registerName", "sel_getUid"].contains(fn),
            case .string(let s, _)? = args.first?.stripped
        else { return nil }
        return s
    }

    // MARK: Settings

    /// The method being read is `viewWillDisappear:` or `viewDidDisappear:` (``LeavingCallbacks``).
    private var inLeavingCallback = false
    /// Stack-wide settings made in a leaving callback (`ScreenDraft.leaving`).
    private(set) var leaving: [Setting] = []

    private mutating func add(_ value: SettingValue, at offset: Int, conditional: Bool, appWide: Bool = false) {
        if !appWide, inLeavingCallback, value.isStackWide {
            leaving.append(Setting(value, at: location(offset), conditional: conditional || isUIKitCategory))
            return
        }
        if appWide {
            self.appWide.append(Setting(value, at: location(offset), conditional: conditional))
        } else {
            settings.append(Setting(value, at: location(offset), conditional: conditional || isUIKitCategory))
        }
    }

    /// A category of a UIKit class (`UIViewController (BackItem)`) reaches every screen of the app, but only the
    /// screens that call its methods get its settings: each may not take effect on a given screen.
    private var isUIKitCategory: Bool { unit.category != nil && unit.name.hasPrefix("UI") }

    /// `base.property = value` or `[base setProperty:value …]`.
    private mutating func set(_ base: Expr, _ property: String, _ value: Expr, offset: Int, place: Place, conditional: Bool) {
        // `cond ? a : b`: either may be what is set, so each is a setting that may not take effect. Only one level
        // is split (nested choices would multiply); deeper ones are values the code does not give.
        if case .conditional(_, let a, let b, _) = value.stripped {
            let nested: (Expr) -> Bool = { if case .conditional = $0.stripped { return true } else { return false } }
            if !nested(a), !nested(b) {
                set(base, property, a, offset: offset, place: place, conditional: true)
                set(base, property, b, offset: offset, place: place, conditional: true)
                return
            }
        }
        if property == "viewControllers" {
            undoPushReplacedByRoot(base, value, place: place, conditional: conditional)
            stack(of: base, value, offset: offset, place: place)
            return
        }
        guard let path = values.path(base, at: place) else { return }
        let names = path.names
        switch path.root {
        case .this:
            guard unit.kind != .file, !isView else { return }
            if names.isEmpty {
                if property == "title" {
                    if let title = values.string(value, at: place) {
                        titles.append(Setting(.title(title), at: location(offset), conditional: conditional || isUIKitCategory))
                    }
                } else if isNavigation {
                    navigationControllerSetting(property, value, offset: offset, place: place, conditional: conditional)
                }
            } else if names == ["navigationItem"] {
                usesNavigation = true
                itemSetting(property, value, offset: offset, place: place, conditional: conditional)
            } else if names == ["navigationController"] {
                usesNavigation = true
                navigationControllerSetting(property, value, offset: offset, place: place, conditional: conditional)
            } else if names == ["navigationController", "interactivePopGestureRecognizer"]
                || (isNavigation && names == ["interactivePopGestureRecognizer"])
            {
                usesNavigation = true
                gestureSetting(property, value, offset: offset, place: place, conditional: conditional)
            } else if names == ["navigationController", "navigationBar"] || (isNavigation && names == ["navigationBar"]) {
                usesNavigation = true
                barSetting(property, value, offset: offset, place: place, conditional: conditional, appWide: false)
            } else if let last = names.last, let slot = Self.slot(last), property == "backgroundColor" {
                let owner = Array(names.dropLast())
                if owner == ["navigationItem"] || owner == ["navigationController", "navigationBar"]
                    || (isNavigation && owner == ["navigationBar"])
                {
                    usesNavigation = true
                    add(.appearance(slot, background: values.color(value, at: place)), at: offset, conditional: conditional)
                }
            }
        case .appearance(let cls):
            guard cls == "UINavigationBar" else { return }
            if names.isEmpty {
                barSetting(property, value, offset: offset, place: place, conditional: conditional, appWide: true)
            } else if names.count == 1, let slot = Self.slot(names[0]), property == "backgroundColor" {
                add(.appearance(slot, background: values.color(value, at: place)), at: offset, conditional: conditional, appWide: true)
            }
        }
    }

    static func slot(_ name: String) -> SettingValue.AppearanceSlot? {
        switch name {
        case "standardAppearance": return .standard
        case "scrollEdgeAppearance": return .scrollEdge
        case "compactAppearance": return .compact
        case "compactScrollEdgeAppearance": return .compactScrollEdge
        default: return nil
        }
    }

    private mutating func itemSetting(_ property: String, _ value: Expr, offset: Int, place: Place, conditional: Bool) {
        switch property {
        case "title":
            if let t = values.string(value, at: place) { add(.itemTitle(t), at: offset, conditional: conditional) }
        case "backBarButtonItem":
            switch values.item(value, at: place) {
            case .none: add(.backItem(nil), at: offset, conditional: conditional)
            case .item(let draft): add(.backItem(draft), at: offset, conditional: conditional)
            }
        case "leftBarButtonItem", "rightBarButtonItem":
            var list: [ItemDraft] = []
            if case .item(let draft) = values.item(value, at: place) { list = [draft] }
            add(property == "leftBarButtonItem" ? .leftItems(list) : .rightItems(list), at: offset, conditional: conditional)
        case "leftBarButtonItems", "rightBarButtonItems":
            let list = values.items(value, at: place)
            add(property == "leftBarButtonItems" ? .leftItems(list) : .rightItems(list), at: offset, conditional: conditional)
        case "hidesBackButton":
            add(.hidesBackButton(values.bool(value, at: place)), at: offset, conditional: conditional)
        case "leftItemsSupplementBackButton":
            add(.leftItemsSupplementBackButton(values.bool(value, at: place)), at: offset, conditional: conditional)
        case "backButtonTitle":
            if let t = values.string(value, at: place) { add(.backButtonTitle(t), at: offset, conditional: conditional) }
        case "backButtonDisplayMode":
            add(.backButtonDisplayMode(displayMode(value, at: place)), at: offset, conditional: conditional)
        case "titleView":
            if let size = values.viewSize(value, at: place) { add(.titleView(size), at: offset, conditional: conditional) }
        case "largeTitleDisplayMode":
            add(.largeTitleDisplayMode(largeTitleMode(value, at: place)), at: offset, conditional: conditional)
        case "searchController":
            add(.searchController(.known(!Values.isNil(values.follow(value, at: place).expr))), at: offset, conditional: conditional)
        case "hidesSearchBarWhenScrolling":
            add(.hidesSearchBarWhenScrolling(values.bool(value, at: place)), at: offset, conditional: conditional)
        default:
            if let slot = Self.slot(property), let background = values.appearanceBackground(value, at: place) {
                add(.appearance(slot, background: background), at: offset, conditional: conditional)
            }
        }
    }

    /// `UINavigationItemLargeTitleDisplayMode…`, or its raw value.
    private func largeTitleMode(_ e: Expr, at place: Place) -> Known<NavigationItem.LargeTitleDisplayMode> {
        enumeration(
            e, at: place, prefix: "UINavigationItemLargeTitleDisplayMode",
            [("Automatic", .automatic), ("Always", .always), ("Never", .never)])
    }

    /// `UINavigationItemBackButtonDisplayMode…`, or its raw value.
    private func displayMode(_ e: Expr, at place: Place) -> Known<NavigationItem.BackButtonDisplayMode> {
        enumeration(
            e, at: place, prefix: "UINavigationItemBackButtonDisplayMode",
            [("Default", .default), ("Generic", .generic), ("Minimal", .minimal)])
    }

    /// A UIKit `NS_ENUM` value given by its constant (`prefix` + a case's name) or its raw value, `cases` being in
    /// raw-value order from 0; anything else is unknown.
    private func enumeration<T>(_ e: Expr, at place: Place, prefix: String, _ cases: [(name: String, value: T)]) -> Known<T> {
        switch values.follow(e, at: place).expr {
        case .name(let name, _):
            guard name.hasPrefix(prefix), let c = cases.first(where: { prefix + $0.name == name }) else { return .unknown }
            return .known(c.value)
        case .number(let v, _, _):
            guard let i = Int(exactly: v), cases.indices.contains(i) else { return .unknown }
            return .known(cases[i].value)
        default: return .unknown
        }
    }

    private mutating func navigationControllerSetting(_ property: String, _ value: Expr, offset: Int, place: Place, conditional: Bool) {
        switch property {
        case "navigationBarHidden":
            add(.barHidden(values.bool(value, at: place)), at: offset, conditional: conditional)
        default:
            break
        }
    }

    private mutating func gestureSetting(_ property: String, _ value: Expr, offset: Int, place: Place, conditional: Bool) {
        switch property {
        case "enabled":
            add(.popGestureEnabled(values.bool(value, at: place)), at: offset, conditional: conditional)
        case "delegate":
            let delegate: SettingValue.Delegate
            if Values.isNil(value) {
                delegate = .none
            } else if scope.isSelf(value, in: place.function) {
                delegate = .this
            } else {
                let f = values.follow(value, at: place)
                if Values.isNil(f.expr) {
                    delegate = .none
                } else if scope.isSelf(f.expr, in: f.at.function) {
                    delegate = .this
                } else {
                    delegate = .other
                }
            }
            add(.popGestureDelegate(delegate), at: offset, conditional: conditional)
        default:
            break
        }
    }

    private mutating func barSetting(_ property: String, _ value: Expr, offset: Int, place: Place, conditional: Bool, appWide: Bool) {
        switch property {
        case "barTintColor":
            add(.bar(.barTintColor, values.color(value, at: place)), at: offset, conditional: conditional, appWide: appWide)
        case "tintColor":
            add(.bar(.tintColor, values.color(value, at: place)), at: offset, conditional: conditional, appWide: appWide)
        case "titleTextAttributes":
            if let color = values.titleColor(value, at: place) {
                add(.bar(.titleColor, color), at: offset, conditional: conditional, appWide: appWide)
            }
        case "translucent":
            add(.barTranslucent(values.bool(value, at: place)), at: offset, conditional: conditional, appWide: appWide)
        case "hidden":
            add(.barHidden(values.bool(value, at: place)), at: offset, conditional: conditional, appWide: appWide)
        case "prefersLargeTitles":
            add(.prefersLargeTitles(values.bool(value, at: place)), at: offset, conditional: conditional, appWide: appWide)
        case "barStyle":
            // A black style gives the bar a dark background and a white title (COL-1); the vocabulary has no bar style,
            // and the title colour is its nearest member. The default style changes nothing.
            let f = values.follow(value, at: place)
            if case .name("UIBarStyleDefault", _) = f.expr { break }
            if case .number(0, _, _) = f.expr { break }
            add(.bar(.titleColor, .unknown), at: offset, conditional: conditional, appWide: appWide)
        default:
            if let slot = Self.slot(property), let background = values.appearanceBackground(value, at: place) {
                add(.appearance(slot, background: background), at: offset, conditional: conditional, appWide: appWide)
            }
        }
    }

    // MARK: Messages

    private mutating func message(_ m: Message, place: Place, conditional: Bool) {
        let first = m.parts[0]
        if let property = Scope.setterProperty(m) {
            if m.selector == "setBackButtonTitlePositionAdjustment:forBarMetrics:" {
                backTitleOffset(m, place: place, conditional: conditional)
                return
            }
            if m.selector.hasPrefix("setViewControllers:direction:") {
                pages(m, place: place)
                return
            }
            set(m.receiver, property, m.args[0], offset: m.start, place: place, conditional: conditional)
            return
        }
        guard let target = m.args.first else {
            if first.hasPrefix("configureWith"), let path = values.path(m.receiver, at: place),
                let slot = path.names.last.flatMap(Self.slot)
            {
                // `[bar.standardAppearance configureWithOpaqueBackground]`: the bar's own appearance object in use.
                let owner = Array(path.names.dropLast())
                if path.root == .appearance("UINavigationBar") && owner.isEmpty {
                    add(.appearance(slot, background: .unknown), at: m.start, conditional: conditional, appWide: true)
                } else if path.root == .this, owner == ["navigationItem"] || owner == ["navigationController", "navigationBar"] {
                    add(.appearance(slot, background: .unknown), at: m.start, conditional: conditional)
                }
            }
            return
        }
        let here = location(m.start)
        if first == "pushViewController" || first.hasSuffix("_pushViewController") {
            edges.append(PendingEdge(kind: .push, from: .unit, to: values.screen(target, at: place), location: here))
            lastPush = conditional ? nil : (edges.count - 1, m.receiver, target)
        } else if first == "showViewController" {
            edges.append(PendingEdge(kind: .show, from: .unit, to: values.screen(target, at: place), location: here))
        } else if first == "presentViewController" || first == "presentModalViewController" {
            edges.append(PendingEdge(kind: .present, from: .unit, to: values.screen(target, at: place), location: here))
        } else if first == "addChildViewController" {
            edges.append(PendingEdge(kind: .child, from: Self.container(m.receiver), to: values.screen(target, at: place), location: here))
        } else if first == "initWithRootViewController" {
            edges.append(
                PendingEdge(
                    kind: .root, from: navigationClass(of: m.receiver, place: place), to: values.screen(target, at: place), location: here))
        }
    }

    /// `[pager setViewControllers:@[page] direction:… animated:… completion:…]`: a page view controller's pages are its
    /// children; on `self` the unit is their container, on anything else the container is not named.
    private mutating func pages(_ m: Message, place: Place) {
        let f = values.follow(m.args[0], at: place)
        guard case .array(let elements, _) = f.expr else { return }
        for element in elements {
            edges.append(
                PendingEdge(
                    kind: .child, from: Self.container(m.receiver), to: values.screen(element, at: f.at), location: location(m.start)))
        }
    }

    /// The container a message that adds children names: the unit when it goes to `self`, else one the code does not
    /// name.
    private static func container(_ receiver: Expr) -> PendingEdge.From {
        if case .name(let n, _) = receiver.stripped, n == "self" { return .unit }
        return .unknown
    }

    /// The navigation controller class a receiver makes or is: `[X alloc]`, `super` in a navigation controller.
    private func navigationClass(of receiver: Expr, place: Place) -> PendingEdge.From {
        if case .message(let alloc) = receiver.stripped, alloc.selector == "alloc", case .name(let cls, _) = alloc.receiver.stripped {
            return .named(cls)
        }
        if case .name(let n, _) = receiver.stripped, n == "super" || n == "self", isNavigation { return .named(unit.name) }
        let f = values.follow(receiver, at: place)
        if case .message(let m) = f.expr, let cls = Values.allocatedClass(m) { return .named(cls) }
        if let type = f.variables.first?.type, type.contains("Navigation") { return .named(type) }
        return .unit
    }

    /// A push that `[nav setViewControllers:@[x] animated:…]` undoes: code that pushes `x` for the animation and
    /// then makes it the only screen ("so that there is no way back") leaves `x` the root, not on top of the
    /// screen that pushed it. Only the same receiver and screen, each a name or `self.…` path read the same, in
    /// the same method and outside any branch (a reader of statements cannot tell two branches apart), with no
    /// other edge between.
    private mutating func undoPushReplacedByRoot(_ base: Expr, _ value: Expr, place: Place, conditional: Bool) {
        guard let push = lastPush, push.edge == edges.count - 1, !conditional, case .array(let elements, _) = value.stripped,
            elements.count == 1,
            Self.sameName(push.target, elements[0]), sameReceiver(push.receiver, base, place: place)
        else { return }
        edges.removeLast()
        lastPush = nil
    }

    /// Two mentions of one variable.
    private static func sameName(_ a: Expr, _ b: Expr) -> Bool {
        guard case .name(let x, _) = a.stripped, case .name(let y, _) = b.stripped else { return false }
        return x == y
    }

    /// Two mentions of one receiver: one variable, or one path from `self` (`self.navigationController`).
    private func sameReceiver(_ a: Expr, _ b: Expr, place: Place) -> Bool {
        if Self.sameName(a, b) { return true }
        guard let x = values.path(a, at: place), let y = values.path(b, at: place) else { return false }
        return x == y
    }

    /// `nav.viewControllers = @[a, b]` and `setViewControllers:animated:`: the first is the root, each other is pushed
    /// on the one before it.
    private mutating func stack(of base: Expr, _ value: Expr, offset: Int, place: Place) {
        let path = values.path(base, at: place)
        var host: PendingEdge.From?
        if let path, path.root == .this {
            if path.names == ["navigationController"] {
                host = .unit
            } else if path.names.isEmpty, isNavigation {
                host = .named(unit.name)
            }
        } else {
            let from = navigationClass(of: base, place: place)
            if case .named(let n) = from, n.contains("Navigation") { host = from }
            let f = values.follow(base, at: place)
            if host == nil, let type = f.variables.first?.type, type.contains("NavigationController") { host = .named(type) }
        }
        guard let host else { return }
        let f = values.follow(value, at: place)
        guard case .array(let elements, _) = f.expr else { return }
        let here = location(offset)
        var previous: ScreenRef?
        for element in elements {
            let ref = values.screen(element, at: f.at)
            if let previous {
                let from: PendingEdge.From
                if case .className(let n) = previous { from = .named(n) } else { from = .unknown }
                edges.append(PendingEdge(kind: .push, from: from, to: ref, location: here))
            } else {
                edges.append(PendingEdge(kind: .root, from: host, to: ref, location: here))
            }
            previous = ref
        }
    }

    /// `[[UIBarButtonItem appearance] setBackButtonTitlePositionAdjustment:UIOffsetMake(-1000, 0) forBarMetrics:…]`:
    /// app-wide on an appearance proxy, else the screen's own.
    private mutating func backTitleOffset(_ m: Message, place: Place, conditional: Bool) {
        let offset = values.offset(m.args[0], at: place)
        if let path = values.path(m.receiver, at: place), case .appearance(let cls) = path.root, cls == "UIBarButtonItem",
            path.names.isEmpty
        {
            add(.backTitleOffset(offset), at: m.start, conditional: conditional, appWide: true)
        } else if unit.kind == .implementation {
            add(.backTitleOffset(offset), at: m.start, conditional: conditional)
        }
    }
}

extension Analyzer {
    func superclassOf(_ name: String) -> String? { superclasses[name] }
}

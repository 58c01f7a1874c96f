import Testing
@testable import NavModel

/// Models and helpers shared by the layout, hit, tap, render and diagnostics tests.
enum Fx {
    static func model(
        width: Double = 390, height: Double = 844, statusBar: Double = 47, bar: BarAppearance = BarAppearance(),
        policies: (inout Policies) -> Void = { _ in }, _ screens: [Screen]
    ) throws -> NavigationModel {
        try model(.ios17, width: width, height: height, statusBar: statusBar, bar: bar, policies: policies, screens)
    }

    static func model(
        _ profile: Profile, width: Double = 390, height: Double = 844, statusBar: Double = 47,
        bar: BarAppearance = BarAppearance(), policies: (inout Policies) -> Void = { _ in }, _ screens: [Screen]
    ) throws -> NavigationModel {
        var config = SessionConfig()
        config.profile = profile
        config.device = Device(width: width, height: height, statusBarHeight: statusBar)
        config.bar = bar
        policies(&config.policies)
        return try NavigationModel(config: config, screens: screens)
    }

    /// The previous screen with the seed's empty back title.
    static let home = Screen(id: "home", title: "Home", item: NavigationItem(backItem: BackItem(title: "")))

    /// A top screen.
    static func top(
        _ id: String = "detail", title: String? = "Detail", left: [BarItem] = [], right: [BarItem] = [],
        backAction: Screen.BackAction = .pop, supplement: Bool = false, hidesBack: Bool = false, titleView: Size? = nil,
        popGesture: Screen.PopGesture = .inherit, bar: BarAppearance? = nil
    ) -> Screen {
        Screen(
            id: id, title: title,
            item: NavigationItem(
                titleView: titleView, leftItems: left, rightItems: right, hidesBackButton: hidesBack,
                leftItemsSupplementBackButton: supplement),
            backAction: backAction, bar: bar, popGesture: popGesture)
    }

    static func text(_ id: String, _ title: String, width: Double? = nil, enabled: Bool = true, hidden: Bool = false) -> BarItem {
        BarItem(id: id, content: .title(title), enabled: enabled, hidden: hidden, width: width)
    }

    static func image(_ id: String, _ side: Double = 24) -> BarItem {
        BarItem(id: id, content: .image(Size(width: side, height: side)))
    }

    static func custom(
        _ id: String, width: Double = 44, height: Double = 44, offset: Point = .zero,
        policy: CustomView.TouchPolicy = .bounds, insets: EdgeInsets = .zero
    ) -> BarItem {
        BarItem(
            id: id,
            content: .customView(CustomView(width: width, height: height, offset: offset, touchPolicy: policy, hitInsets: insets)))
    }

    /// The seed's iOS 7 phone: 320 x 480, status bar 20 (GEO-5).
    static func seedPhone(
        _ profile: Profile = .ios10, backAction: Screen.BackAction = .pop, policies: (inout Policies) -> Void = { _ in },
        right: [BarItem] = []
    ) throws -> NavigationModel {
        try model(
            profile, width: 320, height: 480, statusBar: 20, policies: policies,
            [home, top("fish", title: "A Story About a Fish", right: right, backAction: backAction)])
    }

    static func bar(_ m: NavigationModel) -> LaidOutBar {
        BarLayoutEngine.layout(model: m)!
    }

    static func hit(_ m: NavigationModel, _ x: Double, _ y: Double, trace: Bool = false) -> BarHitResult {
        BarHitTesting.hitTest(bar(m), point: Point(x: x, y: y), trace: trace)
    }

    /// The back button's text as the back-title engine decides it for the top screen.
    static func backText(_ m: NavigationModel) -> String? {
        let t = BackTitleEngine.backTitle(model: m, screenIndex: m.screens.count - 1)
        switch t.display {
        case .text, .generic: return (t.title?.isEmpty ?? true) ? nil : t.title
        case .arrowOnly, .hidden: return nil
        }
    }

    static func chevron(_ bar: LaidOutBar) -> Rect? {
        for d in bar.drawing { if case .chevron(let r) = d { return r } }
        return nil
    }
}

/// A compact description of a hit, for comparing with a vector's expectation.
struct Expect: Sendable, CustomStringConvertible {
    var kind: HitTarget.Kind
    var item: String?
    var action: HitAction

    static func back(_ action: HitAction) -> Expect { Expect(kind: .backButton, item: nil, action: action) }
    static func item(_ id: String) -> Expect { Expect(kind: .barItem, item: id, action: .itemAction(id)) }
    static func itemNone(_ id: String) -> Expect { Expect(kind: .barItem, item: id, action: .none) }
    static let swallowed = Expect(kind: .bar, item: nil, action: .none)
    static let content = Expect(kind: .content, item: nil, action: .none)
    static let none = Expect(kind: .none, item: nil, action: .none)
    static let title = Expect(kind: .title, item: nil, action: .none)
    static let titleView = Expect(kind: .titleView, item: nil, action: .none)
    static let searchField = Expect(kind: .searchField, item: nil, action: .none)

    func matches(_ r: BarHitResult) -> Bool {
        r.target.kind == kind && r.target.itemId == item && r.action == action
    }

    var description: String { "\(kind.rawValue)\(item.map { "(\($0))" } ?? "") \(action)" }
}

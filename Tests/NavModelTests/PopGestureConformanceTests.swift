import Testing

@testable import NavModel

/// Conformance vectors for SEMANTICS section 4: each names its rule and states whether the swipe begins.
struct PopGestureConformanceTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var id: String
        var rule: String
        var depth: Int = 2
        var top: Screen = Screen(id: "top")
        var config: SessionConfig = SessionConfig()
        var start: Point
        var begins: Bool
        var recognizer: PopGesture.Recognizer
        var testDescription: String { "\(id) (\(rule))" }
    }

    static let close = BarItem(id: "close", content: .customView(CustomView(width: 44, height: 44, offset: Point(x: -10, y: 0))))

    static func config(_ body: (inout SessionConfig) -> Void) -> SessionConfig {
        var c = SessionConfig()
        body(&c)
        return c
    }

    static func screen(
        left: [BarItem] = [], supplement: Bool = false, hidesBack: Bool = false, bar: BarAppearance? = nil,
        backAction: Screen.BackAction = .pop, pop: Screen.PopGesture = .inherit
    ) -> Screen {
        Screen(
            id: "top", item: NavigationItem(leftItems: left, hidesBackButton: hidesBack, leftItemsSupplementBackButton: supplement),
            backAction: backAction, bar: bar, popGesture: pop)
    }

    static let edge = Point(x: 5, y: 300)
    static let middle = Point(x: 200, y: 300)
    static let fullscreen = config { $0.policies.popGesture = .fullscreen }

    static let vectors: [Vector] = [
        // POP-4: never on a stack of one.
        Vector(id: "POPV-01", rule: "POP-4", depth: 1, start: edge, begins: false, recognizer: .none),
        Vector(id: "POPV-02", rule: "POP-4", depth: 1, top: screen(pop: .edge), start: edge, begins: false, recognizer: .none),
        Vector(id: "POPV-03", rule: "POP-4", depth: 1, config: fullscreen, start: middle, begins: false, recognizer: .none),
        Vector(id: "POPV-04", rule: "POP-4", depth: 3, start: edge, begins: true, recognizer: .systemEdge),
        // POP-1/POP-2/POP-6: the system edge recognizer and its band.
        Vector(id: "POPV-05", rule: "POP-6", start: Point(x: 0, y: 300), begins: true, recognizer: .systemEdge),
        Vector(id: "POPV-06", rule: "POP-6", start: Point(x: 19.9, y: 300), begins: true, recognizer: .systemEdge),
        Vector(id: "POPV-07", rule: "POP-6", start: Point(x: 20, y: 300), begins: false, recognizer: .systemEdge),
        Vector(id: "POPV-08", rule: "POP-6", start: middle, begins: false, recognizer: .systemEdge),
        Vector(
            id: "POPV-09", rule: "POP-6", config: config { $0.policies.popEdgeWidth = 30 }, start: Point(x: 25, y: 300), begins: true,
            recognizer: .systemEdge),
        Vector(id: "POPV-10", rule: "POP-2", start: Point(x: 5, y: 70), begins: true, recognizer: .systemEdge),
        // POP-3: what stops UIKit's edge recognizer, and the screen setting that restores it.
        Vector(id: "POPV-11", rule: "POP-3", top: screen(left: [close]), start: edge, begins: false, recognizer: .systemEdge),
        Vector(id: "POPV-12", rule: "POP-3", top: screen(left: [close], pop: .edge), start: edge, begins: true, recognizer: .restoredEdge),
        Vector(
            id: "POPV-13", rule: "POP-3", top: screen(left: [close], pop: .edge), start: middle, begins: false, recognizer: .restoredEdge),
        Vector(
            id: "POPV-14", rule: "POP-3", top: screen(left: [close], pop: .fullscreen), start: middle, begins: true, recognizer: .fullscreen
        ),
        Vector(id: "POPV-15", rule: "POP-3", top: screen(hidesBack: true), start: edge, begins: false, recognizer: .systemEdge),
        Vector(
            id: "POPV-16", rule: "POP-3", top: screen(hidesBack: true, pop: .edge), start: edge, begins: true, recognizer: .restoredEdge),
        Vector(id: "POPV-17", rule: "POP-3", config: config { $0.bar.hidden = true }, start: edge, begins: false, recognizer: .systemEdge),
        Vector(
            id: "POPV-18", rule: "POP-3", top: screen(bar: BarAppearance(hidden: true)), start: edge, begins: false, recognizer: .systemEdge
        ),
        Vector(
            id: "POPV-19", rule: "POP-3", top: screen(bar: BarAppearance(hidden: false)), config: config { $0.bar.hidden = true },
            start: edge, begins: true, recognizer: .systemEdge),
        Vector(
            id: "POPV-20", rule: "POP-3", top: screen(left: [close], supplement: true), start: edge, begins: true, recognizer: .systemEdge),
        Vector(
            id: "POPV-21", rule: "POP-3", top: screen(left: [close], supplement: true),
            config: config { $0.policies.supplementKeepsPopGesture = false }, start: edge, begins: false, recognizer: .systemEdge),
        Vector(
            id: "POPV-22", rule: "POP-3", top: screen(backAction: .custom),
            config: config { $0.policies.backInterception = .leftItem }, start: edge, begins: false, recognizer: .systemEdge),
        Vector(
            id: "POPV-23", rule: "POP-3", top: screen(backAction: .custom, pop: .edge),
            config: config { $0.policies.backInterception = .leftItem }, start: edge, begins: true, recognizer: .restoredEdge),
        // POP-5: a custom back action does not stop the swipe (it is bypassed), under delegate and mask.
        Vector(id: "POPV-24", rule: "POP-5", top: screen(backAction: .custom), start: edge, begins: true, recognizer: .systemEdge),
        Vector(
            id: "POPV-25", rule: "POP-5", top: screen(backAction: .custom),
            config: config {
                $0.profile = .ios10
                $0.policies.backInterception = .mask
            }, start: edge, begins: true, recognizer: .systemEdge),
        // POP-1: switched off.
        Vector(
            id: "POPV-26", rule: "POP-1", config: config { $0.policies.popGesture = .disabled }, start: edge, begins: false,
            recognizer: .disabled),
        Vector(
            id: "POPV-27", rule: "POP-1", top: screen(pop: .disabled), config: fullscreen, start: middle, begins: false,
            recognizer: .disabled),
        Vector(
            id: "POPV-28", rule: "POP-1", top: screen(pop: .edge), config: config { $0.policies.popGesture = .disabled }, start: edge,
            begins: true, recognizer: .restoredEdge),
        Vector(id: "POPV-29", rule: "POP-1", start: Point(x: -1, y: 300), begins: false, recognizer: .none),
        Vector(id: "POPV-30", rule: "POP-1", start: Point(x: 5, y: 844), begins: false, recognizer: .none),
        // POP-7: the full-screen variant.
        Vector(id: "POPV-31", rule: "POP-7", config: fullscreen, start: middle, begins: true, recognizer: .fullscreen),
        Vector(id: "POPV-32", rule: "POP-7", config: fullscreen, start: Point(x: 389, y: 843), begins: true, recognizer: .fullscreen),
        Vector(
            id: "POPV-33", rule: "POP-7",
            config: config {
                $0.policies.popGesture = .fullscreen
                $0.policies.popMaxStartX = 200
            }, start: middle, begins: true, recognizer: .fullscreen),
        Vector(
            id: "POPV-34", rule: "POP-7",
            config: config {
                $0.policies.popGesture = .fullscreen
                $0.policies.popMaxStartX = 200
            }, start: Point(x: 200.5, y: 300), begins: false, recognizer: .fullscreen),
        Vector(
            id: "POPV-35", rule: "POP-7", top: screen(left: [close], hidesBack: true), config: fullscreen, start: middle, begins: true,
            recognizer: .fullscreen),
        Vector(id: "POPV-36", rule: "POP-7", top: screen(pop: .fullscreen), start: middle, begins: true, recognizer: .fullscreen),
    ]

    @Test("pop gesture vectors", arguments: vectors)
    func vector(_ v: Vector) throws {
        var screens = (1..<v.depth).map { Screen(id: "s\($0)", title: "S\($0)") }
        screens.append(v.top)
        let model = try NavigationModel(config: v.config, screens: screens)
        let verdict = PopGesture.test(model: model, start: v.start)
        #expect(verdict.begins == v.begins, "\(v.id): \(verdict.reason)")
        #expect(verdict.recognizer == v.recognizer, "\(v.id)")
        #expect(verdict.reason.contains("(POP-") || verdict.rule == "POP-1", "\(v.id): \(verdict.reason)")
        #expect(!verdict.reason.isEmpty)
    }

    @Test("vectors cover every interactive-pop rule")
    func coverage() {
        let rules = Set(Self.vectors.map(\.rule))
        for rule in ["POP-1", "POP-2", "POP-3", "POP-4", "POP-5", "POP-6", "POP-7"] { #expect(rules.contains(rule), "\(rule)") }
    }
}

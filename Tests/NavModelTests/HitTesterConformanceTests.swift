import Testing

@testable import NavModel

/// Conformance vectors for SEMANTICS section 2: each names its rule and states UIKit's answer.
struct HitTesterConformanceTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var id: String
        var rule: String
        var tree: View
        var point: Point
        /// The id of the view `hitTest` returns; nil for none.
        var expected: String?
        var alphaRule: Policies.AlphaRule = .lessThan
        var testDescription: String { "\(id) (\(rule))" }
    }

    static func v(
        _ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ subviews: [View] = [],
        hidden: Bool = false, alpha: Double = 1, enabled: Bool = true, policy: View.TouchPolicy = .bounds,
        insets: EdgeInsets = .zero, bounds: Rect? = nil, action: String? = nil
    ) -> View {
        v(
            id, "UIView", x, y, w, h, subviews, hidden: hidden, alpha: alpha, enabled: enabled, policy: policy, insets: insets,
            bounds: bounds, action: action)
    }

    static func v(
        _ id: String, _ cls: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ subviews: [View] = [],
        hidden: Bool = false, alpha: Double = 1, enabled: Bool = true, policy: View.TouchPolicy = .bounds,
        insets: EdgeInsets = .zero, bounds: Rect? = nil, action: String? = nil
    ) -> View {
        View(
            id: id, className: cls, frame: Rect(x: x, y: y, width: w, height: h), bounds: bounds, hidden: hidden, alpha: alpha,
            userInteractionEnabled: enabled, touchPolicy: policy, hitInsets: insets, action: action, subviews: subviews)
    }

    /// SEMANTICS section 6's tree.
    static let r = v("R", 0, 0, 320, 480, [v("A", 0, 0, 100, 100, [v("A1", 50, 50, 100, 100)])])
    static func siblings(back: View, front: View) -> View { v("root", 0, 0, 200, 200, [back, front]) }
    static let overlap = siblings(back: v("back", 0, 0, 200, 200), front: v("front", 0, 0, 100, 100))

    static let vectors: [Vector] = [
        Vector(id: "HT-01", rule: "HT-1", tree: r, point: Point(x: 10, y: 10), expected: "A"),
        Vector(id: "HTV-02", rule: "HT-1", tree: r, point: Point(x: 60, y: 60), expected: "A1"),
        Vector(id: "HT-03", rule: "HT-1", tree: r, point: Point(x: 120, y: 120), expected: "R"),
        Vector(id: "HTV-04", rule: "HT-1", tree: r, point: Point(x: 400, y: 10), expected: nil),
        Vector(id: "HT-05", rule: "HT-3", tree: r, point: Point(x: 100, y: 100), expected: "R"),
        Vector(id: "HTV-06", rule: "HT-3", tree: r, point: Point(x: 0, y: 0), expected: "A"),
        Vector(id: "HTV-07", rule: "HT-3", tree: r, point: Point(x: 99.5, y: 10), expected: "A"),
        Vector(id: "HTV-08", rule: "HT-3", tree: r, point: Point(x: 10, y: 100), expected: "R"),
        Vector(
            id: "HTV-09", rule: "HT-3", tree: v("root", 0, 0, 100, 100, [v("zero", 10, 10, 0, 0)]), point: Point(x: 10, y: 10),
            expected: "root"),
        Vector(
            id: "HTV-10", rule: "HT-3",
            tree: v(
                "root", 0, 0, 100, 100,
                [v("shifted", 0, 0, 100, 100, [v("child", 0, 50, 10, 10)], bounds: Rect(x: 0, y: 50, width: 100, height: 100))]),
            point: Point(x: 5, y: 5), expected: "child"),
        Vector(
            id: "HTV-11", rule: "HT-3", tree: v("root", 0, 0, 100, 100, [v("neg", -10, -10, 30, 30)]), point: Point(x: 5, y: 5),
            expected: "neg"),
        Vector(
            id: "HTV-12", rule: "HT-1", tree: v("root", 0, 0, 100, 100, [v("p", 0, 0, 50, 50, [v("c", 0, 0, 50, 50)], hidden: true)]),
            point: Point(x: 5, y: 5), expected: "root"),
        Vector(
            id: "HTV-13", rule: "HT-1", tree: v("root", 0, 0, 100, 100, [v("c", 0, 0, 50, 50, hidden: true)]), point: Point(x: 5, y: 5),
            expected: "root"),
        Vector(id: "HTV-14", rule: "HT-1", tree: v("root", 0, 0, 100, 100, hidden: true), point: Point(x: 5, y: 5), expected: nil),
        Vector(id: "HTV-15", rule: "HT-2", tree: overlap, point: Point(x: 50, y: 50), expected: "front"),
        Vector(id: "HTV-16", rule: "HT-2", tree: overlap, point: Point(x: 150, y: 150), expected: "back"),
        Vector(
            id: "HTV-17", rule: "HT-2", tree: siblings(back: v("back", 0, 0, 200, 200), front: v("front", 0, 0, 100, 100, enabled: false)),
            point: Point(x: 50, y: 50), expected: "back"),
        Vector(
            id: "HTV-18", rule: "HT-2", tree: siblings(back: v("back", 0, 0, 200, 200), front: v("front", 0, 0, 100, 100, alpha: 0)),
            point: Point(x: 50, y: 50), expected: "back"),
        Vector(
            id: "HTV-19", rule: "HT-4", tree: v("root", 0, 0, 100, 100, [v("faint", 0, 0, 50, 50, alpha: 0.01)]), point: Point(x: 5, y: 5),
            expected: "faint"),
        Vector(
            id: "HTV-20", rule: "HT-4", tree: v("root", 0, 0, 100, 100, [v("faint", 0, 0, 50, 50, alpha: 0.01)]), point: Point(x: 5, y: 5),
            expected: "root", alphaRule: .lessThanOrEqual),
        Vector(
            id: "HTV-21", rule: "HT-4", tree: v("root", 0, 0, 100, 100, [v("faint", 0, 0, 50, 50, alpha: 0.0099)]),
            point: Point(x: 5, y: 5), expected: "root"),
        Vector(
            id: "HTV-22", rule: "HT-4", tree: v("root", 0, 0, 100, 100, [v("faint", 0, 0, 50, 50, alpha: 0.011)]), point: Point(x: 5, y: 5),
            expected: "faint", alphaRule: .lessThanOrEqual),
        Vector(
            id: "HTV-23", rule: "HT-5",
            tree: v("root", 0, 0, 100, 100, [v("off", 0, 0, 50, 50, [v("button", "UIButton", 0, 0, 20, 20)], enabled: false)]),
            point: Point(x: 5, y: 5), expected: "root"),
        Vector(
            id: "HTV-24", rule: "HT-5",
            tree: v(
                "button", "UIButton", 0, 0, 100, 44,
                [v("label", "UILabel", 10, 10, 80, 20, enabled: false), v("image", "UIImageView", 0, 0, 10, 44, enabled: false)]),
            point: Point(x: 20, y: 20), expected: "button"),
        Vector(
            id: "HTV-25", rule: "HT-6",
            tree: v("root", 0, 0, 100, 100, [v("small", 40, 40, 20, 20, insets: EdgeInsets(top: -12, left: -12, bottom: -12, right: -12))]),
            point: Point(x: 30, y: 30), expected: "small"),
        Vector(
            id: "HTV-26", rule: "HT-6",
            tree: v("root", 0, 0, 100, 100, [v("small", 40, 40, 20, 20, insets: EdgeInsets(top: -12, left: -12, bottom: -12, right: -12))]),
            point: Point(x: 72, y: 50), expected: "root"),
        Vector(
            id: "HTV-27", rule: "HT-6",
            tree: v("bar", 0, 0, 320, 44, [v("container", 16, 0, 44, 44, [v("button", "UIButton", -10, 0, 44, 44)], policy: .outside)]),
            point: Point(x: 8, y: 20), expected: "button"),
        Vector(
            id: "HTV-28", rule: "HT-1",
            tree: v("bar", 0, 0, 320, 44, [v("container", 16, 0, 44, 44, [v("button", "UIButton", -10, 0, 44, 44)])]),
            point: Point(x: 8, y: 20), expected: "bar"),
        Vector(
            id: "HTV-29", rule: "HT-6",
            tree: siblings(
                back: v("content", 0, 0, 200, 200), front: v("overlay", 0, 0, 200, 200, [v("chip", 150, 0, 50, 50)], policy: .passThrough)),
            point: Point(x: 20, y: 20), expected: "content"),
        Vector(
            id: "HTV-30", rule: "HT-6",
            tree: siblings(
                back: v("content", 0, 0, 200, 200), front: v("overlay", 0, 0, 200, 200, [v("chip", 150, 0, 50, 50)], policy: .passThrough)),
            point: Point(x: 160, y: 20), expected: "chip"),
        // HT-13: the seed's mask (document version) over an iOS 7 bar whose subviews have interaction off.
        Vector(
            id: "HTV-31", rule: "HT-13",
            tree: v(
                "bar", "UINavigationBar", 0, 0, 320, 44,
                [
                    v("backButtonView", "UINavigationItemButtonView", 8, 6, 41, 30, enabled: false),
                    v("mask", "QYMaskView", 8, 6, 100, 30, [v("maskButton", "UIButton", 0, 0, 20, 30, action: "customBack")]),
                ]),
            point: Point(x: 12, y: 20), expected: "maskButton"),
        Vector(
            id: "HTV-32", rule: "HT-13",
            tree: v(
                "bar", "UINavigationBar", 0, 0, 320, 44,
                [
                    v("backButtonView", "UINavigationItemButtonView", 8, 6, 41, 30, enabled: false),
                    v("mask", "QYMaskView", 8, 6, 100, 30, [v("maskButton", "UIButton", 0, 0, 20, 30, action: "customBack")]),
                ]),
            point: Point(x: 60, y: 20), expected: "mask"),
        Vector(
            id: "HTV-33", rule: "HT-10",
            tree: v(
                "bar", "UINavigationBar", 0, 0, 320, 44,
                [
                    v("backButtonView", "UINavigationItemButtonView", 8, 6, 41, 30, enabled: false),
                    v("indicator", "_UINavigationBarBackIndicatorView", 8, 12, 12.5, 20.5, enabled: false),
                ]),
            point: Point(x: 40, y: 20), expected: "bar"),
    ]

    @Test("hit-test vectors", arguments: vectors)
    func vector(_ vector: Vector) {
        let outcome = HitTester.hitTest(vector.tree, point: vector.point, options: HitTestOptions(alphaRule: vector.alphaRule))
        let hit = outcome.path.flatMap { vector.tree.descendant(at: $0) }
        #expect(hit?.id == vector.expected, "\(vector.id) \(vector.rule)")
        // HT-8: the answer does not depend on how often it is asked.
        #expect(HitTester.hitTest(vector.tree, point: vector.point, options: HitTestOptions(alphaRule: vector.alphaRule)) == outcome)
        // The trace ends on a `hit` step exactly when something was hit, and that step is the hit view.
        if let path = outcome.path {
            #expect(outcome.trace.last { $0.verdict == .hit }?.path == path)
        } else {
            #expect(!outcome.trace.contains { $0.verdict == .hit && $0.path.isEmpty })
        }
    }

    @Test("HT-7: the control's own action wins over an ancestor's recognizer; a label defers to its button")
    func actions() throws {
        let tree = Self.v(
            "cell", 0, 0, 320, 44,
            [
                Self.v("button", "UIButton", 200, 0, 100, 44, [Self.v("label", "UILabel", 10, 10, 80, 20, enabled: true)], action: "share")
            ], action: "selectRow")
        let onLabel = try #require(HitTester.hitTest(tree, point: Point(x: 220, y: 20)).path)
        #expect(tree.descendant(at: onLabel)?.id == "label")
        #expect(HitTester.nearestAction(in: tree, path: onLabel)?.name == "share")
        let onCell = try #require(HitTester.hitTest(tree, point: Point(x: 20, y: 20)).path)
        #expect(HitTester.nearestAction(in: tree, path: onCell)?.name == "selectRow")
    }

    @Test("vectors cover every hit-testing rule the generic tester implements")
    func coverage() {
        let rules = Set(Self.vectors.map(\.rule))
        for rule in ["HT-1", "HT-2", "HT-3", "HT-4", "HT-5", "HT-6"] { #expect(rules.contains(rule), "\(rule)") }
    }
}

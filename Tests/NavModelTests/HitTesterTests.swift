import Testing

@testable import NavModel

/// The generic hit tester against SEMANTICS section 2 (HT-1 to HT-8).
struct HitTesterTests {
    /// SEMANTICS section 6: `R(0,0,320,480) ⊃ A(0,0,100,100) ⊃ A1(50,50,100,100)`.
    static let worked = View(
        id: "R", frame: Rect(x: 0, y: 0, width: 320, height: 480),
        subviews: [
            View(
                id: "A", frame: Rect(x: 0, y: 0, width: 100, height: 100),
                subviews: [View(id: "A1", frame: Rect(x: 50, y: 50, width: 100, height: 100))])
        ])

    func hitId(_ root: View, _ x: Double, _ y: Double, _ options: HitTestOptions = HitTestOptions()) -> String? {
        guard let path = HitTester.hitTest(root, point: Point(x: x, y: y), options: options).path else { return nil }
        return root.descendant(at: path)?.id
    }

    @Test("HT-01 (HT-1, HT-2): the farthest descendant containing the point")
    func workedHT01() {
        #expect(hitId(Self.worked, 10, 10) == "A")
        #expect(hitId(Self.worked, 60, 60) == "A1")
    }

    @Test("HT-03 (HT-1): a subview drawn outside its parent's bounds is not hit there")
    func workedHT03() {
        #expect(hitId(Self.worked, 120, 120) == "R")
    }

    @Test("HT-05 (HT-3): max edges are excluded")
    func workedHT05() {
        #expect(hitId(Self.worked, 100, 100) == "R")
        #expect(hitId(Self.worked, 99.999, 99.999) == "A1")
        #expect(hitId(Self.worked, 0, 0) == "A")
        #expect(hitId(Self.worked, 320, 10) == nil)
        #expect(hitId(Self.worked, -0.001, 10) == nil)
    }

    @Test("HT-1: hidden, disabled and transparent views drop their whole subtree", arguments: ["hidden", "disabled", "alpha"])
    func ineligibleSubtree(_ kind: String) {
        var tree = Self.worked
        switch kind {
        case "hidden": tree.subviews[0].hidden = true
        case "disabled": tree.subviews[0].userInteractionEnabled = false
        default: tree.subviews[0].alpha = 0
        }
        #expect(hitId(tree, 60, 60) == "R")
        let outcome = HitTester.hitTest(tree, point: Point(x: 60, y: 60))
        let expected: TraceStep.Verdict = kind == "hidden" ? .hidden : kind == "disabled" ? .disabled : .transparent
        #expect(outcome.trace.map(\.verdict) == [.hit, expected])
    }

    @Test("HT-1: an ineligible root answers nil")
    func ineligibleRoot() {
        var tree = Self.worked
        tree.hidden = true
        #expect(HitTester.hitTest(tree, point: Point(x: 10, y: 10)).path == nil)
    }

    @Test("HT-4: alpha exactly 0.01 is hittable by default, not under lessThanOrEqual")
    func alphaThreshold() {
        var tree = Self.worked
        tree.subviews[0].alpha = 0.01
        #expect(hitId(tree, 10, 10) == "A")
        #expect(hitId(tree, 10, 10, HitTestOptions(alphaRule: .lessThanOrEqual)) == "R")
        tree.subviews[0].alpha = 0.0099
        #expect(hitId(tree, 10, 10) == "R")
    }

    @Test("HT-2: the front-most (last) overlapping sibling wins")
    func lastToFirst() {
        let tree = View(
            id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100),
            subviews: [
                View(id: "back", frame: Rect(x: 0, y: 0, width: 100, height: 100)),
                View(id: "front", frame: Rect(x: 0, y: 0, width: 50, height: 50)),
            ])
        #expect(hitId(tree, 10, 10) == "front")
        #expect(hitId(tree, 60, 60) == "back")
        let trace = HitTester.hitTest(tree, point: Point(x: 60, y: 60)).trace
        #expect(trace.map(\.view) == ["root", "front", "back"])
        #expect(trace.map(\.verdict) == [.hit, .outside, .hit])
    }

    @Test("HT-3: bounds.origin shifts containment and the children's coordinates")
    func boundsOrigin() {
        // A scrolled view: bounds origin (0, 100) shows content 100..200.
        let tree = View(
            id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 300),
            subviews: [
                View(
                    id: "scroll", frame: Rect(x: 0, y: 0, width: 100, height: 100),
                    bounds: Rect(x: 0, y: 100, width: 100, height: 100),
                    subviews: [
                        View(id: "row0", frame: Rect(x: 0, y: 0, width: 100, height: 100)),
                        View(id: "row1", frame: Rect(x: 0, y: 100, width: 100, height: 100)),
                    ])
            ])
        #expect(hitId(tree, 10, 10) == "row1")
        #expect(hitId(tree, 10, 99) == "row1")
        #expect(hitId(tree, 10, 100) == "root")
        let trace = HitTester.hitTest(tree, point: Point(x: 10, y: 10)).trace
        // row1's frame in root coordinates: its frame moved by the parent's scroll.
        #expect(trace.first { $0.view == "row1" }?.frame == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test("HT-6: negative hitInsets enlarge point(inside:), positive ones shrink it")
    func hitInsets() {
        var tree = View(
            id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100),
            subviews: [
                View(
                    id: "button", frame: Rect(x: 40, y: 40, width: 20, height: 20),
                    hitInsets: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10))
            ])
        #expect(hitId(tree, 31, 31) == "button")
        #expect(hitId(tree, 69.9, 69.9) == "button")
        #expect(hitId(tree, 70, 50) == "root")
        tree.subviews[0].hitInsets = EdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        #expect(hitId(tree, 42, 42) == "root")
        #expect(hitId(tree, 45, 45) == "button")
    }

    /// The container/button pair of seeds 001 and 002: the button sits 10 pt to the left of its container.
    static func container(_ policy: View.TouchPolicy) -> View {
        View(
            id: "bar", frame: Rect(x: 0, y: 0, width: 320, height: 44),
            subviews: [
                View(
                    id: "container", frame: Rect(x: 16, y: 0, width: 44, height: 44), touchPolicy: policy,
                    subviews: [View(id: "button", className: "UIButton", frame: Rect(x: -10, y: 0, width: 44, height: 44), action: "back")])
            ])
    }

    @Test("HT-6: touchPolicy outside reaches a subview beyond the container's bounds")
    func outsidePolicy() {
        // Bar x 8 = container x -8: inside the button (-10..34), outside the container.
        #expect(hitId(Self.container(.bounds), 8, 20) == "bar")
        #expect(hitId(Self.container(.outside), 8, 20) == "button")
        // Inside both: the button either way.
        #expect(hitId(Self.container(.bounds), 20, 20) == "button")
        // Inside the container but right of the button (container x 40): the container itself.
        #expect(hitId(Self.container(.outside), 56, 20) == "container")
        // Beyond both: the outside container does not return itself, the bar does.
        let outcome = HitTester.hitTest(Self.container(.outside), point: Point(x: 200, y: 20))
        #expect(outcome.path == [])
        #expect(outcome.trace.map(\.verdict) == [.hit, .outside, .outside])
    }

    @Test("HT-6: an outside container that is disabled still drops its subtree")
    func outsidePolicyStillEligible() {
        var tree = Self.container(.outside)
        tree.subviews[0].userInteractionEnabled = false
        #expect(hitId(tree, 8, 20) == "bar")
    }

    @Test("HT-6: a pass-through overlay never returns itself but its subviews still hit")
    func passThrough() {
        let tree = View(
            id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100),
            subviews: [
                View(id: "content", frame: Rect(x: 0, y: 0, width: 100, height: 100)),
                View(
                    id: "overlay", frame: Rect(x: 0, y: 0, width: 100, height: 100), touchPolicy: .passThrough,
                    subviews: [View(id: "badge", frame: Rect(x: 80, y: 0, width: 20, height: 20))]),
            ])
        #expect(hitId(tree, 50, 50) == "content")
        #expect(hitId(tree, 90, 10) == "badge")
        let trace = HitTester.hitTest(tree, point: Point(x: 50, y: 50)).trace
        #expect(trace.first { $0.view == "overlay" }?.verdict == .transparent)
        // A pass-through root answers nil.
        var root = tree
        root.touchPolicy = .passThrough
        root.subviews = []
        #expect(HitTester.hitTest(root, point: Point(x: 1, y: 1)).path == nil)
    }

    @Test("HT-2: the trace lists each visited view with its frame in root coordinates")
    func traceFrames() {
        let outcome = HitTester.hitTest(Self.worked, point: Point(x: 60, y: 60))
        #expect(outcome.path == [0, 0])
        #expect(outcome.trace.map(\.view) == ["R", "A", "A1"])
        #expect(outcome.trace.map(\.verdict) == [.hit, .hit, .hit])
        #expect(outcome.trace.map(\.path) == [[], [0], [0, 0]])
        #expect(outcome.trace[2].frame == Rect(x: 50, y: 50, width: 100, height: 100))
        let quiet = HitTester.hitTest(Self.worked, point: Point(x: 60, y: 60), options: HitTestOptions(recordTrace: false))
        #expect(quiet.path == [0, 0])
        #expect(quiet.trace.isEmpty)
    }

    @Test("HT-8: hit testing is pure; repeated calls give the same outcome")
    func purity() {
        let tree = Self.container(.outside)
        let first = HitTester.hitTest(tree, point: Point(x: 8, y: 20))
        let second = HitTester.hitTest(tree, point: Point(x: 8, y: 20))
        #expect(first == second)
        #expect(tree == Self.container(.outside))
    }

    @Test("HT-7: the nearest action on the hit view or an ancestor handles the touch")
    func nearestAction() {
        var tree = Self.container(.bounds)
        #expect(HitTester.nearestAction(in: tree, path: [0, 0]) == ResolvedAction(name: "back", path: [0, 0]))
        #expect(HitTester.nearestAction(in: tree, path: [0]) == nil)
        tree.action = "barTap"
        #expect(HitTester.nearestAction(in: tree, path: [0]) == ResolvedAction(name: "barTap", path: []))
        #expect(HitTester.nearestAction(in: tree, path: [0, 0])?.name == "back")
        #expect(HitTester.nearestAction(in: tree, path: [5]) == nil)
    }

    @Test("HT-6: forwardFirst hands the touch to a descendant before the default test (IXNavigationBar)")
    func forwardOverride() {
        // A content view swallows everything in the bar; the container's button sticks out left of the container.
        let bar = View(
            id: "bar", frame: Rect(x: 0, y: 0, width: 320, height: 44),
            subviews: [
                View(
                    id: "content", frame: Rect(x: 0, y: 0, width: 320, height: 44),
                    subviews: [
                        View(
                            id: "stack", frame: Rect(x: 16, y: 0, width: 44, height: 44),
                            subviews: [
                                View(
                                    id: "container", frame: Rect(x: 0, y: 0, width: 44, height: 44), touchPolicy: .outside,
                                    subviews: [View(id: "button", frame: Rect(x: -10, y: 0, width: 44, height: 44))])
                            ])
                    ])
            ])
        let point = Point(x: 8, y: 20)
        let plain = HitTester.hitTest(bar, point: point, overrides: [[0]: .intercept])
        #expect(plain.path == [0])
        #expect(plain.trace.map(\.verdict) == [.hit, .intercepted])

        let targets = HitTester.descendantPaths(of: bar) { $0.touchPolicy == .outside }
        #expect(targets == [[0, 0, 0]])
        let forwarded = HitTester.hitTest(bar, point: point, overrides: [[]: .forwardFirst(targets), [0]: .intercept])
        #expect(forwarded.path == [0, 0, 0, 0])
        #expect(forwarded.trace.first?.verdict == .forwarded)
        // The step names the view the touch was handed to, not the button inside it that took the touch.
        #expect(forwarded.trace.first?.note == "handed the touch to the view at [0, 0, 0]")
        #expect(forwarded.trace.last?.view == "button")
        #expect(forwarded.trace.last?.frame == Rect(x: 6, y: 0, width: 44, height: 44))

        // Where the forwarded view finds nothing, the default test runs and the content view intercepts.
        let fallback = HitTester.hitTest(bar, point: Point(x: 200, y: 20), overrides: [[]: .forwardFirst(targets), [0]: .intercept])
        #expect(fallback.path == [0])
    }

    @Test("HT-6: forwardFirst runs even when the forwarding view itself is hidden, as a swizzled hitTest does")
    func forwardBeforeEligibility() {
        var tree = Self.container(.outside)
        tree.hidden = true
        let outcome = HitTester.hitTest(tree, point: Point(x: 8, y: 20), overrides: [[]: .forwardFirst([[0]])])
        #expect(outcome.path == [0, 0])
        let missed = HitTester.hitTest(tree, point: Point(x: 200, y: 20), overrides: [[]: .forwardFirst([[0]])])
        #expect(missed.path == nil)
        #expect(missed.trace.first?.verdict == .hidden)
    }
}

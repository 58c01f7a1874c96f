/// UIKit's `hitTest(_:with:)` over a `View` tree (HT-1 to HT-8). Pure: the same tree and point always give the
/// same answer and nothing is changed, so callers may run it as often as UIKit does (HT-8).
///
/// For each view, in this order:
/// 1. eligibility (HT-1, HT-4, HT-5): `hidden`, `userInteractionEnabled == false` or a transparent `alpha`
///    skip the view and its whole subtree;
/// 2. `point(inside:)` (HT-3, HT-6): the effective bounds, outset by negative `hitInsets`, half-open edges;
///    a point outside skips the subtree, except under `touchPolicy: outside`;
/// 3. subviews last to first (HT-2), the point converted to each child
///    (child-local = parent-local − child.frame.origin + child.bounds.origin); the first non-nil answer wins;
/// 4. else the view itself, unless its `touchPolicy` is `passThrough` (HT-6).
public enum HitTester {
    /// Hit-tests `point`, given in `root`'s own (bounds) coordinates.
    public static func hitTest(_ root: View, point: Point, options: HitTestOptions = HitTestOptions()) -> HitTestOutcome {
        hitTest(root, point: point, options: options, overrides: [:])
    }

    /// Hit-tests `point` with some views' `hitTest` replaced: `overrides` is keyed by the view's path from the root.
    public static func hitTest(
        _ root: View, point: Point, options: HitTestOptions = HitTestOptions(), overrides: [[Int]: HitTestOverride]
    ) -> HitTestOutcome {
        var walker = Walker(options: options, overrides: overrides)
        let found = withUnsafePointer(to: root) { walker.test($0, point: point, offset: .zero, frameInRoot: root.effectiveBounds) }
        return HitTestOutcome(path: found ? walker.path : nil, trace: walker.trace, hitViewId: found ? walker.hitViewId : nil)
    }

    /// Whether `view` takes part in hit testing at all (HT-1, HT-4, HT-5); nil when it does, else the verdict.
    public static func ineligibility(of view: View, alphaRule: Policies.AlphaRule = .lessThan) -> TraceStep.Verdict? {
        if view.hidden { return .hidden }
        if !view.userInteractionEnabled { return .disabled }
        if isTransparent(alpha: view.alpha, rule: alphaRule) { return .transparent }
        return nil
    }

    /// `alpha < 0.01` (Apple's wording, the default) or `alpha <= 0.01` (HT-4).
    public static func isTransparent(alpha: Double, rule: Policies.AlphaRule) -> Bool {
        if alpha.isNaN { return true }
        switch rule {
        case .lessThan: return alpha < 0.01
        case .lessThanOrEqual: return alpha <= 0.01
        }
    }

    /// `point(inside:)`: the effective bounds inset by `hitInsets` (negative values enlarge it), half-open (HT-3, HT-6).
    public static func pointInside(_ view: View, _ point: Point) -> Bool {
        view.effectiveBounds.inset(by: view.hitInsets).contains(point)
    }

    /// `point` (in `parent`'s coordinates) in the coordinates of `child`, a direct subview (HT-3; no transforms).
    public static func convert(_ point: Point, toChild child: View) -> Point {
        convert(point, childFrame: child.frame, childBounds: child.effectiveBounds)
    }

    /// `convert(_:toChild:)` from the child's frame and effective bounds.
    static func convert(_ point: Point, childFrame frame: Rect, childBounds b: Rect) -> Point {
        Point(x: point.x - frame.x + b.x, y: point.y - frame.y + b.y)
    }

    /// The nearest `action` on the view at `path` or one of its ancestors (HT-7): the touch's handler.
    public static func nearestAction(in root: View, path: [Int]) -> ResolvedAction? {
        var chain: [(View, [Int])] = [(root, [])]
        var node = root
        for (depth, index) in path.enumerated() {
            guard node.subviews.indices.contains(index) else { return nil }
            node = node.subviews[index]
            chain.append((node, Array(path[...depth])))
        }
        for (view, p) in chain.reversed() {
            if let action = view.action { return ResolvedAction(name: action, path: p) }
        }
        return nil
    }

    /// Paths (relative to `view`, itself excluded) of the descendants matching `predicate`, in the order the
    /// IXNavigationBar technique searches them: depth first, each view before its subviews, subviews first to last.
    public static func descendantPaths(of view: View, where predicate: (View) -> Bool) -> [[Int]] {
        var out: [[Int]] = []
        func visit(_ node: View, _ prefix: [Int]) {
            for (i, child) in node.subviews.enumerated() {
                let p = prefix + [i]
                if predicate(child) { out.append(p) }
                visit(child, p)
            }
        }
        visit(view, [])
        return out
    }
}

/// One hit test's state: the options and the trace being written.
private struct Walker {
    let options: HitTestOptions
    /// The overrides as a list: there are one or two, so comparing paths beats hashing one at every view.
    let overrides: [(path: [Int], override: HitTestOverride)]
    var trace: [TraceStep] = []
    /// The child indices from the root to the view being tested: one array, pushed and popped on the way.
    /// Once a view is hit nothing is popped any more, so it is the hit view's path when the test is over.
    var path: [Int] = []
    /// The id of the view that returned itself last: the hit view, once the test is over.
    var hitViewId: String?

    init(options: HitTestOptions, overrides: [[Int]: HitTestOverride]) {
        self.options = options
        self.overrides = overrides.map { (path: $0.key, override: $0.value) }
        path.reserveCapacity(16)
    }

    /// `view.hitTest(point)`; `point` is in the view's own coordinates, `offset` maps them to the root's
    /// (root = local + offset), `frameInRoot` is what the trace shows. True when a view was hit: `path` and
    /// `hitViewId` then name it.
    ///
    /// The view is lent by address, as are its children in turn: passed by value, each would be copied (a
    /// reference count for each of its parts) and destroyed again at every level.
    mutating func test(_ node: UnsafePointer<View>, point: Point, offset: Point, frameInRoot: Rect) -> Bool {
        // Only a traced test hands the path on: a copy held past here would make the next push copy it again.
        let step = options.recordTrace ? record(node.pointee, path: path, frame: frameInRoot) : nil
        let override = overrides.isEmpty ? nil : overrides.first(where: { $0.path == path })?.override

        if case .forwardFirst(let targets)? = override {
            let depth = path.count
            for relative in targets where forward(from: node.pointee, point: point, offset: offset, to: relative) {
                if step != nil {
                    set(step, .forwarded, note: "handed the touch to \(describe(Array(path[..<(depth + relative.count)])))")
                }
                return true
            }
        }

        if let verdict = HitTester.ineligibility(of: node.pointee, alphaRule: options.alphaRule) {
            set(step, verdict, note: nil)
            return false
        }

        let inside = HitTester.pointInside(node.pointee, point)
        if case .intercept? = override {
            guard inside else {
                set(step, .outside, note: nil)
                return false
            }
            set(step, .intercepted, note: "answers for itself without asking its subviews")
            hitViewId = node.pointee.id
            return true
        }

        if !inside && node.pointee.touchPolicy != .outside {
            set(step, .outside, note: nil)
            return false
        }

        let childHit = node.pointee.subviews.withUnsafeBufferPointer { children in
            for index in children.indices.reversed() {
                let b = children[index].effectiveBounds
                let frame = children[index].frame
                let childPoint = HitTester.convert(point, childFrame: frame, childBounds: b)
                let childOffset = Point(x: offset.x + frame.x - b.x, y: offset.y + frame.y - b.y)
                let childFrame = frame.offsetBy(dx: offset.x, dy: offset.y)
                // Pushed for the child, and left in place when it was hit: `path` then leads to the hit view.
                path.append(index)
                if test(children.baseAddress! + index, point: childPoint, offset: childOffset, frameInRoot: childFrame) { return true }
                path.removeLast()
            }
            return false
        }
        if childHit {
            set(step, .hit, note: inside ? nil : "a subview beyond the bounds took the point (touchPolicy outside)")
            return true
        }

        guard inside else {
            set(step, .outside, note: "no subview took the point either (touchPolicy outside)")
            return false
        }
        if node.pointee.touchPolicy == .passThrough {
            set(step, .transparent, note: "pass-through: never returns itself")
            return false
        }
        set(step, .hit, note: nil)
        hitViewId = node.pointee.id
        return true
    }

    /// Hit-tests the descendant at `relative` directly, converting the point down the chain. True when a view
    /// was hit (`path` then leads to it, through `relative`).
    private mutating func forward(from view: View, point: Point, offset: Point, to relative: [Int]) -> Bool {
        var node = view
        var p = point
        var off = offset
        var frame = Rect.zero
        for index in relative {
            guard node.subviews.indices.contains(index) else { return false }
            let child = node.subviews[index]
            let b = child.effectiveBounds
            frame = child.frame.offsetBy(dx: off.x, dy: off.y)
            p = HitTester.convert(p, toChild: child)
            off = Point(x: off.x + child.frame.x - b.x, y: off.y + child.frame.y - b.y)
            node = child
        }
        guard !relative.isEmpty else { return false }
        path.append(contentsOf: relative)
        if withUnsafePointer(to: &node, { test($0, point: p, offset: off, frameInRoot: frame) }) { return true }
        path.removeLast(relative.count)
        return false
    }

    private mutating func record(_ view: View, path: [Int], frame: Rect) -> Int? {
        guard options.recordTrace else { return nil }
        trace.append(TraceStep(view: view.displayName, frame: frame, verdict: .outside, path: path, className: view.className))
        return trace.count - 1
    }

    private mutating func set(_ step: Int?, _ verdict: TraceStep.Verdict, note: String?) {
        guard let step else { return }
        trace[step].verdict = verdict
        trace[step].note = note
    }

    private func describe(_ path: [Int]) -> String {
        path.isEmpty ? "the root" : "the view at [" + path.map(String.init).joined(separator: ", ") + "]"
    }
}

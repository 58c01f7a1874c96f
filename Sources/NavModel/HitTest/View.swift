/// A UIKit view, as far as hit testing cares (SEMANTICS section 2).
public struct View: Sendable, Hashable {
    /// How `hitTest` treats the view's bounds.
    public enum TouchPolicy: String, Sendable, Hashable, CaseIterable {
        /// UIKit's default: a point outside the bounds skips the whole subtree (HT-1).
        case bounds
        /// Subviews are searched even beyond the bounds (HT-6, the seeds' outside-touch views).
        case outside
        /// The view never returns itself: only its subviews can be hit (HT-6 pass-through overlay).
        case passThrough
    }

    public var id: String?
    /// The class name, e.g. `UIButton`.
    public var className: String
    /// In the superview's coordinates.
    public var frame: Rect
    /// Nil means `(0, 0, frame.width, frame.height)`; a non-zero origin shifts containment (HT-3).
    public var bounds: Rect?
    public var hidden: Bool
    public var alpha: Double
    public var userInteractionEnabled: Bool
    public var touchPolicy: TouchPolicy
    /// Outsets (negative) enlarge `point(inside:)` (HT-6).
    public var hitInsets: EdgeInsets
    /// What a tap on this view does, when it is the hit view (a control's action or a recognizer).
    public var action: String?
    /// Back to front: the last subview is the front-most (HT-2).
    public var subviews: [View]

    public init(
        id: String? = nil, className: String = "UIView", frame: Rect, bounds: Rect? = nil, hidden: Bool = false,
        alpha: Double = 1, userInteractionEnabled: Bool = true, touchPolicy: TouchPolicy = .bounds,
        hitInsets: EdgeInsets = .zero, action: String? = nil, subviews: [View] = []
    ) {
        self.id = id
        self.className = className
        self.frame = frame
        self.bounds = bounds
        self.hidden = hidden
        self.alpha = alpha
        self.userInteractionEnabled = userInteractionEnabled
        self.touchPolicy = touchPolicy
        self.hitInsets = hitInsets
        self.action = action
        self.subviews = subviews
    }

    /// The effective bounds.
    public var effectiveBounds: Rect { bounds ?? Rect(x: 0, y: 0, width: frame.width, height: frame.height) }
}

/// One step of a hit test's explanation.
public struct TraceStep: Sendable, Hashable {
    public enum Verdict: String, Sendable, Hashable {
        case hit, outside, hidden, transparent, disabled, intercepted, forwarded
    }
    /// A readable name for the view: its id, else its class.
    public var view: String
    /// The view's frame in the root's (or window) coordinates.
    public var frame: Rect
    public var verdict: Verdict
    public init(view: String, frame: Rect, verdict: Verdict) {
        self.view = view
        self.frame = frame
        self.verdict = verdict
    }
}

/// Options of the generic hit tester.
public struct HitTestOptions: Sendable, Hashable {
    public var alphaRule: Policies.AlphaRule
    public init(alphaRule: Policies.AlphaRule = .lessThan) { self.alphaRule = alphaRule }
}

/// What `hitTest` returned.
public struct HitTestOutcome: Sendable, Hashable {
    /// Child indices from the root to the hit view; nil when nothing was hit.
    public var path: [Int]?
    public var trace: [TraceStep]
    public init(path: [Int]?, trace: [TraceStep]) {
        self.path = path
        self.trace = trace
    }
}

/// UIKit's `hitTest(_:with:)` over a `View` tree (HT-1 to HT-8). Pure.
public enum HitTester {
    /// Hit-tests `point`, given in `root`'s own (bounds) coordinates.
    public static func hitTest(_ root: View, point: Point, options: HitTestOptions = HitTestOptions()) -> HitTestOutcome {
        HitTestOutcome(path: nil, trace: [])
    }
}

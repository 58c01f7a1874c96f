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

extension View {
    /// The id of the descendant at `path` (nil when there is none, or it has no id), read in place: no view
    /// along the way is copied.
    public func descendantID(at path: ArraySlice<Int>) -> String? {
        guard let first = path.first else { return id }
        guard subviews.indices.contains(first) else { return nil }
        return subviews[first].descendantID(at: path.dropFirst())
    }

    /// The descendant at `path` (child indices from this view); `[]` is the view itself.
    public func descendant(at path: [Int]) -> View? {
        var node = self
        for index in path {
            guard node.subviews.indices.contains(index) else { return nil }
            node = node.subviews[index]
        }
        return node
    }

    /// The number of views in the tree, this one included.
    public var nodeCount: Int { subviews.reduce(1) { $0 + $1.nodeCount } }

    /// The deepest nesting below this view: 1 for a view without subviews.
    public var depth: Int { 1 + (subviews.map(\.depth).max() ?? 0) }

    /// The name a trace shows: the id, else the class.
    public var displayName: String { id ?? className }
}

/// One step of a hit test's explanation: one per view whose `hitTest` ran, in visiting order.
public struct TraceStep: Sendable, Hashable {
    /// What the view's `hitTest` concluded.
    public enum Verdict: String, Sendable, Hashable, CaseIterable {
        /// The view returned itself or a descendant (every view on the chain to the hit view says `hit`).
        case hit
        /// The point is not inside the view (and, under `touchPolicy: outside`, no subview took it).
        case outside
        /// `hidden`: the view and its subtree are skipped (HT-1).
        case hidden
        /// `alpha` below the threshold (HT-1, HT-4), or a pass-through view that found no subview (HT-6).
        case transparent
        /// `userInteractionEnabled == false`: the view and its subtree are skipped (HT-5).
        case disabled
        /// The view answered for itself without asking its subviews (a `HitTestOverride.intercept`).
        case intercepted
        /// The view handed the touch to a descendant before its own test (a `HitTestOverride.forwardFirst`).
        case forwarded
    }
    /// A readable name for the view: its id, else its class.
    public var view: String
    /// The view's frame in the root's (or window) coordinates.
    public var frame: Rect
    public var verdict: Verdict
    /// Child indices from the root; empty for the root.
    public var path: [Int]
    /// Why, when the verdict alone does not say (e.g. "pass-through: never returns itself").
    public var note: String?
    /// The view's class, when known.
    public var className: String?

    public init(view: String, frame: Rect, verdict: Verdict, path: [Int] = [], note: String? = nil, className: String? = nil) {
        self.view = view
        self.frame = frame
        self.verdict = verdict
        self.path = path
        self.note = note
        self.className = className
    }
}

/// Options of the generic hit tester.
public struct HitTestOptions: Sendable, Hashable {
    /// How `alpha == 0.01` is judged (HT-4).
    public var alphaRule: Policies.AlphaRule
    /// Whether to record the trace; off saves work when only the answer matters.
    public var recordTrace: Bool
    public init(alphaRule: Policies.AlphaRule = .lessThan, recordTrace: Bool = true) {
        self.alphaRule = alphaRule
        self.recordTrace = recordTrace
    }
}

/// A caller's replacement for one view's `hitTest`, for techniques that override it on a specific view
/// (the bar layer uses these for the iOS 11 content view and the IXNavigationBar forwarding).
public enum HitTestOverride: Sendable, Hashable {
    /// Before anything else (even its own eligibility, as a swizzled `hitTest` does), the view hit-tests each of
    /// these descendants (paths relative to it, point converted down the chain, ancestors in between not consulted)
    /// and returns the first non-nil answer; step verdict `forwarded`. When none answers, the default test runs.
    case forwardFirst([[Int]])
    /// After the eligibility check, the view returns itself for any point inside it without asking its subviews;
    /// step verdict `intercepted` (a container that swallows touches).
    case intercept
}

/// What `hitTest` returned.
public struct HitTestOutcome: Sendable, Hashable {
    /// Child indices from the root to the hit view; nil when nothing was hit.
    public var path: [Int]?
    public var trace: [TraceStep]
    /// The hit view's id (nil when nothing was hit, or the view has none).
    public var hitViewId: String?
    public init(path: [Int]?, trace: [TraceStep], hitViewId: String? = nil) {
        self.path = path
        self.trace = trace
        self.hitViewId = hitViewId
    }
}

/// The action that acts on a touch: the nearest `action` on the hit view or an ancestor (HT-7).
public struct ResolvedAction: Sendable, Hashable {
    /// The view's `action` string.
    public var name: String
    /// Child indices from the root to the view that carries it.
    public var path: [Int]
    public init(name: String, path: [Int]) {
        self.name = name
        self.path = path
    }
}

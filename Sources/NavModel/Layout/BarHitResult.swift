/// What a tap on the bar does (PROTOCOL.md `HitResult.action`).
public enum HitAction: Sendable, Hashable {
    /// The stack pops to the screen with this id.
    case pop(to: String)
    /// The client is asked (`navigation/backRequested`).
    case customBack
    /// The item's action runs (`navigation/itemTapped`).
    case itemAction(String)
    /// Nothing happens.
    case none

    /// The wire name of the kind.
    public var kindName: String {
        switch self {
        case .pop: return "pop"
        case .customBack: return "customBack"
        case .itemAction: return "itemAction"
        case .none: return "none"
        }
    }
}

/// Who receives a tap (PROTOCOL.md `HitResult.target`).
public struct HitTarget: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case backButton, barItem, titleView, title, bar, content, none
        /// The integrated search field (GEO-16).
        case searchField
    }
    public var kind: Kind
    public var screenId: String?
    public var itemId: String?
    public init(kind: Kind, screenId: String? = nil, itemId: String? = nil) {
        self.kind = kind
        self.screenId = screenId
        self.itemId = itemId
    }
}

/// Why a tap does nothing, or how it got where it went (an extension field, `reason`).
public enum HitReason: String, Sendable, Hashable, CaseIterable {
    /// The view an item or overlay put there takes the touch and does nothing (the seed's mask, a container).
    case deadZone
    /// The bar, its content view or a stack view takes the touch and does nothing.
    case swallowed
    /// The item is disabled.
    case disabled
    /// The title or title view: shown, not a control.
    case inert
    /// The screen's `backAction` is `none`.
    case backActionNone
    /// The point is outside the bar and the screen's content: above the bar, or beside it off the screen.
    case outsideBar
    /// The point is below the bar: the screen's content.
    case belowBar
    /// The bar is hidden and takes no taps.
    case hiddenBar
    /// The integrated search field takes the focus; the stack does not change (GEO-16).
    case search
}

/// The answer of `bar/hitTest` (PROTOCOL.md `HitResult`).
public struct BarHitResult: Sendable, Hashable {
    public var target: HitTarget
    public var action: HitAction
    /// The hit test's explanation; filled only when asked.
    public var trace: [TraceStep]
    /// Why nothing happens (or nil when the action acts).
    public var reason: HitReason?
    /// The id of the view UIKit's hit test returned (nil: none).
    public var hitView: String?
    /// The point the bar actually tested, when the touch slop moved it (HT-9).
    public var slopPoint: Point?

    public init(
        target: HitTarget, action: HitAction, trace: [TraceStep] = [], reason: HitReason? = nil, hitView: String? = nil,
        slopPoint: Point? = nil
    ) {
        self.target = target
        self.action = action
        self.trace = trace
        self.reason = reason
        self.hitView = hitView
        self.slopPoint = slopPoint
    }
}

/// One touchable area of the bar (`bar/hitRegions`).
public struct HitRegion: Sendable, Hashable {
    public var target: HitTarget
    public var action: HitAction
    /// Window coordinates.
    public var frame: Rect
    /// Why the area does nothing, when it does nothing.
    public var reason: HitReason?
    /// The view that takes the touch there.
    public var hitView: String?
    /// The area is reached only through the touch slop.
    public var viaSlop: Bool

    public init(target: HitTarget, action: HitAction, frame: Rect, reason: HitReason?, hitView: String?, viaSlop: Bool) {
        self.target = target
        self.action = action
        self.frame = frame
        self.reason = reason
        self.hitView = hitView
        self.viaSlop = viaSlop
    }
}

/// Where a window point lies against the bar's frame: above or below it, left or right of it (half-open, as
/// `Rect.contains` decides, HT-3). The hit test reads it for `belowBar`, and a reader of `bar/hitTest` (whose
/// result carries the bar's frame) reads it to say where a point that misses the bar lies.
public struct PointPlacement: Sendable, Hashable {
    public enum Vertical: Sendable, Hashable, CaseIterable {
        case above, below
    }
    public enum Horizontal: Sendable, Hashable, CaseIterable {
        case left, right
    }
    /// nil: within the bar's rows.
    public var vertical: Vertical?
    /// nil: within the bar's columns.
    public var horizontal: Horizontal?
    /// Outside the window: beside the bar (which spans the window's width) or above the window's top edge.
    public var offScreen: Bool

    public init(point: Point, bar: Rect) {
        vertical = point.y < bar.minY ? .above : point.y >= bar.maxY ? .below : nil
        horizontal = point.x < bar.minX ? .left : point.x >= bar.maxX ? .right : nil
        offScreen = horizontal != nil || point.y < 0
    }

    /// Inside the bar's frame.
    public var isInside: Bool { vertical == nil && horizontal == nil }
}

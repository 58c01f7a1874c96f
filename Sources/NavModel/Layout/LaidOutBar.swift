/// One laid-out navigation bar: the view tree UIKit would build for the top screen, plus what the
/// tree alone cannot say (era L item columns, the touch slop, the elements' roles).
///
/// `bar/layout`, `bar/hitTest`, `bar/hitRegions`, `bar/render` and the diagnostics all derive from one
/// `LaidOutBar`, so they cannot disagree.
public struct LaidOutBar: Sendable, Hashable {
    /// The screen whose bar this is.
    public var screenId: String
    public var profile: Profile
    /// The bar's frame, window coordinates (GEO-1, GEO-2, GEO-14).
    public var barFrame: Rect
    /// The bar is hidden: it is not drawn and takes no taps.
    public var hidden: Bool
    /// The root of the tree: a window holding the navigation bar. Frames are window coordinates at the root.
    public var window: View
    /// What each view of the tree is, by view id (looked up at every hit test).
    public var roles: NameTable<BarRole>
    /// The back button, items, title and title view, leading to trailing.
    public var elements: [LayoutElement]
    /// What is drawn, back to front (for `bar/render`).
    public var drawing: [BarDrawing]
    /// Era L: the x-columns through which the bar itself assigns a touch to an item (HT-10), window coordinates.
    public var columns: [LegacyColumn]
    /// The slop band pulled into the bar's items, when on (HT-9, GEO-15).
    public var slop: TouchSlop?
    /// Child-index paths (from `window`) of the custom-view containers the bar forwards touches to
    /// (`forwardOutsideTouches`, iOS 11 and later), in registration order.
    public var forwardingPaths: [[Int]]
    /// What the system back button does when it receives the tap (nil: no back button).
    public var backAction: HitAction?
    /// The screen the back button returns to.
    public var previousScreenId: String?
    /// The title label's frame (window), for telling "the title" from the bare bar: the large title's when it shows.
    public var titleFrame: Rect?
    /// The seed's mask overlay is installed (BB-13, HT-13).
    public var maskInstalled: Bool
    /// Taps on the mask outside its button (HT-13).
    public var maskOutside: Policies.MaskOutside
    /// Items whose `enabled` is false: their area takes the touch and does nothing.
    public var disabledItems: Set<String>
    /// How alpha 0.01 is judged (HT-4).
    public var alphaRule: Policies.AlphaRule
    /// The font family the bar's text was measured in (`textMetrics`), for drawing it.
    public var textFamily: TextMetrics.Family = .sanFrancisco
    /// The real font the bar's text was measured with, if any (`SessionConfig.textFont`).
    public var textFont: TextFont?
    /// Texts whose widths were given (`policies.textWidths`) rather than measured, for drawing them at that width.
    public var textWidths = TextWidths()

    /// The navigation bar's path in `window`.
    public static let barPath: [Int] = [0]

    /// The element of a given kind and id.
    public func element(_ kind: LayoutElement.Kind, id: String? = nil) -> LayoutElement? {
        elements.first { $0.kind == kind && (id == nil || $0.id == id) }
    }
}

/// What a view of the bar tree stands for.
public enum BarRole: Sendable, Hashable {
    /// The window around the bar: a touch here is not on the bar.
    case window
    /// `UINavigationBar` itself (in era L it assigns touches to items by column).
    case bar
    /// A view that swallows touches without acting: the background, `_UINavigationBarContentView`, a stack view.
    case swallow
    /// The system back button.
    case backButton
    /// The left item that stands in for the back button (`backInterception: leftItem`).
    case syntheticBack
    /// A bar item's touchable view (system button, or a custom view's button).
    case item(String)
    /// A custom view's container: it takes touches that miss its button and does nothing with them.
    case itemContainer(String)
    /// The custom title view.
    case titleView
    /// The seed's `QYMaskView` overlay (HT-13).
    case mask
    /// The 20x30 button inside the mask: the custom back action.
    case maskButton
    /// The integrated search field's text field (GEO-16).
    case searchField
}

/// A bar element as `bar/layout` reports it.
public struct LayoutElement: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case backButton, barItem, title, titleView
        /// The large title's label in the large-title row (GEO-13).
        case largeTitle
        /// The integrated search field (GEO-16).
        case searchField
    }
    public enum Side: String, Sendable, Hashable, CaseIterable {
        case left, right, center
    }
    public var kind: Kind
    /// The item id for `barItem`.
    public var id: String?
    public var side: Side
    /// The touch container, window coordinates (for the title: its label, which takes no touches).
    public var frame: Rect
    /// What is drawn, window coordinates.
    public var visibleFrame: Rect
    /// The text shown, when the element shows text.
    public var text: String?

    public init(kind: Kind, id: String? = nil, side: Side, frame: Rect, visibleFrame: Rect, text: String? = nil) {
        self.kind = kind
        self.id = id
        self.side = side
        self.frame = frame
        self.visibleFrame = visibleFrame
        self.text = text
    }
}

/// One thing drawn on the bar, window coordinates.
public enum BarDrawing: Sendable, Hashable {
    /// The bar's background, in its colour (nil: the default bar colour).
    case background(Rect, Color?)
    /// The back chevron.
    case chevron(Rect)
    /// A text: the back title, the title or an item label.
    case text(String, Rect, bold: Bool, enabled: Bool)
    /// An image, a system glyph, a custom view's button or a title view: drawn as a box.
    case box(Rect, label: String)
    /// An era G glass platter.
    case platter(Rect)
    /// The seed's mask overlay (invisible in the app; drawn dashed).
    case overlay(Rect)
    /// The large title, 34 pt bold (GEO-13).
    case largeTitle(String, Rect)
    /// The integrated search field (GEO-16).
    case searchField(Rect)
}

/// An era L touch column: the bar assigns a touch whose x lies in `frame` to `role` (HT-10).
public struct LegacyColumn: Sendable, Hashable {
    public var frame: Rect
    public var role: BarRole
    public init(frame: Rect, role: BarRole) {
        self.frame = frame
        self.role = role
    }
}

/// The touch slop band (HT-9, GEO-15).
public struct TouchSlop: Sendable, Hashable {
    /// Points above the bar (in the status bar) pulled down into it.
    public var above: Double
    /// Points below the bar pulled up into it.
    public var below: Double
    public init(above: Double, below: Double) {
        self.above = above
        self.below = below
    }
}

extension Rect {
    /// Rounded to a millionth of a point, so sums of text widths do not print as 46.742999999999995.
    public var snapped: Rect {
        func snap(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 }
        return Rect(x: snap(x), y: snap(y), width: snap(width), height: snap(height))
    }
}

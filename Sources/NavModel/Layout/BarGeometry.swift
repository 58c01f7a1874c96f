/// The numbers a profile lays its bar out with (SEMANTICS section 3; docs/_parts/semantics-layout.md).
public struct BarGeometry: Sendable, Hashable {
    public var era: Era
    /// Window width.
    public var width: Double
    /// Window height.
    public var height: Double
    public var statusBarHeight: Double
    /// The bar's height: 44 (GEO-1), `glassBarHeight` in era G (GEO-14), `compactBarHeight` in compact landscape (GEO-2),
    /// `sheetBarHeight` in a page sheet (`inSheet`).
    public var barHeight: Double
    /// The bar is a page sheet's (`bar.presentation` `pageSheet`, on a phone in portrait, from `ios13` to `ios17`):
    /// `sheetBarHeight` high, with the 44-pt row of buttons, back button and title centred in it.
    public var inSheet = false
    /// The layout margin `m`: 16 below 414 pt, 20 from 414 pt (GEO-4, GEO-8).
    public var margin: Double
    /// A system edge item's button reaches this far past the margin toward the screen edge (GEO-9).
    public var edgeSpacing: Double = 8
    /// Between two items of a group (GEO-9); in era G between two platters (`glassItemSpacing`, GEO-14).
    public var interItemSpacing: Double = 8
    /// Between the back button and the next group (GEO-9, GEO-11: 69 + 6 = 75).
    public var groupSpacing: Double = 6
    /// The back chevron (GEO-11: 13 x 21; `backIndicator` overrides).
    public var chevron: Size
    /// Between the chevron and the back title (GEO-11).
    public var chevronGap: Double = 6
    /// The width of a chevron-only back button in era M (GEO-11, `minimalBackButtonWidth`).
    public var minimalBackButtonWidth: Double
    /// The height of a text line at 17 pt, for visible frames.
    public var textHeight: Double = 21
    /// How far an era M back button with a title reaches past its label's end (GEO-11, `backButtonEnd`).
    public var backButtonEndPadding: Double = 0
    /// The font family text is measured in (`textMetrics`).
    public var textFamily: TextMetrics.Family = .sanFrancisco
    /// The large-title row under the top row (GEO-13): `largeTitleRowHeight` when the large title shows, else 0.
    public var largeTitleRowHeight: Double = 0
    /// The integrated search field's row under the large-title row (GEO-16): `searchRowHeight` when shown, else 0.
    public var searchRowHeight: Double = 0
    /// The real font text is measured with, when there is one (`SessionConfig.textFont`).
    public var textFont: TextFont?
    /// Texts' given widths (`policies.textWidths`), which replace the measure of those texts.
    public var textWidths = TextWidths()

    /// Era L: the seed's button views are 30 high (GEO-5).
    public static let legacyButtonHeight: Double = 30
    /// Era L: the title's `UINavigationItemView` is 27 high, 8 down in a 44-pt bar (iOS 7 and 8 dumps).
    public static let legacyTitleViewHeight: Double = 27
    /// Era L: the back button view is at least this wide, even with an empty title (the seed's 41, GEO-5).
    public static let legacyBackMinimumWidth: Double = 41
    /// Era L: a text item's button is its label, unpadded, its outer edge at m − 8, 7 pt down (an iOS 8
    /// dump: `UINavigationButton (278 7; 34 30)` holding a 34-pt label on a 320-pt bar).
    public static let legacyTextItemY: Double = 7
    /// Era L: an image item's button pads its glyph by 11 on each side, so the glyph sits on the margin
    /// (two iOS 7 dumps: `UINavigationButton (5 6; 44 30)` and `(271 6; 44 30)`, 22-pt glyph at x 11).
    public static let legacyImagePadding: Double = 11
    /// Era M: an image item's padding (GEO-9: 11, and 8 on the screen-edge side of the edge item).
    public static let imagePadding: Double = 11
    /// A page sheet's bar (on a phone, from iOS 13): 56 high, its buttons' 44-pt row 6 down (an iOS 13 dump of a
    /// sheet, Tests/Fixtures/dumps/ios13-sheet-375x667.txt: the bar `(0 0; 375 56)`, both stacks at y 6, 44 high).
    public static let sheetBarHeight: Double = 56
    /// The row a page sheet's bar centres its buttons in (the same dump).
    public static let sheetRowHeight: Double = 44
    /// Era G: glass platters are this tall; single glyphs are circles of this size (GEO-14).
    public static let platterSize: Double = 44
    /// Era G: a capsule is its label plus this much (6 per side, GEO-14).
    public static let platterPadding: Double = 12
    /// Era M from `ios14` (`backButtonEnd` `padded`): the back button ends this far past its label. An iOS 15
    /// element list shows "Home" in a 77.7-wide button that starts at 0 on a 375-pt phone: 8 + 13 + 6 and the
    /// label (45.3 in the model's metrics) end at 72.3.
    public static let paddedBackButtonEnd: Double = 5
    /// The large title's font size (34 pt bold, GEO-13).
    public static let largeTitleFontSize: Double = 34
    /// The large title label's height and its distance below the large-title row's top (the Settings page source:
    /// a 42-pt label 47 below a 44-pt row's top).
    public static let largeTitleLabelHeight: Double = 42
    public static let largeTitleLabelTop: Double = 3
    /// The search field's height inside its row, centred (reasoned: UISearchBar's rounded field).
    public static let searchFieldHeight: Double = 36
    /// A system glyph without a given size.
    public static let systemGlyph = Size(width: 24, height: 24)
    /// Widths at or above this get the 20-pt margin (GEO-8: 414 observed, 428/430 assumed).
    public static let wideMarginWidth: Double = 414

    public init(model: NavigationModel, screenIndex: Int) {
        let config = model.config
        let device = config.device
        let policies = config.policies
        era = config.profile.era
        width = device.width
        height = device.height
        statusBarHeight = device.statusBarHeight
        let compact = BarGeometry.isCompactLandscape(device)
        let appearance = model.barAppearance(at: screenIndex)
        switch era {
        case .legacy: barHeight = compact ? policies.compactBarHeight : 44
        case .modern:
            // GEO-1: iPad apps built with the iOS 12 SDK or later get 50-pt bars; the ios11 profile predates it.
            let pad = device.idiom == .pad && config.profile.majorVersion >= 13
            inSheet = BarGeometry.drawsSheetBar(appearance.presentation, profile: config.profile, device: device)
            barHeight = compact ? policies.compactBarHeight : inSheet ? BarGeometry.sheetBarHeight : (pad ? 50 : 44)
        case .glass: barHeight = compact ? policies.compactBarHeight : policies.glassBarHeight
        }
        margin = device.width >= BarGeometry.wideMarginWidth ? 20 : 16
        chevron = appearance.backIndicator ?? Size(width: 13, height: 21)
        minimalBackButtonWidth = policies.minimalBackButtonWidth
        if era == .glass { interItemSpacing = policies.glassItemSpacing }
        switch policies.backButtonEnd {
        case .labelEnd: backButtonEndPadding = 0
        case .padded: backButtonEndPadding = BarGeometry.paddedBackButtonEnd
        case .automatic: backButtonEndPadding = config.profile.majorVersion >= 14 ? BarGeometry.paddedBackButtonEnd : 0
        }
        textFamily = config.textFamily
        if model.showsLargeTitle(at: screenIndex) { largeTitleRowHeight = policies.largeTitleRowHeight }
        if model.showsSearchRow(at: screenIndex) { searchRowHeight = policies.searchRowHeight }
        textFont = config.textFont
        textWidths = policies.textWidths
    }

    /// GEO-2: a landscape phone whose width class is compact. Plus and Max phones are regular-width in
    /// landscape (736 pt, and 896 pt and wider) and keep 44; so do iPads (wider still).
    public static func isCompactLandscape(_ device: Device) -> Bool {
        device.width > device.height && device.width != 736 && device.width < 896
    }

    /// A page sheet draws its own bar from iOS 13 (the card presentation; before it a page sheet covered a phone's
    /// screen), on a phone, while it is a card: a compact-height (landscape) phone shows page sheets full screen. No
    /// sheet bar of an iPad or of iOS 26 has been seen, so those keep their bars (reasoned).
    public static func drawsSheetBar(_ presentation: BarAppearance.Presentation?, profile: Profile, device: Device) -> Bool {
        presentation == .pageSheet && profile.era == .modern && profile.majorVersion >= 13 && device.idiom == .phone
            && !isCompactLandscape(device)
    }

    /// Era L's edge inset: the seed's 320-pt bar starts its back view and chevron at 8 = m - 8 (GEO-4, GEO-5).
    public var legacyMargin: Double { margin - edgeSpacing }
    /// Where the back chevron sits in eras L and M: m - 8 (GEO-11, worked table).
    public var chevronX: Double { margin - edgeSpacing }
    /// The bar's whole height: its top row, then the large-title and search rows when they show.
    public var totalHeight: Double { barHeight + largeTitleRowHeight + searchRowHeight }
    /// The bar frame in window coordinates: every row (`UINavigationBar`'s frame covers the large title, GEO-13).
    public var barFrame: Rect { Rect(x: 0, y: statusBarHeight, width: width, height: totalHeight) }
    /// The large-title row, bar coordinates (nil: not shown).
    public var largeTitleRow: Rect? {
        largeTitleRowHeight > 0 ? Rect(x: 0, y: barHeight, width: width, height: largeTitleRowHeight) : nil
    }
    /// The search row, bar coordinates (nil: not shown).
    public var searchRow: Rect? {
        searchRowHeight > 0
            ? Rect(x: 0, y: barHeight + largeTitleRowHeight, width: width, height: searchRowHeight) : nil
    }
    /// Era G platter height.
    public var platterHeight: Double { min(BarGeometry.platterSize, barHeight) }
    /// The row the items, the back button and the title are centred in: the whole bar, but in era G only its
    /// top `platterHeight` (two iOS 26 sources on a 402-pt phone: the platters at the bar's top edge, and the
    /// title centred 11.7 down, in the top 44 of the 54-pt bar).
    public var rowHeight: Double {
        era == .glass ? platterHeight : inSheet ? min(BarGeometry.sheetRowHeight, barHeight) : barHeight
    }
    /// Where that row starts, bar coordinates: 0, but centred in a page sheet's taller bar (6 in its 56 pt).
    public var rowTop: Double { inSheet ? (barHeight - rowHeight) / 2 : 0 }
    /// The height of an era L/M system button (era L: 30; era M: the bar's).
    public var buttonHeight: Double { era == .legacy ? min(BarGeometry.legacyButtonHeight, barHeight) : barHeight }
    /// Top of an era L button view: 6 in a 44-pt bar (GEO-5).
    public var legacyButtonY: Double { max(0, (barHeight - BarGeometry.legacyButtonHeight) / 2 - 1) }

    /// A text's width: semibold for titles, regular for items and the back title, in `textFamily`, unless
    /// `textWidths` gives it; an item's `width` overrides.
    public func textWidth(_ text: String, bold: Bool = false) -> Double {
        textWidth(text, style: bold ? .title : .button)
    }

    /// What a system back button with a title is wider than its label (GEO-11, GEO-14): era M from x 0 to past the
    /// chevron and its gap, plus `backButtonEndPadding`; era L the chevron and its gap (the view starts at the
    /// margin); era G the chevron, its gap and the capsule's padding. `BarPlacement` lays the button out with it
    /// (before the eras' minimum widths) and `backLabelWidth` inverts it.
    public var backButtonChrome: Double {
        switch era {
        case .modern: return chevronX + chevron.width + chevronGap + backButtonEndPadding
        case .legacy: return chevron.width + chevronGap
        case .glass: return chevron.width + chevronGap + BarGeometry.platterPadding
        }
    }

    /// The width of the back title a system back button `buttonWidth` wide holds: what an input that gives the
    /// button and not its label drew the label at. nil when such a button holds no label.
    public func backLabelWidth(buttonWidth: Double) -> Double? {
        let label = buttonWidth - backButtonChrome
        return label > 0 ? label : nil
    }

    /// A text's width in `style`: its given width, else its measure.
    public func textWidth(_ text: String, style: TextWidths.Style) -> Double {
        TextMetrics.width(text, style: style, family: textFamily, font: textFont, given: textWidths)
    }
}

/// How a bar item is drawn, before placement.
enum ItemContent: Sendable, Hashable {
    case text(String, width: Double)
    case glyph(Size)
    case custom(CustomView)

    init(_ item: BarItem, _ g: BarGeometry) {
        switch item.content {
        case .title(let t):
            self = .text(t, width: item.width ?? g.textWidth(t))
        case .image(let size):
            self = .glyph(item.width.map { Size(width: $0, height: size.height) } ?? size)
        case .system(let name):
            if let label = ItemContent.systemLabels[name] {
                self = .text(label, width: item.width ?? g.textWidth(label))
            } else {
                let g = BarGeometry.systemGlyph
                self = .glyph(item.width.map { Size(width: $0, height: g.height) } ?? g)
            }
        case .customView(let v):
            self = .custom(v)
        }
    }

    /// `UIBarButtonItem.SystemItem`s drawn as text; the others are glyphs.
    static let systemLabels: [String: String] = [
        "done": "Done", "cancel": "Cancel", "edit": "Edit", "save": "Save", "undo": "Undo", "redo": "Redo",
        "close": "Close",
    ]

    var isCustom: Bool { if case .custom = self { return true } else { return false } }

    /// The label or glyph width (not for custom views).
    var contentWidth: Double {
        switch self {
        case .text(_, let w): return w
        case .glyph(let s): return s.width
        case .custom(let v): return v.width
        }
    }
}

extension BarGeometry {
    /// The width of an item's touchable button (custom views: the container), per era.
    /// `edge` is true for the item nearest the screen edge with nothing between it and the edge.
    func buttonWidth(_ content: ItemContent, edge: Bool) -> Double {
        switch (era, content) {
        case (_, .custom(let v)):
            return v.width
        case (.modern, .text(_, let w)):
            return w + edgeSpacing
        case (.modern, .glyph(let s)):
            return s.width + BarGeometry.imagePadding + (edge ? edgeSpacing : BarGeometry.imagePadding)
        case (.legacy, .text(_, let w)):
            return w
        case (.legacy, .glyph(let s)):
            return s.width + 2 * BarGeometry.legacyImagePadding
        case (.glass, .text(_, let w)):
            return max(platterHeight, w + BarGeometry.platterPadding)
        case (.glass, .glyph(let s)):
            return max(platterHeight, s.width + BarGeometry.platterPadding)
        }
    }

    /// How far the edge item's button starts from the screen edge.
    func edgeInset(_ content: ItemContent) -> Double {
        switch era {
        case .legacy:
            // Custom views on the margin (iOS 9 and 10 dumps: the trailing one ends at W − 16 on 320 and 375);
            // a glyph on the margin inside its padding; a text label at m − 8 (GEO-5's back view edge).
            switch content {
            case .custom: return margin
            case .glyph: return margin - BarGeometry.legacyImagePadding
            case .text: return legacyMargin
            }
        case .modern: return content.isCustom ? margin : margin - edgeSpacing
        case .glass: return margin
        }
    }
}

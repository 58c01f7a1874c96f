/// The UIKit bar generation a profile belongs to (SEMANTICS section 0).
public enum Era: String, Sendable, Hashable {
    /// iOS 7-10: manual layout; the bar itself decides which item a touch belongs to.
    case legacy = "L"
    /// iOS 11-18: `_UINavigationBarContentView`, items are real views.
    case modern = "M"
    /// iOS 26: Liquid Glass.
    case glass = "G"
}

/// A layout profile: the iOS version whose bar is modelled.
public enum Profile: String, Sendable, Hashable, CaseIterable {
    case ios10, ios11, ios13, ios14, ios17, ios26

    public var era: Era {
        switch self {
        case .ios10: return .legacy
        case .ios11, .ios13, .ios14, .ios17: return .modern
        case .ios26: return .glass
        }
    }

    /// The iOS major version the profile stands for.
    public var majorVersion: Int {
        switch self {
        case .ios10: return 10
        case .ios11: return 11
        case .ios13: return 13
        case .ios14: return 14
        case .ios17: return 17
        case .ios26: return 26
        }
    }
}

/// The screen the bar is laid out on.
public struct Device: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var statusBarHeight: Double
    public var scale: Double
    /// The real device these numbers are (`DevicePreset.name`); nil for a size given by hand.
    public var preset: String?

    public init(width: Double = 390, height: Double = 844, statusBarHeight: Double = 47, scale: Double = 3, preset: String? = nil) {
        self.width = width
        self.height = height
        self.statusBarHeight = statusBarHeight
        self.scale = scale
        self.preset = preset
    }

    /// Phone or pad: the preset's, else a pad when the shorter side is 700 pt or more (every iPad's is; no
    /// phone's is), which is what decides the iPad's 50-pt bar (GEO-1).
    public var idiom: DevicePreset.Idiom {
        if let preset, let known = DevicePreset.named(preset) { return known.idiom }
        return min(width, height) >= 700 ? .pad : .phone
    }

    public static let standard = Device()
}

/// How taps near the bar are pulled into it (HT-9, GEO-15).
public enum TouchSlopSetting: Sendable, Hashable {
    /// The profile decides: on (20 above, 15 below) for `ios10`, off later.
    case automatic
    case off
    case on(above: Double, below: Double)
}

/// The app-level techniques and the settings for every uncertain UIKit rule.
///
/// Field names match PROTOCOL.md section 4; the fields after `backTitleSnapshot` are additions
/// documented in docs/semantics.md, one per [UNCERTAIN] rule.
public struct Policies: Sendable, Hashable {
    public enum BackInterception: String, Sendable, Hashable, CaseIterable {
        case delegate, mask, leftItem
    }
    public enum PopGestureMode: String, Sendable, Hashable, CaseIterable {
        case edge, fullscreen, disabled
    }
    public enum TintMethod: String, Sendable, Hashable, CaseIterable {
        case yiq, wcag
    }
    /// Who picks the colour of a bar's items and title when the app sets none (COL-1, COL-3).
    public enum ForegroundPolicy: String, Sendable, Hashable, CaseIterable {
        /// Stock UIKit: items in the tint colour (systemBlue unless the bar or the app sets `tintColor`), the title
        /// in the label colour (black, or `titleColor`). UIKit never contrasts them with the bar colour.
        case uikit
        /// The seed's app policy: black or white, whichever `tintMethod` picks for the bar colour.
        case automatic
    }
    /// How `alpha == 0.01` is judged (HT-4).
    public enum AlphaRule: String, Sendable, Hashable, CaseIterable {
        /// Hidden below 0.01; 0.01 itself is hittable (Apple's wording, the default).
        case lessThan
        /// Hidden at 0.01 and below.
        case lessThanOrEqual
    }
    /// What an empty string shows (BB-8).
    public enum EmptyTitle: String, Sendable, Hashable, CaseIterable {
        /// The chevron alone.
        case arrowOnly
        /// As if the string were nil: the next source in BB-3 order (ultimately "Back").
        case fallThrough
    }
    /// Where the title is assumed to stand when the back title's room is measured (BB-6).
    public enum BackTitleRoom: String, Sendable, Hashable, CaseIterable {
        /// Era L: `slidTitle` (an iOS 7 dump); eras M and G: `centredTitle` (BB-6 as written).
        case automatic
        /// The back title has the room up to the title at its centred position.
        case centredTitle
        /// The title first slides toward the trailing items to make room; the back title gives way only
        /// when that is not enough.
        case slidTitle
    }
    /// GEO-11: where an era M back button with a title ends.
    public enum BackButtonEnd: String, Sendable, Hashable, CaseIterable {
        /// `labelEnd` on `ios11` and `ios13` (an iOS 12 trace), `padded` from `ios14` (an iOS 15 list).
        case automatic
        /// The button ends where its label ends.
        case labelEnd
        /// The button reaches `BarGeometry.backButtonEndPadding` past the end of its label.
        case padded
    }
    /// Whose advance widths measure bar text (docs/semantics.md, "Text widths").
    public enum TextMetricsSetting: String, Sendable, Hashable, CaseIterable {
        /// San Francisco for every profile: each stands for an iOS version set in it (`ios10` is iOS 10).
        case automatic
        /// San Francisco (iOS 9 and later).
        case sanFrancisco
        /// Helvetica Neue (iOS 7 and 8): what `navctl import` chooses for a recognisably iOS 7 dump.
        case helveticaNeue
    }
    /// A real font file to measure bar text with, and which face of it (docs/semantics.md, "Text widths"). The
    /// model never reads it: whoever reads the file (navd, navctl) sets `SessionConfig.textFont`.
    public struct TextFontSetting: Sendable, Hashable {
        /// A face of a collection: by index, or by its full, PostScript or family name.
        public enum Face: Sendable, Hashable {
            case index(Int)
            case name(String)
        }
        /// The font file's path, as given (a document's relative path resolves against the document's folder).
        public var file: String
        /// nil: the first face.
        public var face: Face?

        public init(file: String, face: Face? = nil) {
            self.file = file
            self.face = face
        }
    }
    /// Taps on the seed's mask outside its button (HT-13).
    public enum MaskOutside: String, Sendable, Hashable, CaseIterable {
        /// Swallowed: nothing happens (the default).
        case swallow
        /// The bar's own back handling still fires.
        case pop
    }

    // MARK: PROTOCOL.md section 4
    public var emptyBackTitles: Bool = false
    public var backInterception: BackInterception = .delegate
    public var popGesture: PopGestureMode = .edge
    public var popEdgeWidth: Double = 20
    public var popMaxStartX: Double = 0
    public var forwardOutsideTouches: Bool = false
    public var touchSlop: TouchSlopSetting = .automatic
    public var tintMethod: TintMethod = .yiq
    public var tintThreshold: Double = 186.0 / 256.0
    public var backTitleSnapshot: Bool = false
    /// Whether the bar's foreground is UIKit's default (the default) or the automatic black or white of
    /// `tintMethod` (an addition: docs/semantics.md, "The foreground policy").
    public var foreground: ForegroundPolicy = .uikit
    /// COL-4: the contrast `low-contrast` holds UIKit's default tint (systemBlue items where the app sets no colour)
    /// to on a bar colour the app chose, range 1-21. Reasoned: WCAG 2.1's 3:1 for user-interface components, since
    /// systemBlue on white is 4.02:1 and 4.5 would report UIKit's own look.
    public var defaultTintContrast: Double = 3

    // MARK: Settings for [UNCERTAIN] rules (docs/semantics.md)
    /// BB-7: keep the previous width fallback when the space grows again.
    public var stickyBackTitle: Bool = false
    /// BB-8: `backItem.title == ""`.
    public var emptyBackItemTitle: EmptyTitle = .arrowOnly
    /// BB-8: `backButtonTitle == ""`.
    public var emptyBackButtonTitle: EmptyTitle = .arrowOnly
    /// BB-8: the previous screen's `title == ""`.
    public var emptyScreenTitle: EmptyTitle = .fallThrough
    /// BB-14: on `ios26`, an empty `backItem` hides the back button entirely.
    public var glassEmptyBackItemHides: Bool = false
    /// HT-4.
    public var alphaRule: AlphaRule = .lessThan
    /// HT-13.
    public var maskOutside: MaskOutside = .swallow
    /// POP-3: with `leftItemsSupplementBackButton` the back button stays, and so does the swipe.
    public var supplementKeepsPopGesture: Bool = true
    /// GEO-11: the width of a back button showing the chevron alone (era M), range 29-44. A published
    /// iOS 12/13 element list shows 44 on a 375-pt phone (docs/semantics.md, "Evidence").
    public var minimalBackButtonWidth: Double = 44
    /// GEO-14: the bar height in era G, range 44-54.
    public var glassBarHeight: Double = 54
    /// GEO-14: the gap between two adjacent platters in era G, range 6-16. iOS 26.0.1's Photos app shows 12
    /// between two text platters; iOS 26.1's code gives 8 between the items of one group (docs/semantics.md).
    public var glassItemSpacing: Double = 12
    /// BB-6: whether the title slides aside before the back title falls back.
    public var backTitleRoom: BackTitleRoom = .automatic
    /// GEO-11: whether an era M back button with a title ends at its label or a little past it.
    public var backButtonEnd: BackButtonEnd = .automatic
    /// Text widths: the system font of the iOS version modelled (San Francisco from iOS 9, Helvetica Neue before).
    public var textMetrics: TextMetricsSetting = .automatic
    /// Text widths from a real font file (nil: none named; then `textMetrics` decides).
    public var textFont: TextFontSetting?
    /// Texts' widths as a device drew them, which replace the model's measure of those texts (an import's label
    /// frames; empty: none given).
    public var textWidths = TextWidths()
    /// SRC-5: how far `setBackButtonTitlePositionAdjustment` may move the back title, in points along either axis,
    /// before `back-title-offset-hack` reports it (reasoned: nudges of a few points align a title with a custom
    /// indicator; the hack moves it off the bar, by hundreds).
    public var backTitleOffsetLimit: Double = 20
    /// GEO-2: the bar height of a compact-width landscape phone (wider than tall, narrower than 896 pt, not the 736-pt Plus).
    public var compactBarHeight: Double = 32
    /// GEO-13: the large-title row under the bar's top row, range 44-60. iOS 11 added 52 (an iPad measurement,
    /// 96 = 44 + 52), and a published Appium page source of iOS's Settings shows a 96-pt bar on a 390-pt phone.
    public var largeTitleRowHeight: Double = 52
    /// GEO-16: the integrated search field's row under the bar (and under its large-title row), range 44-60.
    /// Reasoned: no published dump gives it; 52 is the large-title row's height.
    public var searchRowHeight: Double = 52
    /// HT-12: how far under 44 pt the modelled width of a system bar button may fall before `touch-target-small`
    /// reports it, range 0-10: the model's known error for such buttons. An iOS 13 sheet draws a leading text
    /// button with a 35-pt label 46 wide, where the model (label + 8) gives 43. Custom views keep the strict 44:
    /// their size is the app's own.
    public var touchTargetTolerance: Double = 3

    public init() {}
}

/// Everything about a session except its stack.
public struct SessionConfig: Sendable, Hashable {
    public var profile: Profile = .ios17
    public var device: Device = .standard
    public var locale: String = "en"
    /// Languages the app declares (`CFBundleLocalizations`); the generic title uses the first match (BB-10).
    public var appLocalizations: [String] = ["en"]
    public var policies: Policies = Policies()
    /// The session-wide bar appearance (`bar/update` without `screenId`).
    public var bar: BarAppearance = BarAppearance()

    public init() {}

    /// The real font bar text is measured with, read from `policies.textFont` (or a default of navd's or navctl's)
    /// by whoever reads files; nil: the calibrated tables of `textFamily` alone. Characters the font lacks
    /// measure with `textFamily`'s tables.
    public var textFont: TextFont?

    /// The width of a back title or an item's text: given (`policies.textWidths`), else measured.
    public func buttonTextWidth(_ text: String) -> Double {
        TextMetrics.width(text, style: .button, family: textFamily, font: textFont, given: policies.textWidths)
    }

    /// What measured the text, for answers that depend on widths: nil for the calibrated tables.
    public var measuredWith: MeasuredWith? { textFont.map(MeasuredWith.init) }

    /// The font family bar text is measured in (`policies.textMetrics`; `automatic` is San Francisco, the
    /// system font of every profile's iOS version).
    public var textFamily: TextMetrics.Family {
        switch policies.textMetrics {
        case .automatic, .sanFrancisco: return .sanFrancisco
        case .helveticaNeue: return .helveticaNeue
        }
    }
}

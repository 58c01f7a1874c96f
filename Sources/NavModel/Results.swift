/// What the back button of a screen says (PROTOCOL.md `BackTitle`).
public struct BackTitle: Sendable, Hashable {
    public enum Display: String, Sendable, Hashable, CaseIterable {
        case text, generic, arrowOnly, hidden
    }
    public enum Source: String, Sendable, Hashable, CaseIterable {
        case backItem, backButtonTitle, previousTitle, generic, policy, backStyle, none
    }

    /// The text shown beside the chevron; nil for `arrowOnly` and `hidden`.
    public var title: String?
    public var display: Display
    public var source: Source
    /// The preferred text did not fit and the answer fell back (BB-6).
    public var truncated: Bool
    /// The long-press history menu, nearest first (BB-12).
    public var menu: [String]
    /// The image a `backItem` shows instead of text (extension; then `title` is nil and `display` is `text`).
    public var image: Size?
    /// Why there is no back button, when `display` is `hidden` (extension `hiddenBecause`).
    public var hiddenBecause: HiddenReason?
    /// The real font that measured the text against its room, when one did (extension `metrics`); nil when the
    /// calibrated tables did, or no width was measured.
    public var metrics: MeasuredWith?
    /// The width `policies.textWidths` gives the shown title, when it gives one: the width its fit was judged by
    /// (extension `givenWidth`).
    public var givenWidth: Double?

    public enum HiddenReason: String, Sendable, Hashable, CaseIterable {
        /// The screen is the root: nothing to go back to (BB-1).
        case root
        /// The screen sets `hidesBackButton` (BB-2).
        case hidesBackButton
        /// Left items replace the back button (BB-2).
        case leftItems
        /// The screen's bar is hidden, and with it the back button.
        case hiddenBar
        /// iOS 26 hides the button for an empty back item (BB-14, `glassEmptyBackItemHides`).
        case emptyBackItem
    }

    public init(
        title: String?, display: Display, source: Source, truncated: Bool = false, menu: [String] = [],
        image: Size? = nil
    ) {
        self.title = title
        self.display = display
        self.source = source
        self.truncated = truncated
        self.menu = menu
        self.image = image
    }

    /// No back button, and why.
    public static func hidden(_ reason: HiddenReason, menu: [String] = []) -> BackTitle {
        var t = BackTitle(title: nil, display: .hidden, source: .none, truncated: false, menu: menu)
        t.hiddenBecause = reason
        return t
    }
}

/// The result of `title/previous`.
public struct PreviousTitle: Sendable, Hashable {
    public var title: String?
    public var previousScreenId: String?
    /// Why there is (or is not) a previous title, in words.
    public var reason: String
    public init(title: String?, previousScreenId: String?, reason: String) {
        self.title = title
        self.previousScreenId = previousScreenId
        self.reason = reason
    }
}

/// The result of `tint/resolve` (PROTOCOL.md `TintResult`).
public struct TintResult: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable, CaseIterable {
        case forced, automatic, gradient, `default`
    }
    public var background: Color
    public var foreground: Color
    public var method: Policies.TintMethod
    public var luminance: Double
    public var contrastBlack: Double
    public var contrastWhite: Double
    public var source: Source
    /// The colour as declared when it had alpha < 1 and `background` is its blend over the backdrop
    /// (extension; nil for opaque colours).
    public var declared: Color?
    /// Which policy chose `foreground` and `titleColor` when nothing forces them (extension): UIKit's default
    /// tint and label colour, or the automatic black or white.
    public var foregroundPolicy: Policies.ForegroundPolicy
    /// What the automatic rule (`method`) picks for `background`, black or white, whichever policy is in force
    /// (extension).
    public var automaticForeground: Color
    /// The colour of the bar's title: the bar's `titleColor`, else UIKit's label colour (black) under `uikit`,
    /// or the automatic black or white under `automatic` (extension).
    public var titleColor: Color

    public init(
        background: Color, foreground: Color, method: Policies.TintMethod, luminance: Double,
        contrastBlack: Double, contrastWhite: Double, source: Source, declared: Color? = nil,
        foregroundPolicy: Policies.ForegroundPolicy = .automatic, automaticForeground: Color? = nil, titleColor: Color? = nil
    ) {
        self.background = background
        self.foreground = foreground
        self.method = method
        self.luminance = luminance
        self.contrastBlack = contrastBlack
        self.contrastWhite = contrastWhite
        self.source = source
        self.declared = declared
        self.foregroundPolicy = foregroundPolicy
        self.automaticForeground = automaticForeground ?? foreground
        self.titleColor = titleColor ?? foreground
    }
}

/// A finding about a screen's bar (PROTOCOL.md `Diagnostic`).
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        case error, warning, info
    }
    /// Stable code, e.g. `back-title-truncated`.
    public var code: String
    public var severity: Severity
    public var message: String
    public var screenId: String?
    public var itemId: String?
    /// The area concerned, window coordinates.
    public var rect: Rect?
    /// The setting that causes the finding, when it is not on `screenId` itself or its item `itemId`
    /// (a linter points there in the document; not part of the wire form).
    public var origin: Origin?

    /// A member of one screen: `member` is its path inside the screen, e.g. `item.backItem.action`.
    public struct Origin: Sendable, Hashable {
        public var screenId: String
        public var member: String
        public init(screenId: String, member: String) {
            self.screenId = screenId
            self.member = member
        }
    }

    public init(
        code: String, severity: Severity, message: String, screenId: String? = nil, itemId: String? = nil, rect: Rect? = nil,
        origin: Origin? = nil
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.screenId = screenId
        self.itemId = itemId
        self.rect = rect
        self.origin = origin
    }
}

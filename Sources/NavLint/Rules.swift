import NavModel

/// What each diagnostic code means, for reporters that describe their rules (SARIF's `tool.driver.rules`).
/// The long form of each lives in docs/semantics.md under "Diagnostics", one heading per code.
public struct LintRule: Sendable, Hashable {
    /// The diagnostic code, e.g. `back-title-truncated`.
    public var code: String
    /// The code in UpperCamelCase, as SARIF's `name` is usually written.
    public var name: String
    public var shortDescription: String
    public var fullDescription: String
    /// The severity the code is reported with most often (some codes vary with the situation).
    public var defaultSeverity: Diagnostic.Severity
    /// The SEMANTICS.md rules the code rests on.
    public var rules: [String]

    /// Every code the linter can report: the diagnostics engine's, in its order, then the linter's own.
    public static let all: [LintRule] = [
        LintRule(
            "back-title-truncated", .info, ["BB-6"], "The back title does not fit and falls back to \"Back\" or the arrow.",
            "The previous screen's title is too wide for the room left beside the title, so UIKit shows the generic \"Back\", or the chevron alone, instead of the text the app set."
        ),
        LintRule(
            "touch-target-small", .warning, ["HT-12"], "A touchable area of the bar is smaller than 44 x 44 pt.",
            "The area where a tap reaches a bar control is under Apple's 44 x 44 pt minimum hit target; the slop band is not counted."
        ),
        LintRule(
            "custom-back-unreachable", .error, ["BB-11", "BB-13", "HT-13", "POP-5"],
            "A custom back action that no tap (or no swipe) reaches.",
            "A screen with a custom back action whose interception is never installed on this profile (the seed's mask needs the iOS 10 bar), whose back taps partly miss it, or that a swipe-back bypasses."
        ),
        LintRule(
            "pop-gesture-disabled", .warning, ["POP-3"], "Swipe-back is stopped on this screen.",
            "A custom left item, a hidden back button or a hidden bar stops the system's interactive pop gesture."
        ),
        LintRule(
            "pop-gesture-at-root", .warning, ["POP-4"], "The pop gesture is turned on for a root screen.",
            "A root screen re-enables the pop gesture; a recognizer that begins on a stack of one leaves the UI unresponsive."
        ),
        LintRule(
            "outside-touch-lost", .warning, ["HT-1", "HT-11"], "Part of a custom view's button lies outside its container and loses taps.",
            "A custom bar item draws its button beyond its container's bounds, and no hit-test override or forwarding reaches that part."
        ),
        LintRule(
            "dead-zone", .warning, ["HT-13"], "An area of the bar takes taps and does nothing.",
            "A view on the bar (the seed's mask overlay, a custom view's container) receives taps that miss its button and swallows them."
        ),
        LintRule(
            "low-contrast", .warning, ["COL-1", "COL-4"], "The bar's foreground is below WCAG's 4.5:1 against its colour.",
            "The bar's items' colour has a WCAG 2 contrast ratio under 4.5:1 against the bar colour: a colour the app set, UIKit's own systemBlue where it sets none (UIKit never picks a contrasting one; held to 3:1, defaultTintContrast), or the black or white of the seed's YIQ rule under the policy foreground \"automatic\"."
        ),
        LintRule(
            "hidden-bar-swallows", .warning, ["GEO-7", "HT-1"], "A transparent bar still takes taps.",
            "A bar whose colour is transparent still receives every tap on its area, so the content drawn under it cannot be tapped there."
        ),
        LintRule(
            "back-hit-area-wide", .warning, ["HT-10", "HT-11"], "The back button takes taps far beyond what is drawn.",
            "The back button's touch area reaches more than 16 pt past its drawn frame toward the title (for example iOS 10's arrow-only button, taps over x 0-49 for an arrow drawn at 8-21), so taps on the empty bar go back."
        ),
        LintRule(
            "custom-back-action-ignored", .error, ["BB-11"], "A target and action on the back item are never called.",
            "The previous screen sets a target and action on its backBarButtonItem; UIKit uses that item for its look only, so tapping back always pops and the action never runs."
        ),
        LintRule(
            "supplement-ignored", .warning, ["BB-2"], "leftItemsSupplementBackButton has no effect because the back button is hidden.",
            "hidesBackButton hides the back button regardless of leftItemsSupplementBackButton, so the left items stand alone."
        ),
        LintRule(
            "back-title-from-title-view", .info, ["BB-5"],
            "A screen with a title view and no title gives the next screen a \"Back\" button.",
            "A title view is used only while its screen is on top and never names the back button; without a title, backButtonTitle or back item, the next screen's back button says the generic \"Back\"."
        ),
        LintRule(
            "empty-back-title-trick", .info, ["BB-8", "BB-12"], "The back title is hidden with an empty back item title.",
            "The seed's trick (a backBarButtonItem titled \"\") was reported to show \"Back\" on some devices, and from iOS 14 it leaves a blank row in the back button's history menu; backButtonDisplayMode minimal does it cleanly."
        ),
        LintRule(
            "back-button-hidden", .info, ["SRC-7", "POP-3"], "A pushed screen hides its back button and has no left item.",
            "hidesBackButton removes the back button and, with it, the edge swipe; without a left item the bar offers no way back. Often deliberate (a step that must be finished), so it is information."
        ),
        LintRule(
            "back-title-offset-hack", .warning, ["SRC-5", "BB-12"],
            "The back title is pushed out of sight with setBackButtonTitlePositionAdjustment.",
            "A large title offset hid the back title before backButtonDisplayMode existed; from iOS 11 the button keeps the title's width, and from iOS 14 its long-press menu still names it. Use backButtonDisplayMode minimal."
        ),
        LintRule(
            "negative-fixed-space", .warning, ["SRC-3"], "A negative fixed space that no longer moves the bar's items.",
            "From iOS 11 bar items sit in a stack view inside the bar's layout margins, so a fixed-space item with a negative width is ignored and the items stay where they were."
        ),
        LintRule(
            "back-pop-hook", .warning, ["SRC-4", "POP-5"], "Back is intercepted where the swipe does not ask.",
            "A navigationBar(_:shouldPop:) hook (a back-button handler category, or an exchanged implementation) sees taps on the back button, but the interactive pop gesture pops without asking it."
        ),
        LintRule(
            "bar-tint-ignored", .warning, ["SRC-2"], "barTintColor without UINavigationBarAppearance on iOS 15 and later.",
            "From iOS 15 the bar uses scrollEdgeAppearance while content is at the top, and its default background is transparent, so a barTintColor shows only once content scrolls under the bar."
        ),
        LintRule(
            unknownMember, .warning, [], "A member the session document format does not have.",
            "The decoder passes over members it does not know, so a misspelt one (backActon, leftitems) leaves the default in its place and hides what the document meant; navctl lint --strict makes this an error. Members named x-... are the place for data of your own."
        ),
        LintRule(
            sourceNotRead, .warning, [], "A source file could not be read, or only in part.",
            "The file is over a reader's limit (max-file-bytes, max-nesting, max-seconds-per-file), cannot be read, or does not parse where it is reported; the linter checks what it could read, so findings in the rest of the file may be missing."
        ),
    ]

    /// The code of a source file that could not be read, or only in part: findings in it may be missing.
    public static let sourceNotRead = "source-not-read"
    /// The code of a member a session document has that its format does not (most often a typo).
    public static let unknownMember = "unknown-member"

    init(
        _ code: String, _ severity: Diagnostic.Severity, _ rules: [String], _ shortDescription: String, _ fullDescription: String
    ) {
        self.code = code
        self.name = code.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        self.shortDescription = shortDescription
        self.fullDescription = fullDescription
        self.defaultSeverity = severity
        self.rules = rules
    }

    /// The rule of a code.
    public static func rule(_ code: String) -> LintRule? { all.first { $0.code == code } }
}

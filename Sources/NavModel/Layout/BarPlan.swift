/// What a screen's bar shows, decided before anything is placed (BB-2 and the back-interception policy).
struct BarPlan: Sendable {
    /// One entry of the leading or trailing group.
    struct Entry: Sendable {
        enum Source: Sendable, Hashable {
            case item(BarItem)
            /// The left item that replaces the back button under `backInterception: leftItem`.
            case syntheticBack(text: String?)
        }
        var source: Source
        var content: ItemContent
    }

    var geometry: BarGeometry
    var screen: Screen
    var screenIndex: Int
    var previousScreenId: String?
    var appearance: BarAppearance
    /// The system back button shows (BB-2).
    var systemBack: Bool
    /// The back button's text (nil: chevron only).
    var backText: String?
    /// The widest the back label may be drawn: a label that never falls back (a `backStyle` title) is
    /// tail-truncated to the room beside the title instead of pushing the title aside (GEO-11 priorities).
    var backTextLimit: Double?
    var leading: [Entry]
    var trailing: [Entry]
    var title: String?
    var titleView: Size?
    /// The large title's text when the large-title row shows (GEO-13); the top row then shows no title.
    var largeTitle: String?
    var policies: Policies
    var profile: Profile

    /// `backText` is what the back button says; pass nil to plan the bar without it (for `BarMetrics`).
    init(model: NavigationModel, screenIndex: Int, backTitle: BackTitle?) {
        let screen = model.screens[screenIndex]
        let item = screen.item
        let policies = model.config.policies
        let geometry = BarGeometry(model: model, screenIndex: screenIndex)
        self.geometry = geometry
        self.screen = screen
        self.screenIndex = screenIndex
        self.previousScreenId = screenIndex > 0 ? model.screens[screenIndex - 1].id : nil
        self.appearance = model.barAppearance(at: screenIndex)
        self.policies = policies
        self.profile = model.config.profile

        // BB-2: hidesBackButton first; left items replace the back button unless they supplement it.
        var backShown =
            screenIndex > 0 && !item.hidesBackButton
            && (item.leftItems.isEmpty || item.leftItemsSupplementBackButton)
        if let backTitle, backTitle.display == .hidden { backShown = false }
        let text: String?
        switch backTitle?.display {
        case .text?, .generic?: text = backTitle?.title.flatMap { $0.isEmpty ? nil : $0 }
        default: text = nil
        }
        self.backText = text
        if let backTitle, backTitle.truncated, backTitle.display == .text, text != nil {
            self.backTextLimit = BarMetrics.backTitleSpace(model: model, screenIndex: screenIndex)
        }

        let synthetic = backShown && screen.backAction == .custom && policies.backInterception == .leftItem
        self.systemBack = backShown && !synthetic
        var leading: [Entry] = []
        if synthetic {
            leading.append(Entry(source: .syntheticBack(text: text), content: .custom(BarPlan.syntheticView(text, geometry))))
        }
        for bar in item.leftItems where !bar.hidden {
            leading.append(Entry(source: .item(bar), content: ItemContent(bar, geometry)))
        }
        self.leading = leading
        self.trailing = item.rightItems.filter { !$0.hidden }.map { Entry(source: .item($0), content: ItemContent($0, geometry)) }
        let t = item.title ?? screen.title
        let titleText = (t?.isEmpty ?? true) ? nil : t
        if let view = item.titleView {
            self.titleView = view
            self.title = nil
        } else {
            self.title = titleText
            self.titleView = nil
        }
        // GEO-13: the large title takes the title's text into its own row; the top row's title is hidden.
        if geometry.largeTitleRowHeight > 0 {
            self.largeTitle = titleText
            self.title = nil
        }
    }

    /// The custom view an app installs as its own back item: chevron, gap and title, at least 44 wide.
    static func syntheticView(_ text: String?, _ g: BarGeometry) -> CustomView {
        let content = g.chevron.width + (text.map { g.chevronGap + g.textWidth($0) } ?? 0)
        return CustomView(width: max(BarGeometry.platterSize, content), height: min(BarGeometry.platterSize, g.barHeight))
    }

    /// What the system back button does (nil: it is not shown).
    var systemBackAction: HitAction? {
        guard systemBack, let previous = previousScreenId else { return nil }
        switch screen.backAction {
        case .pop: return .pop(to: previous)
        case .none: return HitAction.none
        case .custom:
            // Only the delegate catches a tap on the system button; the mask is a separate overlay (BB-11, BB-13).
            return policies.backInterception == .delegate ? .customBack : .pop(to: previous)
        }
    }

    /// The seed's mask is installed: `ios10` only, a custom back action, a system back button (BB-13).
    var maskInstalled: Bool {
        systemBack && screen.backAction == .custom && policies.backInterception == .mask && profile == .ios10
    }

    /// The slop band in force (HT-9).
    var slop: TouchSlop? {
        switch policies.touchSlop {
        case .automatic: return profile == .ios10 ? TouchSlop(above: 20, below: 15) : nil
        case .off: return nil
        case .on(let above, let below): return (above > 0 || below > 0) ? TouchSlop(above: above, below: below) : nil
        }
    }
}

/// Decides what a screen's back button says (SEMANTICS section 1, PROTOCOL.md `BackTitle`).
///
/// The order, for the screen at `screenIndex` ("top") and the screen below it ("previous"):
/// 1. No previous screen: no back button (BB-1).
/// 2. The top screen decides visibility (BB-2): `hidesBackButton` hides it; left items replace it
///    unless `leftItemsSupplementBackButton`. A `backStyle` restyles the back button but never
///    overrides these two.
/// 3. The top screen's `backStyle.title` (the seed's explicit back button): shown as given, `""` is the
///    chevron alone; it is a custom label, so it never falls back by width (`truncated` says it is cut).
/// 4. `policies.emptyBackTitles`: the chevron alone (source `policy`) unless the top screen sets
///    `showsPreviousTitle` or `backStyle`.
/// 5. `showsPreviousTitle`: the previous screen's title (its item title, else its title), then the
///    generic title, then the chevron, by width; `backItem` and `backButtonTitle` are bypassed, as the
///    seed's custom button reads `navigationItem.title` directly.
/// 6. BB-3 on the previous screen: `backItem` (image, else title; display mode not consulted), else by
///    `backButtonDisplayMode` (before iOS 14 always `default`): `minimal` the chevron; `generic` the generic
///    title then the chevron; `default` `backButtonTitle`, title, generic title, chevron: the first that
///    fits (BB-6). Empty strings follow the three BB-8 settings; BB-14 on `ios26`.
public enum BackTitleEngine {
    /// The back title of `model.screens[screenIndex]`. Re-evaluated from scratch (no hysteresis) unless
    /// `stickyBackTitle` is on, when what the top screen's bar last showed is taken into account (BB-7).
    public static func backTitle(model: NavigationModel, screenIndex: Int) -> BackTitle {
        let shown = model.shownBackTitle.flatMap { shown in
            screenIndex == model.screens.count - 1 && shown.screenId == model.screens[screenIndex].id ? shown.backTitle : nil
        }
        return backTitle(model: model, screenIndex: screenIndex, shown: shown)
    }

    /// The back title of `model.screens[screenIndex]`, given what its bar showed before (`shown`).
    ///
    /// Under `policies.stickyBackTitle` (BB-7) a width fallback is never upgraded again while the same
    /// candidates are in play: when `shown` fell back further down the same ladder than the fresh answer,
    /// `shown`'s level is kept (and `truncated` stays true). A caller without the previous state passes nil,
    /// which is the same as no hysteresis.
    public static func backTitle(model: NavigationModel, screenIndex: Int, shown: BackTitle?) -> BackTitle {
        guard screenIndex > 0, screenIndex < model.screens.count,
            let previous = model.previousScreen(before: screenIndex)
        else { return .hidden(.root) }
        let top = model.screens[screenIndex]
        // A hidden bar draws no back button at all, whatever its item says (bar/layout agrees).
        if model.barAppearance(at: screenIndex).hidden { return .hidden(.hiddenBar) }
        if top.item.hidesBackButton { return .hidden(.hidesBackButton) }
        if !top.item.leftItems.isEmpty && !top.item.leftItemsSupplementBackButton { return .hidden(.leftItems) }

        let menu = historyMenu(model: model, screenIndex: screenIndex)
        switch plan(model: model, top: top, previous: previous) {
        case .hidden(let source):
            var t = BackTitle(title: nil, display: .hidden, source: source, truncated: false, menu: [])
            t.hiddenBecause = .emptyBackItem
            return t
        case .fixed(var answer):
            answer.menu = menu
            return answer
        case .label(let text, let source):
            let fits =
                model.config.buttonTextWidth(text)
                <= BarMetrics.backTitleSpace(model: model, screenIndex: screenIndex)
            var answer = BackTitle(title: text, display: .text, source: source, truncated: !fits, menu: menu)
            answer.metrics = model.config.measuredWith
            answer.givenWidth = model.config.policies.textWidths.width(of: text, style: .button)
            return answer
        case .ladder(let rungs):
            let space = BarMetrics.backTitleSpace(model: model, screenIndex: screenIndex)
            var level = rungs.firstIndex { model.config.buttonTextWidth($0.text) <= space } ?? rungs.count
            if model.config.policies.stickyBackTitle, let shown, let shownLevel = ladderLevel(of: shown, in: rungs),
                shownLevel > level
            {
                level = shownLevel
            }
            var answer: BackTitle
            if level < rungs.count {
                let rung = rungs[level]
                answer = BackTitle(title: rung.text, display: rung.display, source: rung.source, truncated: level > 0, menu: menu)
            } else {
                answer = BackTitle(title: nil, display: .arrowOnly, source: .none, truncated: true, menu: menu)
            }
            answer.metrics = model.config.measuredWith
            answer.givenWidth = answer.title.flatMap { model.config.policies.textWidths.width(of: $0, style: .button) }
            return answer
        }
    }

    /// The previous screen's title for `model.screens[screenIndex]`, with the reason in words.
    ///
    /// The title is the one the bar reads (BB-5): the previous screen's navigation item title, else its
    /// view controller title; under `backTitleSnapshot` the copy frozen when it was covered (BB-9).
    public static func previousTitle(model: NavigationModel, screenIndex: Int) -> PreviousTitle {
        guard screenIndex >= 0, screenIndex < model.screens.count else {
            return PreviousTitle(title: nil, previousScreenId: nil, reason: "the stack is empty")
        }
        let screenId = model.screens[screenIndex].id
        guard let previous = model.previousScreen(before: screenIndex) else {
            return PreviousTitle(
                title: nil, previousScreenId: nil,
                reason: "'\(screenId)' is the root screen: there is no previous screen")
        }
        let frozen =
            model.config.policies.backTitleSnapshot && model.coveredSnapshot(of: previous.id) != nil
            ? " (as frozen when it was covered, backTitleSnapshot)" : ""
        let id = previous.id
        if let itemTitle = previous.item.title {
            if itemTitle.isEmpty {
                return PreviousTitle(
                    title: "", previousScreenId: id,
                    reason: "the previous screen '\(id)' has an empty navigation item title\(frozen)")
            }
            if isBlank(itemTitle) {
                return PreviousTitle(
                    title: itemTitle, previousScreenId: id,
                    reason: "the previous screen '\(id)' has a blank (whitespace only) navigation item title\(frozen)")
            }
            return PreviousTitle(
                title: itemTitle, previousScreenId: id,
                reason: "the previous screen's navigation item title\(frozen)")
        }
        guard let title = previous.title else {
            return PreviousTitle(
                title: nil, previousScreenId: id,
                reason: "the previous screen '\(id)' has no title (neither item.title nor title is set)\(frozen)")
        }
        if title.isEmpty {
            return PreviousTitle(
                title: "", previousScreenId: id, reason: "the previous screen '\(id)' has an empty title\(frozen)")
        }
        if isBlank(title) {
            return PreviousTitle(
                title: title, previousScreenId: id,
                reason: "the previous screen '\(id)' has a blank (whitespace only) title\(frozen)")
        }
        return PreviousTitle(title: title, previousScreenId: id, reason: "the previous screen's title\(frozen)")
    }

    /// The long-press history menu of `model.screens[screenIndex]` (BB-12): every earlier screen, nearest
    /// first, each by its own back-title source, never width-shortened. The display mode does not shorten
    /// it (`minimal` and `generic` keep the title). Empty on profiles before iOS 14, which have no menu.
    public static func historyMenu(model: NavigationModel, screenIndex: Int) -> [String] {
        guard model.config.profile.majorVersion >= 14, screenIndex > 0, screenIndex < model.screens.count else {
            return []
        }
        let generic = genericTitle(model.config)
        let policies = model.config.policies
        // Read in place, screen by screen (a menu is as long as the stack, and is built on every mutation).
        let snapshots = policies.backTitleSnapshot && !model.coveredSnapshots.isEmpty
        var menu: [String] = []
        menu.reserveCapacity(screenIndex)
        for j in stride(from: screenIndex - 1, through: 0, by: -1) {
            if snapshots, let frozen = model.coveredSnapshots[model.screens[j].id] {
                menu.append(menuEntry(frozen, generic: generic, policies: policies))
            } else {
                // The four titles read in place: passing the screen copies the whole of it, every member retained.
                menu.append(
                    menuEntry(
                        backItemTitle: model.screens[j].item.backItem?.title,
                        backButtonTitle: model.screens[j].item.backButtonTitle,
                        title: model.screens[j].item.title ?? model.screens[j].title, generic: generic, policies: policies))
            }
        }
        return menu
    }

    /// "Back" in the session's resolved language (BB-10).
    public static func genericTitle(_ config: SessionConfig) -> String {
        GenericBackTitle.title(locale: config.locale, appLocalizations: config.appLocalizations)
    }

    // MARK: Internals

    /// One candidate of a width ladder.
    struct Rung: Equatable {
        var text: String
        var source: BackTitle.Source
        var display: BackTitle.Display
    }

    /// What the rules ask for before width is considered.
    enum Plan {
        /// No back button, with the source that hid it (BB-14).
        case hidden(BackTitle.Source)
        /// An answer that does not depend on width (chevron only, image).
        case fixed(BackTitle)
        /// A custom label that never falls back; `truncated` reports whether it fits.
        case label(String, BackTitle.Source)
        /// Candidates tried in order; the first that fits wins, else the chevron alone (BB-6).
        case ladder([Rung])
    }

    static func plan(model: NavigationModel, top: Screen, previous: Screen) -> Plan {
        let policies = model.config.policies
        let generic = Rung(text: genericTitle(model.config), source: .generic, display: .generic)

        if let styleTitle = top.backStyle?.title {
            return styleTitle.isEmpty ? .fixed(arrowOnly(.backStyle)) : .label(styleTitle, .backStyle)
        }
        if policies.emptyBackTitles && !top.showsPreviousTitle && top.backStyle == nil {
            return .fixed(arrowOnly(.policy))
        }
        if top.showsPreviousTitle {
            var rungs: [Rung] = []
            if let title = previous.item.title ?? previous.title {
                if !title.isEmpty {
                    rungs.append(Rung(text: title, source: .previousTitle, display: .text))
                } else if policies.emptyScreenTitle == .arrowOnly {
                    return .fixed(arrowOnly(.previousTitle))
                }
            }
            return .ladder(rungs + [generic])
        }

        if let backItem = previous.item.backItem {
            if let image = backItem.image {
                return .fixed(BackTitle(title: nil, display: .text, source: .backItem, image: image))
            }
            if let title = backItem.title, !title.isEmpty {
                return .ladder([Rung(text: title, source: .backItem, display: .text), generic])
            }
            if model.config.profile == .ios26 && policies.glassEmptyBackItemHides {
                return .hidden(.backItem)
            }
            if policies.emptyBackItemTitle == .arrowOnly { return .fixed(arrowOnly(.backItem)) }
        }

        let mode: NavigationItem.BackButtonDisplayMode =
            model.config.profile.majorVersion >= 14 ? previous.item.backButtonDisplayMode : .default
        switch mode {
        case .minimal:
            return .fixed(arrowOnly(.none))
        case .generic:
            return .ladder([generic])
        case .default:
            var rungs: [Rung] = []
            if let title = previous.item.backButtonTitle {
                if !title.isEmpty {
                    rungs.append(Rung(text: title, source: .backButtonTitle, display: .text))
                } else if policies.emptyBackButtonTitle == .arrowOnly {
                    return .fixed(arrowOnly(.backButtonTitle))
                }
            }
            if let title = previous.item.title ?? previous.title {
                if !title.isEmpty {
                    rungs.append(Rung(text: title, source: .previousTitle, display: .text))
                } else if policies.emptyScreenTitle == .arrowOnly {
                    return .fixed(arrowOnly(.previousTitle))
                }
            }
            return .ladder(rungs + [generic])
        }
    }

    static func arrowOnly(_ source: BackTitle.Source) -> BackTitle {
        BackTitle(title: nil, display: .arrowOnly, source: source)
    }

    /// Where `shown` sits on `rungs`: its index, `rungs.count` for a width fallback to the chevron, nil when
    /// it does not belong to this ladder.
    static func ladderLevel(of shown: BackTitle, in rungs: [Rung]) -> Int? {
        if shown.display == .arrowOnly && shown.source == .none && shown.truncated { return rungs.count }
        return rungs.firstIndex { $0.text == shown.title && $0.source == shown.source && $0.display == shown.display }
    }

    /// A history-menu entry for one earlier screen: backItem title, backButtonTitle, title, generic.
    /// An empty string under an `arrowOnly` BB-8 setting stays empty (a blank row, as on a device).
    static func menuEntry(_ screen: Screen, generic: String, policies: Policies) -> String {
        menuEntry(
            backItemTitle: screen.item.backItem?.title, backButtonTitle: screen.item.backButtonTitle,
            title: screen.item.title ?? screen.title, generic: generic, policies: policies)
    }

    /// A screen's history-menu entry from its back item's title, its back button title and its title (the item's,
    /// else the screen's).
    static func menuEntry(
        backItemTitle: String?, backButtonTitle: String?, title: String?, generic: String, policies: Policies
    ) -> String {
        if let title = backItemTitle, !(title.isEmpty && policies.emptyBackItemTitle == .fallThrough) {
            return title
        }
        if let title = backButtonTitle, !(title.isEmpty && policies.emptyBackButtonTitle == .fallThrough) {
            return title
        }
        if let title, !(title.isEmpty && policies.emptyScreenTitle == .fallThrough) {
            return title
        }
        return generic
    }

    static func isBlank(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isWhitespace }
    }
}

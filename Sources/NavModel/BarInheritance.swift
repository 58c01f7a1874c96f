extension NavigationModel {
    /// The screen bar in effect for `screens[index]`: its own `bar`, else the nearest screen below it that
    /// set one. `UINavigationBar` is shared by the whole stack, so what an earlier screen set stays.
    public func screenBar(at index: Int) -> BarAppearance? {
        guard index >= 0, index < screens.count else { return nil }
        for i in stride(from: index, through: 0, by: -1) {
            if let bar = screens[i].bar { return bar }
        }
        return nil
    }

    /// The bar appearance shown for `screens[index]`: the screen bar in effect, with the session-wide bar
    /// (`bar/update` without a screen) filling what it leaves unset. The background (`gradient` or
    /// `barTintColor`) counts as one field. `hidden` and `translucent` come from the screen bar when one
    /// is in effect, else from the session bar. The one rule every engine (tint, layout, gesture,
    /// diagnostics) reads the bar through.
    public func barAppearance(at index: Int) -> BarAppearance {
        let session = config.bar
        guard var bar = screenBar(at: index) else { return session }
        if bar.gradient?.isEmpty ?? true, bar.barTintColor == nil {
            bar.gradient = session.gradient
            bar.barTintColor = session.barTintColor
        }
        bar.tintColor = bar.tintColor ?? session.tintColor
        bar.titleColor = bar.titleColor ?? session.titleColor
        bar.backIndicator = bar.backIndicator ?? session.backIndicator
        bar.prefersLargeTitles = bar.prefersLargeTitles ?? session.prefersLargeTitles
        bar.presentation = bar.presentation ?? session.presentation
        return bar
    }
}

extension NavigationModel {
    /// GEO-13: `screens[index]` asks for a large title. The bar must prefer large titles (`prefersLargeTitles`); an
    /// item's `always` and `never` decide for it, and `automatic` takes the previous item's choice, the first item
    /// choosing large (UIKit's header for `UINavigationItemLargeTitleDisplayModeAutomatic`). Only iOS 11 and later
    /// have large titles, and a compact-height phone (landscape) shows none (reasoned).
    public func wantsLargeTitle(at index: Int) -> Bool {
        guard index >= 0, index < screens.count, config.profile.era != .legacy, config.profile.majorVersion >= 11 else {
            return false
        }
        guard barAppearance(at: index).prefersLargeTitles ?? false else { return false }
        if BarGeometry.isCompactLandscape(config.device) { return false }
        var large = true
        for i in 0...index {
            switch screens[i].item.largeTitleDisplayMode {
            case .always: large = true
            case .never: large = false
            case .automatic: break
            }
        }
        return large
    }

    /// The large title is shown below the bar's top row: asked for, and the content not scrolled (GEO-13).
    public func showsLargeTitle(at index: Int) -> Bool {
        wantsLargeTitle(at: index) && !screens[index].scrolled
    }

    /// The integrated search field's row is shown (GEO-16): the item has one, iOS 11 or later, and it stays while
    /// the content is scrolled only when it does not hide when scrolling.
    public func showsSearchRow(at index: Int) -> Bool {
        guard index >= 0, index < screens.count, config.profile.era != .legacy, config.profile.majorVersion >= 11,
            let search = screens[index].item.search
        else { return false }
        return !(search.hidesWhenScrolling && screens[index].scrolled)
    }
}

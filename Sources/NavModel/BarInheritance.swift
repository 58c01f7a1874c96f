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
        return bar
    }
}

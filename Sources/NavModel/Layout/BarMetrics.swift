/// The space a back title may use on the bar of `model.screens[screenIndex]` (BB-6).
///
/// Derived from the same placement the bar's view tree is built from, laid out without the back title's
/// text (so it never depends on the back-title engine, which calls it).
public enum BarMetrics {
    /// Points available for the back button's text (after the chevron and its gap), so that the back button,
    /// any supplementing left items and the title at its centred position (GEO-12) do not overlap.
    /// Zero when the screen shows no back button.
    public static func backTitleSpace(model: NavigationModel, screenIndex: Int) -> Double {
        guard screenIndex >= 0, screenIndex < model.screens.count else { return 0 }
        let plan = BarPlan(model: model, screenIndex: screenIndex, backTitle: nil)
        let placement = BarPlacement(plan)
        let g = plan.geometry
        let titleLeft = titleStart(plan, placement, slid: slides(plan))

        if let first = plan.leading.first, case .syntheticBack = first.source, let x0 = placement.leading.first?.frame.minX {
            let rest = placement.leading.dropFirst()
            let restBlock = rest.isEmpty ? 0 : (rest.last!.frame.maxX - rest.first!.frame.minX + g.interItemSpacing)
            return max(0, titleLeft - restBlock - (x0 + g.chevron.width + g.chevronGap))
        }
        guard plan.systemBack else { return 0 }
        let items = placement.leading
        let itemsBlock = items.isEmpty ? 0 : (items.last!.frame.maxX - items.first!.frame.minX)
        let before = titleLeft - g.groupSpacing - itemsBlock
        let labelX: Double
        let trailingPad: Double
        switch g.era {
        case .modern:
            labelX = g.chevronX + g.chevron.width + g.chevronGap
            trailingPad = g.backButtonEndPadding
        case .legacy:
            labelX = g.legacyMargin + g.chevron.width + g.chevronGap
            trailingPad = 0
        case .glass:
            labelX = g.margin + BarGeometry.platterPadding / 2 + g.chevron.width + g.chevronGap
            trailingPad = BarGeometry.platterPadding / 2
        }
        return max(0, before - trailingPad - labelX)
    }

    /// Where the title starts when nothing on the leading side pushes it: centred, or slid left by the
    /// trailing group (GEO-12); the trailing group's start when there is no title.
    static func titleStart(_ plan: BarPlan, _ placement: BarPlacement, slid: Bool) -> Double {
        let W = plan.geometry.width
        let width: Double
        if let t = plan.title {
            width = plan.geometry.textWidth(t, bold: true)
        } else if let v = plan.titleView {
            width = v.width
        } else {
            return placement.trailingStart
        }
        if slid { return placement.trailingStart - width }
        return min(W / 2 - width / 2, placement.trailingStart - width)
    }

    /// Whether the title makes room for the back title by sliding toward the trailing items (BB-6,
    /// `backTitleRoom`): in era L by default, where an iOS 7 dump keeps "Passionfruit" and moves the title.
    static func slides(_ plan: BarPlan) -> Bool {
        switch plan.policies.backTitleRoom {
        case .slidTitle: return true
        case .centredTitle: return false
        case .automatic: return plan.geometry.era == .legacy
        }
    }
}

/// The space a back title may use on the bar of `model.screens[screenIndex]` (BB-6).
///
/// Derived from the same layout that hit testing uses.
public enum BarMetrics {
    /// Points available for the back button's text (after the chevron and its gap).
    public static func backTitleSpace(model: NavigationModel, screenIndex: Int) -> Double {
        let width = model.config.device.width
        let screen = model.screens[screenIndex]
        let title = screen.item.title ?? screen.title ?? ""
        let titleWidth = TextMetrics.width(title, weight: .semibold)
        let leading = width / 2 - titleWidth / 2
        return max(0, leading - 8 - 13 - 6 - 8)
    }
}

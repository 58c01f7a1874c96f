/// Decides what a screen's back button says (SEMANTICS section 1).
public enum BackTitleEngine {
    /// The back title of `model.screens[screenIndex]`.
    public static func backTitle(model: NavigationModel, screenIndex: Int) -> BackTitle {
        guard let previous = model.previousScreen(before: screenIndex) else { return .hidden() }
        if let title = previous.title { return BackTitle(title: title, display: .text, source: .previousTitle) }
        return BackTitle(title: "Back", display: .generic, source: .generic)
    }

    /// The previous screen's title for `model.screens[screenIndex]`.
    public static func previousTitle(model: NavigationModel, screenIndex: Int) -> PreviousTitle {
        guard let previous = model.previousScreen(before: screenIndex) else {
            return PreviousTitle(title: nil, previousScreenId: nil, reason: "the screen is the root")
        }
        return PreviousTitle(title: previous.title, previousScreenId: previous.id, reason: "the previous screen's title")
    }
}

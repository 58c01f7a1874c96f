/// Finds the bugs of the seed documents in a screen's bar.
public enum DiagnosticsEngine {
    /// The diagnostics for `model.screens[screenIndex]`, in a stable order.
    public static func diagnose(model: NavigationModel, screenIndex: Int) -> [Diagnostic] {
        []
    }
}

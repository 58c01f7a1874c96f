/// Decides the foreground a bar colour needs (SEMANTICS section 5, PROTOCOL.md `TintResult`).
public enum TintEngine {
    /// The tint of the bar shown for `model.screens[screenIndex]`.
    public static func resolve(model: NavigationModel, screenIndex: Int) -> TintResult {
        let background = model.screens[screenIndex].bar?.barTintColor ?? model.config.bar.barTintColor ?? .white
        return resolve(color: background, method: model.config.policies.tintMethod, source: .automatic)
    }

    /// The tint for an explicit colour.
    public static func resolve(
        color: Color, backdrop: Color = .white, method: Policies.TintMethod = .yiq,
        threshold: Double = 186.0 / 256.0, source: TintResult.Source = .automatic
    ) -> TintResult {
        let lum = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue
        let fg: Color = lum > threshold ? .black : .white
        return TintResult(
            background: color, foreground: fg, method: method, luminance: lum, contrastBlack: 1, contrastWhite: 1,
            source: source)
    }
}

/// Decides a bar's foreground and title colours on its bar colour (SEMANTICS section 5, PROTOCOL.md `TintResult`).
///
/// For a colour: a colour with alpha < 1 is first blended over the backdrop (white unless given) in gamma
/// sRGB (COL-6); `background` is that blended, opaque colour (the one the foreground is judged against, and
/// what the contrast ratios refer to), `declared` the colour as given. Then `yiq` (COL-3) or `wcag` (COL-4)
/// picks black or white: `automaticForeground`. `contrast` is always the WCAG ratio of `background` against
/// black and against white. `luminance` is the rule's own measure: the yiq luminance for `yiq`, the WCAG
/// relative luminance for `wcag`. `threshold` only applies to `yiq`.
///
/// The foreground policy decides what `foreground` and `titleColor` are when nothing forces them: under
/// `uikit` (the default) stock UIKit's, the tint colour systemBlue for the items and the label colour (black)
/// for the title, whatever the bar colour (COL-1); under `automatic` the seed's app policy, the automatic
/// black or white for both.
///
/// For a screen's bar: the items' foreground is forced by the screen's `backStyle.color`, else by the bar's
/// explicit `tintColor`, and the title's by the bar's `titleColor`; otherwise the policy decides (see `barColor`
/// for the bar colour).
public enum TintEngine {
    /// The bar colour when neither the screens nor the session set one: `systemBackground` (light), white.
    public static let defaultBarColor = Color.white
    /// UIKit's default tint colour, in which bar items are drawn when nothing sets `tintColor`: the window's tint,
    /// systemBlue (COL-1, COL-8). The light appearance's value: the model has no dark appearance.
    public static let defaultTintColor = SystemPalette.color(named: "systemBlue", dark: false) ?? Color(r8: 0, g8: 122, b8: 255)
    /// UIKit's default title colour: the label colour, which is black in the light appearance (COL-1).
    public static let defaultTitleColor = Color.black

    /// The tint of the bar shown for `model.screens[screenIndex]`, with the session's policies.
    public static func resolve(model: NavigationModel, screenIndex: Int) -> TintResult {
        resolve(model: model, screenIndex: screenIndex, backdrop: nil, method: nil, threshold: nil)
    }

    /// The tint of the bar shown for `model.screens[screenIndex]`, or of the session bar alone when
    /// `screenIndex` is nil (or the stack is empty). `method`, `threshold` and `policy` default to the
    /// session's policies.
    public static func resolve(
        model: NavigationModel, screenIndex: Int?, backdrop: Color?, method: Policies.TintMethod?, threshold: Double?,
        policy: Policies.ForegroundPolicy? = nil
    ) -> TintResult {
        let policies = model.config.policies
        let index = screenIndex.flatMap { $0 >= 0 && $0 < model.screens.count ? $0 : nil }
        let (color, source) = barColor(model: model, screenIndex: index)
        var result = resolve(
            color: color, backdrop: backdrop ?? .white, method: method ?? policies.tintMethod,
            threshold: threshold ?? policies.tintThreshold, source: source, policy: policy ?? policies.foreground)
        if let forced = forcedForeground(model: model, screenIndex: index) {
            result.foreground = forced
            result.source = .forced
        }
        if let title = appearance(model: model, screenIndex: index).titleColor { result.titleColor = title }
        return result
    }

    /// The tint for an explicit colour: `foreground` and `titleColor` are UIKit's defaults under `uikit`, the
    /// automatic black or white under `automatic`.
    public static func resolve(
        color: Color, backdrop: Color = .white, method: Policies.TintMethod = .yiq,
        threshold: Double = 186.0 / 256.0, source: TintResult.Source = .automatic,
        policy: Policies.ForegroundPolicy = Policies().foreground
    ) -> TintResult {
        let background: Color
        if color.alpha < 1 {
            background = ContrastRules.blend(color, over: backdrop)
        } else if [color.red, color.green, color.blue].allSatisfy({ $0 >= 0 && $0 <= 1 }) {
            background = color
        } else {
            background = ContrastRules.clamped(color)
        }
        let wcagL = ContrastRules.relativeLuminance(background)
        let ratios = ContrastRules.contrast(luminance: wcagL)
        let black: Bool
        let luminance: Double
        switch method {
        case .yiq:
            (black, luminance) = ContrastRules.yiq(background, threshold: threshold)
        case .wcag:
            black = ContrastRules.wcagPrefersBlack(luminance: wcagL)
            luminance = wcagL
        }
        let automatic: Color = black ? .black : .white
        let uikit = policy == .uikit
        return TintResult(
            background: background, foreground: uikit ? defaultTintColor : automatic, method: method, luminance: luminance,
            contrastBlack: ratios.black, contrastWhite: ratios.white, source: source,
            declared: color.alpha < 1 ? color : nil, foregroundPolicy: policy, automaticForeground: automatic,
            titleColor: uikit ? defaultTitleColor : automatic)
    }

    /// The bar colour shown for `model.screens[screenIndex]` and where it comes from.
    ///
    /// The bar is the screen's own `bar`, else the nearest screen below it with one (the navigation bar is
    /// shared, so what an earlier screen set stays), and the session bar (`bar/update` without a screen) fills
    /// what that bar leaves unset. The background counts as one field: a non-empty `gradient` (its first
    /// colour, source `gradient`) or `barTintColor` (source `automatic`); the screen bar's background wins
    /// over the session bar's. With neither, `defaultBarColor` (source `default`). An empty gradient is unset.
    public static func barColor(model: NavigationModel, screenIndex: Int?) -> (Color, TintResult.Source) {
        background(of: appearance(model: model, screenIndex: screenIndex)) ?? (defaultBarColor, .default)
    }

    /// The explicit foreground of a screen's bar: its `backStyle.color`, else the bar's `tintColor`.
    public static func forcedForeground(model: NavigationModel, screenIndex: Int?) -> Color? {
        if let index = screenIndex, let color = model.screens[index].backStyle?.color { return color }
        return appearance(model: model, screenIndex: screenIndex).tintColor
    }

    /// The bar shown for `screenIndex` (`NavigationModel.barAppearance(at:)`), or the session bar alone.
    static func appearance(model: NavigationModel, screenIndex: Int?) -> BarAppearance {
        guard let index = screenIndex, index >= 0, index < model.screens.count else { return model.config.bar }
        return model.barAppearance(at: index)
    }

    static func background(of bar: BarAppearance) -> (Color, TintResult.Source)? {
        if let first = bar.gradient?.first { return (first, .gradient) }
        if let color = bar.barTintColor { return (color, .automatic) }
        return nil
    }
}

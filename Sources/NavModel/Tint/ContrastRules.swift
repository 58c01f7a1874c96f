/// The two foreground rules of SEMANTICS section 5, on opaque colours.
///
/// Components are clamped to 0...1 first (COL-7: UIKit's extended sRGB is not carried into the rules).
public enum ContrastRules {
    /// COL-3, the seed's rule: black when `0.299 R + 0.587 G + 0.114 B > threshold`.
    ///
    /// For a colour whose components are exact 8-bit values the comparison is done exactly on integers:
    /// with `S = 299 R + 587 G + 114 B` (R, G, B in 0-255) black iff `S / 255000 > threshold`, evaluated
    /// without rounding for any `threshold` (so with 186/256: black iff `256 S > 47,430,000`; #BABABA is
    /// black, #B9B9B9 white). Other colours compare the Double luminance.
    /// - Returns: whether black wins, and the luminance on 0...1 (`S / 255000` for 8-bit colours).
    public static func yiq(_ color: Color, threshold: Double) -> (black: Bool, luminance: Double) {
        let c = clamped(color)
        if c.isEightBit {
            let s = 299 * c.r8 + 587 * c.g8 + 114 * c.b8
            return (exceeds(s, scale: 255_000, threshold: threshold), Double(s) / 255_000)
        }
        let lum = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
        return (lum > threshold, lum)
    }

    /// Exactly `numerator > scale * threshold`, for an integer numerator and scale.
    ///
    /// A threshold within 1e-9 of a fraction `k/255`, `k/256` or `k/1000` is read as that fraction (JSON
    /// cannot carry 186/255 exactly, and the rule is defined on it), and compared on integers. Any other
    /// threshold is taken at its exact binary value: `scale * threshold` is rounded once to `x` and `err`
    /// is the exact remainder (a fused multiply-add returns it unrounded), so the true product decides.
    static func exceeds(_ numerator: Int, scale: Int, threshold: Double) -> Bool {
        guard threshold.isFinite else { return threshold < 0 }
        for denominator in [256, 255, 1000] {
            let k = (threshold * Double(denominator)).rounded()
            // Within 1e-9 of k/denominator, measured on the threshold itself (as documented).
            if abs(threshold - k / Double(denominator)) < 1e-9, abs(k) < 1e6 {
                return numerator * denominator > scale * Int(k)
            }
        }
        let x = Double(scale) * threshold
        let err = (-x).addingProduct(Double(scale), threshold)
        let n = Double(numerator)
        if x == x.rounded(.down) {
            // True product is x + err with |err| < 1; n is an integer.
            return err < 0 ? n >= x : n > x
        }
        return n > x.rounded(.down)
    }

    /// COL-4: WCAG 2 relative luminance (0.04045 linearisation).
    public static func relativeLuminance(_ color: Color) -> Double {
        let c = clamped(color)
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// WCAG contrast ratios of a colour of relative luminance `l` against black and against white.
    public static func contrast(luminance l: Double) -> (black: Double, white: Double) {
        ((l + 0.05) / 0.05, 1.05 / (l + 0.05))
    }

    /// COL-4: black iff its contrast ratio is strictly higher than white's (a tie gives white).
    public static func wcagPrefersBlack(luminance l: Double) -> Bool {
        let r = contrast(luminance: l)
        return r.black > r.white
    }

    /// COL-6: source-over in gamma-encoded sRGB, `a * fg + (1 - a) * bg` per channel. The backdrop is made
    /// opaque first (over white) if it is not.
    public static func blend(_ color: Color, over backdrop: Color) -> Color {
        let fg = clamped(color)
        var bg = clamped(backdrop)
        if bg.alpha < 1 { bg = blend(bg, over: .white) }
        let a = fg.alpha
        func mix(_ f: Double, _ b: Double) -> Double { a * f + (1 - a) * b }
        return Color(red: mix(fg.red, bg.red), green: mix(fg.green, bg.green), blue: mix(fg.blue, bg.blue))
    }

    /// Each component clamped to 0...1 (COL-7); the name is dropped.
    public static func clamped(_ c: Color) -> Color {
        func cl(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        return Color(red: cl(c.red), green: cl(c.green), blue: cl(c.blue), alpha: cl(c.alpha))
    }

    /// The sRGB transfer function inverse: `c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4`.
    static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : power2_4((c + 0.055) / 1.055)
    }

    /// `x^2.4` for `x` in (0, 1], as `x^2 * x^0.4`, the fifth root of `x^2` found by Newton's method
    /// (the model needs no libm; the iteration is deterministic and converges to the last bit).
    static func power2_4(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let a = x * x
        var y = max(a, 1)
        for _ in 0..<100 {
            let y4 = y * y * y * y
            let next = (4 * y + a / y4) / 5
            if next >= y { break }
            y = next
        }
        return a * y
    }
}

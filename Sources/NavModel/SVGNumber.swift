/// Fixed number formatting for generated text (SVG, messages): at most two decimals, no trailing zeros,
/// no exponent, no "-0". Deterministic on every platform.
public enum SVGNumber {
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * 100).rounded()
        guard abs(scaled) < 9e17 else { return value > 0 ? "9000000000000000" : "-9000000000000000" }
        let n = Int64(scaled)
        if n == 0 { return "0" }
        let sign = n < 0 ? "-" : ""
        let magnitude = n.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

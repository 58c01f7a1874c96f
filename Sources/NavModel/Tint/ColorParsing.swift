/// Why a colour string was not understood; `message` says what to write instead.
public struct ColorParseError: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension Color {
    /// Every accepted string syntax, for messages.
    public static let syntaxSummary =
        "\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", \"rgb(r,g,b)\", \"rgba(r,g,b,a)\" (0-255 and 0-1 alpha) or a UIKit system colour name"

    /// Parses a colour string (PROTOCOL.md section 3):
    /// - `#RGB`, `#RRGGBB`, `#RRGGBBAA`, hex digits in either case;
    /// - `rgb(r,g,b)` and `rgba(r,g,b,a)`, the function name in either case, spaces allowed around every
    ///   number; `r`, `g`, `b` integers 0-255, `a` a decimal 0-1;
    /// - a UIKit system colour name (`systemBlue`, `label`, `systemBackground`...), in any case, with an
    ///   optional `:dark` suffix for the dark appearance. The result keeps the canonical name.
    ///
    /// Spaces around the whole string are ignored. Anything else throws a message naming the problem.
    public static func parse(_ text: String) throws(ColorParseError) -> Color {
        let s = trimmed(Substring(text))
        guard !s.isEmpty else { throw ColorParseError("the colour is empty; use \(syntaxSummary)") }
        if s.first == "#" { return try parseHex(s) }
        let lower = s.lowercased()
        if lower.hasPrefix("rgba(") || lower.hasPrefix("rgb(") { return try parseFunction(s, lower: lower) }
        return try parseName(s)
    }

    static func parseHex(_ s: Substring) throws(ColorParseError) -> Color {
        let digits = s.dropFirst()
        var values: [Int] = []
        for ch in digits {
            guard let v = ch.hexDigitValue, ch.isASCII else {
                throw ColorParseError("'\(s)' contains '\(ch)', which is not a hex digit (0-9, A-F)")
            }
            values.append(v)
        }
        switch values.count {
        case 3:
            return Color(r8: values[0] * 17, g8: values[1] * 17, b8: values[2] * 17)
        case 6, 8:
            func byte(_ i: Int) -> Int { values[2 * i] * 16 + values[2 * i + 1] }
            let alpha = values.count == 8 ? Double(byte(3)) / 255 : 1
            return Color(r8: byte(0), g8: byte(1), b8: byte(2), alpha: alpha)
        default:
            throw ColorParseError(
                "'\(s)' has \(values.count) hex digit\(values.count == 1 ? "" : "s"); use #RGB, #RRGGBB or #RRGGBBAA")
        }
    }

    static func parseFunction(_ s: Substring, lower: String) throws(ColorParseError) -> Color {
        let isRGBA = lower.hasPrefix("rgba(")
        let fn = isRGBA ? "rgba" : "rgb"
        guard s.last == ")" else { throw ColorParseError("'\(s)' is missing its closing ')'") }
        let inner = s.dropFirst(fn.count + 1).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { trimmed($0) }
        let expected = isRGBA ? 4 : 3
        guard parts.count == expected else {
            throw ColorParseError(
                "\(fn)() takes \(expected) numbers (\(isRGBA ? "r, g, b, a" : "r, g, b")), '\(s)' has \(parts.count)"
                    + (isRGBA ? "" : "; use rgba(r,g,b,a) for alpha"))
        }
        let names = ["red", "green", "blue"]
        var bytes: [Int] = []
        for i in 0..<3 {
            let p = parts[i]
            guard !p.isEmpty, p.allSatisfy({ $0.isASCII && $0.isNumber }), p.count <= 4, let v = Int(p) else {
                throw ColorParseError("\(names[i]) in '\(s)' must be an integer from 0 to 255, not '\(p)'")
            }
            guard v <= 255 else {
                throw ColorParseError("\(names[i]) \(v) in '\(s)' is out of range; use 0 to 255")
            }
            bytes.append(v)
        }
        var alpha = 1.0
        if isRGBA {
            let p = parts[3]
            guard isDecimal(p), let a = Double(p) else {
                throw ColorParseError("alpha in '\(s)' must be a number from 0 to 1, not '\(p)'")
            }
            guard a >= 0, a <= 1 else { throw ColorParseError("alpha \(p) in '\(s)' is out of range; use 0 to 1") }
            alpha = a
        }
        return Color(r8: bytes[0], g8: bytes[1], b8: bytes[2], alpha: alpha)
    }

    static func parseName(_ s: Substring) throws(ColorParseError) -> Color {
        var name = s
        var dark = false
        if let colon = s.firstIndex(of: ":") {
            let suffix = s[s.index(after: colon)...]
            guard suffix.lowercased() == "dark" else {
                throw ColorParseError("unknown appearance ':\(suffix)' in '\(s)'; the only suffix is ':dark'")
            }
            name = s[..<colon]
            dark = true
        }
        guard let color = SystemPalette.color(named: String(name), dark: dark) else {
            let examples = ["systemBlue", "label", "systemBackground", "secondarySystemBackground", "systemGray6", "white"]
            throw ColorParseError(
                "unknown colour '\(s)'; use \"#RRGGBB\", rgb()/rgba(), or a UIKit system colour such as "
                    + examples.joined(separator: ", ") + " (optionally with ':dark')")
        }
        return color
    }

    /// Digits with at most one dot and at least one digit ("1", "0.5", ".5", "1.").
    static func isDecimal(_ s: Substring) -> Bool {
        var dots = 0
        var digits = 0
        for ch in s {
            if ch == "." {
                dots += 1
            } else if ch.isASCII && ch.isNumber {
                digits += 1
            } else {
                return false
            }
        }
        return dots <= 1 && digits > 0
    }

    static func trimmed(_ s: Substring) -> Substring {
        var s = s
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return s
    }
}

/// Why a colour string was not understood.
public struct ColorParseError: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension Color {
    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb(r,g,b)`, `rgba(r,g,b,a)` and UIKit system colour names
    /// (with an optional `:dark` suffix).
    public static func parse(_ text: String) throws(ColorParseError) -> Color {
        var s = Substring(text)
        guard s.first == "#" else { throw ColorParseError("unsupported colour") }
        s = s.dropFirst()
        guard s.count == 6, let v = Int(s, radix: 16) else { throw ColorParseError("bad hex colour") }
        return Color(r8: (v >> 16) & 255, g8: (v >> 8) & 255, b8: v & 255)
    }
}

/// A colour in (extended) sRGB, components nominally 0...1.
///
/// `name` keeps the UIKit system colour name it was given by (e.g. `"systemBlue:dark"`),
/// so a snapshot restores exactly what the client sent.
public struct Color: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    public var name: String?

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1, name: String? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.name = name
    }

    /// An 8-bit colour.
    public init(r8: Int, g8: Int, b8: Int, alpha: Double = 1, name: String? = nil) {
        self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255, alpha: alpha, name: name)
    }

    public static let white = Color(r8: 255, g8: 255, b8: 255)
    public static let black = Color(r8: 0, g8: 0, b8: 0)

    static func byte(_ component: Double) -> Int {
        Int((min(max(component, 0), 1) * 255).rounded())
    }

    /// The component as the nearest 8-bit value (clamped).
    public var r8: Int { Color.byte(red) }
    public var g8: Int { Color.byte(green) }
    public var b8: Int { Color.byte(blue) }
    public var a8: Int { Color.byte(alpha) }

    public var isOpaque: Bool { alpha >= 1 }

    /// `#RRGGBB` when opaque, else `#RRGGBBAA`, upper-case.
    public var hex: String {
        func digit(_ v: Int) -> UInt8 { v < 10 ? UInt8(ascii: "0") + UInt8(v) : UInt8(ascii: "A") + UInt8(v - 10) }
        let opaque = isOpaque
        return String(unsafeUninitializedCapacity: opaque ? 7 : 9) { out in
            out[0] = UInt8(ascii: "#")
            var i = 1
            for v in opaque ? [r8, g8, b8] : [r8, g8, b8, a8] {
                out[i] = digit(v >> 4)
                out[i + 1] = digit(v & 15)
                i += 2
            }
            return i
        }
    }

    /// True when every component is exactly an 8-bit value (so integer rules apply, COL-3).
    public var isEightBit: Bool {
        func exact(_ c: Double) -> Bool {
            let scaled = c * 255
            return abs(scaled - scaled.rounded()) < 1e-9 && c >= 0 && c <= 1
        }
        return exact(red) && exact(green) && exact(blue)
    }
}

/// UIKit's named colours, light and dark (PROTOCOL.md section 3: `"systemBlue"`, `"label:dark"`).
///
/// Values are the published iOS 15-18 ones (iOS 13-14 differ only for teal and cyan; COL-8 notes that
/// iOS 26 updated the values, which the model does not yet distinguish). Adaptive colours have a light and a
/// dark value; fixed colours (`white`, `black`, `clear`, `gray`...) are the same in both.
public enum SystemPalette {
    /// One named colour: its light and dark values.
    public struct Entry: Sendable, Hashable {
        /// The value in the light appearance (the name alone).
        public var light: Color
        /// The value in the dark appearance (the name with `:dark`).
        public var dark: Color
    }

    /// Looks a name up, case-insensitively; the returned colour carries the canonical name
    /// (`"systemBlue"`, `"systemBlue:dark"`).
    public static func color(named name: String, dark: Bool) -> Color? {
        guard let (canonical, entry) = lookup(name) else { return nil }
        var c = dark ? entry.dark : entry.light
        c.name = dark ? canonical + ":dark" : canonical
        return c
    }

    /// Every name, in table order.
    public static var names: [String] { entries.map(\.0) }

    static func lookup(_ name: String) -> (String, Entry)? {
        byLowercasedName[name.lowercased()]
    }

    /// The table by lower-cased name, made once: a lookup is a hash, not a scan of every lower-cased name.
    static let byLowercasedName: [String: (String, Entry)] = {
        var out: [String: (String, Entry)] = [:]
        for entry in entries where out[entry.0.lowercased()] == nil { out[entry.0.lowercased()] = entry }
        return out
    }()

    static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> Color { Color(r8: r, g8: g, b8: b, alpha: a) }

    static func adaptive(_ light: Color, _ dark: Color) -> Entry { Entry(light: light, dark: dark) }

    static func fixed(_ c: Color) -> Entry { Entry(light: c, dark: c) }

    static func white(_ w: Double, _ a: Double = 1) -> Color { Color(red: w, green: w, blue: w, alpha: a) }

    /// The table. Alphas of the translucent label, fill and separator colours are the published byte values
    /// divided by 255 where they are given as bytes (e.g. 0x99 = 0.6).
    static let entries: [(String, Entry)] = [
        // Labels
        ("label", adaptive(rgb(0, 0, 0), rgb(255, 255, 255))),
        ("secondaryLabel", adaptive(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))),
        ("tertiaryLabel", adaptive(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))),
        ("quaternaryLabel", adaptive(rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16))),
        ("placeholderText", adaptive(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))),
        ("link", adaptive(rgb(0, 122, 255), rgb(9, 132, 255))),
        // Fills
        ("systemFill", adaptive(rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))),
        ("secondarySystemFill", adaptive(rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32))),
        ("tertiarySystemFill", adaptive(rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24))),
        ("quaternarySystemFill", adaptive(rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18))),
        // Backgrounds
        ("systemBackground", adaptive(rgb(255, 255, 255), rgb(0, 0, 0))),
        ("secondarySystemBackground", adaptive(rgb(242, 242, 247), rgb(28, 28, 30))),
        ("tertiarySystemBackground", adaptive(rgb(255, 255, 255), rgb(44, 44, 46))),
        ("systemGroupedBackground", adaptive(rgb(242, 242, 247), rgb(0, 0, 0))),
        ("secondarySystemGroupedBackground", adaptive(rgb(255, 255, 255), rgb(28, 28, 30))),
        ("tertiarySystemGroupedBackground", adaptive(rgb(242, 242, 247), rgb(44, 44, 46))),
        // Separators
        ("separator", adaptive(rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6))),
        ("opaqueSeparator", adaptive(rgb(198, 198, 200), rgb(56, 56, 58))),
        // Tints
        ("systemRed", adaptive(rgb(255, 59, 48), rgb(255, 69, 58))),
        ("systemOrange", adaptive(rgb(255, 149, 0), rgb(255, 159, 10))),
        ("systemYellow", adaptive(rgb(255, 204, 0), rgb(255, 214, 10))),
        ("systemGreen", adaptive(rgb(52, 199, 89), rgb(48, 209, 88))),
        ("systemMint", adaptive(rgb(0, 199, 190), rgb(99, 230, 226))),
        ("systemTeal", adaptive(rgb(48, 176, 199), rgb(64, 200, 224))),
        ("systemCyan", adaptive(rgb(50, 173, 230), rgb(100, 210, 255))),
        ("systemBlue", adaptive(rgb(0, 122, 255), rgb(10, 132, 255))),
        ("systemIndigo", adaptive(rgb(88, 86, 214), rgb(94, 92, 230))),
        ("systemPurple", adaptive(rgb(175, 82, 222), rgb(191, 90, 242))),
        ("systemPink", adaptive(rgb(255, 45, 85), rgb(255, 55, 95))),
        ("systemBrown", adaptive(rgb(162, 132, 94), rgb(172, 142, 104))),
        // Greys
        ("systemGray", adaptive(rgb(142, 142, 147), rgb(142, 142, 147))),
        ("systemGray2", adaptive(rgb(174, 174, 178), rgb(99, 99, 102))),
        ("systemGray3", adaptive(rgb(199, 199, 204), rgb(72, 72, 74))),
        ("systemGray4", adaptive(rgb(209, 209, 214), rgb(58, 58, 60))),
        ("systemGray5", adaptive(rgb(229, 229, 234), rgb(44, 44, 46))),
        ("systemGray6", adaptive(rgb(242, 242, 247), rgb(28, 28, 30))),
        // Fixed colours (UIColor class properties), exact components
        ("black", fixed(white(0))),
        ("darkGray", fixed(white(1.0 / 3))),
        ("lightGray", fixed(white(2.0 / 3))),
        ("white", fixed(white(1))),
        ("gray", fixed(white(0.5))),
        ("red", fixed(Color(red: 1, green: 0, blue: 0))),
        ("green", fixed(Color(red: 0, green: 1, blue: 0))),
        ("blue", fixed(Color(red: 0, green: 0, blue: 1))),
        ("cyan", fixed(Color(red: 0, green: 1, blue: 1))),
        ("yellow", fixed(Color(red: 1, green: 1, blue: 0))),
        ("magenta", fixed(Color(red: 1, green: 0, blue: 1))),
        ("orange", fixed(Color(red: 1, green: 0.5, blue: 0))),
        ("purple", fixed(Color(red: 0.5, green: 0, blue: 0.5))),
        ("brown", fixed(Color(red: 0.6, green: 0.4, blue: 0.2))),
        ("clear", fixed(white(0, 0))),
        ("darkText", fixed(white(0))),
        ("lightText", fixed(white(1, 0.6))),
    ]
}

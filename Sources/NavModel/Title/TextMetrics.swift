/// A deterministic advance-width model of the system font (SF Pro Text), used for titles, item titles
/// and back titles wherever the bar has to decide whether text fits (BB-6, GEO-12).
///
/// The model sums one advance per user-perceived character (grapheme cluster), in thousandths of an em,
/// and scales linearly with the point size: `width = sum(advance) / 1000 * size`. There is no kerning,
/// no tracking and no shaping, so the answer depends on the text, weight and size only.
///
/// - ASCII (space to `~`): the tables in `TextMetrics+Tables.swift`. Regular uses the public AFM advances
///   of Helvetica, which the SF Pro Text regular advances follow closely at text sizes ("Back" at 17 pt is
///   37.8 pt, inside the 37-40 pt observed for the era-M back button, GEO-11); semibold is the mean of the
///   Helvetica regular and bold advances, rounded up.
/// - Latin-1 letters with diacritics (`À`...`ÿ`) measure as their base letter; a cluster measures as its
///   first scalar, so combining marks add nothing.
/// - CJK ideographs, kana, hangul, CJK punctuation and full-width forms: 1 em.
/// - Emoji (pictographic scalars): 1 em.
/// - Zero-width scalars (ZWJ, ZWNJ, ZWSP, variation selectors, BOM): 0.
/// - Every other scalar (Greek, Cyrillic, Arabic, Hebrew, Thai, Devanagari, symbols...): 0.6 em
///   (regular) or 0.62 em (semibold), a documented default near the average Latin lowercase advance.
///
/// A bar item's `width` (a measured width sent by the client) overrides this model; applying that
/// override is the caller's job.
public enum TextMetrics {
    public enum Weight: Sendable, Hashable {
        /// Bar button and back button titles.
        case regular
        /// The inline navigation title.
        case semibold
    }

    /// The system font size of bar titles and bar button titles.
    public static let barFontSize: Double = 17

    /// The width in points of `text` in the system font at `size` points.
    public static func width(_ text: String, weight: Weight = .regular, size: Double = 17) -> Double {
        var thousandths = 0
        for character in text {
            guard let scalar = character.unicodeScalars.first else { continue }
            thousandths += advance(of: scalar, weight: weight)
        }
        return Double(thousandths) / 1000 * size
    }

    /// The advance of one scalar, in thousandths of an em.
    static func advance(of scalar: Unicode.Scalar, weight: Weight) -> Int {
        let v = scalar.value
        switch v {
        case 0x20...0x7E:
            let table = weight == .regular ? regularASCII : semiboldASCII
            return table[Int(v) - 0x20]
        case 0xA0:
            return advance(of: " ", weight: weight)
        case 0xC0...0xFF:
            guard let base = latin1Base(v) else { return fallback(weight) }
            return advance(of: base, weight: weight)
        case 0x200B...0x200D, 0xFE00...0xFE0F, 0xFEFF, 0x2060:
            return 0
        case 0x0300...0x036F:
            return 0
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3130...0x318F,
            0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
            return 1000
        case 0x1F000...0x1FAFF, 0x2600...0x27BF:
            return 1000
        default:
            return fallback(weight)
        }
    }

    static func fallback(_ weight: Weight) -> Int { weight == .regular ? 600 : 620 }

    /// The ASCII letter a Latin-1 letter is drawn on, for measuring.
    static func latin1Base(_ v: UInt32) -> Unicode.Scalar? {
        let base: String
        switch v {
        case 0xC0...0xC5: base = "A"
        case 0xC6: base = "W"  // Æ is about as wide as W
        case 0xC7: base = "C"
        case 0xC8...0xCB: base = "E"
        case 0xCC...0xCF: base = "I"
        case 0xD0: base = "D"
        case 0xD1: base = "N"
        case 0xD2...0xD6, 0xD8: base = "O"
        case 0xD7: base = "+"
        case 0xD9...0xDC: base = "U"
        case 0xDD: base = "Y"
        case 0xDE: base = "P"
        case 0xDF: base = "B"  // ß
        case 0xE0...0xE5: base = "a"
        case 0xE6: base = "m"  // æ
        case 0xE7: base = "c"
        case 0xE8...0xEB: base = "e"
        case 0xEC...0xEF: base = "i"
        case 0xF0: base = "o"
        case 0xF1: base = "n"
        case 0xF2...0xF6, 0xF8: base = "o"
        case 0xF7: base = "+"
        case 0xF9...0xFC: base = "u"
        case 0xFD, 0xFF: base = "y"
        case 0xFE: base = "p"
        default: return nil
        }
        return base.unicodeScalars.first
    }
}

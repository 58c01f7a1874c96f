/// Widths of bar texts as a device drew them (`policies.textWidths`): what an import reads off the label
/// frames of a dump or a UI-test tree, so the imported bar is laid out with the input's own text widths rather
/// than the model's measure of the font (docs/import.md). A text with a given width in its style measures
/// exactly that wherever the bar places it; every other text measures with the font or the calibrated tables.
public struct TextWidths: Sendable {
    /// Where a text is drawn, which fixes its weight and size.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// The inline title: 17-pt semibold.
        case title
        /// The back title and text items: 17-pt regular.
        case button
        /// The large title: 34-pt bold (GEO-13).
        case largeTitle

        public var weight: TextMetrics.Weight {
            switch self {
            case .title: return .semibold
            case .button: return .regular
            case .largeTitle: return .bold
            }
        }

        public var size: Double { self == .largeTitle ? BarGeometry.largeTitleFontSize : TextMetrics.barFontSize }
    }

    /// One given width.
    public struct Entry: Sendable, Hashable {
        public var text: String
        public var style: Style
        /// Points, as drawn.
        public var width: Double

        public init(text: String, style: Style, width: Double) {
            self.text = text
            self.style = style
            self.width = width
        }
    }

    /// The widths in the order given (a document keeps them so).
    public private(set) var entries: [Entry] = []
    private var byText: [Style: [String: Double]] = [:]

    public init() {}

    /// `entries`, a later width of the same text and style replacing an earlier one.
    public init(_ entries: [Entry]) {
        for entry in entries { set(entry) }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Gives `entry.text` in `entry.style` its width, replacing any width it had.
    public mutating func set(_ entry: Entry) {
        if byText[entry.style]?[entry.text] != nil {
            entries.removeAll { $0.text == entry.text && $0.style == entry.style }
        }
        entries.append(entry)
        byText[entry.style, default: [:]][entry.text] = entry.width
    }

    /// The given width of `text` drawn in `style`, if any.
    public func width(of text: String, style: Style) -> Double? {
        byText.isEmpty ? nil : byText[style]?[text]
    }
}

extension TextWidths: Hashable {
    public static func == (a: TextWidths, b: TextWidths) -> Bool { a.entries == b.entries }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}

extension TextMetrics {
    /// The width of `text` drawn in `style`: its given width when `given` holds one, else measured with `font`
    /// (and `family`'s tables for what the font lacks) or with `family`'s tables alone.
    public static func width(
        _ text: String, style: TextWidths.Style, family: Family, font: TextFont?, given: TextWidths
    ) -> Double {
        if let width = given.width(of: text, style: style) { return width }
        return width(text, weight: style.weight, size: style.size, family: family, font: font)
    }
}

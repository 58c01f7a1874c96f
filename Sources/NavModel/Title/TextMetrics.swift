/// A deterministic width model for the system font.
public enum TextMetrics {
    public enum Weight: Sendable, Hashable {
        case regular, semibold
    }

    /// The width in points of `text` in the system font at `size` points.
    public static func width(_ text: String, weight: Weight = .regular, size: Double = 17) -> Double {
        Double(text.count) * size * 0.5
    }
}

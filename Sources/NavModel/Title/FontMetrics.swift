/// The horizontal metrics of one face of a real font at one weight, in font units, as a font reader
/// (NavFont) extracts them: what `TextMetrics` needs to measure a line of text, and nothing about files.
///
/// A string measures as the sum of its glyphs' advances, plus the pair kerning between neighbours, plus the
/// tracking at the point size once per glyph, scaled by `size / unitsPerEm`.
public struct FontMetrics: Sendable {
    /// A pair-adjustment subtable (GPOS lookup type 2, or the `kern` table), on glyph ids.
    public enum PairSubtable: Sendable {
        /// Pairs listed one by one: `(first << 16) | second` to the adjustment, in font units. `firstGlyphs`
        /// is the subtable's coverage: a first glyph outside it lets the next subtable try.
        case pairs(firstGlyphs: Set<UInt16>, adjustments: [UInt32: Int32], consumesSecond: Bool)
        /// Class-based pairs: the adjustment of `(class of first, class of second)` is
        /// `values[class1 * class2Count + class2]`; a glyph missing from a class table is class 0.
        case classes(
            firstGlyphs: Set<UInt16>, firstClass: [UInt16: UInt16], secondClass: [UInt16: UInt16],
            class1Count: Int, class2Count: Int, values: [Int32], consumesSecond: Bool)
    }

    /// One kerning lookup: its subtables in order, the first that applies to a pair wins.
    public struct PairLookup: Sendable {
        public var subtables: [PairSubtable]
        public init(subtables: [PairSubtable]) { self.subtables = subtables }
    }

    /// Tracking at one point size, in font units per glyph (`trak`).
    public struct TrackPoint: Sendable, Hashable {
        public var size: Double
        public var value: Double
        public init(size: Double, value: Double) {
            self.size = size
            self.value = value
        }
    }

    /// Identifies the metrics' source (a digest of the font's bytes, its face and instance): two metrics with
    /// the same identity are the same numbers.
    public var identity: String
    public var unitsPerEm: Int
    /// Unicode scalar value to glyph id (the `cmap`), glyph 0 (`.notdef`) left out.
    public var glyphs: [UInt32: UInt16]
    /// Each glyph's advance width, in font units, after any variation.
    public var advances: [Int32]
    /// The kerning lookups, applied one after another (each adds its adjustments).
    public var kerning: [PairLookup]
    /// The normal track by point size, in increasing size; empty when the font has no `trak`.
    public var tracking: [TrackPoint]

    public init(
        identity: String, unitsPerEm: Int, glyphs: [UInt32: UInt16], advances: [Int32], kerning: [PairLookup],
        tracking: [TrackPoint]
    ) {
        self.identity = identity
        self.unitsPerEm = unitsPerEm
        self.glyphs = glyphs
        self.advances = advances
        self.kerning = kerning
        self.tracking = tracking
    }

    /// The glyph a scalar draws with, if the font has one.
    public func glyph(_ scalar: Unicode.Scalar) -> UInt16? {
        guard let g = glyphs[scalar.value], Int(g) < advances.count else { return nil }
        return g
    }

    /// The tracking per glyph at `size` points, in font units: interpolated linearly between the sizes the
    /// table lists, and the first or last value beyond them.
    public func tracking(at size: Double) -> Double {
        guard let first = tracking.first, let last = tracking.last else { return 0 }
        if size <= first.size { return first.value }
        if size >= last.size { return last.value }
        for (a, b) in zip(tracking, tracking.dropFirst()) where size <= b.size {
            guard b.size > a.size else { return b.value }
            return a.value + (b.value - a.value) * (size - a.size) / (b.size - a.size)
        }
        return last.value
    }

    /// The kerning between neighbouring glyphs, in font units: every lookup's adjustments added up.
    public func kerning(_ glyphs: [UInt16?]) -> Int {
        guard glyphs.count > 1 else { return 0 }
        var total = 0
        for lookup in kerning {
            var i = 0
            while i + 1 < glyphs.count {
                guard let first = glyphs[i], let second = glyphs[i + 1] else {
                    i += 1
                    continue
                }
                if let (value, consumes) = lookup.adjustment(first, second) {
                    total += Int(value)
                    i += consumes ? 2 : 1
                } else {
                    i += 1
                }
            }
        }
        return total
    }
}

extension FontMetrics.PairLookup {
    /// The adjustment the first applicable subtable gives the pair, and whether it consumes the second glyph.
    func adjustment(_ first: UInt16, _ second: UInt16) -> (Int32, Bool)? {
        for subtable in subtables {
            switch subtable {
            case .pairs(let firstGlyphs, let adjustments, let consumes):
                guard firstGlyphs.contains(first) else { continue }
                if let value = adjustments[UInt32(first) << 16 | UInt32(second)] { return (value, consumes) }
            case .classes(let firstGlyphs, let firstClass, let secondClass, let c1Count, let c2Count, let values, let consumes):
                guard firstGlyphs.contains(first) else { continue }
                let c1 = Int(firstClass[first] ?? 0)
                let c2 = Int(secondClass[second] ?? 0)
                guard c1 < c1Count, c2 < c2Count, c1 * c2Count + c2 < values.count else { continue }
                return (values[c1 * c2Count + c2], consumes)
            }
        }
        return nil
    }
}

/// A real font chosen to measure bar text: the face's metrics at the weight of bar buttons and back titles
/// (regular, 400) and at the inline title's (semibold, 600), and a description for answers.
public struct TextFont: Sendable, Hashable {
    /// The font file as it was named (a path), for answers.
    public var file: String
    /// The face's full name (`name` ID 4), or its index when it has none.
    public var face: String
    public var regular: FontMetrics
    public var semibold: FontMetrics
    /// Whether `regular` and `semibold` are the `wght` 400 and 600 instances of a variable font with their own
    /// advances (`HVAR`, or `gvar`'s phantom points); false when one face measures both.
    public var variableWeights: Bool

    public init(file: String, face: String, regular: FontMetrics, semibold: FontMetrics, variableWeights: Bool) {
        self.file = file
        self.face = face
        self.regular = regular
        self.semibold = semibold
        self.variableWeights = variableWeights
    }

    /// The large title's bold (700) is not read: it measures with the semibold instance, a little narrower.
    public func metrics(_ weight: TextMetrics.Weight) -> FontMetrics {
        switch weight {
        case .regular: return regular
        case .semibold, .bold: return semibold
        }
    }

    public static func == (a: TextFont, b: TextFont) -> Bool {
        a.file == b.file && a.face == b.face && a.regular.identity == b.regular.identity
            && a.semibold.identity == b.semibold.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(regular.identity)
        hasher.combine(semibold.identity)
    }
}

/// The real font an answer's text widths came from (the `metrics` member of `title/back` and `bar/layout`).
public struct MeasuredWith: Sendable, Hashable {
    /// The font file, as it was named.
    public var file: String
    /// The face's full name.
    public var face: String
    /// Whether the title's semibold and the buttons' regular are two instances of a variable font (else one
    /// face measures both).
    public var variable: Bool

    public init(file: String, face: String, variable: Bool) {
        self.file = file
        self.face = face
        self.variable = variable
    }

    public init(_ font: TextFont) {
        self.init(file: font.file, face: font.face, variable: font.variableWeights)
    }
}

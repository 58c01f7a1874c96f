import NavModel

/// Which face of a file: by index (a collection's order) or by name.
public enum FaceChoice: Sendable, Hashable, CustomStringConvertible {
    case index(Int)
    case name(String)

    public var description: String {
        switch self {
        case .index(let i): return "\(i)"
        case .name(let n): return "'\(n)'"
        }
    }
}

extension FontFace {
    /// The face's horizontal metrics at an instance (user values by axis tag; the rest at their defaults,
    /// and all of them ignored by a static face).
    public func metrics(axes values: [String: Double] = [:]) throws(FontError) -> FontMetrics {
        var advances = try advances()
        let axes = try axes()
        var variations: VariationInstance?
        var coords: [Double] = []
        if !axes.isEmpty {
            coords = try normalized(axes, values)
            var deltas = try advanceDeltas(coords)
            if deltas == nil { deltas = try phantomAdvanceDeltas(coords) }
            if let deltas {
                for g in advances.indices {
                    advances[g] = Int32((Double(advances[g]) + deltas[g] + 0.5).rounded(.down))
                }
            }
            if let gdef = table("GDEF"), try gdef.u16(0) == 1, try gdef.u16(2) >= 3 {
                let offset = Int(try gdef.u32(14))
                if offset != 0 {
                    variations = try VariationInstance(store: try gdef.at(offset, "the item variation store"), coordinates: coords)
                }
            }
        }
        let head = try required("head")
        let checksum = try head.u32(8)
        let instance = coords.map { String(Int(($0 * 16384).rounded())) }.joined(separator: ",")
        return FontMetrics(
            identity: "\(bytes.count):\(String(checksum, radix: 16)):\(index):\(instance)",
            unitsPerEm: unitsPerEm, glyphs: try characterMap(), advances: advances,
            kerning: try kerning(variations: variations),
            tracking: try tracking().map { FontMetrics.TrackPoint(size: $0.size, value: $0.value) })
    }
}

extension TextFont {
    /// The weights bar text is set in: regular (400) for buttons and back titles, semibold (600) for the
    /// inline title.
    public static let regularWeight = 400.0
    public static let semiboldWeight = 600.0

    /// A real font's metrics for bar text, from the bytes of `file`: the face chosen (the first without a
    /// choice), at `wght` 400 and 600 when it is variable (and `opsz` at `size` when it has that axis), or
    /// its single weight for both. `variableWeights` is true when the two weights have their own advances
    /// (a `wght` axis, and `HVAR` or `gvar`).
    public static func read(
        bytes: [UInt8], file: String, face choice: FaceChoice? = nil, size: Double = TextMetrics.barFontSize
    ) throws(FontError) -> TextFont {
        let font = try FontFile(bytes: bytes)
        let face: FontFace
        switch choice {
        case nil: face = try font.face(at: 0)
        case .index(let i): face = try font.face(at: i)
        case .name(let n): face = try font.face(named: n)
        }
        let axes = try face.axes()
        let weighted = axes.contains { $0.tag == "wght" }
        let regular = try face.metrics(axes: ["wght": regularWeight, "opsz": size])
        let semibold = weighted ? try face.metrics(axes: ["wght": semiboldWeight, "opsz": size]) : regular
        // Advances vary through HVAR, else gvar's phantom points (a TrueType font); a CFF2 font without HVAR
        // keeps its default instance's.
        let variable = weighted && (face.tables["HVAR"] != nil || face.tables["gvar"] != nil)
        return TextFont(file: file, face: face.displayName, regular: regular, semibold: semibold, variableWeights: variable)
    }
}

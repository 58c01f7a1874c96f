/// One axis of a variable font (`fvar`).
public struct VariationAxis: Sendable, Hashable {
    public var tag: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
}

/// An item variation store (`HVAR`, `GDEF`) at one instance's normalised coordinates.
struct VariationInstance: Sendable {
    let store: Reader
    /// Per region, its scalar at the instance.
    let regionScalars: [Double]
    let dataOffsets: [Int]

    init(store: Reader, coordinates: [Double]) throws(FontError) {
        self.store = store
        let format = try store.u16(0)
        guard format == 1 else { throw store.fail(0, "unknown item variation store format \(format)") }
        let regions = try store.at(Int(try store.u32(2)), "the variation region list")
        let axisCount = Int(try regions.u16(0))
        let regionCount = Int(try regions.u16(2))
        guard axisCount == coordinates.count else {
            throw regions.fail(0, "the regions span \(axisCount) axes; fvar has \(coordinates.count)")
        }
        try regions.need(4, regionCount * axisCount * 6, "\(regionCount) regions")
        var scalars: [Double] = []
        for r in 0..<regionCount {
            var scalar = 1.0
            for a in 0..<axisCount {
                let at = 4 + (r * axisCount + a) * 6
                let start = try regions.f2dot14(at)
                let peak = try regions.f2dot14(at + 2)
                let end = try regions.f2dot14(at + 4)
                scalar *= VariationInstance.axisScalar(coordinates[a], start: start, peak: peak, end: end)
            }
            scalars.append(scalar)
        }
        regionScalars = scalars
        let dataCount = Int(try store.u16(6))
        try store.need(8, dataCount * 4, "\(dataCount) item variation data offsets")
        var offsets: [Int] = []
        for i in 0..<dataCount { offsets.append(Int(try store.u32(8 + i * 4))) }
        dataOffsets = offsets
    }

    /// How much of a region's delta applies on one axis (OpenType's region scalar).
    static func axisScalar(_ v: Double, start: Double, peak: Double, end: Double) -> Double {
        if peak == 0 || start > peak || peak > end || (start < 0 && end > 0) { return 1 }
        if v == peak { return 1 }
        if v <= start || v >= end { return 0 }
        return v < peak ? (v - start) / (peak - start) : (end - v) / (end - peak)
    }

    /// The delta of item `inner` of data `outer`, blended at the instance.
    func delta(outer: Int, inner: Int) throws(FontError) -> Double {
        guard outer < dataOffsets.count else {
            throw store.fail(6, "variation data \(outer) asked for; the store has \(dataOffsets.count)")
        }
        let data = try store.at(dataOffsets[outer], "item variation data \(outer)")
        let itemCount = Int(try data.u16(0))
        let wordField = try data.u16(2)
        let long = wordField & 0x8000 != 0
        let words = Int(wordField & 0x7FFF)
        let regionCount = Int(try data.u16(4))
        guard words <= regionCount else { throw data.fail(2, "\(words) word deltas of \(regionCount) regions") }
        guard inner < itemCount else { throw data.fail(0, "item \(inner) asked for; the data has \(itemCount)") }
        try data.need(6, regionCount * 2, "\(regionCount) region indices")
        let wide = long ? 4 : 2
        let narrow = long ? 2 : 1
        let rowSize = words * wide + (regionCount - words) * narrow
        let row = 6 + regionCount * 2 + inner * rowSize
        try data.need(row, rowSize, "item \(inner)'s deltas")
        var total = 0.0
        for k in 0..<regionCount {
            let region = Int(try data.u16(6 + k * 2))
            guard region < regionScalars.count else {
                throw data.fail(6 + k * 2, "region \(region) named; the list has \(regionScalars.count)")
            }
            let value: Int
            if k < words {
                value = long ? Int(try data.i32(row + k * 4)) : Int(try data.i16(row + k * 2))
            } else {
                let at = row + words * wide + (k - words) * narrow
                value = long ? Int(try data.i16(at)) : Int(Int8(bitPattern: try data.u8(at)))
            }
            total += Double(value) * regionScalars[region]
        }
        return total
    }
}

extension FontFace {
    /// The variation axes (`fvar`), empty for a static face.
    public func axes() throws(FontError) -> [VariationAxis] {
        guard let fvar = table("fvar") else { return [] }
        let major = try fvar.u16(0)
        guard major == 1 else { throw fvar.fail(0, "unknown version \(major)") }
        let offset = Int(try fvar.u16(4))
        let count = Int(try fvar.u16(8))
        let size = Int(try fvar.u16(10))
        guard size >= 20 else { throw fvar.fail(10, "axis records of \(size) bytes (at least 20)") }
        try fvar.need(offset, count * size, "\(count) axis records")
        var axes: [VariationAxis] = []
        for i in 0..<count {
            let at = offset + i * size
            let axis = VariationAxis(
                tag: try fvar.tag(at), minimum: try fvar.fixed(at + 4), defaultValue: try fvar.fixed(at + 8),
                maximum: try fvar.fixed(at + 12))
            guard axis.minimum <= axis.defaultValue, axis.defaultValue <= axis.maximum else {
                throw fvar.fail(at + 4, "axis '\(axis.tag)' has its default outside its range")
            }
            axes.append(axis)
        }
        return axes
    }

    /// Normalised coordinates for user values by axis tag (the rest at their defaults), through `avar`,
    /// rounded to 2.14 as renderers do.
    func normalized(_ axes: [VariationAxis], _ values: [String: Double]) throws(FontError) -> [Double] {
        var coords: [Double] = axes.map { axis in
            let v = min(max(values[axis.tag] ?? axis.defaultValue, axis.minimum), axis.maximum)
            if v < axis.defaultValue { return -(axis.defaultValue - v) / (axis.defaultValue - axis.minimum) }
            if v > axis.defaultValue { return (v - axis.defaultValue) / (axis.maximum - axis.defaultValue) }
            return 0
        }
        coords = coords.map { ($0 * 16384).rounded() / 16384 }
        if let avar = table("avar") {
            let major = try avar.u16(0)
            guard major == 1 else { throw avar.fail(0, "unknown version \(major)") }
            let count = Int(try avar.u16(6))
            guard count == axes.count else { throw avar.fail(6, "maps \(count) axes; fvar has \(axes.count)") }
            var at = 8
            for a in 0..<count {
                let pairs = Int(try avar.u16(at))
                try avar.need(at + 2, pairs * 4, "axis \(a)'s \(pairs) maps")
                var map: [(Double, Double)] = []
                for p in 0..<pairs { map.append((try avar.f2dot14(at + 2 + p * 4), try avar.f2dot14(at + 4 + p * 4))) }
                coords[a] = FontFace.segmentMap(coords[a], map)
                at += 2 + pairs * 4
            }
            coords = coords.map { ($0 * 16384).rounded() / 16384 }
        }
        return coords
    }

    static func segmentMap(_ v: Double, _ map: [(Double, Double)]) -> Double {
        guard let first = map.first else { return v }
        if v <= first.0 { return first.1 }
        for (a, b) in zip(map, map.dropFirst()) where v <= b.0 {
            guard b.0 > a.0 else { return b.1 }
            return a.1 + (b.1 - a.1) * (v - a.0) / (b.0 - a.0)
        }
        return map.last!.1
    }

    /// The advance deltas of every glyph at the instance (`HVAR`), or nil without the table.
    func advanceDeltas(_ coords: [Double]) throws(FontError) -> [Double]? {
        guard let hvar = table("HVAR") else { return nil }
        let major = try hvar.u16(0)
        guard major == 1 else { throw hvar.fail(0, "unknown version \(major)") }
        let store = try VariationInstance(store: try hvar.at(Int(try hvar.u32(4)), "the item variation store"), coordinates: coords)
        let mapOffset = Int(try hvar.u32(8))
        var deltas: [Double] = []
        deltas.reserveCapacity(glyphCount)
        if mapOffset == 0 {
            for g in 0..<glyphCount { deltas.append(try store.delta(outer: 0, inner: g)) }
            return deltas
        }
        let map = try hvar.at(mapOffset, "the advance width mapping")
        let format = try map.u8(0)
        let entryFormat = try map.u8(1)
        let count: Int
        let entries: Int
        switch format {
        case 0:
            count = Int(try map.u16(2))
            entries = 4
        case 1:
            count = Int(try map.u32(2))
            entries = 6
        default:
            throw map.fail(0, "unknown delta-set index map format \(format)")
        }
        guard count > 0 else { throw map.fail(2, "the map is empty") }
        let size = Int((entryFormat >> 4) & 0x3) + 1
        let innerBits = Int(entryFormat & 0xF) + 1
        try map.need(entries, count * size, "\(count) map entries")
        for g in 0..<glyphCount {
            let at = entries + min(g, count - 1) * size
            var entry = 0
            for b in 0..<size { entry = entry << 8 | Int(try map.u8(at + b)) }
            deltas.append(try store.delta(outer: entry >> innerBits, inner: entry & ((1 << innerBits) - 1)))
        }
        return deltas
    }
}

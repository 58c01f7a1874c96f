/// Builds small fonts byte by byte for the reader's tests: a table directory over the tables given, each
/// 4-byte aligned, and the few tables a face needs, written as the OpenType specification lays them out.
struct FontBuilder {
    var tables: [String: [UInt8]]

    /// An sfnt (TrueType flavoured), tables in tag order.
    func bytes(version: UInt32 = 0x0001_0000, at base: Int = 0) -> [UInt8] {
        let tags = tables.keys.sorted()
        var out = u32(version) + u16(tags.count) + u16(0) + u16(0) + u16(0)
        var offset = base + 12 + tags.count * 16
        var body: [UInt8] = []
        for tag in tags {
            let data = tables[tag]!
            out += Array(tag.utf8) + u32(0) + u32(UInt32(offset)) + u32(UInt32(data.count))
            body += data
            while body.count % 4 != 0 { body.append(0) }
            offset = base + 12 + tags.count * 16 + body.count
        }
        return out + body
    }

    /// A collection (`ttcf` version 1) of fonts.
    static func collection(_ fonts: [FontBuilder]) -> [UInt8] {
        var header = Array("ttcf".utf8) + u16(1) + u16(0) + u32(UInt32(fonts.count))
        let headerSize = 12 + fonts.count * 4
        var body: [UInt8] = []
        for f in fonts {
            header += u32(UInt32(headerSize + body.count))
            body += f.bytes(at: headerSize + body.count)
        }
        return header + body
    }

    /// Glyphs: 0 .notdef, 1 'A', 2 'V', 3 'B', 4 space; 1000 units per em.
    static let advances: [UInt16] = [500, 600, 580, 620, 250]

    static func standard() -> FontBuilder {
        FontBuilder(tables: [
            "head": head(unitsPerEm: 1000),
            "maxp": u32(0x0000_5000) + u16(advances.count),
            "hhea": hhea(metrics: advances.count - 1),
            "hmtx": advances.prefix(advances.count - 1).flatMap { u16($0) + u16(0) } + u16(0),
            "cmap": cmap4(),
            "name": name(["Test Sans", "Regular", "Test Sans Regular", "TestSans-Regular"]),
        ])
    }

    static func head(unitsPerEm: Int) -> [UInt8] {
        var t = [UInt8](repeating: 0, count: 54)
        t[0...3] = [0, 1, 0, 0]
        t[8...11] = [0x12, 0x34, 0x56, 0x78]
        t[12...15] = [0x5F, 0x0F, 0x3C, 0xF5]
        t[18] = UInt8(unitsPerEm >> 8)
        t[19] = UInt8(unitsPerEm & 0xFF)
        return t
    }

    static func hhea(metrics: Int) -> [UInt8] {
        var t = [UInt8](repeating: 0, count: 36)
        t[0...3] = [0, 1, 0, 0]
        t[34] = UInt8(metrics >> 8)
        t[35] = UInt8(metrics & 0xFF)
        return t
    }

    /// Format 4: space by delta, 'A'...'B' through the glyph array (idRangeOffset), 'V' by delta.
    static func cmap4() -> [UInt8] {
        let segments: [(start: UInt16, end: UInt16, delta: Int16, range: Bool)] = [
            (0x20, 0x20, 4 - 0x20, false), (0x41, 0x42, 0, true), (0x56, 0x56, 2 - 0x56, false),
            (0xFFFF, 0xFFFF, 1, false),
        ]
        let n = segments.count
        var sub = u16(4) + u16(0) + u16(0) + u16(n * 2) + u16(4) + u16(1) + u16(0)
        sub += segments.flatMap { u16($0.end) } + u16(0) + segments.flatMap { u16($0.start) }
        sub += segments.flatMap { u16(UInt16(bitPattern: $0.delta)) }
        // The one glyph array follows the idRangeOffset array; segment 1's offset counts from its own entry.
        sub += segments.enumerated().flatMap { i, s in s.range ? u16((n - i) * 2) : u16(0) }
        sub += u16(1) + u16(3)
        sub[2] = UInt8(sub.count >> 8)
        sub[3] = UInt8(sub.count & 0xFF)
        return u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + sub
    }

    /// Windows English names 1, 2, 4 and 6.
    static func name(_ strings: [String]) -> [UInt8] {
        let ids: [UInt16] = [1, 2, 4, 6]
        var storage: [UInt8] = []
        var records: [UInt8] = []
        for (id, s) in zip(ids, strings) {
            let bytes = s.utf16.flatMap { u16($0) }
            records += u16(3) + u16(1) + u16(0x409) + u16(id) + u16(bytes.count) + u16(storage.count)
            storage += bytes
        }
        return u16(0) + u16(ids.count) + u16(6 + records.count) + records + storage
    }

    /// `trak` with tracks -1, 0 and 1 at sizes 9, 12 and 17; the normal track's values are `normal`.
    static func trak(normal: [Int16]) -> [UInt8] {
        let sizes: [Double] = [9, 12, 17]
        let tracks: [(Double, [Int16])] = [(-1, [-10, -10, -10]), (0, normal), (1, [10, 10, 10])]
        let dataOffset = 12
        let entries = 8 + tracks.count * 8
        let sizeTable = dataOffset + entries
        var values: [UInt8] = []
        var data = u16(tracks.count) + u16(sizes.count) + u32(UInt32(sizeTable))
        for (track, v) in tracks {
            data += u32(UInt32(bitPattern: Int32(track * 65536))) + u16(256) + u16(sizeTable + sizes.count * 4 + values.count)
            values += v.flatMap { u16(UInt16(bitPattern: $0)) }
        }
        let header = u32(0x0001_0000) + u16(0) + u16(dataOffset) + u16(0) + u16(0)
        return header + data + sizes.flatMap { u32(UInt32($0 * 65536)) } + values
    }

    /// Apple's `kern` (version 1.0), one format 0 subtable of glyph pairs.
    static func appleKern(_ pairs: [(UInt16, UInt16, Int16)]) -> [UInt8] {
        let sub = u16(pairs.count) + u16(0) + u16(0) + u16(0) + pairs.flatMap { u16($0.0) + u16($0.1) + u16(UInt16(bitPattern: $0.2)) }
        return u32(0x0001_0000) + u32(1) + u32(UInt32(8 + sub.count)) + u16(0) + u16(0) + sub
    }
}

func u16<T: BinaryInteger>(_ v: T) -> [UInt8] { [UInt8((Int(v) >> 8) & 0xFF), UInt8(Int(v) & 0xFF)] }
func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

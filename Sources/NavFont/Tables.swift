extension FontFace {
    /// Each glyph's advance width in font units (`hhea`, `hmtx`): glyphs past `numberOfHMetrics` repeat the
    /// last advance.
    public func advances() throws(FontError) -> [Int32] {
        let hhea = try required("hhea")
        let metricsCount = Int(try hhea.u16(34))
        guard metricsCount > 0 else { throw hhea.fail(34, "numberOfHMetrics is 0") }
        let hmtx = try required("hmtx")
        try hmtx.need(0, metricsCount * 4, "\(metricsCount) horizontal metrics")
        var advances: [Int32] = []
        advances.reserveCapacity(glyphCount)
        for g in 0..<min(metricsCount, glyphCount) { advances.append(Int32(try hmtx.u16(g * 4))) }
        let last = Int32(try hmtx.u16((metricsCount - 1) * 4))
        while advances.count < glyphCount { advances.append(last) }
        return advances
    }

    /// The character map: Unicode scalar value to glyph id, from the best Unicode subtable (format 12 for
    /// the full repertoire, else format 4 for the Basic Multilingual Plane). Glyph 0 and glyphs past the
    /// face's count are left out.
    public func characterMap() throws(FontError) -> [UInt32: UInt16] {
        let cmap = try required("cmap")
        let count = Int(try cmap.u16(2))
        try cmap.need(4, count * 8, "\(count) encoding records")
        var candidates: [(rank: Int, offset: Int)] = []
        for i in 0..<count {
            let platform = try cmap.u16(4 + i * 8)
            let encoding = try cmap.u16(4 + i * 8 + 2)
            let offset = Int(try cmap.u32(4 + i * 8 + 4))
            let format = try cmap.at(offset, "encoding record \(i)'s subtable").u16(0)
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, format == 4 || format == 12 else { continue }
            candidates.append((format == 12 ? 2 : 1, offset))
        }
        guard let best = candidates.max(by: { $0.rank < $1.rank }) else {
            throw cmap.fail(4, "no Unicode subtable of format 4 or 12")
        }
        let sub = try cmap.at(best.offset, "the chosen subtable")
        return best.rank == 2 ? try format12(sub) : try format4(sub)
    }

    private func format4(_ r: Reader) throws(FontError) -> [UInt32: UInt16] {
        let length = Int(try r.u16(2))
        let t = try r.limited(to: length, "a format 4 subtable of \(length) bytes")
        let segCount = Int(try t.u16(6)) / 2
        let ends = 14
        let starts = ends + segCount * 2 + 2
        let deltas = starts + segCount * 2
        let rangeOffsets = deltas + segCount * 2
        try t.need(ends, segCount * 8 + 2, "\(segCount) segments")
        var map: [UInt32: UInt16] = [:]
        var mapped = 0
        for s in 0..<segCount {
            let end = Int(try t.u16(ends + s * 2))
            let start = Int(try t.u16(starts + s * 2))
            let delta = Int(try t.u16(deltas + s * 2))
            let rangeOffset = Int(try t.u16(rangeOffsets + s * 2))
            guard start <= end else {
                throw t.fail(starts + s * 2, "segment \(s) starts at U+\(hex(start)), after its end U+\(hex(end))")
            }
            guard start <= 0xFFFE else { continue }
            mapped += min(end, 0xFFFE) - start + 1
            guard mapped <= 0x10000 else { throw t.fail(ends + s * 2, "the segments map more characters than the BMP has") }
            for code in start...min(end, 0xFFFE) {
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (code + delta) & 0xFFFF
                } else {
                    let at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2
                    glyph = Int(try t.u16(at))
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                if glyph != 0, glyph < glyphCount, !(0xD800...0xDFFF).contains(code) {
                    map[UInt32(code)] = UInt16(glyph)
                }
            }
        }
        return map
    }

    private func format12(_ r: Reader) throws(FontError) -> [UInt32: UInt16] {
        let length = Int(try r.u32(4))
        let t = try r.limited(to: length, "a format 12 subtable of \(length) bytes")
        let groups = Int(try t.u32(12))
        try t.need(16, groups * 12, "\(groups) groups")
        var map: [UInt32: UInt16] = [:]
        var mapped = 0
        for g in 0..<groups {
            let at = 16 + g * 12
            let start = Int(try t.u32(at))
            let end = Int(try t.u32(at + 4))
            let first = Int(try t.u32(at + 8))
            guard start <= end, end <= 0x10FFFF else {
                throw t.fail(at, "group \(g) maps U+\(hex(start))...U+\(hex(end)), not a range of Unicode")
            }
            mapped += end - start + 1
            guard mapped <= 0x110000 else { throw t.fail(at, "the groups map more characters than Unicode has") }
            for code in start...end {
                let glyph = first + (code - start)
                if glyph != 0, glyph < glyphCount, !(0xD800...0xDFFF).contains(code) {
                    map[UInt32(code)] = UInt16(glyph)
                }
            }
        }
        return map
    }

    /// The normal track (`trak`, track value 0) by point size, in font units; empty without the table or
    /// without a horizontal normal track.
    public func tracking() throws(FontError) -> [(size: Double, value: Double)] {
        guard let trak = table("trak") else { return [] }
        let major = try trak.u16(0)
        guard major == 1 else { throw trak.fail(0, "unknown version \(major)") }
        let format = try trak.u16(4)
        guard format == 0 else { throw trak.fail(4, "unknown format \(format)") }
        let horizontal = Int(try trak.u16(6))
        guard horizontal != 0 else { return [] }
        let data = try trak.at(horizontal, "the horizontal track data")
        let tracks = Int(try data.u16(0))
        let sizes = Int(try data.u16(2))
        let sizeTable = Int(try data.u32(4))
        try data.need(8, tracks * 8, "\(tracks) track entries")
        for t in 0..<tracks where try data.fixed(8 + t * 8) == 0 {
            let values = Int(try data.u16(8 + t * 8 + 6))
            try trak.need(sizeTable, sizes * 4, "\(sizes) track sizes")
            try trak.need(values, sizes * 2, "the normal track's \(sizes) values")
            var points: [(size: Double, value: Double)] = []
            for s in 0..<sizes {
                let size = try trak.fixed(sizeTable + s * 4)
                if let last = points.last, size <= last.size {
                    throw trak.fail(sizeTable + s * 4, "track sizes are not increasing (\(size) after \(last.size))")
                }
                points.append((size, Double(try trak.i16(values + s * 2))))
            }
            return points
        }
        return []
    }
}

func hex(_ v: Int) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

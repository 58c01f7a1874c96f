import NavModel

extension FontFace {
    /// The face's pair kerning: the GPOS lookups of its `kern` feature when it has one, else the `kern`
    /// table's format 0 subtables, else none. `variations` resolves the variable adjustments of a GPOS value
    /// (device tables holding a variation index) at the instance's coordinates.
    func kerning(variations: VariationInstance?) throws(FontError) -> [FontMetrics.PairLookup] {
        if let gpos = table("GPOS"), let lookups = try gposKerning(gpos, variations: variations) { return lookups }
        return try kernTable()
    }

    /// The lookups of the `kern` feature, in lookup order, or nil when the GPOS table has no `kern` feature.
    func gposKerning(_ g: Reader, variations: VariationInstance?) throws(FontError) -> [FontMetrics.PairLookup]? {
        let major = try g.u16(0)
        guard major == 1 else { throw g.fail(0, "unknown version \(major)") }
        let scripts = try g.at(Int(try g.u16(4)), "the script list")
        let features = try g.at(Int(try g.u16(6)), "the feature list")
        let lookupList = try g.at(Int(try g.u16(8)), "the lookup list")

        let featureCount = Int(try features.u16(0))
        try features.need(2, featureCount * 6, "\(featureCount) feature records")
        var kernFeatures: [Int] = []
        for i in 0..<featureCount where try features.tag(2 + i * 6) == "kern" { kernFeatures.append(i) }
        guard !kernFeatures.isEmpty else { return nil }

        // The features the Latin script's default language system uses (else the default script's, else the
        // first script's); when none of them is `kern`, every `kern` feature.
        var chosen = Set(kernFeatures)
        let scriptCount = Int(try scripts.u16(0))
        try scripts.need(2, scriptCount * 6, "\(scriptCount) script records")
        var scriptOffsets: [String: Int] = [:]
        var firstScript: Int?
        for i in 0..<scriptCount {
            let offset = Int(try scripts.u16(2 + i * 6 + 4))
            scriptOffsets[try scripts.tag(2 + i * 6)] = offset
            if firstScript == nil { firstScript = offset }
        }
        if let offset = scriptOffsets["latn"] ?? scriptOffsets["DFLT"] ?? firstScript {
            let script = try scripts.at(offset, "a script table")
            let langSys = Int(try script.u16(0))
            if langSys != 0 {
                let ls = try script.at(langSys, "the default language system")
                let count = Int(try ls.u16(4))
                try ls.need(6, count * 2, "\(count) feature indices")
                var used = Set<Int>()
                for i in 0..<count { used.insert(Int(try ls.u16(6 + i * 2))) }
                let kernUsed = used.intersection(kernFeatures)
                if !kernUsed.isEmpty { chosen = kernUsed }
            }
        }
        var lookupIndices = Set<Int>()
        for f in chosen.sorted() {
            let feature = try features.at(Int(try features.u16(2 + f * 6 + 4)), "feature \(f)")
            let count = Int(try feature.u16(2))
            try feature.need(4, count * 2, "\(count) lookup indices")
            for i in 0..<count { lookupIndices.insert(Int(try feature.u16(4 + i * 2))) }
        }
        let lookupCount = Int(try lookupList.u16(0))
        try lookupList.need(2, lookupCount * 2, "\(lookupCount) lookup offsets")
        var lookups: [FontMetrics.PairLookup] = []
        for index in lookupIndices.sorted() {
            guard index < lookupCount else {
                throw lookupList.fail(0, "the kern feature names lookup \(index); the list has \(lookupCount)")
            }
            let lookup = try lookupList.at(Int(try lookupList.u16(2 + index * 2)), "lookup \(index)")
            let type = try lookup.u16(0)
            let subCount = Int(try lookup.u16(4))
            try lookup.need(6, subCount * 2, "\(subCount) subtable offsets")
            var subtables: [FontMetrics.PairSubtable] = []
            for s in 0..<subCount {
                var sub = try lookup.at(Int(try lookup.u16(6 + s * 2)), "lookup \(index)'s subtable \(s)")
                var subType = type
                if type == 9 {
                    let format = try sub.u16(0)
                    guard format == 1 else { throw sub.fail(0, "unknown extension format \(format)") }
                    subType = try sub.u16(2)
                    guard subType != 9 else { throw sub.fail(2, "an extension of an extension") }
                    sub = try sub.at(Int(try sub.u32(4)), "the extension's subtable")
                }
                guard subType == 2 else { continue }
                subtables.append(try pairPos(sub, variations: variations))
            }
            if !subtables.isEmpty { lookups.append(FontMetrics.PairLookup(subtables: subtables)) }
        }
        return lookups
    }

    /// A PairPos subtable (format 1: pairs, format 2: classes) as the sum of each pair's two advance
    /// adjustments.
    func pairPos(_ p: Reader, variations: VariationInstance?) throws(FontError) -> FontMetrics.PairSubtable {
        let format = try p.u16(0)
        let covered = try coverage(try p.at(Int(try p.u16(2)), "the coverage table"))
        let format1 = try p.u16(4)
        let format2 = try p.u16(6)
        let size1 = format1.nonzeroBitCount * 2
        let size2 = format2.nonzeroBitCount * 2
        let consumes = format2 != 0
        switch format {
        case 1:
            let setCount = Int(try p.u16(8))
            try p.need(10, setCount * 2, "\(setCount) pair set offsets")
            var adjustments: [UInt32: Int32] = [:]
            for (i, first) in covered.prefix(setCount).enumerated() {
                let set = try p.at(Int(try p.u16(10 + i * 2)), "pair set \(i)")
                let count = Int(try set.u16(0))
                let record = 2 + size1 + size2
                try set.need(2, count * record, "\(count) pair value records")
                for k in 0..<count {
                    let at = 2 + k * record
                    let second = try set.u16(at)
                    // A pair set's device offsets count from the pair set (as HarfBuzz and fontTools read them).
                    let adjust =
                        try advance(set, set, at + 2, format1, variations)
                        + advance(set, set, at + 2 + size1, format2, variations)
                    let key = UInt32(first) << 16 | UInt32(second)
                    if adjustments[key] == nil { adjustments[key] = adjust }
                }
            }
            return .pairs(firstGlyphs: Set(covered.prefix(setCount)), adjustments: adjustments, consumesSecond: consumes)
        case 2:
            let class1 = try classes(try p.at(Int(try p.u16(8)), "the first class definition"))
            let class2 = try classes(try p.at(Int(try p.u16(10)), "the second class definition"))
            let c1Count = Int(try p.u16(12))
            let c2Count = Int(try p.u16(14))
            let record = size1 + size2
            try p.need(16, c1Count * c2Count * record, "\(c1Count) x \(c2Count) class records")
            var values: [Int32] = []
            values.reserveCapacity(c1Count * c2Count)
            for k in 0..<(c1Count * c2Count) {
                let at = 16 + k * record
                values.append(try advance(p, p, at, format1, variations) + advance(p, p, at + size1, format2, variations))
            }
            return .classes(
                firstGlyphs: Set(covered), firstClass: class1, secondClass: class2, class1Count: c1Count,
                class2Count: c2Count, values: values, consumesSecond: consumes)
        default:
            throw p.fail(0, "unknown pair adjustment format \(format)")
        }
    }

    /// A value record's advance adjustment: XAdvance plus the variation delta its XAdvDevice names.
    /// Device offsets count from `parent`: the pair set in format 1, the subtable in format 2.
    private func advance(
        _ parent: Reader, _ r: Reader, _ at: Int, _ format: UInt16, _ variations: VariationInstance?
    ) throws(FontError) -> Int32 {
        func field(_ bit: UInt16) -> Int { at + 2 * (format & (bit - 1)).nonzeroBitCount }
        var value: Int32 = 0
        if format & 0x4 != 0 { value += Int32(try r.i16(field(0x4))) }
        if format & 0x40 != 0, let variations {
            let offset = Int(try r.u16(field(0x40)))
            if offset != 0 {
                let device = try parent.at(offset, "an advance's device table")
                if try device.u16(4) == 0x8000 {
                    let delta = try variations.delta(outer: Int(try device.u16(0)), inner: Int(try device.u16(2)))
                    value += Int32(delta.rounded(.toNearestOrAwayFromZero))
                }
            }
        }
        return value
    }

    /// A coverage table's glyphs in coverage-index order.
    func coverage(_ c: Reader) throws(FontError) -> [UInt16] {
        let format = try c.u16(0)
        let count = Int(try c.u16(2))
        var glyphs: [UInt16] = []
        switch format {
        case 1:
            try c.need(4, count * 2, "\(count) covered glyphs")
            for i in 0..<count { glyphs.append(try c.u16(4 + i * 2)) }
        case 2:
            try c.need(4, count * 6, "\(count) coverage ranges")
            for i in 0..<count {
                let start = Int(try c.u16(4 + i * 6))
                let end = Int(try c.u16(4 + i * 6 + 2))
                guard start <= end else { throw c.fail(4 + i * 6, "range \(i) starts after its end") }
                guard glyphs.count + end - start < 0x10000 else {
                    throw c.fail(4 + i * 6, "the ranges cover more glyphs than a face can have")
                }
                for g in start...end { glyphs.append(UInt16(g)) }
            }
        default:
            throw c.fail(0, "unknown coverage format \(format)")
        }
        return glyphs
    }

    /// A class definition table: each glyph of a class other than 0.
    func classes(_ c: Reader) throws(FontError) -> [UInt16: UInt16] {
        let format = try c.u16(0)
        var map: [UInt16: UInt16] = [:]
        switch format {
        case 1:
            let start = Int(try c.u16(2))
            let count = Int(try c.u16(4))
            try c.need(6, count * 2, "\(count) class values")
            for i in 0..<count where start + i < 0x10000 {
                let value = try c.u16(6 + i * 2)
                if value != 0 { map[UInt16(start + i)] = value }
            }
        case 2:
            let count = Int(try c.u16(2))
            try c.need(4, count * 6, "\(count) class ranges")
            var total = 0
            for i in 0..<count {
                let start = Int(try c.u16(4 + i * 6))
                let end = Int(try c.u16(4 + i * 6 + 2))
                let value = try c.u16(4 + i * 6 + 4)
                guard start <= end else { throw c.fail(4 + i * 6, "range \(i) starts after its end") }
                total += end - start + 1
                guard total <= 0x10000 else { throw c.fail(4 + i * 6, "the ranges classify more glyphs than a face can have") }
                if value != 0 { for g in start...end { map[UInt16(g)] = value } }
            }
        default:
            throw c.fail(0, "unknown class definition format \(format)")
        }
        return map
    }

    /// The `kern` table's horizontal format 0 subtables (Microsoft's version 0 header or Apple's version 1),
    /// one lookup each; other formats, vertical, cross-stream and minimum subtables are skipped.
    func kernTable() throws(FontError) -> [FontMetrics.PairLookup] {
        guard let k = table("kern") else { return [] }
        let apple = try k.u16(0) == 1
        let count = Int(apple ? try k.u32(4) : UInt32(try k.u16(2)))
        var at = apple ? 8 : 4
        var lookups: [FontMetrics.PairLookup] = []
        for i in 0..<count {
            let length: Int
            let format: UInt16
            let usable: Bool
            let data: Int
            if apple {
                length = Int(try k.u32(at))
                let coverage = try k.u16(at + 4)
                format = coverage & 0xFF
                usable = coverage & 0xE000 == 0
                data = at + 8
            } else {
                length = Int(try k.u16(at + 2))
                let coverage = try k.u16(at + 4)
                format = coverage >> 8
                usable = coverage & 0x7 == 0x1
                data = at + 6
            }
            if format == 0, usable {
                let pairs = Int(try k.u16(data))
                try k.need(data + 8, pairs * 6, "subtable \(i)'s \(pairs) pairs")
                var adjustments: [UInt32: Int32] = [:]
                var firsts = Set<UInt16>()
                for p in 0..<pairs {
                    let left = try k.u16(data + 8 + p * 6)
                    let right = try k.u16(data + 8 + p * 6 + 2)
                    firsts.insert(left)
                    adjustments[UInt32(left) << 16 | UInt32(right)] = Int32(try k.i16(data + 8 + p * 6 + 4))
                }
                lookups.append(
                    FontMetrics.PairLookup(subtables: [.pairs(firstGlyphs: firsts, adjustments: adjustments, consumesSecond: false)]))
                // A format 0 subtable's 16-bit length overflows past 10,920 pairs: its pairs say where it ends.
                at = max(at + length, data + 8 + pairs * 6)
            } else {
                guard length > 0 else { throw k.fail(at, "subtable \(i) has length 0") }
                at += length
            }
        }
        return lookups
    }
}

extension FontFace {
    /// The advance deltas of every glyph at the instance from `gvar`'s phantom points, for a TrueType variable
    /// font without `HVAR`; nil without `gvar`, `glyf` or `loca`. A glyph's advance moves by its second phantom
    /// point's x delta less its first's, summed over the tuples that apply at the instance.
    func phantomAdvanceDeltas(_ coords: [Double]) throws(FontError) -> [Double]? {
        guard let gvar = table("gvar"), let glyf = table("glyf"), let loca = table("loca") else { return nil }
        let major = try gvar.u16(0)
        guard major == 1 else { throw gvar.fail(0, "unknown version \(major)") }
        let axisCount = Int(try gvar.u16(4))
        guard axisCount == coords.count else { throw gvar.fail(4, "varies \(axisCount) axes; fvar has \(coords.count)") }
        let sharedCount = Int(try gvar.u16(6))
        let sharedOffset = Int(try gvar.u32(8))
        let count = Int(try gvar.u16(12))
        let longOffsets = try gvar.u16(14) & 1 != 0
        let arrayOffset = Int(try gvar.u32(16))
        try gvar.need(20, (count + 1) * (longOffsets ? 4 : 2), "\(count + 1) glyph variation offsets")
        try gvar.need(sharedOffset, sharedCount * axisCount * 2, "\(sharedCount) shared tuples")
        var shared: [[Double]] = []
        for t in 0..<sharedCount {
            var tuple: [Double] = []
            for a in 0..<axisCount { tuple.append(try gvar.f2dot14(sharedOffset + (t * axisCount + a) * 2)) }
            shared.append(tuple)
        }
        let locations = try glyphLocations(loca)
        var deltas = [Double](repeating: 0, count: glyphCount)
        for g in 0..<min(count, glyphCount) {
            let start = Int(longOffsets ? try gvar.u32(20 + g * 4) : UInt32(try gvar.u16(20 + g * 2)) * 2)
            let end = Int(longOffsets ? try gvar.u32(20 + (g + 1) * 4) : UInt32(try gvar.u16(20 + (g + 1) * 2)) * 2)
            guard end > start else { continue }
            guard start < end, arrayOffset + end <= gvar.end - gvar.start else {
                throw gvar.fail(20, "glyph \(g)'s variation data runs outside the table")
            }
            let data = try gvar.at(arrayOffset + start, "glyph \(g)'s variation data").limited(
                to: end - start, "glyph \(g)'s variation data")
            let points = try pointCount(glyf, locations, g) + 4
            deltas[g] = try phantomDelta(data, points: points, coords: coords, shared: shared)
        }
        return deltas
    }

    /// Each glyph's byte range in `glyf` (`loca`, short or long by `head`'s indexToLocFormat).
    private func glyphLocations(_ loca: Reader) throws(FontError) -> [Range<Int>] {
        let long = try required("head").i16(50) != 0
        try loca.need(0, (glyphCount + 1) * (long ? 4 : 2), "\(glyphCount + 1) glyph locations")
        var offsets: [Int] = []
        for g in 0...glyphCount { offsets.append(long ? Int(try loca.u32(g * 4)) : Int(try loca.u16(g * 2)) * 2) }
        return (0..<glyphCount).map { offsets[$0]..<max(offsets[$0], offsets[$0 + 1]) }
    }

    /// The points a glyph's variations address before its phantom points: a simple glyph's outline points, a
    /// composite glyph's components, none for an empty glyph.
    private func pointCount(_ glyf: Reader, _ locations: [Range<Int>], _ g: Int) throws(FontError) -> Int {
        let range = locations[g]
        guard !range.isEmpty else { return 0 }
        let glyph = try glyf.at(range.lowerBound, "glyph \(g)").limited(to: range.count, "glyph \(g)")
        let contours = Int(try glyph.i16(0))
        if contours >= 0 {
            guard contours > 0 else { return 0 }
            return Int(try glyph.u16(10 + (contours - 1) * 2)) + 1
        }
        var at = 10
        var components = 0
        while true {
            let flags = try glyph.u16(at)
            components += 1
            at += 4 + (flags & 0x1 != 0 ? 4 : 2)
            if flags & 0x8 != 0 { at += 2 } else if flags & 0x40 != 0 { at += 4 } else if flags & 0x80 != 0 { at += 8 }
            guard flags & 0x20 != 0 else { return components }
            guard components < 0x10000 else { throw glyph.fail(at, "more components than a glyph can have") }
        }
    }

    /// One glyph's advance delta: its tuples' x deltas of the second phantom point less the first's.
    private func phantomDelta(_ d: Reader, points: Int, coords: [Double], shared: [[Double]]) throws(FontError) -> Double {
        let header = try d.u16(0)
        let tupleCount = Int(header & 0x0FFF)
        var serialized = Int(try d.u16(2))
        var sharedPoints: [Int]?
        if header & 0x8000 != 0 { sharedPoints = try packedPoints(d, &serialized, points: points) }
        var at = 4
        var total = 0.0
        let axes = coords.count
        for _ in 0..<tupleCount {
            let size = Int(try d.u16(at))
            let index = try d.u16(at + 2)
            at += 4
            var peak: [Double]
            if index & 0x8000 != 0 {
                peak = []
                for a in 0..<axes { peak.append(try d.f2dot14(at + a * 2)) }
                at += axes * 2
            } else {
                let i = Int(index & 0x0FFF)
                guard i < shared.count else { throw d.fail(at - 2, "shared tuple \(i) of \(shared.count)") }
                peak = shared[i]
            }
            var startTuple = peak.map { min($0, 0) }
            var endTuple = peak.map { max($0, 0) }
            if index & 0x4000 != 0 {
                for a in 0..<axes {
                    startTuple[a] = try d.f2dot14(at + a * 2)
                    endTuple[a] = try d.f2dot14(at + (axes + a) * 2)
                }
                at += axes * 4
            }
            var scalar = 1.0
            for a in 0..<axes {
                scalar *= VariationInstance.axisScalar(coords[a], start: startTuple[a], peak: peak[a], end: endTuple[a])
            }
            var cursor = serialized
            serialized += size
            guard scalar != 0 else { continue }
            let numbers = index & 0x2000 != 0 ? try packedPoints(d, &cursor, points: points) : sharedPoints
            let listed = numbers ?? Array(0..<points)
            let xs = try packedDeltas(d, &cursor, count: listed.count)
            var first = 0.0
            var second = 0.0
            for (k, p) in listed.enumerated() {
                if p == points - 4 { first = Double(xs[k]) }
                if p == points - 3 { second = Double(xs[k]) }
            }
            total += scalar * (second - first)
        }
        return total
    }

    /// Packed point numbers; nil for "every point".
    private func packedPoints(_ d: Reader, _ at: inout Int, points: Int) throws(FontError) -> [Int]? {
        var count = Int(try d.u8(at))
        at += 1
        if count == 0 { return nil }
        if count & 0x80 != 0 {
            count = (count & 0x7F) << 8 | Int(try d.u8(at))
            at += 1
        }
        var numbers: [Int] = []
        var last = 0
        while numbers.count < count {
            let control = try d.u8(at)
            at += 1
            let run = Int(control & 0x7F) + 1
            for _ in 0..<run where numbers.count < count {
                let step = control & 0x80 != 0 ? Int(try d.u16(at)) : Int(try d.u8(at))
                at += control & 0x80 != 0 ? 2 : 1
                last += step
                numbers.append(last)
            }
        }
        return numbers
    }

    /// `count` packed deltas (the x deltas; the y deltas follow and are not read).
    private func packedDeltas(_ d: Reader, _ at: inout Int, count: Int) throws(FontError) -> [Int] {
        var deltas: [Int] = []
        deltas.reserveCapacity(count)
        while deltas.count < count {
            let control = try d.u8(at)
            at += 1
            let run = Int(control & 0x3F) + 1
            for _ in 0..<run where deltas.count < count {
                switch control & 0xC0 {
                case 0x80: deltas.append(0)
                case 0x40:
                    deltas.append(Int(try d.i16(at)))
                    at += 2
                case 0xC0:
                    deltas.append(Int(try d.i32(at)))
                    at += 4
                default:
                    deltas.append(Int(Int8(bitPattern: try d.u8(at))))
                    at += 1
                }
            }
        }
        return deltas
    }
}

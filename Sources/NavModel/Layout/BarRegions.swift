/// Every touchable area of a bar (`bar/hitRegions`), computed by asking `BarHitTesting` itself.
///
/// The window strip around the bar is cut along every edge that can change the answer (each view's frame
/// and enlarged hit rect, era L columns, the title, the bar, and the same edges moved by the slop band);
/// inside one cell the answer cannot change, so one hit test per cell, at its middle, gives exact regions,
/// which are then merged into as few rectangles as the grid allows. Regions and hit tests therefore always
/// agree. (At a cell's corner, rounding in the coordinates converted down the tree decides which side of an
/// edge the point is on; the middle is clear of every edge.)
public enum BarRegions {
    /// The touchable areas, top to bottom then left to right. Areas where a tap reaches nothing on the bar
    /// (the content below, the status bar above) are left out.
    public static func regions(_ layout: LaidOutBar) -> [HitRegion] {
        guard !layout.hidden else { return [] }
        let bar = layout.barFrame
        let above = layout.slop?.above ?? 0
        let below = layout.slop?.below ?? 0
        let top = max(0, bar.minY - above)
        let bottom = bar.maxY + below

        var xs: [Double] = [bar.minX, bar.maxX]
        var ys: [Double] = [top, bar.minY, bar.maxY, bottom]
        var rects: [Rect] = []
        func add(_ r: Rect) {
            rects.append(r)
            xs.append(r.minX)
            xs.append(r.maxX)
            ys.append(contentsOf: [r.minY, r.minY + below, r.minY - above, r.maxY, r.maxY + below, r.maxY - above])
        }
        collect(layout.window, origin: .zero, add)
        for c in layout.columns { add(c.frame) }
        if let t = layout.titleFrame { add(t) }

        let xEdges = Self.sortedUnique(xs.filter { $0 >= bar.minX && $0 <= bar.maxX })
        let yEdges = Self.sortedUnique(ys.filter { $0 >= top && $0 <= bottom })

        struct Key: Equatable {
            var target: HitTarget
            var action: HitAction
            var reason: HitReason?
            var hitView: String?
            var viaSlop: Bool
        }
        // Every distinct answer once; the sweep below handles answers by their index here, so cells, runs and
        // growing rectangles compare integers, not the answers' strings.
        var keys: [Key] = []
        func intern(_ key: Key) -> Int {
            if let i = keys.firstIndex(of: key) { return i }
            keys.append(key)
            return keys.count - 1
        }
        // Rectangles still growing downward, and the ones closed. A handful each.
        var open: [(key: Int, rect: Rect)] = []
        var done: [HitRegion] = []

        // A row's answers depend on y only through which rectangles hold it: directly, and after the slop's
        // warp moves it up or down, plus which side of the bar it is on (every y the hit test and the
        // mapping to targets compare with is an edge of one of `rects`). Rows that agree on all of that
        // answer alike in every column, so each such row is swept once. Rows and column classes are few, so
        // their signatures are found again by a linear search rather than by hashing.
        func signature(_ y: Double) -> [UInt8] {
            var bits: [UInt8] = [y < bar.minY ? 1 : 0, y >= bar.maxY ? 1 : 0]
            bits.reserveCapacity(rects.count + 2)
            for r in rects {
                var b: UInt8 = 0
                if r.minY <= y && y < r.maxY { b |= 1 }
                if r.minY <= y - below && y - below < r.maxY { b |= 2 }
                if r.minY <= y + above && y + above < r.maxY { b |= 4 }
                bits.append(b)
            }
            return bits
        }
        // Rows swept so far: their signature and runs of equal answers (answer index, x0, x1).
        var sweptSignatures: [[UInt8]] = []
        var sweptRuns: [[(Int, Double, Double)]] = []
        // Likewise across: columns whose x lies inside the same rectangles answer alike in a row, so each
        // row asks once per class of columns.
        let columnCount = max(0, xEdges.count - 1)
        var columnClass = [Int](repeating: 0, count: columnCount)
        var classSignatures: [[UInt8]] = []
        for i in 0..<columnCount {
            // A column's middle: inside exactly the rectangles the whole column is inside, whatever the
            // rounding of coordinates converted down the tree (its edges are where rounding decides).
            let x = (xEdges[i] + xEdges[i + 1]) / 2
            let bits = rects.map { r -> UInt8 in r.minX <= x && x < r.maxX ? 1 : 0 }
            if let known = classSignatures.firstIndex(of: bits) {
                columnClass[i] = known
            } else {
                classSignatures.append(bits)
                columnClass[i] = classSignatures.count - 1
            }
        }
        // Per column class, the answers found so far by the rows' signatures restricted to the class.
        var cellAnswers = [[(signature: [UInt8], answer: Int)]](repeating: [], count: classSignatures.count)
        let unknown = -2
        let nothing = -1
        // The bar's forwarding, prepared once for every hit test of the sweep.
        let overrides = BarHitTesting.overrides(layout)

        for j in 0..<max(0, yEdges.count - 1) {
            let y0 = yEdges[j]
            let y1 = yEdges[j + 1]
            guard y1 > y0 else { continue }
            // One row: runs of equal answers.
            let rowSignature = signature((y0 + y1) / 2)
            let runs: [(Int, Double, Double)]
            if let known = sweptSignatures.firstIndex(of: rowSignature) {
                runs = sweptRuns[known]
            } else {
                var answers = [Int](repeating: unknown, count: classSignatures.count)
                var row: [(Int, Double, Double)] = []
                for i in 0..<columnCount {
                    let x0 = xEdges[i]
                    let x1 = xEdges[i + 1]
                    guard x1 > x0 else { continue }
                    let cls = columnClass[i]
                    var answer = answers[cls]
                    if answer == unknown {
                        // Only the rectangles that hold the column's x can hold a point of this cell, before or
                        // after the slop's warp (which moves y alone): the cell answers as any earlier cell of the
                        // class whose row agrees on those rectangles.
                        let classBits = classSignatures[cls]
                        var cell = rowSignature
                        for n in rects.indices where classBits[n] == 0 { cell[n + 2] = 0 }
                        if let known = cellAnswers[cls].first(where: { $0.signature == cell }) {
                            answer = known.answer
                        } else {
                            let r = BarHitTesting.hitTest(
                                layout, point: Point(x: (x0 + x1) / 2, y: (y0 + y1) / 2), trace: false, overrides: overrides)
                            answer =
                                r.target.kind == .none || r.target.kind == .content
                                ? nothing
                                : intern(
                                    Key(
                                        target: r.target, action: r.action, reason: r.reason, hitView: r.hitView,
                                        viaSlop: r.slopPoint != nil))
                            cellAnswers[cls].append((cell, answer))
                        }
                        answers[cls] = answer
                    }
                    guard answer != nothing else { continue }
                    if let last = row.last, last.2 == x0, last.0 == answer {
                        row[row.count - 1].2 = x1
                    } else {
                        row.append((answer, x0, x1))
                    }
                }
                sweptSignatures.append(rowSignature)
                sweptRuns.append(row)
                runs = row
            }
            // Grow rectangles of the row above that have the same span and answer; close the others.
            var next: [(key: Int, rect: Rect)] = []
            next.reserveCapacity(runs.count)
            for (key, x0, x1) in runs {
                if let k = open.firstIndex(where: { $0.key == key && $0.rect.minX == x0 && $0.rect.maxX == x1 && $0.rect.maxY == y0 }) {
                    var grown = open.remove(at: k)
                    grown.rect.height = y1 - grown.rect.y
                    next.append(grown)
                } else {
                    next.append((key, Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)))
                }
            }
            for (key, r) in open { done.append(region(keys[key], r)) }
            open = next
        }
        for (key, r) in open { done.append(region(keys[key], r)) }
        return done.sorted { a, b in
            if a.frame.minY != b.frame.minY { return a.frame.minY < b.frame.minY }
            if a.frame.minX != b.frame.minX { return a.frame.minX < b.frame.minX }
            return a.frame.maxY < b.frame.maxY
        }

        func region(_ key: Key, _ frame: Rect) -> HitRegion {
            HitRegion(
                target: key.target, action: key.action, frame: frame.snapped, reason: key.reason, hitView: key.hitView,
                viaSlop: key.viaSlop)
        }
    }

    /// Each view's frame and enlarged hit rect, window coordinates. A view that hit testing skips with its
    /// whole subtree (hidden, interaction off, alpha under 0.01 by either `alphaRule`, HT-1 and HT-5) cannot
    /// change an answer, so neither its edges nor its subviews' are cut along.
    private static func collect(_ v: View, origin: Point, isRoot: Bool = true, _ add: (Rect) -> Void) {
        if !isRoot && (v.hidden || !v.userInteractionEnabled || v.alpha < 0.01) { return }
        let frame = Rect(x: origin.x + v.frame.x, y: origin.y + v.frame.y, width: v.frame.width, height: v.frame.height)
        add(frame)
        if v.hitInsets != .zero { add(frame.inset(by: v.hitInsets)) }
        let b = v.effectiveBounds
        for child in v.subviews { collect(child, origin: Point(x: frame.x - b.x, y: frame.y - b.y), isRoot: false, add) }
    }

    /// The values in ascending order, each once.
    static func sortedUnique(_ values: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(values.count)
        for v in values.sorted() where out.last != v { out.append(v) }
        return out
    }

    /// Total area of rectangles that do not overlap (regions never do).
    public static func area(_ rects: [Rect]) -> Double { rects.reduce(0) { $0 + $1.width * $1.height } }
}

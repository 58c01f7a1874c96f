/// Every touchable area of a bar (`bar/hitRegions`), computed by asking `BarHitTesting` itself.
///
/// The window strip around the bar is cut along every edge that can change the answer (each view's frame
/// and enlarged hit rect, era L columns, the title, the bar, and inside the slop's bands the same edges moved
/// by the band's depth);
/// inside one cell the answer cannot change, so one hit test per cell, at its middle, gives exact regions,
/// which are then merged into as few rectangles as the grid allows. Regions and hit tests therefore always
/// agree. (At a cell's corner, rounding in the coordinates converted down the tree decides which side of an
/// edge the point is on; the middle is clear of every edge.)
///
/// Most cells need no hit test of their own. Columns whose x lies inside the same rectangles form a class,
/// and a class's answer changes down the strip only at the edges of its own rectangles (a rectangle that does
/// not hold the column's x holds none of its points, before or after the slop's warp, which moves y alone).
/// So each class is hit-tested once per stretch between its own edges, and every cell reads its answer there.
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

        var rects: [Rect] = []
        collect(layout.window, origin: .zero) { rects.append($0) }
        for c in layout.columns { rects.append(c.frame) }
        if let t = layout.titleFrame { rects.append(t) }

        // The edges a point's answer can change at: across, every rectangle's sides; down, every rectangle's
        // top and bottom, and the bar's own, and in the slop's bands (where the window's warp moves a point by
        // the band's depth, HT-9) those edges as the warp moves them.
        let barYs = [top, bar.minY, bar.maxY, bottom]
        func downEdges(_ r: Rect, _ out: inout [Double]) {
            for y in [r.minY, r.maxY] {
                if y >= top && y <= bottom { out.append(y) }
                if y + below >= bar.maxY && y + below <= bottom { out.append(y + below) }
                if y - above >= top && y - above <= bar.minY { out.append(y - above) }
            }
        }
        var ys = barYs
        ys.reserveCapacity(4 + 6 * rects.count)
        for r in rects { downEdges(r, &ys) }
        let rows = sortedUnique(ys)
        var xs: [Double] = [bar.minX, bar.maxX]
        xs.reserveCapacity(2 + 2 * rects.count)
        for r in rects {
            xs.append(r.minX)
            xs.append(r.maxX)
        }
        let xEdges = sortedUnique(xs.filter { $0 >= bar.minX && $0 <= bar.maxX })

        // The column classes: the rectangles that hold a column's middle (inside exactly the rectangles the
        // whole column is inside, whatever the rounding of coordinates converted down the tree), one row of
        // `membership` each.
        let columnCount = max(0, xEdges.count - 1)
        var columnClass = [Int](repeating: 0, count: columnCount)
        let width = rects.count
        var membership: [Bool] = []
        var classCount = 0
        var column = [Bool](repeating: false, count: width)
        for i in 0..<columnCount {
            let x = (xEdges[i] + xEdges[i + 1]) / 2
            for n in 0..<width { column[n] = rects[n].minX <= x && x < rects[n].maxX }
            var found: Int?
            for c in 0..<classCount where membership[(c * width)..<(c * width + width)].elementsEqual(column) {
                found = c
                break
            }
            if let found {
                columnClass[i] = found
            } else {
                membership.append(contentsOf: column)
                columnClass[i] = classCount
                classCount += 1
            }
        }
        // Per class, the rows whose top edge is one of the class's own edges: there the class's answer may
        // change, and anywhere else it stays what the row above found (the strip's rows refine every class's
        // stretches between its own edges). `startsStretch[c * rowCount + j]`.
        let rowCount = rows.count
        var startsStretch = [Bool](repeating: false, count: classCount * rowCount)
        func mark(_ c: Int, _ y: Double) {
            // Every edge was computed by the same arithmetic as `rows`, so it is found exactly, or it lies
            // outside the strip.
            var low = 0
            var high = rowCount
            while low < high {
                let mid = (low + high) / 2
                if rows[mid] < y { low = mid + 1 } else { high = mid }
            }
            if low < rowCount && rows[low] == y { startsStretch[c * rowCount + low] = true }
        }
        var edges: [Double] = []
        for c in 0..<classCount {
            for y in barYs { mark(c, y) }
            for n in 0..<width where membership[c * width + n] {
                edges.removeAll(keepingCapacity: true)
                downEdges(rects[n], &edges)
                for y in edges { mark(c, y) }
            }
        }
        let unknown = -2
        let nothing = -1
        // Per class, the answer over its current stretch, found when a cell first needs it.
        var classAnswer = [Int](repeating: unknown, count: classCount)

        struct Key: Equatable {
            var target: HitTarget
            var action: HitAction
            var reason: HitReason?
            var hitView: String?
            var viaSlop: Bool

            /// The cheap, telling fields first: answers mostly differ in their kind or view before any string.
            static func == (a: Key, b: Key) -> Bool {
                a.viaSlop == b.viaSlop && a.reason == b.reason && a.target.kind == b.target.kind && a.hitView == b.hitView
                    && a.target == b.target && a.action == b.action
            }
        }
        // Every distinct answer once; cells, runs and growing rectangles carry an answer's index here.
        var keys: [Key] = []
        // The bar's forwarding, prepared once for every hit test of the sweep.
        let overrides = BarHitTesting.overrides(layout)
        func answer(_ cls: Int, x: Double, y: Double) -> Int {
            if classAnswer[cls] != unknown { return classAnswer[cls] }
            let r = BarHitTesting.hitTest(layout, point: Point(x: x, y: y), trace: false, overrides: overrides)
            var found = nothing
            if r.target.kind != .none && r.target.kind != .content {
                let key = Key(target: r.target, action: r.action, reason: r.reason, hitView: r.hitView, viaSlop: r.slopPoint != nil)
                if let i = keys.firstIndex(of: key) {
                    found = i
                } else {
                    keys.append(key)
                    found = keys.count - 1
                }
            }
            classAnswer[cls] = found
            return found
        }

        // Rectangles still growing downward, and the ones closed. A handful each.
        var open: [(key: Int, rect: Rect)] = []
        var done: [HitRegion] = []
        var runs: [(key: Int, x0: Double, x1: Double)] = []
        for j in 0..<max(0, rows.count - 1) {
            let y0 = rows[j]
            let y1 = rows[j + 1]
            for c in 0..<classCount where startsStretch[c * rowCount + j] { classAnswer[c] = unknown }
            // One row: runs of equal answers.
            runs.removeAll(keepingCapacity: true)
            for i in 0..<columnCount {
                let x0 = xEdges[i]
                let x1 = xEdges[i + 1]
                guard x1 > x0 else { continue }
                let key = answer(columnClass[i], x: (x0 + x1) / 2, y: (y0 + y1) / 2)
                guard key != nothing else { continue }
                if let last = runs.last, last.x1 == x0, last.key == key {
                    runs[runs.count - 1].x1 = x1
                } else {
                    runs.append((key, x0, x1))
                }
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
        let childOrigin = Point(x: frame.x - b.x, y: frame.y - b.y)
        for i in v.subviews.indices { collect(v.subviews[i], origin: childOrigin, isRoot: false, add) }
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

    /// The box around the areas where a tap reaches the back button and acts (the slop band left out): what
    /// `back-hit-area-wide` and an editor's hover compare with what is drawn. Nil when no tap reaches it.
    public static func backTouchArea(_ regions: [HitRegion]) -> Rect? {
        let touch = regions.filter { $0.target.kind == .backButton && !$0.viaSlop && $0.action != .none }.map(\.frame)
        guard let first = touch.first else { return nil }
        return touch.dropFirst().reduce(first) { $0.union($1) }
    }
}

import NavModel

extension NavImport {
    /// A tree drawn at a uniform scale inside its window: from iOS 13, the screen a sheet is presented over is drawn
    /// scaled down behind it, centred horizontally, and XCUITest reports its elements where they are drawn. The
    /// import reads such a tree at full size; this maps between the two.
    public struct DrawnScale: Sendable, Hashable {
        /// The factor the screen is drawn at (343/375 for a 375-pt window behind an iOS 13 sheet).
        public var scale: Double
        /// Where the window's top-left corner is drawn, in window coordinates.
        public var origin: Point

        public init(scale: Double, origin: Point) {
            self.scale = scale
            self.origin = origin
        }

        /// A full-size frame as the tree draws it.
        public func drawn(_ r: Rect) -> Rect {
            Rect(x: origin.x + r.x * scale, y: origin.y + r.y * scale, width: r.width * scale, height: r.height * scale)
        }

        /// A frame the tree draws, at full size, to the tenth of a point (the precision XCUITest prints).
        public func fullSize(_ r: Rect) -> Rect {
            func tenth(_ v: Double) -> Double { (v * 10).rounded() / 10 }
            return Rect(
                x: tenth((r.x - origin.x) / scale), y: tenth((r.y - origin.y) / scale), width: tenth(r.width / scale),
                height: tenth(r.height / scale))
        }
    }

    /// The full heights of the bars the model lays out: an iPhone's 44, an iPad's 50 and iOS 26's 54, each with a
    /// large-title row and a search field's row below it or not (GEO-13, GEO-16).
    static var layoutBarHeights: [Double] {
        let rows = [
            0, Policies().largeTitleRowHeight, Policies().searchRowHeight, Policies().largeTitleRowHeight + Policies().searchRowHeight,
        ]
        return [44, 50, 54].flatMap { h in rows.map { h + $0 } }
    }

    /// How far, in full-size points, a scaled bar's height and a scaled window's frame may be from the scale the bar's
    /// width gives: frames printed to the tenth of a point are off by up to 0.05 each.
    static let drawnScaleTolerance = 0.25

    /// Whether the tree is drawn scaled, read off the bar and the element that holds it: the bar is narrower than the
    /// window and centred in it; its height is a bar height the model lays out, scaled by the same factor as its width;
    /// and an element holding the bar has the window's frame scaled by that factor, centred horizontally (that element
    /// gives where the scaled window is drawn). The outermost such element is returned with the scale, so the frames of
    /// its subtree can be read at full size. A bar narrower than the window that fails any of these (a split view's
    /// column, a form sheet) is left as it is, and a note says why.
    static func drawnScale(
        bar: AXElement, in root: AXElement, window: Rect, notes: inout [String]
    ) -> (
        DrawnScale, container: AXElement
    )? {
        guard let barFrame = bar.frame, barFrame.width < window.width - 1 else { return nil }
        let t = drawnScaleTolerance
        let scale = barFrame.width / window.width
        let size = "\(fmt(barFrame.width)) x \(fmt(barFrame.height))"
        let centred = abs(barFrame.midX - window.midX) <= t
        let fullHeight = layoutBarHeights.min { abs(barFrame.height / scale - $0) < abs(barFrame.height / scale - $1) }!
        let readAsItIs = "it is read as it is, and the model's bar spans the window"
        guard centred else {
            notes.append(
                "the bar is \(size) at x \(fmt(barFrame.minX)) in a \(fmt(window.width))-pt window, narrower than the window and not centred in it: not the window drawn scaled; \(readAsItIs)"
            )
            return nil
        }
        guard abs(barFrame.height / scale - fullHeight) <= t else {
            notes.append(
                "the bar is \(size) in a \(fmt(window.width))-pt window: not the window drawn scaled (its width is the window's at \(fmtScale(scale)), which makes its full height \(fmtTenth(barFrame.height / scale)), no bar's); \(readAsItIs)"
            )
            return nil
        }
        let scaledWindow = Rect(
            x: (window.width - barFrame.width) / 2, y: 0, width: barFrame.width, height: window.height * scale)
        let container = ancestors(of: bar.ordinal, in: root)?.first { e in
            guard let f = e.frame else { return false }
            return abs(f.minX - scaledWindow.minX) <= t && abs(f.width - scaledWindow.width) <= t
                && abs(f.height - scaledWindow.height) <= t && f.minY <= barFrame.minY && f.maxY >= barFrame.maxY
        }
        guard let container, let origin = container.frame?.origin else {
            notes.append(
                "the bar is \(size) in a \(fmt(window.width))-pt window, as a \(fmt(fullHeight))-pt bar drawn at \(fmtScale(scale)) would be, but no element holding it is the window drawn at that scale (\(fmtTenth(scaledWindow.width)) x \(fmtTenth(scaledWindow.height))); \(readAsItIs)"
            )
            return nil
        }
        return (DrawnScale(scale: scale, origin: origin), container)
    }

    /// The elements holding the element numbered `ordinal`, outermost first (`nil` when it is not in the tree).
    static func ancestors(of ordinal: Int, in root: AXElement) -> [AXElement]? {
        if root.ordinal == ordinal { return [] }
        for child in root.children {
            if let path = ancestors(of: ordinal, in: child) { return [root] + path }
        }
        return nil
    }

    /// The tree with the frames of `container`'s subtree read at full size.
    static func fullSize(_ root: AXElement, container: Int, _ drawn: DrawnScale, inside: Bool = false) -> AXElement {
        var copy = root
        let inside = inside || root.ordinal == container
        if inside, let frame = root.frame { copy.frame = drawn.fullSize(frame) }
        copy.children = root.children.map { fullSize($0, container: container, drawn, inside: inside) }
        return copy
    }

    /// A scale to three decimals.
    static func fmtScale(_ v: Double) -> String { fmt((v * 1000).rounded() / 1000) }

    /// A length to the tenth of a point.
    static func fmtTenth(_ v: Double) -> String { fmt((v * 10).rounded() / 10) }
}

/// Where everything on a bar goes, in bar-local coordinates (SEMANTICS GEO-5, GEO-8 to GEO-12, GEO-14).
struct BarPlacement: Sendable {
    struct Placed: Sendable {
        var entry: BarPlan.Entry
        /// The touchable button, or a custom view's container.
        var frame: Rect
        /// The label or glyph (custom views: the button at its offset).
        var content: Rect
    }

    /// The system back button's touch view (era L: the `UINavigationItemButtonView`; era G: the platter).
    var back: Rect?
    var chevron: Rect?
    var backLabel: Rect?
    var leading: [Placed] = []
    /// Trailing items, from the screen edge inward (`rightItems` order).
    var trailing: [Placed] = []
    /// The title guide's ends (GEO-12).
    var leadingEnd: Double = 0
    var trailingStart: Double = 0
    var title: Rect?
    var titleView: Rect?
    /// The title was narrowed to fit its guide (tail truncation).
    var titleTruncated = false

    init(_ plan: BarPlan) {
        let g = plan.geometry
        let H = g.rowHeight
        let W = g.width
        var cursor: Double?

        if plan.systemBack {
            let textWidth = min(plan.backText.map { g.textWidth($0) } ?? 0, plan.backTextLimit ?? .infinity)
            let hasText = plan.backText != nil
            let chevronY = (H - g.chevron.height) / 2
            let labelY = (H - g.textHeight) / 2
            switch g.era {
            case .modern:
                let chevron = Rect(x: g.chevronX, y: chevronY, width: g.chevron.width, height: g.chevron.height)
                self.chevron = chevron
                if hasText {
                    let label = Rect(x: chevron.maxX + g.chevronGap, y: labelY, width: textWidth, height: g.textHeight)
                    backLabel = label
                    // GEO-11: the container ends where its label ends (iOS 12 dump: "Back", 69 wide on 414), or
                    // a little past it from iOS 14 (`backButtonEnd`).
                    back = Rect(x: 0, y: 0, width: g.backButtonChrome + textWidth, height: H)
                } else {
                    back = Rect(x: 0, y: 0, width: max(g.minimalBackButtonWidth, chevron.maxX + g.edgeSpacing), height: H)
                }
            case .legacy:
                let x = g.legacyMargin
                let content = hasText ? g.backButtonChrome + textWidth : g.chevron.width
                back = Rect(
                    x: x, y: g.legacyButtonY, width: max(BarGeometry.legacyBackMinimumWidth, content),
                    height: g.buttonHeight)
                let chevron = Rect(x: x, y: chevronY, width: g.chevron.width, height: g.chevron.height)
                self.chevron = chevron
                if hasText {
                    backLabel = Rect(x: chevron.maxX + g.chevronGap, y: labelY, width: textWidth, height: g.textHeight)
                }
            case .glass:
                let P = g.platterHeight
                let x = g.margin
                if hasText {
                    let width = max(P, g.backButtonChrome + textWidth)
                    back = Rect(x: x, y: 0, width: width, height: P)
                    let chevron = Rect(
                        x: x + BarGeometry.platterPadding / 2, y: chevronY, width: g.chevron.width, height: g.chevron.height)
                    self.chevron = chevron
                    backLabel = Rect(x: chevron.maxX + g.chevronGap, y: labelY, width: textWidth, height: g.textHeight)
                } else {
                    back = Rect(x: x, y: 0, width: P, height: P)
                    chevron = Rect(x: x + (P - g.chevron.width) / 2, y: chevronY, width: g.chevron.width, height: g.chevron.height)
                }
            }
            cursor = back.map { $0.maxX + g.groupSpacing }
        }

        for (i, entry) in plan.leading.enumerated() {
            let edge = cursor == nil && i == 0
            let x = edge ? g.edgeInset(entry.content) : (cursor ?? 0)
            let width = g.buttonWidth(entry.content, edge: edge)
            let frame = BarPlacement.vertical(entry.content, x: x, width: width, g)
            leading.append(
                Placed(entry: entry, frame: frame, content: BarPlacement.content(entry, in: frame, leadingSide: true, edge: edge, g)))
            cursor = frame.maxX + g.interItemSpacing
        }

        var end: Double?
        for (i, entry) in plan.trailing.enumerated() {
            let edge = i == 0
            let xEnd = edge ? W - g.edgeInset(entry.content) : (end ?? W)
            let width = g.buttonWidth(entry.content, edge: edge)
            let frame = BarPlacement.vertical(entry.content, x: xEnd - width, width: width, g)
            trailing.append(
                Placed(entry: entry, frame: frame, content: BarPlacement.content(entry, in: frame, leadingSide: false, edge: edge, g)))
            end = frame.minX - g.interItemSpacing
        }

        // GEO-12: the title guide runs between the groups.
        let edgeGuide: Double
        switch g.era {
        case .legacy: edgeGuide = g.legacyMargin
        case .modern: edgeGuide = g.margin - g.edgeSpacing
        case .glass: edgeGuide = g.margin
        }
        if let last = leading.last {
            leadingEnd = last.frame.maxX
        } else if let back {
            leadingEnd = back.maxX + g.groupSpacing
        } else {
            leadingEnd = edgeGuide
        }
        trailingStart = trailing.last?.frame.minX ?? (W - edgeGuide)

        if let text = plan.title {
            let (x, width, truncated) = BarPlacement.centre(
                g.textWidth(text, bold: true), width: W, guide: leadingEnd, trailingStart)
            title = Rect(x: x, y: (H - g.textHeight) / 2, width: width, height: g.textHeight)
            titleTruncated = truncated
        } else if let view = plan.titleView {
            let (x, width, _) = BarPlacement.centre(view.width, width: W, guide: leadingEnd, trailingStart)
            let height = min(view.height, H)
            titleView = Rect(x: x, y: (H - height) / 2, width: width, height: height)
        }
        if g.rowTop != 0 { shift(by: g.rowTop) }
    }

    /// Moves everything down by `dy`: the row is laid out from the bar's top, and a page sheet's bar centres it.
    private mutating func shift(by dy: Double) {
        back = back?.offsetBy(dx: 0, dy: dy)
        chevron = chevron?.offsetBy(dx: 0, dy: dy)
        backLabel = backLabel?.offsetBy(dx: 0, dy: dy)
        title = title?.offsetBy(dx: 0, dy: dy)
        titleView = titleView?.offsetBy(dx: 0, dy: dy)
        for i in leading.indices {
            leading[i].frame = leading[i].frame.offsetBy(dx: 0, dy: dy)
            leading[i].content = leading[i].content.offsetBy(dx: 0, dy: dy)
        }
        for i in trailing.indices {
            trailing[i].frame = trailing[i].frame.offsetBy(dx: 0, dy: dy)
            trailing[i].content = trailing[i].content.offsetBy(dx: 0, dy: dy)
        }
    }

    /// GEO-12: centred on the bar when it fits the guide there, else slid toward the roomier side just enough,
    /// else the whole guide (truncated).
    static func centre(_ w: Double, width W: Double, guide start: Double, _ end: Double) -> (x: Double, width: Double, truncated: Bool) {
        let room = max(0, end - start)
        if w > room { return (start, room, true) }
        var x = W / 2 - w / 2
        if x < start { x = start }
        if x + w > end { x = end - w }
        return (x, w, false)
    }

    /// The vertical extent of an item's button per era.
    static func vertical(_ content: ItemContent, x: Double, width: Double, _ g: BarGeometry) -> Rect {
        let H = g.rowHeight
        if case .custom(let v) = content {
            return Rect(x: x, y: (H - v.height) / 2, width: width, height: v.height)
        }
        switch g.era {
        case .legacy:
            if case .text = content { return Rect(x: x, y: BarGeometry.legacyTextItemY, width: width, height: g.buttonHeight) }
            return Rect(x: x, y: g.legacyButtonY, width: width, height: g.buttonHeight)
        case .modern: return Rect(x: x, y: 0, width: width, height: H)
        case .glass: return Rect(x: x, y: 0, width: width, height: g.platterHeight)
        }
    }

    /// The drawn part of an item inside its button.
    static func content(_ entry: BarPlan.Entry, in frame: Rect, leadingSide: Bool, edge: Bool, _ g: BarGeometry) -> Rect {
        let H = g.rowHeight
        switch entry.content {
        case .custom(let v):
            return Rect(x: frame.x + v.offset.x, y: frame.y + v.offset.y, width: v.width, height: v.height)
        case .text(_, let w):
            let x: Double
            switch g.era {
            case .modern: x = leadingSide ? frame.x + g.edgeSpacing : frame.x
            case .legacy, .glass: x = frame.midX - w / 2
            }
            return Rect(x: x, y: (H - g.textHeight) / 2, width: w, height: g.textHeight)
        case .glyph(let s):
            let x: Double
            switch g.era {
            case .modern:
                let edgeSide = edge ? g.edgeSpacing : BarGeometry.imagePadding
                x = leadingSide ? frame.x + edgeSide : frame.x + BarGeometry.imagePadding
            case .legacy, .glass: x = frame.midX - s.width / 2
            }
            return Rect(x: x, y: (H - s.height) / 2, width: s.width, height: s.height)
        }
    }
}

import NavModel

/// Draws a bar and its touch areas as SVG (`bar/render`): what the user sees, and overlaid in distinct
/// semi-transparent colours what each area of the bar does when tapped, with a legend.
///
/// The output is deterministic (fixed number formatting, fixed order) and valid XML (all text escaped).
public enum BarRenderer {
    /// A touch-area category and its colour.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        case pop, customBack, itemAction, deadZone, swallowed, disabled, inert

        /// The fill colour, drawn at `fillOpacity`.
        public var color: String {
            switch self {
            case .pop: return "#1E88E5"
            case .customBack: return "#8E24AA"
            case .itemAction: return "#43A047"
            case .deadZone: return "#E53935"
            case .swallowed: return "#757575"
            case .disabled: return "#FB8C00"
            case .inert: return "#FDD835"
            }
        }

        public var legend: String {
            switch self {
            case .pop: return "pop: back to the previous screen"
            case .customBack: return "customBack: the app is asked"
            case .itemAction: return "itemAction: the item's action"
            case .deadZone: return "dead zone: taken, nothing happens"
            case .swallowed: return "swallowed by the bar"
            case .disabled: return "disabled item: nothing happens"
            case .inert: return "title / title view: nothing happens"
            }
        }

        /// The category of a region.
        public init(_ region: HitRegion) {
            switch region.action {
            case .pop: self = .pop
            case .customBack: self = .customBack
            case .itemAction: self = .itemAction
            case .none:
                switch region.reason {
                case .deadZone?: self = .deadZone
                case .disabled?: self = .disabled
                case .inert?: self = .inert
                default: self = .swallowed
                }
            }
        }
    }

    public static let fillOpacity = 0.45
    /// Regions reached only through the touch slop are drawn lighter.
    public static let slopOpacity = 0.25
    static let legendRow = 20.0
    /// The canvas is at least this wide, so the legend fits beside a 320-pt bar.
    static let minimumWidth = 420.0

    /// `text` as UIKit draws it in `width` points: whole when it fits, else the longest prefix that fits with "…".
    static func tailTruncated(
        _ text: String, toFit width: Double, weight: TextMetrics.Weight, family: TextMetrics.Family = .sanFrancisco,
        size: Double = TextMetrics.barFontSize, font: TextFont? = nil
    ) -> String {
        guard TextMetrics.width(text, weight: weight, size: size, family: family, font: font) > width + 0.5 else { return text }
        var prefix = Substring(text)
        while !prefix.isEmpty {
            prefix = prefix.dropLast()
            let candidate = prefix.trimmingSuffixSpaces + "…"
            if TextMetrics.width(candidate, weight: weight, size: size, family: family, font: font) <= width + 0.5 {
                return candidate
            }
        }
        return "…"
    }

    /// The SVG of the top screen's bar; nil when the stack is empty.
    public static func render(model: NavigationModel) -> String? {
        svg(model: model, screenIndex: model.screens.count - 1).map(document)
    }

    /// The bar of `model.screens[screenIndex]` on top of the screens below it, as an element to embed (in an HTML
    /// page, say); `marking`, in window points, is outlined over the touch areas (a finding's region). Nil when
    /// there is no such screen.
    public static func svg(model: NavigationModel, screenIndex index: Int, marking: Rect? = nil) -> SVGElement? {
        guard model.screens.indices.contains(index) else { return nil }
        let layout = BarLayoutEngine.layout(model: model, screenIndex: index)
        let tint = TintEngine.resolve(model: model, screenIndex: index)
        let appearance = model.barAppearance(at: index)
        // The items in the bar's tint colour, else the policy's (UIKit's systemBlue by default); the title in its
        // own colour (UIKit's label colour by default), never the items'.
        return svg(
            layout: layout, regions: BarRegions.regions(layout), barColor: tint.background,
            foreground: appearance.tintColor ?? tint.foreground, titleColor: tint.titleColor, marking: marking)
    }

    /// The SVG for a laid-out bar and its regions.
    public static func render(layout: LaidOutBar, regions: [HitRegion], barColor: Color, foreground: Color, titleColor: Color) -> String {
        document(svg(layout: layout, regions: regions, barColor: barColor, foreground: foreground, titleColor: titleColor))
    }

    /// An SVG element as a standalone document.
    static func document(_ svg: SVGElement) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg.write(into: &out)
        out += "\n"
        return out
    }

    /// The outline of a marked region: dashed, in a colour no touch-area category uses.
    public static let markingColor = "#D81B60"

    /// The `<svg>` element for a laid-out bar and its regions, with `marking` outlined over them.
    public static func svg(
        layout: LaidOutBar, regions: [HitRegion], barColor: Color, foreground: Color, titleColor: Color, marking: Rect? = nil
    ) -> SVGElement {
        let f = SVGNumber.format
        let bar = layout.barFrame
        let W = bar.width
        // Wide enough for the legend on the narrowest phones.
        let canvasWidth = max(W, minimumWidth)
        let stripBottom = bar.maxY + (layout.slop?.below ?? 0) + 16
        let categories = Category.allCases.filter { c in regions.contains { Category($0) == c } }
        let legendTop = stripBottom + 8
        let height = legendTop + Double(categories.count + 2) * legendRow + 8
        let colours = Colours(bar: opaque(barColor).hex, foreground: opaque(foreground).hex, title: opaque(titleColor).hex)

        var drawn: [SVGElement] = []
        if layout.hidden {
            drawn.append(
                SVGElement(
                    "text",
                    [
                        .init("x", "8"), .init("y", f(bar.midY + 5)), .init("font-family", "sans-serif"), .init("font-size", "13"),
                        .init("fill", "#757575"),
                    ],
                    text: "bar hidden: it takes no taps"))
        }
        drawn += layout.drawing.map {
            drawing($0, colours, family: layout.textFamily, font: layout.textFont, given: layout.textWidths)
        }

        var layers: [SVGElement] = [
            SVGElement("title", text: "navigation bar of '\(layout.screenId)' on \(layout.profile.rawValue)"),
            rect(id: "window", Rect(x: 0, y: 0, width: canvasWidth, height: height), fill: "#FFFFFF"),
            rect(id: "status-bar", Rect(x: 0, y: 0, width: W, height: bar.minY), fill: "#ECEFF1"),
            SVGElement("g", [.init("id", "bar")], children: .lines(drawn)),
            SVGElement("g", [.init("id", "touch-areas")], children: .lines(regions.map(touchArea))),
        ]
        if let marking {
            layers.append(
                SVGElement(
                    "rect",
                    [.init("id", "marking")] + frame(marking) + [
                        .init("fill", "none"), .init("stroke", markingColor), .init("stroke-width", "2"),
                        .init("stroke-dasharray", "5 3"),
                    ]))
        }
        layers.append(legend(layout: layout, categories: categories, top: legendTop, barColour: colours.bar))
        return SVGElement(
            "svg",
            [
                .init("xmlns", "http://www.w3.org/2000/svg"), .init("width", f(canvasWidth)), .init("height", f(height)),
                .init("viewBox", "0 0 \(f(canvasWidth)) \(f(height))"),
            ],
            children: .lines(layers))
    }

    /// The three colours a bar is drawn in, as hex.
    struct Colours {
        var bar: String
        var foreground: String
        var title: String
    }

    /// `x`, `y`, `width`, `height` of a rectangle, in the fixed number format.
    static func frame(_ r: Rect) -> [SVGElement.Attribute] {
        let f = SVGNumber.format
        return [.init("x", f(r.x)), .init("y", f(r.y)), .init("width", f(r.width)), .init("height", f(r.height))]
    }

    static func rect(id: String, _ r: Rect, fill: String) -> SVGElement {
        SVGElement("rect", [.init("id", id)] + frame(r) + [.init("fill", fill)])
    }

    /// One element of what the bar draws.
    static func drawing(
        _ d: BarDrawing, _ colours: Colours, family: TextMetrics.Family, font: TextFont? = nil, given: TextWidths = TextWidths()
    ) -> SVGElement {
        let f = SVGNumber.format
        switch d {
        case .background(let r, _):
            return rect(id: "bar-background", r, fill: colours.bar)
        case .platter(let r):
            let radius = min(r.height, r.width) / 2
            return SVGElement(
                "rect",
                [.init("class", "platter")] + frame(r) + [
                    .init("rx", f(radius)), .init("fill", "#FFFFFF"), .init("fill-opacity", "0.6"), .init("stroke", "#BDBDBD"),
                ])
        case .chevron(let r):
            let points = [
                (r.x + r.width * 0.85, r.y + r.height * 0.08), (r.x + r.width * 0.2, r.y + r.height * 0.5),
                (r.x + r.width * 0.85, r.y + r.height * 0.92),
            ].map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ")
            return SVGElement(
                "polyline",
                [
                    .init("class", "chevron"), .init("points", points), .init("fill", "none"), .init("stroke", colours.foreground),
                    .init("stroke-width", "3"), .init("stroke-linecap", "round"), .init("stroke-linejoin", "round"),
                ])
        case .text(let text, let r, let bold, let enabled):
            return label(text, r, bold: bold, enabled: enabled, colours: colours, family: family, font: font, given: given)
        case .largeTitle(let text, let r):
            return label(
                text, r, bold: false, enabled: true, colours: colours, family: family, large: true, font: font, given: given)
        case .searchField(let r):
            return SVGElement(
                "rect",
                [.init("class", "search-field")] + frame(r) + [
                    .init("rx", "10"), .init("fill", "#767680"), .init("fill-opacity", "0.12"),
                ]
            ).titled("search field")
        case .box(let r, let label):
            return SVGElement(
                "rect",
                [.init("class", "box")] + frame(r) + [
                    .init("fill", "none"), .init("stroke", colours.foreground), .init("stroke-width", "1.5"),
                ]
            ).titled(label)
        case .overlay(let r):
            return SVGElement(
                "rect",
                [.init("class", "overlay")] + frame(r) + [
                    .init("fill", "none"), .init("stroke", "#E53935"), .init("stroke-dasharray", "4 3"),
                ]
            ).titled("the seed's mask overlay")
        }
    }

    /// A touch area in its category's colour, with what it does as its tooltip.
    static func touchArea(_ r: HitRegion) -> SVGElement {
        let c = Category(r)
        return SVGElement(
            "rect",
            [.init("class", "touch \(c.rawValue)")] + frame(r.frame) + [
                .init("fill", c.color), .init("fill-opacity", SVGNumber.format(r.viaSlop ? slopOpacity : fillOpacity)),
                .init("stroke", "#FFFFFF"), .init("stroke-opacity", "0.9"), .init("stroke-width", "0.5"),
            ]
        ).titled(describe(r))
    }

    /// The legend: each swatch sits on the bar colour, so it matches the areas drawn over the bar; then the back
    /// button's touch range against its drawn range, and the slop band.
    static func legend(layout: LaidOutBar, categories: [Category], top: Double, barColour: String) -> SVGElement {
        let f = SVGNumber.format
        func note(_ text: String, _ y: Double) -> SVGElement {
            SVGElement("text", [.init("x", "8"), .init("y", f(y + 12)), .init("fill", "#212121")], text: text)
        }
        var children: [SVGElement.Node] = [.newline]
        for (i, c) in categories.enumerated() {
            let y = top + Double(i) * legendRow
            let square = Rect(x: 8, y: y, width: 16, height: 16)
            children += [
                .element(SVGElement("rect", frame(square) + [.init("fill", barColour)])),
                .element(
                    SVGElement(
                        "rect",
                        [.init("class", "swatch \(c.rawValue)")] + frame(square) + [
                            .init("fill", c.color), .init("fill-opacity", f(fillOpacity)),
                        ])),
                .element(SVGElement("text", [.init("x", "30"), .init("y", f(y + 12)), .init("fill", "#212121")], text: c.legend)),
                .newline,
            ]
        }
        let notesY = top + Double(categories.count) * legendRow
        if let back = layout.element(.backButton) {
            let text =
                "back button: touch area x \(f(back.frame.minX))-\(f(back.frame.maxX)), drawn x \(f(back.visibleFrame.minX))-\(f(back.visibleFrame.maxX))"
            children += [.element(note(text, notesY)), .newline]
        }
        if let slop = layout.slop {
            let text = "lighter: reached via the touch slop (\(f(slop.above)) pt above, \(f(slop.below)) below)"
            children += [.element(note(text, notesY + legendRow)), .newline]
        }
        return SVGElement("g", [.init("id", "legend"), .init("font-family", "sans-serif"), .init("font-size", "12")], children: children)
    }

    /// A readable line for a region's tooltip.
    static func describe(_ r: HitRegion) -> String {
        var target = r.target.kind.rawValue
        if let item = r.target.itemId { target += " '\(item)'" }
        let action: String
        switch r.action {
        case .pop(let to): action = "pop to '\(to)'"
        case .customBack: action = "customBack"
        case .itemAction(let id): action = "itemAction '\(id)'"
        case .none: action = "nothing (\(r.reason?.rawValue ?? "none"))"
        }
        return "\(target): \(action)\(r.viaSlop ? " (touch slop)" : "")"
    }

    /// Colours are drawn opaque (alpha composited over white, as the tint engine does).
    static func opaque(_ c: Color) -> Color {
        guard c.alpha < 1 else { return c }
        let a = max(0, c.alpha)
        return Color(red: a * c.red + (1 - a), green: a * c.green + (1 - a), blue: a * c.blue + (1 - a))
    }
}

extension Substring {
    fileprivate var trimmingSuffixSpaces: String {
        var out = self
        while out.last == " " { out = out.dropLast() }
        return String(out)
    }
}

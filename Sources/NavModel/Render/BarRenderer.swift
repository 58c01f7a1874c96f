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

    /// The SVG of the top screen's bar; nil when the stack is empty.
    /// `text` as UIKit draws it in `width` points: whole when it fits, else the longest prefix that fits with "…".
    static func tailTruncated(
        _ text: String, toFit width: Double, weight: TextMetrics.Weight, family: TextMetrics.Family = .sanFrancisco
    ) -> String {
        guard TextMetrics.width(text, weight: weight, family: family) > width + 0.5 else { return text }
        var prefix = Substring(text)
        while !prefix.isEmpty {
            prefix = prefix.dropLast()
            let candidate = prefix.trimmingSuffixSpaces + "…"
            if TextMetrics.width(candidate, weight: weight, family: family) <= width + 0.5 { return candidate }
        }
        return "…"
    }

    public static func render(model: NavigationModel) -> String? {
        guard !model.screens.isEmpty else { return nil }
        let index = model.screens.count - 1
        let layout = BarLayoutEngine.layout(model: model, screenIndex: index)
        let tint = TintEngine.resolve(model: model, screenIndex: index)
        let appearance = model.barAppearance(at: index)
        return render(
            layout: layout, regions: BarRegions.regions(layout), barColor: tint.background,
            foreground: appearance.tintColor ?? tint.foreground, titleColor: appearance.titleColor ?? tint.foreground)
    }

    /// The SVG for a laid-out bar and its regions.
    public static func render(layout: LaidOutBar, regions: [HitRegion], barColor: Color, foreground: Color, titleColor: Color) -> String {
        let f = SVGNumber.format
        let bar = layout.barFrame
        let W = bar.width
        // Wide enough for the legend on the narrowest phones.
        let canvasWidth = max(W, minimumWidth)
        let stripBottom = bar.maxY + (layout.slop?.below ?? 0) + 16
        let categories = Category.allCases.filter { c in regions.contains { Category($0) == c } }
        let legendTop = stripBottom + 8
        let height = legendTop + Double(categories.count + 2) * legendRow + 8
        let barHex = opaque(barColor).hex
        let fg = opaque(foreground).hex
        let titleFg = opaque(titleColor).hex

        var s = ""
        s += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(canvasWidth))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(canvasWidth)) \(f(height))\">\n"
        s += "<title>\(XMLText.escape("navigation bar of '\(layout.screenId)' on \(layout.profile.rawValue)"))</title>\n"
        s += "<rect id=\"window\" x=\"0\" y=\"0\" width=\"\(f(canvasWidth))\" height=\"\(f(height))\" fill=\"#FFFFFF\"/>\n"
        s += "<rect id=\"status-bar\" x=\"0\" y=\"0\" width=\"\(f(W))\" height=\"\(f(bar.minY))\" fill=\"#ECEFF1\"/>\n"

        // What is drawn.
        s += "<g id=\"bar\">\n"
        if layout.hidden {
            s +=
                "<text x=\"8\" y=\"\(f(bar.midY + 5))\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#757575\">bar hidden: it takes no taps</text>\n"
        }
        for d in layout.drawing {
            switch d {
            case .background(let r, _):
                s +=
                    "<rect id=\"bar-background\" x=\"\(f(r.x))\" y=\"\(f(r.y))\" width=\"\(f(r.width))\" height=\"\(f(r.height))\" fill=\"\(barHex)\"/>\n"
            case .platter(let r):
                let radius = min(r.height, r.width) / 2
                s +=
                    "<rect class=\"platter\" x=\"\(f(r.x))\" y=\"\(f(r.y))\" width=\"\(f(r.width))\" height=\"\(f(r.height))\" rx=\"\(f(radius))\" fill=\"#FFFFFF\" fill-opacity=\"0.6\" stroke=\"#BDBDBD\"/>\n"
            case .chevron(let r):
                let pts = [
                    (r.x + r.width * 0.85, r.y + r.height * 0.08), (r.x + r.width * 0.2, r.y + r.height * 0.5),
                    (r.x + r.width * 0.85, r.y + r.height * 0.92),
                ].map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ")
                s +=
                    "<polyline class=\"chevron\" points=\"\(pts)\" fill=\"none\" stroke=\"\(fg)\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
            case .text(let text, let r, let bold, let enabled):
                let colour = bold ? titleFg : fg
                // Helvetica Neue's titles are its Medium (500); San Francisco's are semibold (600).
                let neue = layout.textFamily == .helveticaNeue
                let fontFamily = neue ? "'Helvetica Neue', Helvetica, sans-serif" : "-apple-system, 'SF Pro Text', sans-serif"
                let titleWeight = neue ? "500" : "600"
                // A label wider than its frame is tail-truncated as UIKit draws it ("Settin…"), and drawn inside a
                // viewport of its frame: renderers that ignore textLength (librsvg) still cannot spill past it.
                let weight: TextMetrics.Weight = bold ? .semibold : .regular
                let shown = Self.tailTruncated(text, toFit: r.width, weight: weight, family: layout.textFamily)
                let length = min(r.width, TextMetrics.width(shown, weight: weight, family: layout.textFamily))
                s +=
                    "<svg class=\"label\" x=\"\(f(r.x))\" y=\"\(f(r.y))\" width=\"\(f(r.width))\" height=\"\(f(r.height))\" overflow=\"hidden\"><text x=\"0\" y=\"\(f(r.height * 0.78))\" textLength=\"\(f(length))\" lengthAdjust=\"spacingAndGlyphs\" font-family=\"\(fontFamily)\" font-size=\"17\"\(bold ? " font-weight=\"\(titleWeight)\"" : "") fill=\"\(colour)\"\(enabled ? "" : " fill-opacity=\"0.35\"")>\(XMLText.escape(shown))</text></svg>\n"
            case .box(let r, let label):
                s +=
                    "<rect class=\"box\" x=\"\(f(r.x))\" y=\"\(f(r.y))\" width=\"\(f(r.width))\" height=\"\(f(r.height))\" fill=\"none\" stroke=\"\(fg)\" stroke-width=\"1.5\"><title>\(XMLText.escape(label))</title></rect>\n"
            case .overlay(let r):
                s +=
                    "<rect class=\"overlay\" x=\"\(f(r.x))\" y=\"\(f(r.y))\" width=\"\(f(r.width))\" height=\"\(f(r.height))\" fill=\"none\" stroke=\"#E53935\" stroke-dasharray=\"4 3\"><title>the seed's mask overlay</title></rect>\n"
            }
        }
        s += "</g>\n"

        // Every touch area and what it does.
        s += "<g id=\"touch-areas\">\n"
        for r in regions {
            let c = Category(r)
            let opacity = r.viaSlop ? slopOpacity : fillOpacity
            let what = describe(r)
            s +=
                "<rect class=\"touch \(c.rawValue)\" x=\"\(f(r.frame.x))\" y=\"\(f(r.frame.y))\" width=\"\(f(r.frame.width))\" height=\"\(f(r.frame.height))\" fill=\"\(c.color)\" fill-opacity=\"\(f(opacity))\" stroke=\"#FFFFFF\" stroke-opacity=\"0.9\" stroke-width=\"0.5\"><title>\(XMLText.escape(what))</title></rect>\n"
        }
        s += "</g>\n"

        // Legend: each swatch sits on the bar colour, so it matches the areas drawn over the bar.
        s += "<g id=\"legend\" font-family=\"sans-serif\" font-size=\"12\">\n"
        for (i, c) in categories.enumerated() {
            let y = legendTop + Double(i) * legendRow
            s += "<rect x=\"8\" y=\"\(f(y))\" width=\"16\" height=\"16\" fill=\"\(barHex)\"/>"
            s +=
                "<rect class=\"swatch \(c.rawValue)\" x=\"8\" y=\"\(f(y))\" width=\"16\" height=\"16\" fill=\"\(c.color)\" fill-opacity=\"\(f(fillOpacity))\"/>"
            s += "<text x=\"30\" y=\"\(f(y + 12))\" fill=\"#212121\">\(XMLText.escape(c.legend))</text>\n"
        }
        let notesY = legendTop + Double(categories.count) * legendRow
        if let back = layout.element(.backButton) {
            let note =
                "back button: touch area x \(f(back.frame.minX))-\(f(back.frame.maxX)), drawn x \(f(back.visibleFrame.minX))-\(f(back.visibleFrame.maxX))"
            s += "<text x=\"8\" y=\"\(f(notesY + 12))\" fill=\"#212121\">\(XMLText.escape(note))</text>\n"
        }
        if let slop = layout.slop {
            let note = "lighter: reached via the touch slop (\(f(slop.above)) pt above, \(f(slop.below)) below)"
            s += "<text x=\"8\" y=\"\(f(notesY + legendRow + 12))\" fill=\"#212121\">\(XMLText.escape(note))</text>\n"
        }
        s += "</g>\n"
        s += "</svg>\n"
        return s
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

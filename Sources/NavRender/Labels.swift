import NavModel

/// How a label is drawn so that it stays in its frame whatever font the viewer has.
///
/// The model measures text with its own advance tables (`TextMetrics`); a viewer draws it in whatever font it
/// finds, and librsvg ignores `textLength`, so a label drawn as one run in a wider font (DejaVu Sans, the usual
/// fallback on Linux, is about 13% wider than Helvetica) would run past its frame. Each grapheme cluster of a
/// left-to-right label is therefore placed where the model puts it: the first starts at the label's start, the
/// last ends at the label's end, and each one between is centred on the model's advance for it. A font wider or
/// narrower than the model's moves no glyph; it only widens or narrows the glyphs themselves. Text in scripts
/// whose letters join or reorder (Hebrew, Arabic, the Indic scripts, Thai...) cannot be cut into clusters: it is
/// drawn as one run fitted with `textLength` (browsers honour it), and the label's viewport clips what a renderer
/// that ignores it draws past the frame. docs/protocol.md, `bar/render`, says the same.
extension BarRenderer {
    /// The font stack of a family's labels: the system font first, then fonts with Helvetica's advances (the
    /// model's), then the generic family.
    static func fontStack(_ family: TextMetrics.Family) -> String {
        switch family {
        case .helveticaNeue: return "'Helvetica Neue', Helvetica, Arial, sans-serif"
        case .sanFrancisco: return "-apple-system, 'SF Pro Text', Helvetica, Arial, sans-serif"
        }
    }

    /// A label: tail-truncated as UIKit draws it ("Settin…") when wider than its frame, centred in a frame wider
    /// than its text (a bar item given a `width`), inside a viewport of its frame.
    static func label(
        _ text: String, _ r: Rect, bold: Bool, enabled: Bool, colours: Colours, family: TextMetrics.Family,
        large: Bool = false, font: TextFont? = nil, given: TextWidths = TextWidths()
    ) -> SVGElement {
        let f = SVGNumber.format
        // Helvetica Neue's titles are its Medium (500); San Francisco's are semibold (600); a large title is bold
        // at 34 pt (GEO-13).
        let neue = family == .helveticaNeue
        let weight: TextMetrics.Weight = large ? .bold : (bold ? .semibold : .regular)
        let size = large ? BarGeometry.largeTitleFontSize : TextMetrics.barFontSize
        // A text drawn at a given width (`policies.textWidths`) is whole when that width fits, its clusters spread
        // over it in proportion to the model's advances.
        let style: TextWidths.Style = large ? .largeTitle : (bold ? .title : .button)
        let givenWidth = given.width(of: text, style: style).flatMap { $0 <= r.width + 0.5 ? $0 : nil }
        let shown =
            givenWidth != nil
            ? text : Self.tailTruncated(text, toFit: r.width, weight: weight, family: family, size: size, font: font)
        var advances = shown.map { TextMetrics.width(String($0), weight: weight, size: size, family: family, font: font) }
        if let givenWidth, case let sum = advances.reduce(0, +), sum > 0 {
            advances = advances.map { $0 * givenWidth / sum }
        }
        let measured = advances.reduce(0, +)
        let length = min(r.width, measured)
        // Only "…" alone can be wider than its frame: its advance is then squeezed with the rest.
        let scale = measured > r.width && measured > 0 ? r.width / measured : 1
        let start = max(0, (r.width - length) / 2)
        var attributes: [SVGElement.Attribute] = [.init("y", f(r.height * 0.78))]
        var children: [SVGElement.Node]
        if Self.placesClusters(shown) {
            // Spaces are kept (the text reads whole when selected or copied) but anchor nothing.
            var slots: [(text: String, from: Double, to: Double, ink: Bool)] = []
            var x = start
            for (cluster, advance) in zip(shown, advances) {
                let w = advance * scale
                slots.append((String(cluster), x, x + w, !cluster.isWhitespace))
                x += w
            }
            let first = slots.firstIndex { $0.ink }
            let last = slots.lastIndex { $0.ink }
            attributes.append(.init("text-anchor", "middle"))
            children = slots.indices.map { i in
                let slot = slots[i]
                var anchor: [SVGElement.Attribute] = [.init("x", f((slot.from + slot.to) / 2))]
                if i == first, i != last {
                    anchor = [.init("x", f(slot.from)), .init("text-anchor", "start")]
                } else if i == last, i != first {
                    anchor = [.init("x", f(slot.to)), .init("text-anchor", "end")]
                }
                return .element(SVGElement("tspan", anchor, text: slot.text))
            }
        } else {
            attributes =
                [.init("x", f(start))] + attributes + [
                    .init("textLength", f(length)), .init("lengthAdjust", "spacingAndGlyphs"),
                ]
            children = [.text(shown)]
        }
        attributes += [.init("font-family", fontStack(family)), .init("font-size", f(size))]
        if large {
            attributes.append(.init("font-weight", "700"))
        } else if bold {
            attributes.append(.init("font-weight", neue ? "500" : "600"))
        }
        attributes.append(.init("fill", bold || large ? colours.title : colours.foreground))
        if !enabled { attributes.append(.init("fill-opacity", "0.35")) }
        return SVGElement(
            "svg", [.init("class", "label")] + frame(r) + [.init("overflow", "hidden")],
            children: [.element(SVGElement("text", attributes, children: children))])
    }

    /// Whether each grapheme cluster of `text` can be placed on its own: every scalar is of a script that is
    /// written left to right without joining (Latin, Greek, Cyrillic, Armenian, Georgian, CJK, kana, hangul),
    /// a combining mark, punctuation, a symbol or an emoji, and none is a bidirectional control.
    static func placesClusters(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x20...0x7E, 0xA0...0x058F: return true  // Latin, IPA, combining marks, Greek, Cyrillic, Armenian
            case 0x10A0...0x10FF, 0x1100...0x11FF: return true  // Georgian, hangul jamo
            case 0x1AB0...0x1AFF, 0x1C80...0x1CBF, 0x1D00...0x1FFF: return true  // marks, Cyrillic, phonetic, Latin, Greek
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return false  // bidirectional controls
            case 0x2000...0x2BFF: return true  // punctuation, symbols, arrows, shapes
            case 0x2C00...0x2DFF, 0x2E00...0x2E7F: return true  // Glagolitic, Latin, Georgian, Cyrillic; punctuation
            case 0x2E80...0x9FFF, 0xA640...0xA6FF, 0xA700...0xA7FF: return true  // CJK, kana, Cyrillic and Latin extended
            case 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFB00...0xFB06: return true  // hangul, CJK compatibility, ligatures
            case 0xFE00...0xFE0F, 0xFE20...0xFE6F, 0xFF00...0xFFEF: return true  // selectors, marks, CJK forms, full width
            case 0x1F000...0x1FAFF, 0x20000...0x3FFFF, 0xE0100...0xE01EF: return true  // emoji, CJK, selectors
            default: return false
            }
        }
    }
}

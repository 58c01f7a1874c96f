import Foundation
import Testing
@testable import NavModel
@testable import NavRender

/// The bar's labels rasterised by librsvg (which ignores `textLength`) in whatever font the machine has: each
/// label's ink must lie within its frame and reach its end, so no label is cut ("Setting" for "Settings").
@Suite("Bar labels rendered by librsvg")
struct LabelRenderTests {
    /// Reads an SVG of `BarRenderer`, draws its labels alone (each in its own colour, its viewport's clip off, so
    /// what the clip would hide shows), rasterises them with rsvg-convert at 4x and prints, per label in document
    /// order, its frame and the bounding box of its ink in window points (null when nothing is drawn), as JSON.
    static let inkScript =
        RenderTests.pngReader + """
            import json, subprocess, sys, tempfile, os
            from xml.dom import minidom
            rsvg, path = sys.argv[1], sys.argv[2]
            ZOOM = 4
            COLOURS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (0, 255, 255), (255, 0, 255), (255, 255, 0)]
            doc = minidom.parse(path)
            root = doc.documentElement
            labels = [e for e in root.getElementsByTagName('svg') if e.getAttribute('class') == 'label']
            assert 0 < len(labels) <= len(COLOURS), len(labels)
            boxes = [tuple(float(l.getAttribute(a)) for a in ('x', 'y', 'width', 'height')) for l in labels]
            top = int(min(b[1] for b in boxes)) - 12
            bottom = int(max(b[1] + b[3] for b in boxes)) + 12
            width = int(float(root.getAttribute('width')))
            out = minidom.Document()
            svg = out.createElement('svg')
            for k, v in (('xmlns', 'http://www.w3.org/2000/svg'), ('width', str(width)), ('height', str(bottom - top)),
                         ('viewBox', '0 %d %d %d' % (top, width, bottom - top))):
                svg.setAttribute(k, v)
            back = out.createElement('rect')
            for k, v in (('x', '0'), ('y', str(top)), ('width', str(width)), ('height', str(bottom - top)), ('fill', '#FFFFFF')):
                back.setAttribute(k, v)
            svg.appendChild(back)
            for i, l in enumerate(labels):
                l = l.cloneNode(True)
                l.setAttribute('overflow', 'visible')
                for t in l.getElementsByTagName('text'):
                    t.setAttribute('fill', '#%02X%02X%02X' % COLOURS[i])
                    if t.hasAttribute('fill-opacity'):
                        t.removeAttribute('fill-opacity')
                svg.appendChild(l)
            out.appendChild(svg)
            with tempfile.TemporaryDirectory() as d:
                src, png = os.path.join(d, 'labels.svg'), os.path.join(d, 'labels.png')
                with open(src, 'w', encoding='utf-8') as f:
                    f.write(out.toxml())
                subprocess.run([rsvg, '-z', str(ZOOM), '-f', 'png', '-o', png, src], check=True)
                w, h, bpp, rows = png_rows(png)
            ink = [None] * len(labels)
            for y in range(h):
                line = rows[y]
                for x in range(w):
                    px = line[x * bpp:x * bpp + 3]
                    if min(px) >= 200:
                        continue
                    # The colour whose dark channels are the pixel's: antialiased edges keep the hue.
                    low = tuple(0 if v < 200 else 255 for v in px)
                    if low not in COLOURS:
                        continue
                    k = COLOURS.index(low)
                    box = ink[k] or [x, y, x + 1, y + 1]
                    ink[k] = [min(box[0], x), min(box[1], y), max(box[2], x + 1), max(box[3], y + 1)]
            result = []
            for b, k in zip(boxes, ink):
                result.append({'box': b, 'ink': None if k is None else
                               [k[0] / ZOOM, k[1] / ZOOM + top, k[2] / ZOOM, k[3] / ZOOM + top]})
            print(json.dumps(result))
            """

    struct Label: Decodable {
        var box: [Double]
        var ink: [Double]?
    }

    /// Each label's frame and ink, as librsvg draws `svg`.
    static func ink(_ svg: String) throws -> [Label] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navd-labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bar.svg")
        try Data(svg.utf8).write(to: file)
        let out = try RenderTests.run(
            try #require(RenderTests.python), ["-c", inkScript, try #require(RenderTests.rsvg), file.path])
        return try JSONDecoder().decode([Label].self, from: out)
    }

    /// Where each label's text is drawn, in the order the SVG holds them: from the start of its text to its end.
    static func texts(_ model: NavigationModel) -> [(text: String, from: Double, to: Double)] {
        let bar = BarLayoutEngine.layout(model: model, screenIndex: model.screens.count - 1)
        return bar.drawing.compactMap { d in
            guard case .text(let text, let r, let bold, _) = d else { return nil }
            let weight: TextMetrics.Weight = bold ? .semibold : .regular
            let shown = BarRenderer.tailTruncated(text, toFit: r.width, weight: weight, family: bar.textFamily)
            let length = min(r.width, TextMetrics.width(shown, weight: weight, family: bar.textFamily))
            let start = r.x + max(0, (r.width - length) / 2)
            return (shown, start, start + length)
        }
    }

    static let longBack: Screen = {
        var top = Fx.top(title: "Detail", right: [Fx.text("save", "Save")])
        top.backStyle = BackStyle(title: "A really very long back style title that cannot fit")
        return top
    }()

    /// Bars whose labels cover each era, both font families, bold titles, accented Latin, Greek and Cyrillic,
    /// a disabled item, an item wider than its label, and a tail-truncated label.
    static func bars() throws -> [(String, NavigationModel)] {
        let settings = [Screen(id: "settings", title: "Settings"), Screen(id: "general", title: "General")]
        let fish = [Screen(id: "fruit", title: "Passionfruit"), Fx.top(title: "A Story About a Fish")]
        return [
            ("ios17 Settings > General", try Fx.model(settings)),
            ("ios10 seed phone", try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, fish)),
            (
                "ios10 Helvetica Neue",
                try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, policies: { $0.textMetrics = .helveticaNeue }, fish)
            ),
            (
                "ios26 accents and items",
                try Fx.model(
                    .ios26,
                    [
                        Screen(id: "home", title: "Réglages"),
                        Fx.top(title: "Ünïcödé", right: [Fx.text("done", "Done"), Fx.text("edit", "Edit", enabled: false)]),
                    ])
            ),
            (
                "ios17 Greek, Cyrillic, a wide item",
                try Fx.model([Screen(id: "home", title: "Настройки"), Fx.top(title: "Δέλτα", right: [Fx.text("go", "Go", width: 60)])])
            ),
            ("ios17 truncated back label", try Fx.model([Screen(id: "home", title: "Home"), longBack])),
        ]
    }

    @Test("every label's ink lies within its frame and reaches its end (rsvg-convert and python3 are required)")
    func inkWithinFrames() throws {
        for (name, model) in try Self.bars() {
            let svg = try #require(BarRenderer.render(model: model))
            let labels = try Self.ink(svg)
            let texts = Self.texts(model)
            #expect(labels.count == texts.count, "\(name): \(labels.count) labels drawn, \(texts.count) laid out")
            for (label, text) in zip(labels, texts) {
                let (x, y, w, h) = (label.box[0], label.box[1], label.box[2], label.box[3])
                guard let ink = label.ink else {
                    Issue.record("\(name): '\(text.text)' draws nothing")
                    continue
                }
                let what = "\(name): '\(text.text)' frame x \(x)-\(x + w) y \(y)-\(y + h), ink \(ink)"
                // A quarter-point of antialiasing (one pixel at 4x) may fall outside.
                #expect(ink[0] >= x - 0.25 && ink[2] <= x + w + 0.25, "spills sideways: \(what)")
                #expect(ink[1] >= y - 0.25 && ink[3] <= y + h + 0.25, "spills vertically: \(what)")
                // Not cut: the ink starts and ends within a glyph's side bearing (at most 0.15 em) of the text's ends.
                let bearing = 0.15 * TextMetrics.barFontSize
                #expect(ink[0] <= text.from + bearing, "starts late: \(what), text from \(text.from)")
                #expect(ink[2] >= text.to - bearing, "ends early: \(what), text to \(text.to)")
            }
        }
    }

    @Test("each cluster of a left-to-right label is placed where the model measures it; joining scripts are one fitted run")
    func clusterPlacement() throws {
        let m = try Fx.model([Screen(id: "settings", title: "Settings"), Screen(id: "general", title: "General")])
        let svg = try #require(BarRenderer.render(model: m))
        // "Settings" (61.42 at 17 pt): S starts the label, s ends it, the others are centred on their advances.
        let afterS = try #require(svg.range(of: "<tspan x=\"0\" text-anchor=\"start\">S</tspan><tspan x=\""))
        let e = try #require(Double(svg[afterS.upperBound...].prefix { $0 != "\"" }))
        #expect(abs(e - (TextMetrics.width("S") + TextMetrics.width("e") / 2)) < 0.006)
        #expect(svg.contains("<tspan x=\"61.42\" text-anchor=\"end\">s</tspan></text></svg>"))
        #expect(!svg.contains("textLength"))
        // Spaces are kept as text, so the label reads whole; they anchor nothing.
        let spaced = try #require(BarRenderer.render(model: try Fx.model([Screen(id: "a", title: "A"), Fx.top(title: "A B")])))
        let afterA = try #require(spaced.range(of: "<tspan x=\"0\" text-anchor=\"start\">A</tspan><tspan x=\""))
        let space = try #require(Double(spaced[afterA.upperBound...].prefix { $0 != "\"" }))
        #expect(abs(space - (TextMetrics.width("A", weight: .semibold) + TextMetrics.width(" ", weight: .semibold) / 2)) < 0.006)
        #expect(spaced[afterA.upperBound...].contains("\"> </tspan><tspan"))
        // Arabic joins its letters and is written right to left: one run, fitted with textLength, clipped.
        let arabic = try #require(BarRenderer.render(model: try Fx.model([Screen(id: "a", title: "A"), Fx.top(title: "الإعدادات")])))
        #expect(arabic.contains("lengthAdjust=\"spacingAndGlyphs\"") && arabic.contains(">الإعدادات</text>"))
        #expect(!BarRenderer.placesClusters("שלום") && !BarRenderer.placesClusters("नमस्ते") && !BarRenderer.placesClusters("a\u{202E}b"))
        #expect(BarRenderer.placesClusters("Ünïcödé Δέλτα Настройки 設定 👍🏽 e\u{301}"))
    }
}

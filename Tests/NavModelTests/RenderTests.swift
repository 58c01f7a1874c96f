import Foundation
import Testing
@testable import NavModel
import NavRender

@Suite("Bar SVG rendering")
struct RenderTests {
    static func svg(_ m: NavigationModel) throws -> String { try #require(BarRenderer.render(model: m)) }

    static func tool(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return (paths + ["/usr/bin", "/usr/local/bin"]).map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let rsvg = tool("rsvg-convert")
    static let python = tool("python3")

    /// Runs a program; returns stdout, throws on a non-zero exit.
    static func run(_ path: String, _ args: [String], stdin: Data? = nil) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw RenderFailure(message: "\(path) exited \(p.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return data
    }

    struct RenderFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    @Test("UIKit's colours: the back button and items in systemBlue, the title black, on any bar (COL-1)")
    func uikitColours() throws {
        let screens = [Screen(id: "home", title: "Home"), Fx.top(title: "Detail")]
        let white = try Self.svg(try Fx.model(screens))
        #expect(white.contains("class=\"chevron\"") && white.contains("stroke=\"#007AFF\""))
        #expect(white.contains("fill=\"#007AFF\""), "the back title in systemBlue")
        #expect(white.contains("font-weight=\"600\" fill=\"#000000\""), "the title in the label colour")
        #expect(!white.contains("stroke=\"#000000\""), "no black chevron on a white bar")
        // The seed's app policy draws black or white instead, and a title colour the bar sets wins.
        let dark = BarAppearance(barTintColor: Color(r8: 28, g8: 28, b8: 30))
        let automatic = try Self.svg(try Fx.model(bar: dark, policies: { $0.foreground = .automatic }, screens))
        #expect(automatic.contains("stroke=\"#FFFFFF\"") && automatic.contains("font-weight=\"600\" fill=\"#FFFFFF\""))
        let titled = BarAppearance(barTintColor: Color(r8: 28, g8: 28, b8: 30), titleColor: .white)
        let uikitDark = try Self.svg(try Fx.model(bar: titled, screens))
        #expect(uikitDark.contains("stroke=\"#007AFF\"") && uikitDark.contains("font-weight=\"600\" fill=\"#FFFFFF\""))
    }

    @Test("labels are drawn in the session's font family: San Francisco semibold titles, or Helvetica Neue with Medium titles")
    func fontFamily() throws {
        let screens = [Screen(id: "fruit", title: "Passionfruit"), Fx.top(title: "A Story About a Fish")]
        let sf = try Self.svg(try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, screens))
        #expect(sf.contains("'SF Pro Text'") && sf.contains("font-weight=\"600\"") && !sf.contains("Helvetica Neue"))
        let neue = try Self.svg(
            try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, policies: { $0.textMetrics = .helveticaNeue }, screens))
        #expect(neue.contains("'Helvetica Neue'") && neue.contains("font-weight=\"500\"") && !neue.contains("SF Pro"))
        // The back label ends where Helvetica Neue's widths end it (90.85 pt), not at San Francisco's 88.81.
        #expect(neue.contains("x=\"90.85\" text-anchor=\"end\"") && sf.contains("x=\"88.81\" text-anchor=\"end\""))
    }

    @Test("the same bar, built twice, renders to the same bytes; a different bar does not")
    func deterministic() throws {
        func build(_ title: String) throws -> NavigationModel {
            try Fx.model(
                .ios10, width: 320, height: 480, statusBar: 20, policies: { $0.backInterception = .mask },
                [Fx.home, Fx.top("fish", title: title, right: [Fx.text("share", "Share", width: 40)], backAction: .custom)])
        }
        #expect(try Self.svg(try build("A Story About a Fish")) == (try Self.svg(try build("A Story About a Fish"))))
        #expect(try Self.svg(try build("A Story About a Fish")) != (try Self.svg(try build("A Story About a Cat"))))
    }

    @Test("the element builder escapes attribute values and text, and writes empty elements self-closed")
    func elementBuilder() {
        let e = SVGElement(
            "g", [.init("id", "a\"b&c<d"), .init("font-family", "'SF Pro Text'")],
            children: .lines([SVGElement("text", text: "<Fish & 'Chips'>"), SVGElement("rect", [.init("x", "0")])]))
        #expect(
            e.xml
                == "<g id=\"a&quot;b&amp;c&lt;d\" font-family=\"'SF Pro Text'\">\n<text>&lt;Fish &amp; &apos;Chips&apos;&gt;</text>\n<rect x=\"0\"/>\n</g>"
        )
    }

    @Test("text is escaped and numbers use the fixed format")
    func escaping() throws {
        let m = try Fx.model([Screen(id: "home", title: "A"), Fx.top(title: "<Fish & \"Chips\">")])
        let s = try Self.svg(m)
        #expect(Self.labelTexts(s).contains("&lt;Fish &amp; &quot;Chips&quot;&gt;"))
        #expect(!s.contains("<Fish"))
        #expect(!s.contains("e+") && !s.contains(".000"))
        #expect(SVGNumber.format(11.5) == "11.5" && SVGNumber.format(-0.001) == "0")
        // 1.005 is stored just below 1.005, so either rounding of the two-decimal form is right.
        #expect(["1.01", "1"].contains(SVGNumber.format(1.005)))
        #expect(SVGNumber.format(20.25) == "20.25" && SVGNumber.format(3) == "3" && SVGNumber.format(-2.5) == "-2.5")
    }

    @Test("every touch area is drawn with its category, and the legend lists each category shown")
    func areasAndLegend() throws {
        let m = try Fx.seedPhone(
            backAction: .custom, policies: { $0.backInterception = .mask }, right: [Fx.text("share", "Share", width: 40)])
        let s = try Self.svg(m)
        let regions = BarRegions.regions(Fx.bar(m))
        #expect(s.components(separatedBy: "class=\"touch ").count - 1 == regions.count)
        for c in [BarRenderer.Category.pop, .customBack, .itemAction, .deadZone, .swallowed] {
            #expect(s.contains("class=\"swatch \(c.rawValue)\""), "legend entry \(c.rawValue)")
            #expect(s.contains(XMLText.escape(c.legend)))
        }
        #expect(s.contains("class=\"overlay\""), "the mask is outlined")
        #expect(s.contains("touch slop ("))
    }

    @Test("the SVG is well-formed XML (python3 is required: make test-deps installs what the suite needs)")
    func wellFormed() throws {
        let m = try Fx.model(.ios26, [Fx.home, Fx.top(title: "Ünïcödé & <tags>", right: [Fx.text("a", "A&B", width: 30), Fx.image("b")])])
        let script =
            "import sys, xml.dom.minidom; d = xml.dom.minidom.parseString(sys.stdin.buffer.read()); print(d.documentElement.tagName)"
        let out = try Self.run(try #require(Self.python), ["-c", script], stdin: Data(try Self.svg(m).utf8))
        #expect(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "svg")
    }

    /// A Python function that decodes a PNG as rsvg-convert writes it (8-bit RGB or RGBA, non-interlaced) with
    /// zlib alone: `png_rows(path)` gives its width, height, bytes per pixel and unfiltered rows. The scripts that
    /// read what librsvg drew start with it.
    static let pngReader = """
        import zlib, struct
        def png_rows(path):
            data = open(path, 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            pos, idat = 8, b''
            while pos < len(data):
                n, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + n]
                if kind == b'IHDR':
                    w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
                elif kind == b'IDAT':
                    idat += body
                pos += 12 + n
            assert depth == 8 and ctype in (2, 6)
            bpp = 4 if ctype == 6 else 3
            raw = zlib.decompress(idat)
            stride = w * bpp
            rows, prev, i = [], bytearray(stride), 0
            for y in range(h):
                f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
                if f:
                    for x in range(stride):
                        a = line[x - bpp] if x >= bpp else 0
                        b = prev[x]
                        c = prev[x - bpp] if x >= bpp else 0
                        if f == 1: line[x] = (line[x] + a) & 255
                        elif f == 2: line[x] = (line[x] + b) & 255
                        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                        elif f == 4:
                            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line); prev = line
            return w, h, bpp, rows

        """

    /// Prints the RGB of each point of a PNG.
    static let pixelScript =
        pngReader + """
            import sys
            w, h, bpp, rows = png_rows(sys.argv[1])
            for arg in sys.argv[2:]:
                x, y = map(int, arg.split(','))
                px = rows[y][x * bpp:x * bpp + 3]
                print(px[0], px[1], px[2])
            """

    @Test(
        "rendered with librsvg, the back button's touch area shows the legend's pop colour (rsvg-convert and python3 are required)")
    func pixels() throws {
        let m = try Fx.model([Screen(id: "home", title: "Home"), Fx.top(right: [Fx.text("save", "Save", width: 40)])])
        let s = try Self.svg(m)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navd-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svgURL = dir.appendingPathComponent("bar.svg")
        let pngURL = dir.appendingPathComponent("bar.png")
        try Data(s.utf8).write(to: svgURL)
        _ = try Self.run(try #require(Self.rsvg), ["-f", "png", "-o", pngURL.path, svgURL.path])

        // Where the legend put its swatches.
        func swatchY(_ c: BarRenderer.Category) throws -> Int {
            let marker = "class=\"swatch \(c.rawValue)\" x=\"8\" y=\""
            let range = try #require(s.range(of: marker))
            let digits = s[range.upperBound...].prefix { $0.isNumber || $0 == "." }
            return Int(try #require(Double(digits))) + 8
        }
        let bar = Fx.bar(m)
        let back = try #require(bar.element(.backButton))
        let save = try #require(bar.element(.barItem, id: "save"))
        let points = [
            "3,\(Int(back.frame.midY))",  // inside the back button's area, left of the chevron
            "16,\(try swatchY(.pop))",
            "\(Int(save.frame.maxX) - 2),\(Int(save.frame.minY) + 2)",  // the item's area, off its label
            "16,\(try swatchY(.itemAction))",
            "120,\(Int(back.frame.minY) + 2)",  // the swallowed bar
            "16,\(try swatchY(.swallowed))",
        ]
        let out = try Self.run(try #require(Self.python), ["-c", Self.pixelScript, pngURL.path] + points)
        let rgb = String(decoding: out, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        #expect(rgb.count == 6)
        func close(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }
        #expect(close(rgb[0], rgb[1]), "back area \(rgb[0]) vs pop swatch \(rgb[1])")
        #expect(close(rgb[2], rgb[3]), "item area \(rgb[2]) vs itemAction swatch \(rgb[3])")
        #expect(close(rgb[4], rgb[5]), "bar \(rgb[4]) vs swallowed swatch \(rgb[5])")
        #expect(!close(rgb[0], rgb[2]) && !close(rgb[0], rgb[4]), "the categories are distinguishable")
        // The pop colour really is blue-dominant over the bar.
        #expect(rgb[0][2] > rgb[0][0] + 40)
    }

    /// The text each label reads (its clusters' text, tags removed), in document order.
    static func labelTexts(_ s: String) -> [String] {
        s.components(separatedBy: "<svg class=\"label\"").dropFirst().map { part in
            let body = part.components(separatedBy: "</svg>")[0].drop { $0 != ">" }.dropFirst()
            var out = ""
            var inTag = false
            for c in body {
                if c == "<" {
                    inTag = true
                } else if c == ">" {
                    inTag = false
                } else if !inTag {
                    out.append(c)
                }
            }
            return out
        }
    }

    @Test("a title with a given width narrower than the model's measure is drawn whole, not cut, over that width")
    func givenWidthDrawnWhole() throws {
        let title = "Keyboards"
        let narrow = TextMetrics.width(title, weight: .semibold) - 6
        let m = try Fx.model(
            policies: { $0.textWidths = TextWidths([.init(text: title, style: .title, width: narrow)]) },
            [Screen(id: "a", title: "General"), Screen(id: "b", title: title)])
        #expect(Fx.bar(m).element(.title)?.frame.width == narrow)
        let drawn = Self.labelTexts(try Self.svg(m))
        #expect(drawn.contains(title), "drawn whole at the width the device drew it")
        // The model's measure is wider than the frame, which cuts a text with no given width (the test below).
        #expect(TextMetrics.width(title, weight: .semibold) > narrow + 0.5)
    }

    @Test("a label wider than its frame is tail-truncated and clipped to its frame, and nothing is drawn past it")
    func longLabels() throws {
        let long = "A really very long back style title that cannot fit"
        var top = Fx.top(title: "Detail")
        top.backStyle = BackStyle(title: long)
        let m = try Fx.model([Screen(id: "home", title: "Home"), top])
        let s = try Self.svg(m)
        let back = try #require(Fx.bar(m).element(.backButton)?.visibleFrame)
        let label = back.width - 13 - 6  // the frame after the chevron and its gap
        // The drawn text ends with the ellipsis and is no wider than its frame.
        let drawn = try #require(Self.labelTexts(s).first { $0.hasPrefix("A really") })
        #expect(drawn.hasSuffix("…") && long.hasPrefix(String(drawn.dropLast()).trimmingCharacters(in: .whitespaces)))
        #expect(TextMetrics.width(String(drawn)) <= label + 0.5)
        #expect(s.contains("class=\"label\"") && s.contains("overflow=\"hidden\""))

        // Rendered: between the back label's end and the title, only the bar's own colour.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navd-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svgURL = dir.appendingPathComponent("bar.svg")
        let pngURL = dir.appendingPathComponent("bar.png")
        try Data(s.utf8).write(to: svgURL)
        _ = try Self.run(try #require(Self.rsvg), ["-f", "png", "-o", pngURL.path, svgURL.path])
        let title = try #require(Fx.bar(m).element(.title)?.frame)
        let y = Int(back.midY)
        let gap = (Int(back.maxX.rounded(.up)) + 1..<Int(title.minX.rounded(.down)))
        let points = gap.map { "\($0),\(y)" } + ["2,\(Int(back.minY) - 6)"]
        let out = try Self.run(try #require(Self.python), ["-c", Self.pixelScript, pngURL.path] + points)
        let rgb = String(decoding: out, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        #expect(rgb.count == points.count && !gap.isEmpty)
        // No dark text pixels in the gap: every sample is as light as the bar there.
        for (i, pixel) in rgb.dropLast().enumerated() {
            #expect(pixel.allSatisfy { $0 > 150 }, "x \(gap.lowerBound + i): \(pixel)")
        }
    }
}

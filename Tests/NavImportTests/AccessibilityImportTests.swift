import Foundation
import JSONCore
import NavModel
import NavProtocol
import Testing

@testable import NavImport

/// Accessibility trees (XCUITest, Appium XML, WebDriverAgent JSON) imported, laid out by navd's own model, and held
/// to the input's frames within 1 pt: the bar, the back button, each item and the title.
@Suite("Importing UI-test rigs' accessibility trees")
struct AccessibilityImportTests {
    /// A fixture's text; JSON fixtures name their source in a sidecar `.source` file.
    static func fixture(_ name: String) throws -> String {
        let url = ImportTests.fixtures.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let sidecar = try? String(contentsOf: url.appendingPathExtension("source"), encoding: .utf8)
        guard text.contains("Source:") || sidecar?.hasPrefix("Source:") == true else {
            throw ImportTests.FixtureError(message: "\(name) names no source")
        }
        return text
    }

    /// A frame of the input the model does not reproduce, with why.
    struct Known: Sendable {
        var id: String
        var why: String
    }

    /// Imports a fixture, lays the document out, and compares every part the import mapped; returns the ids matched.
    @discardableResult
    static func conform(_ name: String, known: [Known] = [], tolerance: Double = 1) throws -> [String] {
        try conform(text: try fixture(name), name: name, known: known, tolerance: tolerance)
    }

    /// The same for a tree given as text. A tree drawn scaled is compared with the model's layout drawn the same way.
    @discardableResult
    static func conform(text: String, name: String, known: [Known] = [], tolerance: Double = 1) throws -> [String] {
        let result = try NavImport.importDump(text)
        let (_, model) = try SessionDocument.decode(result.document, limits: ModelLimits())
        let bar = try #require(BarLayoutEngine.layout(model: model))
        var matched: [String] = []
        for (id, input) in result.inputFrames.sorted(by: { $0.key < $1.key }) {
            let listed = known.first { $0.id == id }
            guard let path = Self.path(of: id, in: bar.window), let full = bar.window.frameOfDescendant(at: path) else {
                #expect(listed != nil, "\(name): the model lays out no '\(id)' (input \(input))")
                continue
            }
            let laid = result.drawnScale?.drawn(full) ?? full
            let close =
                abs(laid.minX - input.minX) <= tolerance && abs(laid.minY - input.minY) <= tolerance
                && abs(laid.width - input.width) <= tolerance && abs(laid.height - input.height) <= tolerance
            if close {
                matched.append(id)
                #expect(listed == nil, "\(name): '\(id)' now matches (\(input)); take it off the known differences")
            } else {
                #expect(listed != nil, "\(name): '\(id)' differs: input \(input), model \(laid)")
            }
        }
        return matched
    }

    /// The path of the view with `id` in a laid-out tree.
    static func path(of id: String, in root: View) -> [Int]? {
        if root.id == id { return [] }
        for (i, child) in root.subviews.enumerated() {
            if let p = path(of: id, in: child) { return [i] + p }
        }
        return nil
    }

    // MARK: Detection

    @Test(
        "each input is told by its content",
        arguments: [
            ("ios15-xcuitest-back-375x812.txt", NavImport.Kind.xcuiTest), ("ios13-xcuitest-attributes-375x667.txt", .xcuiTest),
            ("ios12-xcuitest-minimal-back-375x812.txt", .xcuiTest), ("ios14-xcuitest-items-390x844.txt", .xcuiTest),
            ("ios26-wda-back-402x874.txt", .xcuiTest), ("appium-settings-keyboards-390x844.xml", .appiumXML),
            ("wda-calendar-day-ja-390x844.json", .wdaJSON), ("ios13-sheet-375x667.txt", .recursiveDescription),
            ("ios7-seed-320x480.txt", .recursiveDescription),
        ])
    func detection(name: String, kind: NavImport.Kind) throws {
        #expect(try NavImport.detect(try Self.fixture(name)) == kind)
    }

    @Test("text that no kind reads is refused at its first line, naming what was expected")
    func unknownText() {
        #expect {
            _ = try NavImport.importDump("\n# a note\nhello world\nnothing here either")
        } throws: { error in
            let f = error as? NavImport.Failure
            return f?.line == 3 && f?.message.hasPrefix("'hello world' is not a line navctl import reads: expected an lldb") == true
                && f?.message.contains("XCUITest element line") == true && f?.message.contains("Appium page source") == true
        }
        #expect {
            _ = try NavImport.importDump("   \n")
        } throws: { error in (error as? NavImport.Failure)?.message.hasPrefix("the input is empty") == true }
    }

    // MARK: XCUITest element trees

    @Test("iOS 15, po app on a 375 x 812 mini: device, back title 'Home', the title, and the frames within 1 pt")
    func xcuiTestBack() throws {
        let result = try NavImport.importDump(try Self.fixture("ios15-xcuitest-back-375x812.txt"))
        #expect(result.kind == .xcuiTest)
        #expect(result.document["device"]?["preset"] == "iphone-12-mini")
        #expect(result.profile == .ios14, "the iPhone 12 mini came with iOS 14: \(result.notes)")
        let screens = try #require(result.document["screens"]?.arrayValue)
        #expect(screens.count == 2 && screens[0]["title"] == "Home" && screens[1]["title"] == "登录")
        let matched = try Self.conform("ios15-xcuitest-back-375x812.txt")
        #expect(matched == ["backButton", "navigationBar", "title"])
    }

    @Test("iOS 12/13, a chevron-only back button labelled 'Back': 44 wide, the previous title unknown")
    func xcuiTestMinimalBack() throws {
        let result = try NavImport.importDump(try Self.fixture("ios12-xcuitest-minimal-back-375x812.txt"))
        #expect(result.document["device"]?["preset"] == "iphone-x")
        let screens = try #require(result.document["screens"]?.arrayValue)
        #expect(screens[1]["title"] == "Log in", "the title is an Other element labelled as the bar's identifier")
        #expect(result.notes.contains { $0.contains("arrow alone") }, "ios11: the empty back item title")
        // 'Log in' is 47.3 wide in the tree, 48.7 in the model's San Francisco metrics: the tree's width is kept.
        #expect(result.document["policies"]?["textWidths"] == [["text": "Log in", "style": "title", "width": 47.3]])
        try Self.conform("ios12-xcuitest-minimal-back-375x812.txt")
    }

    @Test("iOS 14, a flat element list: the bar's buttons are the elements inside its frame; items keep their widths")
    func xcuiTestFlatList() throws {
        let result = try NavImport.importDump(try Self.fixture("ios14-xcuitest-items-390x844.txt"))
        #expect(result.notes.contains { $0.contains("the list is flat") })
        let top = try #require(result.document["screens"]?.arrayValue?.last)
        #expect(top["item"]?["leftItems"]?.arrayValue?.first?["title"] == "Demo")
        #expect(top["item"]?["rightItems"]?.arrayValue?.count == 2)
        #expect(top["title"] == nil && result.notes.contains { $0.contains("identifier 'Warba_Online.LoginView'") })
        let matched = try Self.conform("ios14-xcuitest-items-390x844.txt")
        #expect(matched.count == 4, "\(matched)")
    }

    @Test("iOS 26 (WebDriverAgent's description): a 54-pt bar at 62 means ios26; the back platter within 1 pt")
    func xcuiTestGlass() throws {
        let result = try NavImport.importDump(try Self.fixture("ios26-wda-back-402x874.txt"))
        #expect(result.profile == .ios26)
        #expect(result.document["device"]?["preset"] == "iphone-16-pro")
        #expect(result.notes.contains { $0.contains("the tree starts at the bar") })
        let screens = try #require(result.document["screens"]?.arrayValue)
        #expect(screens[0]["title"] == "Site Name" && screens[0]["item"]?["backButtonDisplayMode"] == "minimal")
        try Self.conform("ios26-wda-back-402x874.txt")
    }

    @Test("iOS 13, the Attributes / Element subtree framing: a screen drawn at 343/375 behind a sheet, read at full size")
    func xcuiTestFraming() throws {
        let result = try NavImport.importDump(try Self.fixture("ios13-xcuitest-attributes-375x667.txt"))
        #expect(result.document["screens"]?.arrayValue?.last?["title"] == "Summary")
        // Every number is the full-window layout scaled by one factor, not a bar narrowed by its container: the
        // container is the window's shape, and the bar's height and the title's height shrink with it.
        let bar = try #require(result.inputFrames["navigationBar"])
        let title = try #require(result.inputFrames["title"])
        #expect(bar == Rect(x: 16, y: 58.3, width: 343, height: 40.2), "the input's frames are kept to compare with")
        #expect(abs(bar.height - 44 * 343 / 375) < 0.1 && abs(title.height - 20.5 * 343 / 375) < 0.1)
        let drawn = try #require(result.drawnScale)
        #expect(abs(drawn.scale - 343 / 375) < 1e-9 && drawn.origin == Point(x: 16, y: 40), "the scaled window's corner")
        #expect(
            result.notes.contains {
                $0.hasPrefix(
                    "the tree is drawn at 0.915 of its size, centred: a screen behind a sheet; its frames are read at full size (the bar is 343 wide in a 375-pt window, inside a copy of the window drawn (16, 40, 343 x 610.1))"
                )
            }, "\(result.notes)")
        // At full size the bar is at y 20 (58.3 - 40 at 375/343): the status bar of the 375 x 667 iPhone 8 class.
        #expect(result.document["device"]?["preset"] == "iphone-8", "\(result.notes)")
        #expect(result.profile == .ios13, "the sheet's scaling is iOS 13's: \(result.notes)")
        // The title's width is the one drawn, at full size: 70 at 375/343.
        #expect(result.document["policies"]?["textWidths"] == [["text": "Summary", "style": "title", "width": 76.5]])
        let matched = try Self.conform("ios13-xcuitest-attributes-375x667.txt")
        #expect(matched == ["navigationBar", "title"])
    }

    /// `text` with the frame of every element line after the first `Other` (the window's root view, which stays full
    /// size as in appium/appium#13227) drawn as `drawn` draws it, to the tenth of a point, as XCUITest prints frames.
    static func drawnScaled(_ text: String, _ drawn: NavImport.DrawnScale) -> String {
        var seenRoot = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " || $0 == "→" }
            guard !line.hasPrefix("#"), let open = line.range(of: "{{"), let close = line.range(of: "}}") else { return String(line) }
            guard seenRoot else {
                seenRoot = trimmed.hasPrefix("Other,")
                return String(line)
            }
            let numbers = line[open.upperBound..<close.lowerBound].split { "{}, ".contains($0) }.compactMap { Double($0) }
            let r = drawn.drawn(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            let printed = [r.x, r.y, r.width, r.height].map { String(format: "%.1f", $0) }
            return line[..<open.lowerBound] + "{{\(printed[0]), \(printed[1])}, {\(printed[2]), \(printed[3])}}"
                + line[close.upperBound...]
        }.joined(separator: "\n")
    }

    @Test("a tree with a back button drawn at 343/375: the document of the tree at full size, its frames within 1 pt")
    func drawnScaledBack() throws {
        // No other published tree of a screen behind a sheet has been found: this rewrites the iOS 15 `po app` fixture
        // (375 x 812) as iOS 13 and later draw the presenting screen, 343/375 of its size, centred; the top of the
        // scaled window (y 52) is arbitrary, since the import reads it off the element drawn as the window.
        let name = "ios15-xcuitest-back-375x812.txt"
        let clean = try NavImport.importDump(try Self.fixture(name))
        let text = Self.drawnScaled(try Self.fixture(name), NavImport.DrawnScale(scale: 343 / 375, origin: Point(x: 16, y: 52)))
        #expect(text.contains("NavigationBar, 0x6000027d7800, {{16.0, 97.7}, {343.0, 40.2}}"), "the rewrite")
        #expect(text.contains("Window (Main), 0x6000027d7480, {{0.0, 0.0}, {375.0, 812.0}}"))
        let scaled = try NavImport.importDump(text)
        #expect(scaled.drawnScale?.origin == Point(x: 16, y: 52))
        #expect(scaled.document["screens"] == clean.document["screens"] && scaled.document["device"] == clean.document["device"])
        #expect(scaled.profile == clean.profile)
        let matched = try Self.conform(text: text, name: "\(name), drawn at 343/375")
        #expect(matched == ["backButton", "navigationBar", "title"])
    }

    @Test(
        "a bar narrower than the window that is not the window scaled is read as it is",
        arguments: [
            // Synthetic trees (no published one shows these shapes), one a refusal. A split view's primary column in a
            // landscape iPad window: the bar 320 wide at x 0, not centred.
            (
                """
                Window (Main), 0x1, {{0.0, 0.0}, {1180.0, 820.0}}
                  Other, 0x2, {{0.0, 0.0}, {1180.0, 820.0}}
                    Other, 0x3, {{0.0, 0.0}, {320.0, 820.0}}
                      NavigationBar, 0x4, {{0.0, 24.0}, {320.0, 50.0}}, identifier: 'Mailboxes'
                        StaticText, 0x5, {{119.0, 38.7}, {82.0, 20.5}}, label: 'Mailboxes'
                """,
                "narrower than the window and not centred in it"
            ),
            // A form sheet in a portrait iPad window: centred, 540 x 56; a bar 540/820 of its size would be 85 pt high.
            (
                """
                Window (Main), 0x1, {{0.0, 0.0}, {820.0, 1180.0}}
                  Other, 0x2, {{0.0, 0.0}, {820.0, 1180.0}}
                    Other, 0x3, {{140.0, 280.0}, {540.0, 620.0}}
                      NavigationBar, 0x4, {{140.0, 280.0}, {540.0, 56.0}}, identifier: 'Compose'
                        StaticText, 0x5, {{375.5, 297.7}, {69.0, 20.5}}, label: 'Compose'
                """,
                "its full height 85, no bar's"
            ),
            // A form sheet in the 12.9-inch iPad's portrait window: 540/1024 of a 106-pt bar is 55.9, yet the sheet
            // holding it is 620 high, not the window's 1366 at that scale (720.4).
            (
                """
                Window (Main), 0x1, {{0.0, 0.0}, {1024.0, 1366.0}}
                  Other, 0x2, {{0.0, 0.0}, {1024.0, 1366.0}}
                    Other, 0x3, {{242.0, 373.0}, {540.0, 620.0}}
                      NavigationBar, 0x4, {{242.0, 373.0}, {540.0, 56.0}}, identifier: 'Compose'
                        StaticText, 0x5, {{477.5, 390.7}, {69.0, 20.5}}, label: 'Compose'
                """,
                "as a 106-pt bar drawn at 0.527 would be, but no element holding it is the window drawn at that scale (540 x 720.4)"
            ),
            // The iOS 13 tree's bar and title as a flat list (as Appium's error messages print elements): drawn to scale,
            // but no element holds the bar, so nothing says where the scaled window is.
            (
                """
                Window, {{0.0, 0.0}, {375.0, 667.0}},
                Other, {{16.0, 40.0}, {343.0, 610.1}},
                NavigationBar, {{16.0, 58.3}, {343.0, 40.2}}, identifier: 'Summary',
                StaticText, {{152.7, 69.3}, {70.0, 18.8}}, label: 'Summary',
                """,
                "as a 44-pt bar drawn at 0.915 would be, but no element holding it is the window drawn at that scale (343 x 610.1)"
            ),
        ])
    func narrowBarNotScaled(text: String, why: String) throws {
        let result = try NavImport.importDump(text)
        #expect(result.drawnScale == nil)
        #expect(
            result.notes.contains { $0.contains(why) && $0.hasSuffix("it is read as it is, and the model's bar spans the window") },
            "\(result.notes)")
        try Self.conform(
            text: text, name: "a narrow bar",
            known: [
                Known(id: "navigationBar", why: "the bar is narrower than the window, and the model's spans the window"),
                Known(id: "title", why: "centred on the narrow bar; the model's is centred on its own"),
            ])
    }

    // MARK: Appium page sources

    @Test("Appium XML, Settings > Keyboards: the back button 'General' and the title")
    func appiumBack() throws {
        let result = try NavImport.importDump(try Self.fixture("appium-settings-keyboards-390x844.xml"))
        #expect(result.kind == .appiumXML && result.profile == .ios14)
        let screens = try #require(result.document["screens"]?.arrayValue)
        #expect(screens[0]["title"] == "General" && screens[1]["title"] == "Keyboards")
        // The tree gives the back button (89 wide) and not its label: the label is what a model back button of that
        // width holds (89 - 8 - 13 - 6 - ios14's 5 = 57; the model's metrics give 'General' 60.5). 'Keyboards' is 86
        // wide in the tree, 84.6 in the model's metrics. Both widths are kept, so both frames match.
        #expect(
            result.document["policies"]?["textWidths"]
                == [["text": "Keyboards", "style": "title", "width": 86], ["text": "General", "style": "button", "width": 57]])
        let matched = try Self.conform("appium-settings-keyboards-390x844.xml")
        #expect(matched.contains("backButton") && matched.contains("title"))
    }

    @Test("Appium XML, the Settings root: a 96-pt large-title bar (GEO-13), its bar and large title within 1 pt")
    func appiumLargeTitle() throws {
        let result = try NavImport.importDump(try Self.fixture("appium-settings-root-390x844.xml"))
        #expect(result.document["screens"]?.arrayValue?.count == 1)
        #expect(result.document["screens"]?.arrayValue?.first?["title"] == "Settings")
        #expect(result.document["bar"]?["prefersLargeTitles"] == true)
        #expect(result.notes.contains { $0.hasPrefix("large title 'Settings' at (15, 94, 135 x 42)") })
        let matched = try Self.conform("appium-settings-root-390x844.xml")
        #expect(matched.contains("navigationBar") && matched.contains("largeTitle"))
    }

    @Test("Appium XML, 375 x 667: the preset, and the back button 'Settings'")
    func appiumSmallPhone() throws {
        let result = try NavImport.importDump(try Self.fixture("appium-settings-accessibility-375x667.xml"))
        #expect(result.document["device"]?["preset"] == "iphone-8")
        // 92 wide in the tree, 88.4 in the model's metrics (27 + 'Settings' at 61.4); 'Accessibility' 101 wide, 98.3.
        let matched = try Self.conform("appium-settings-accessibility-375x667.xml")
        #expect(matched.contains("backButton") && matched.contains("title"))
    }

    @Test("Appium XML, Calendar: three trailing items, from the edge inward, with the widths the tree measured")
    func appiumTrailingItems() throws {
        let result = try NavImport.importDump(try Self.fixture("appium-calendar-day-ja-390x844.xml"))
        let right = try #require(result.document["screens"]?.arrayValue?.last?["item"]?["rightItems"]?.arrayValue)
        #expect(right.map { $0["id"]?.stringValue } == ["追加", "検索", "リスト"])
        // The tree's buttons are 7 apart, where the model's are 8 (GEO-9): WebDriverAgent rounds each frame outward to
        // whole points, so the buttons are read as 41.5, 48 and 49 wide, 8 apart, ending on 382, 332.5 and 276.5
        // (labels 33.5, 40 and 41: '追加' in 17-pt CJK glyphs plus 8 is within 4 of its button; the others are wider
        // than an image item's 46.5).
        #expect(right.map { $0["width"]?.doubleValue } == [33.5, 40, 41])
        #expect(result.notes.contains { $0.hasPrefix("item widths: WebDriverAgent rounds every frame outward") })
        let matched = try Self.conform("appium-calendar-day-ja-390x844.xml")
        #expect(Set(matched).isSuperset(of: ["item.追加", "item.検索", "item.リスト", "backButton"]))
        // Rounded outward as WebDriverAgent rounds, the model's buttons are the tree's to the point.
        let (_, model) = try SessionDocument.decode(result.document, limits: ModelLimits())
        let bar = try #require(BarLayoutEngine.layout(model: model))
        for id in ["追加", "検索", "リスト"] {
            let frame = try #require(bar.element(.barItem, id: id)?.frame)
            let integral = Rect(
                x: frame.minX.rounded(.down), y: frame.minY.rounded(.down),
                width: frame.maxX.rounded(.up) - frame.minX.rounded(.down), height: frame.maxY.rounded(.up) - frame.minY.rounded(.down))
            #expect(integral == result.inputFrames["item.\(id)"], "\(id): \(frame)")
        }
    }

    @Test("WebDriverAgent's outward rounding undone: adjacent buttons 8 apart, a gap the rounding cannot explain kept")
    func unrounding() {
        func r(_ x: Double, _ maxX: Double) -> Rect { Rect(x: x, y: 47, width: maxX - x, height: 44) }
        // Calendar's trailing buttons, 7 apart in the tree: each inner edge half a point in, 8 apart.
        #expect(
            NavImport.unrounded([r(340, 382), r(284, 333), r(227, 277)], spacing: 8, fromLeadingEdge: false)
                == [r(340.5, 382), r(284.5, 332.5), r(227.5, 276.5)])
        // Already 8 apart in the tree: the frames were whole points, and stay; the innermost edge is unknown by a point.
        #expect(
            NavImport.unrounded([r(8, 54), r(62, 100)], spacing: 8, fromLeadingEdge: true) == [r(8, 54), r(62, 99.5)])
        // 12 apart: not neighbours 8 apart, so each keeps its own frame less the rounding's half point.
        #expect(
            NavImport.unrounded([r(340, 382), r(280, 328)], spacing: 8, fromLeadingEdge: false)
                == [r(340.5, 382), r(280.5, 328)])
        #expect(NavImport.unrounded([], spacing: 8, fromLeadingEdge: true).isEmpty)
    }

    @Test("Appium XML, an app's form: an unlabelled leading image button, 'Skip', and a title reported as Other")
    func appiumApp() throws {
        let result = try NavImport.importDump(try Self.fixture("appium-app-skip-375x667.xml"))
        let item = try #require(result.document["screens"]?.arrayValue?.last?["item"])
        #expect(item["leftItems"]?.arrayValue?.first?["image"] != nil)
        #expect(item["rightItems"]?.arrayValue?.first?["title"] == "Skip")
        // The title 'Text2' is 96 wide: the framework's placeholder, whose drawn width is kept.
        let matched = try Self.conform("appium-app-skip-375x667.xml")
        #expect(matched.contains("title"))
    }

    @Test("WebDriverAgent JSON reads as its XML does: the same document")
    func wdaJSON() throws {
        let json = try NavImport.importDump(try Self.fixture("wda-calendar-day-ja-390x844.json"))
        let xml = try NavImport.importDump(try Self.fixture("appium-calendar-day-ja-390x844.xml"))
        #expect(json.kind == .wdaJSON)
        #expect(json.document["screens"] == xml.document["screens"] && json.document["device"] == xml.document["device"])
        #expect(json.inputFrames == xml.inputFrames)
    }

    @Test("the rigs' clean shapes: the WDA rect as origin/size, the frame string, isEnabled \"0\"")
    func wdaShapes() throws {
        let text = """
            {"value": {"type": "XCUIElementTypeApplication", "rect": {"origin": {"x": 0, "y": 0}, "size": {"width": 375, "height": 667}},
              "children": [{"type": "NavigationBar", "name": "Inbox", "frame": "{{0, 20}, {375, 44}}", "children": [
                {"type": "Button", "label": "Edit", "isEnabled": "0", "rect": {"x": 8, "y": 20, "width": 44, "height": 44}},
                {"type": "StaticText", "label": "Inbox", "value": null, "rect": {"x": 164, "y": 32, "width": 47, "height": 21}}]}]}}
            """
        let result = try NavImport.importDump(text)
        let top = try #require(result.document["screens"]?.arrayValue?.last)
        #expect(top["title"] == "Inbox" && result.document["device"]?["preset"] == "iphone-8")
        #expect(top["item"]?["leftItems"]?.arrayValue?.first?["enabled"] == false)
    }

    @Test("malformed trees are refused with the line and what is wrong")
    func malformed() {
        func failure(_ text: String) -> NavImport.Failure? {
            do {
                _ = try NavImport.importDump(text)
                return nil
            } catch { return error }
        }
        let unclosed = failure("<?xml version=\"1.0\"?>\n<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"1\" height=\"1\">\n")
        #expect(unclosed?.line == 2 && unclosed?.message.contains("never closed") == true, "\(String(describing: unclosed))")
        let mismatched = failure("<XCUIElementTypeWindow x=\"0\" y=\"0\" width=\"1\" height=\"1\">\n</XCUIElementTypeOther>")
        #expect(mismatched?.line == 2 && mismatched?.message.contains("closes '<XCUIElementTypeWindow>'") == true)
        let badFrame = failure("<XCUIElementTypeWindow x=\"0\" y=\"a\" width=\"1\" height=\"1\"/>")
        #expect(badFrame?.message.contains("not four numbers") == true)
        let json = failure("{\"type\": \"Application\",\n \"children\": [,]}")
        #expect(json?.line == 2 && json?.message.hasPrefix("invalid JSON") == true)
        let noBar = failure("Window, 0x1, {{0.0, 0.0}, {375.0, 667.0}}\n  Button, 0x2, {{0.0, 0.0}, {10.0, 10.0}}, label: 'x'")
        #expect(noBar?.message.hasPrefix("no NavigationBar element in an XCUITest element tree") == true)
        let frame = failure("NavigationBar, 0x1, {{0.0, 20.0}, {375.0}}")
        #expect(frame?.line == 1 && frame?.message.contains("is not '{{x, y}, {width, height}}'") == true)
    }

    @Test("--profile overrides what the tree suggests")
    func forcedProfile() throws {
        let result = try NavImport.importDump(try Self.fixture("appium-settings-keyboards-390x844.xml"), profile: .ios17)
        #expect(result.profile == .ios17 && result.document["profile"] == "ios17")
        #expect(result.notes.contains("profile ios17: from --profile (the tree suggests ios14)"))
    }
}

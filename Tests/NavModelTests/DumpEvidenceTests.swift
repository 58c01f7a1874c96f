import Foundation
import Testing

@testable import NavModel

/// Frames from real dumps that `navctl import` cannot read (flat NSLog lists, `_autolayoutTrace` output), each
/// held against the same situation laid out by the model. The expected numbers are read from the fixture
/// files themselves (Tests/Fixtures/dumps, each with its source); docs/semantics.md lists them as evidence.
@Suite("Dump evidence: custom views, guides and the back button")
struct DumpEvidenceTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dumps")

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    static func fixture(_ name: String) throws -> String {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        guard text.hasPrefix("# Source:") else { throw Missing(description: "\(name) has no '# Source:' header") }
        return text
    }

    /// The `frame = (x y; w h)` of the view at `address` in a dump line.
    static func frame(at address: String, in text: String) throws -> Rect {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(": \(address);") }) else {
            throw Missing(description: "no view \(address)")
        }
        return try numbers(after: "frame = (", in: line, count: 4)
    }

    /// The `layoutFrame = {{x, y}, {w, h}}` of the layout guide named `name` in an `_autolayoutTrace`.
    static func guide(_ name: String, in text: String) throws -> Rect {
        guard let line = text.split(separator: "\n").first(where: { $0.contains("\"\(name)(") || $0.contains("\"\(name)\"") }) else {
            throw Missing(description: "no guide \(name)")
        }
        return try numbers(after: "layoutFrame = {{", in: line, count: 4)
    }

    static func numbers(after marker: String, in line: Substring, count: Int) throws -> Rect {
        guard let start = line.range(of: marker)?.upperBound else { throw Missing(description: "no '\(marker)' in \(line)") }
        let values = line[start...].split(whereSeparator: { " ;,{}()".contains($0) }).prefix(count).compactMap { Double($0) }
        guard values.count == count else { throw Missing(description: "cannot read \(count) numbers after '\(marker)'") }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// A view's frame in bar coordinates, by id, in a laid-out bar.
    static func barFrame(_ id: String, _ bar: LaidOutBar) throws -> Rect {
        guard let path = BarTreeBuilderPath.find(id, in: bar.window), let frame = bar.window.frameOfDescendant(at: path) else {
            throw Missing(description: "no view \(id)")
        }
        return frame.offsetBy(dx: -bar.barFrame.x, dy: -bar.barFrame.y)
    }

    static func close(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }

    @Test(
        "iOS 9 at 320 and iOS 10 at 375: a trailing custom view sits on the layout margin, vertically centred",
        arguments: [("ios9-custom-views-320x568.txt", 320.0, "0x13e255d30"), ("ios10-custom-views-375x667.txt", 375.0, "0x103172720")])
    func legacyCustomViews(file: String, width: Double, address: String) throws {
        let text = try Self.fixture(file)
        let dumped = try Self.frame(at: address, in: text)
        let model = try Fx.model(
            .ios10, width: width, height: 568, statusBar: 20,
            [Fx.home, Fx.top(right: [Fx.custom("info", width: dumped.width, height: dumped.height)])])
        let container = try Self.barFrame("item.info.container", Fx.bar(model))
        #expect(Self.close(container, dumped, 0.5), "\(file): dump \(dumped), model \(container)")
        #expect(dumped.maxX == width - 16, "the dump's view ends on the 16-pt margin")
    }

    @Test("iOS 11 at 375: a leading custom view on the margin, the title guide between it and W − 8 (GEO-10, GEO-12)")
    func modernCustomViewGuides() throws {
        let text = try Self.fixture("ios11-autolayouttrace-custom-views-375x812.txt")
        let margins = try Self.guide("UIViewLayoutMarginsGuide", in: text)
        let model = try Fx.model(.ios11, width: 375, height: 812, statusBar: 44, [Fx.top(left: [Fx.custom("back", width: 44, height: 44)])])
        let bar = Fx.bar(model)
        let item = try Self.barFrame("item.back.container", bar)
        #expect(item.x == margins.x, "the custom view starts on the margin guide (\(margins))")
        let placement = BarPlacement(BarPlan(model: model, screenIndex: 0, backTitle: nil))
        // The trace's second item: its title guide runs from the custom view's end to the empty trailing guide.
        let titleGuides = text.split(separator: "\n").filter { $0.contains("\"TitleView(") }
        let guides = try titleGuides.map { try Self.numbers(after: "layoutFrame = {{", in: $0, count: 4) }
        #expect(guides.contains { $0.x == placement.leadingEnd && $0.maxX == placement.trailingStart }, "\(guides)")
    }

    @Test("iOS 12 at 414: the back button with \"Back\" ends where its label ends, 69 wide, and the leading guide is 6 after it (GEO-11)")
    func modernBackButton() throws {
        let text = try Self.fixture("ios12-autolayouttrace-back-414x736.txt")
        let back = try Self.guide("BackButtonGuide", in: text)
        let leading = try Self.guide("LeadingBarGuide", in: text)
        let title = try Self.guide("TitleView", in: text)
        let model = try Fx.model(
            .ios11, width: 414, height: 736, statusBar: 20,
            [Screen(id: "root", title: nil), Fx.top(title: "Dynamic Stack View")])
        let bar = Fx.bar(model)
        let button = try Self.barFrame("backButton", bar)
        #expect(Fx.backText(model) == "Back")
        #expect(Self.close(button, back, 1), "a text width enters: dump \(back), model \(button)")
        let backTitle = BackTitleEngine.backTitle(model: model, screenIndex: 1)
        let placement = BarPlacement(BarPlan(model: model, screenIndex: 1, backTitle: backTitle))
        #expect(
            abs(placement.leadingEnd - leading.x) <= 1 && placement.trailingStart == title.maxX,
            "\(placement.leadingEnd) \(placement.trailingStart)")
    }
}

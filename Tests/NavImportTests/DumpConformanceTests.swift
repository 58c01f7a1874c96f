import Foundation
import JSONCore
import NavModel
import NavProtocol
import Testing

@testable import NavImport

/// The conformance suite from real dumps (docs/semantics.md, "Evidence"): each fixture is imported, laid
/// out by navd, and its frames held to the dump's, 0.5 pt where only geometry enters and 1 pt where a text
/// width does. A frame the model does not reproduce is listed with the reason, and fails once it matches.
@Suite("Real dumps: the model reproduces their frames")
struct DumpConformanceTests {
    typealias Difference = ImportTests.Difference

    /// Geometry (0.5 pt) and text-width (1 pt) classes of one fixture, with the differences the model keeps.
    static func check(
        _ name: String, geometry: [String], text: [String], known: [Difference], textMetrics: String? = nil
    ) throws -> Int {
        let g = try ImportTests.compare(name, classes: geometry, tolerance: 0.5, known: known, textMetrics: textMetrics)
        let t = try ImportTests.compare(name, classes: text, tolerance: 1, known: known, textMetrics: textMetrics)
        return g.matched + t.matched
    }

    /// The `textMetrics` the import chose for a fixture (nil: the default).
    static func importedTextMetrics(_ name: String) throws -> String? {
        let result = try NavImport.importDump(try ImportTests.fixture(name))
        return result.document["policies"]?["textMetrics"]?.stringValue
    }

    @Test("iOS 7, 320 pt, long back title: the back view is 19 + 'Passionfruit' in Helvetica Neue, and the title slides right of it (BB-6)")
    func ios7LongBackTitle() throws {
        #expect(try Self.importedTextMetrics("ios7-long-back-title-320x480.txt") == "helveticaNeue", "iOS 7: CALayer labels")
        let matched = try Self.check(
            "ios7-long-back-title-320x480.txt",
            geometry: ["UINavigationBar", "_UINavigationBarBackIndicatorView"],
            text: ["UINavigationItemButtonView", "UINavigationItemView"],
            known: [])
        #expect(matched == 4)
    }

    @Test("iOS 7, 320 pt, image items: 44 x 30 buttons at y 6, the glyph on the margin; the app's title font kept as drawn")
    func ios7ImageItems() throws {
        #expect(try Self.importedTextMetrics("ios7-image-items-320x44.txt") == "helveticaNeue")
        // 'Your profile' is 87.5 pt in a label 23 high, where iOS 7's system title label is 22 high: the app sets its
        // own title font (Helvetica Neue Medium would give 91.4). The label's width is kept, so the title matches.
        let result = try NavImport.importDump(try ImportTests.fixture("ios7-image-items-320x44.txt"))
        #expect(
            result.document["policies"]?["textWidths"]
                == [["text": "Your profile", "style": "title", "width": 87.5]])
        let matched = try Self.check(
            "ios7-image-items-320x44.txt", geometry: ["UINavigationButton"], text: ["UINavigationItemView"], known: [])
        #expect(matched == 3)
    }

    @Test("iOS 8, 320 pt: back view 19 + label, chevron 13 x 21, a text item as wide as its label at y 7")
    func ios8PhotosPicker() throws {
        // iOS 8 prints the classes iOS 9 does, so the import keeps San Francisco; the header dates it to iOS 8.
        #expect(try Self.importedTextMetrics("ios8-photos-picker-320x568.txt") == nil)
        let matched = try Self.check(
            "ios8-photos-picker-320x568.txt",
            geometry: ["UINavigationBar", "_UINavigationBarBackIndicatorView"],
            text: ["UINavigationItemButtonView", "UINavigationButton", "UINavigationItemView"],
            known: [], textMetrics: "helveticaNeue")
        #expect(matched == 5)
    }

    @Test("iOS 8, 320 pt: a centred title in Helvetica Neue Medium")
    func ios8TitleOnly() throws {
        #expect(try Self.importedTextMetrics("ios8-title-only-320x44.txt") == nil)
        let matched = try Self.check(
            "ios8-title-only-320x44.txt", geometry: [], text: ["UINavigationItemView"], known: [], textMetrics: "helveticaNeue")
        #expect(matched == 1)
    }

    @Test("the import names the font era it can tell, and says when it cannot")
    func fontEraNotes() throws {
        let ios7 = try NavImport.importDump(try ImportTests.fixture("ios7-long-back-title-320x480.txt"))
        #expect(ios7.notes.contains { $0.hasPrefix("textMetrics helveticaNeue") && $0.contains("CALayer") })
        #expect(ios7.notes.contains { $0.contains("every other policy's default") })
        let ios8 = try NavImport.importDump(try ImportTests.fixture("ios8-photos-picker-320x568.txt"))
        #expect(ios8.notes.contains { $0.hasPrefix("textMetrics automatic") && $0.contains("iOS 8 and 9") })
        let sheet = try NavImport.importDump(try ImportTests.fixture("ios13-sheet-375x667.txt"))
        #expect(sheet.document["policies"] == nil && !sheet.notes.contains { $0.hasPrefix("textMetrics") })
    }
}

import NavSource
import Testing

@testable import NavObjC

@Suite("Locations")
struct LocationTests {
    @Test("Locations after CJK and emoji are LineTable's, from each token's byte offset; UTF-16 columns count surrogates")
    func unicode() throws {
        let (facts, text) = try Source.fixture("Unicode.m")
        let bytes = Array(text.utf8)
        let table = LineTable(bytes, file: "Unicode.m")
        /// The location of the first byte of the `n`th occurrence of `needle`.
        func location(of needle: String, occurrence n: Int = 1) -> NavSource.SourceLocation {
            let pattern = Array(needle.utf8)
            var found = 0
            for i in 0...(bytes.count - pattern.count) where Array(bytes[i..<(i + pattern.count)]) == pattern {
                found += 1
                if found == n { return table.location(ofByte: i) }
            }
            return NavSource.SourceLocation(file: "", line: 0, column: 0)
        }
        let screen = try #require(facts.screen("订单ViewController"))
        let settings = screen.settings
        #expect(
            settings.map(\.value) == [
                .title(.known("订单 🧾")), .hidesBackButton(.known(true)), .leftItemsSupplementBackButton(.known(false)),
            ])
        #expect(
            settings.map(\.location) == [
                location(of: "self.title"), location(of: "self.navigationItem.hidesBackButton"), location(of: "self.navigationItem.left"),
            ])
        // 🧾 is two UTF-16 units; the family emoji (three emoji joined by two zero-width joiners) is eight.
        #expect(settings.map(\.location.utf16Column) == [5, 28, 20])
        // Columns count code points: the family emoji is five.
        #expect(settings.map(\.location.column) == [5, 27, 17])
        #expect(screen.location == location(of: "@implementation"))
    }

    @Test("Every location names the file as it was given")
    func file() {
        let facts = Source.read("@implementation AViewController\n- (void)a { self.title = @\"A\"; }\n@end\n", file: "App/Sources/A.m")
        #expect(facts.file == "App/Sources/A.m")
        #expect(facts.language == .objectiveC)
        #expect(facts.screens.first?.location.file == "App/Sources/A.m")
        #expect(facts.screens.first?.settings.first?.location == NavSource.SourceLocation(file: "App/Sources/A.m", line: 2, column: 13))
    }
}

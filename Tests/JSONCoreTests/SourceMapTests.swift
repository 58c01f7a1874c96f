import JSONCore
import Testing

@Suite struct SourceMapTests {
    let text = """
        {
          "name": "demo",
          "screens": [
            {"id": "a", "title": "Ünïcode"},
            {"id": "b", "bar": {"barTintColor": "#FFF"}}
          ],
        \t"é": [1, [2, 3]]
        }
        """

    @Test func membersAndElementsHaveTheirPositions() throws {
        let (value, map) = try JSON.parseWithSourceMap(Array(text.utf8))
        #expect(value["name"] == "demo")
        #expect(map.position(of: "") == SourcePosition(line: 1, column: 1))
        #expect(map.position(of: "name") == SourcePosition(line: 2, column: 3))
        #expect(map.position(of: "screens") == SourcePosition(line: 3, column: 3))
        #expect(map.position(of: "screens[0]") == SourcePosition(line: 4, column: 5))
        #expect(map.position(of: "screens[0].title") == SourcePosition(line: 4, column: 17))
        #expect(map.position(of: "screens[1]") == SourcePosition(line: 5, column: 5))
        #expect(map.position(of: "screens[1].bar.barTintColor") == SourcePosition(line: 5, column: 25))
        // A tab and a two-byte key are one column each.
        #expect(map.position(of: "é") == SourcePosition(line: 7, column: 2))
        #expect(map.position(of: "é[1][1]") == SourcePosition(line: 7, column: 15))
    }

    @Test func aMissingMemberIsReportedAtItsNearestAncestor() throws {
        let (_, map) = try JSON.parseWithSourceMap(Array(text.utf8))
        #expect(map.offset(of: "screens[1].bar.gradient") == nil)
        #expect(map.position(of: "screens[1].bar.gradient") == map.position(of: "screens[1].bar"))
        #expect(map.position(of: "screens[7].title") == map.position(of: "screens"))
    }

    @Test func errorOffsetsBecomeLinesAndColumns() {
        let bad = Array("{\n  \"a\": 1,\n  \"b\": [1,]\n}".utf8)
        do {
            _ = try JSON.parseWithSourceMap(bad)
            Issue.record("a trailing comma was accepted")
        } catch {
            // The error stands on the trailing comma itself.
            #expect(SourceText(bad).position(ofOffset: error.offset) == SourcePosition(line: 3, column: 10))
        }
    }

    @Test func theSameValueAsParse() throws {
        let (value, _) = try JSON.parseWithSourceMap(Array(text.utf8))
        #expect(value == (try JSON.parse(text)))
    }
}

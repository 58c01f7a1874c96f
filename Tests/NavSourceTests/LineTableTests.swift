import Testing

@testable import NavSource

@Suite struct LineTableTests {
    @Test func columnsCountCharactersAndUTF16Units() {
        // "标题" is two characters, six UTF-8 bytes and two UTF-16 units; "😀" is one character, four
        // bytes and two UTF-16 units.
        let text = "let a = 1\nt = \"标题😀\"; x\n"
        let table = LineTable(Array(text.utf8), file: "f.swift")
        let xOffset = Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))!
        let location = table.location(ofByte: xOffset)
        #expect(location.line == 2)
        // t, space, =, space, ", 标, 题, 😀, ", ;, space: 11 characters before x.
        #expect(location.column == 12)
        #expect(location.utf16Column == 13)
        #expect(table.location(ofByte: 0) == SourceLocation(file: "f.swift", line: 1, column: 1))
        #expect(table.text(ofLine: 2) == "t = \"标题😀\"; x")
    }

    @Test func invalidUTF8StillHasLocations() {
        let bytes: [UInt8] = [0x61, 0xFF, 0xFE, 0x62, 0x0A, 0x63]
        let table = LineTable(bytes, file: "bad.m")
        #expect(table.location(ofByte: 3).column == 4)
        #expect(table.location(ofByte: 5) == SourceLocation(file: "bad.m", line: 2, column: 1))
        #expect(table.location(ofByte: 99).line == 2)
    }

    @Test func directivesReadTheirCodes() {
        #expect(
            Directive.parse(comment: " navd:disable:next custom-back-action-ignored, pop-gesture-disabled", line: 3)
                == Directive(kind: .disableNext, codes: ["custom-back-action-ignored", "pop-gesture-disabled"], line: 3))
        #expect(Directive.parse(comment: " navd:disable */", line: 1) == Directive(kind: .disable, codes: [], line: 1))
        #expect(Directive.parse(comment: " navd:enable low-contrast -->", line: 9)?.codes == ["low-contrast"])
        #expect(Directive.parse(comment: " navd:frobnicate x", line: 1) == nil)
        #expect(Directive.parse(comment: " an ordinary comment", line: 1) == nil)
    }
}

import NavModel
import NavSource
import Testing

@testable import NavInterfaceBuilder

@Suite("Locations and directives")
struct LocationsAndDirectivesTests {
    let file = "Multiline.storyboard"

    @Test func aStartTagSpreadOverLinesIsAtItsFirstLine() throws {
        let facts = try Fixture.read(file)
        #expect(facts.problems.isEmpty)
        // `<viewController` on line 25, its attributes on 26 to 28, where the parser reports it.
        #expect(facts.screen("SettingsViewController")?.location == at(file, 25, 17))
        // `<color` on line 11, closed on line 14.
        #expect(facts.screen("Multiline.storyboard#Ml1-Nv-2cA")?.settings.map(\.location) == [at(file, 11, 25)])
        let left = try #require(facts.screen("SettingsViewController")?.settings.last)
        #expect(left.location == at(file, 45, 25))
        #expect(left.value.items.map(\.location) == [at(file, 45, 25)])
    }

    @Test func columnsCountCharactersAndUTF16UnitsAfterCJK() throws {
        let settings = try #require(try Fixture.read(file).screen("SettingsViewController")?.settings)
        // Five tabs, then `<navigationItem`.
        #expect(settings.first == Setting(.itemTitle(.known("設定 𠮷")), at: at(file, 41, 6)))
        // `<barButtonItem` follows on the same line, after the title's three CJK characters; 𠮷 is two UTF-16 units.
        let back = ItemDraft(content: .title(.known("戻る")), location: at(file, 41, 72, utf16: 73))
        #expect(settings.dropFirst().first == Setting(.backItem(back), at: at(file, 41, 72, utf16: 73)))
    }

    @Test func cjkInsideAMultiLineStartTagDoesNotMoveIt() {
        let controller = """
            <viewController id="Cj1-vc" customClass="ProfileEditViewController" sceneMemberID="viewController">
                <navigationItem key="navigationItem" id="Cj1-ni">
                    <barButtonItem title="プロフィールを編集する 𠮷𠮷" style="plain"
                        key="leftBarButtonItem" id="Cj1-bb"/>
                </navigationItem>
            </viewController>
            """
        let text = storyboard(scene("Cj1-sc", controller))
        let lines = text.components(separatedBy: "\n")
        let line = (lines.firstIndex { $0.contains("<barButtonItem") } ?? 0) + 1
        let column = (lines[line - 1].range(of: "<barButtonItem").map { lines[line - 1][..<$0.lowerBound].count } ?? 0) + 1
        let facts = read(text)
        #expect(facts.problems.isEmpty)
        let left = facts.screen("ProfileEditViewController")?.settings.first
        #expect(left?.location == at("Test.storyboard", line, column))
        #expect(left?.value.items.first?.content == .title(.known("プロフィールを編集する 𠮷𠮷")))
    }

    @Test func directivesComeFromRealCommentsOnly() throws {
        let facts = try Fixture.read(file)
        #expect(
            facts.directives == [
                Directive(kind: .disable, codes: ["bar-tint-ignored"], line: 2),
                // A comment over three lines: the directive is on the line the comment ends, so `next` is the item.
                Directive(kind: .disableNext, codes: ["pop-gesture-disabled"], line: 44),
                Directive(kind: .enable, codes: [], line: 54),
            ])
        // The label's text and the text view's CDATA hold the same words, and a tag: neither is markup.
        #expect(facts.screen("SettingsViewController")?.settings.count == 3)
    }

    @Test func onlyTheTextFromNavdOnReachesTheDirectiveParser() {
        #expect(StoryboardParse.directiveText(" an ordinary comment ") == nil)
        #expect(StoryboardParse.directiveText(" nnavd:disable a-b ") == "navd:disable a-b ")
        #expect(StoryboardParse.directiveText("x navd:disable low-contrast, bar-tint-ignored", limit: 39) == "navd:disable low-contrast, ")
        let long = "navd:disable " + String(repeating: "a ", count: 10_000)
        // Cut inside the 2041st `a`, which goes: 4,095 bytes, ending after a space.
        #expect(StoryboardParse.directiveText(long)?.utf8.count == 4095)
        #expect(StoryboardParse.directiveText(long)?.hasSuffix(" a ") == true)
    }

    @Test func theForwardScanSkipsCommentsCDATAAndProcessingInstructions() {
        let text = """
            <?xml version="1.0"?><?tool <a>?><!-- <b> --><c x="1>2"><![CDATA[<d>]]></c><e/><!--f--><g
             y="2"/>
            """
        var scanner = MarkupScanner(Array(text.utf8))
        var found: [String] = []
        let bytes = Array(text.utf8)
        while let offset = scanner.next(.startTag) {
            found.append(String(decoding: bytes[offset + 1..<offset + 2], as: UTF8.self))
        }
        #expect(found == ["c", "e", "g"])
        var comments = MarkupScanner(bytes)
        // After the 21 bytes of the declaration and the 12 of the processing instruction.
        #expect(comments.next(.comment) == 33)
        #expect(comments.next(.comment).map { bytes[$0 + 4] } == UInt8(ascii: "f"))
        #expect(comments.next(.comment) == nil)
    }

    @Test func theFallbackFindsTheLastStartTagBeforeTheParsersLine() {
        let bytes = Array("<a>\n<item\n k=\"1\">\n<itemz/>\n".utf8)
        let scanner = MarkupScanner(bytes)
        #expect(scanner.lastStartTag(named: "item", endingBy: 16) == 4)
        #expect(scanner.lastStartTag(named: "item", endingBy: bytes.count - 1) == 4)
        #expect(scanner.lastStartTag(named: "b", endingBy: bytes.count - 1) == nil)
        #expect(scanner.startTag(at: 18, isNamed: "itemz"))
        #expect(!scanner.startTag(at: 18, isNamed: "item"))
    }
}

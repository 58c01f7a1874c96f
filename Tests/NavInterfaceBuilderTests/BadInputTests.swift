import Foundation
import NavModel
import NavSource
import Synchronization
import Testing

@testable import NavInterfaceBuilder

@Suite("Untrusted input")
struct BadInputTests {
    @Test func entityExpansionIsRefusedBeforeParsing() throws {
        let facts = try Fixture.read("billion-laughs.storyboard")
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.location == at("billion-laughs.storyboard", 2, 1))
        #expect(facts.problems.first?.message.contains("DOCTYPE") == true)
        #expect(facts.screens.isEmpty && facts.edges.isEmpty && facts.directives.isEmpty)
    }

    @Test func anExternalEntityNeverReadsTheFileItNames() throws {
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? ""
        let facts = try Fixture.read("external-entity.storyboard")
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.location.line == 2)
        #expect(facts.screens.isEmpty && facts.directives.isEmpty)
        // Nothing of the file, not even its first line, is anywhere in the facts.
        let everything = String(describing: facts)
        if let firstLine = passwd.split(separator: "\n").first, !firstLine.isEmpty {
            #expect(!everything.contains(firstLine))
        }
        #expect(!everything.contains("root:"))
    }

    @Test func aDoctypeIsFoundWhereverTheProlog() {
        let documents = [
            "<!doctype document>\n<document/>",
            "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- header -->\n  <!DocType document SYSTEM \"x.dtd\">\n<document/>",
            "<?xml version='1.0' encoding='utf-8' standalone='yes'?><!----><?pi x?>\n\n"
                + "<!DOCTYPE document PUBLIC \"-//x\" \"y\"><document/>",
        ]
        for text in documents {
            let facts = read(text)
            #expect(facts.problems.count == 1, "\(text)")
            #expect(facts.problems.first?.message.contains("DOCTYPE") == true)
        }
        // After the root element's start: never a DOCTYPE to XML, refused all the same, so a parser recovering
        // from an error cannot meet one.
        let late = read("<document>\n<scenes>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n</scenes></document>")
        #expect(late.problems.map(\.location.line) == [3])
        #expect(read("<document>\n<!ENTITY e \"x\">\n</document>").problems.map(\.location.line) == [2])
        // A DOCTYPE mentioned in a comment, a CDATA section or a processing instruction is not one.
        #expect(read("<!-- no <!DOCTYPE here -->\n<document/>").problems.isEmpty)
        #expect(read("<document><string><![CDATA[<!DOCTYPE x>]]></string><?note <!DOCTYPE y>?></document>").problems.isEmpty)
    }

    @Test func otherEncodingsAreRefused() {
        let utf16 = [UInt8]([0xFF, 0xFE]) + Array("<document/>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let facts = StoryboardReader().read(utf16, file: "Wide.storyboard", limits: ReaderLimits(), clock: { 0 })
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.message.contains("UTF-16") == true)
        let latin = read("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<document/>")
        #expect(latin.problems.count == 1)
        #expect(latin.problems.first?.message.contains("ISO-8859-1") == true)
        // A UTF-16 file without a byte order mark: its NUL bytes end what is read.
        let bare = StoryboardReader().read(Array(utf16.dropFirst(2)), file: "Bare.storyboard", limits: ReaderLimits(), clock: { 0 })
        #expect(bare.problems.count == 1)
        #expect(bare.problems.first?.message.contains("NUL") == true)
    }

    @Test func bytesThatAreNotUTF8StopTheReadingWhereTheyAre() throws {
        var bytes = try Fixture.bytes("Profile.storyboard")
        // Into the Edit Profile scene's comment (line 94), after the Profile scene is complete.
        let offset = try #require(Self.offset(of: "<!--Edit Profile-->", in: bytes))
        bytes.insert(contentsOf: [0xC3, 0x28, 0xFF], at: offset + 6)
        let facts = StoryboardReader().read(bytes, file: "Profile.storyboard", limits: ReaderLimits(), clock: { 0 })
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.location == at("Profile.storyboard", 94, 15))
        #expect(facts.problems.first?.message.contains("0xC3") == true)
        // What came before is kept: both screens and the root edge.
        #expect(facts.screens.map(\.name) == ["Profile.storyboard#Np4-Kd-8sX", "ProfileViewController"])
        #expect(facts.screen("ProfileViewController")?.settings.count == 11)
        #expect(facts.edges.first?.kind == .root)
    }

    static func offset(of needle: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<$0 + pattern.count]) == pattern }
    }

    @Test func invalidUTF8InACommentDoesNotCrash() {
        // Foundation's comment callback traps on such text; the reader never lets it reach the parser.
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document>\n<!-- navd:disable ".utf8) + [0xFF, 0xFE]
            + Array(" -->\n<scenes/></document>\n".utf8)
        let facts = StoryboardReader().read(bytes, file: "Comment.storyboard", limits: ReaderLimits(), clock: { 0 })
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.location.line == 3)
        #expect(facts.directives.isEmpty)
    }

    @Test func binaryJunkIsOneProblem() {
        for seed in UInt64(1)...20 {
            let bytes = junk(count: 4096, seed: seed)
            let facts = StoryboardReader().read(bytes, file: "Junk.storyboard", limits: ReaderLimits(), clock: { 0 })
            #expect(facts.problems.count == 1)
            #expect(facts.screens.isEmpty)
        }
        // Junk after a good start keeps the start.
        let good = storyboard(
            scene("Jk1-sc", "<viewController id=\"Jk1-vc\" customClass=\"JunkViewController\" sceneMemberID=\"viewController\"/>"))
        let cut = good.utf8.count - 40
        let bytes = Array(Array(good.utf8)[..<cut]) + junk(count: 2000, seed: 99)
        let facts = StoryboardReader().read(bytes, file: "Junk.storyboard", limits: ReaderLimits(), clock: { 0 })
        #expect(facts.problems.count == 1)
        #expect(facts.screens.map(\.name) == ["JunkViewController"])
    }

    @Test func aTruncatedFileKeepsWhatWasReadAndSaysWhereItEnds() throws {
        let bytes = try Fixture.bytes("Mail.storyboard")
        let text = String(decoding: bytes, as: UTF8.self)
        // Cut inside the Thread scene's start tag.
        let cut = try #require(Self.offset(of: "<viewController id=\"Qe3-Vb-6nM\"", in: bytes)) + 20
        let facts = StoryboardReader().read(Array(bytes[..<cut]), file: "Mail.storyboard", limits: ReaderLimits(), clock: { 0 })
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.location.line == text.utf8.prefix(cut).filter { $0 == UInt8(ascii: "\n") }.count + 1)
        #expect(
            facts.screens.map(\.name).prefix(4) == [
                "MailNavigationController", "InboxViewController", "Mail.storyboard#Qa1-Mx-7Tn", "AttachmentsViewController",
            ])
        #expect(facts.edges.count >= 7)
        // Every other cut point: never a trap, never more than one problem.
        for end in stride(from: 0, to: bytes.count, by: 613) {
            let facts = StoryboardReader().read(Array(bytes[..<end]), file: "Mail.storyboard", limits: ReaderLimits(), clock: { 0 })
            #expect(facts.problems.count == 1, "cut at \(end)")
        }
    }

    @Test func malformedMarkupIsOneProblemAtItsLine() {
        let mismatched = read(
            storyboard(
                scene(
                    "Mm1-sc",
                    "<viewController id=\"Mm1-vc\" customClass=\"BrokenViewController\" sceneMemberID=\"viewController\">\n</view>")))
        #expect(mismatched.problems.count == 1)
        #expect(mismatched.problems.first?.message.contains("malformed XML") == true)
        #expect(mismatched.screen("BrokenViewController") != nil)
        let undeclared = read("<document>\n  <scenes title=\"&nbsp;\"/>\n</document>")
        #expect(undeclared.problems.count == 1)
        #expect(undeclared.problems.first?.location.line == 2)
    }

    @Test func emptyFilesHoldNoDocument() {
        for text in ["", "   \n", "<", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"] {
            let facts = read(text)
            #expect(facts.problems.count == 1, "\(text.debugDescription)")
            #expect(facts.screens.isEmpty)
        }
    }

    @Test func nestingDeeperThanTheLimitStopsAtTheElementThatGoesTooDeep() {
        let depth = 300
        let views = String(repeating: "<view key=\"view\" id=\"x\">\n", count: depth) + String(repeating: "</view>\n", count: depth)
        let text = storyboard(
            scene(
                "Dp1-sc",
                "<viewController id=\"Dp1-vc\" customClass=\"DeepViewController\" sceneMemberID=\"viewController\">\n"
                    + "\(views)</viewController>"
            ))
        let facts = read(text)
        #expect(facts.problems.count == 1)
        let problem = facts.problems.first
        #expect(problem?.limit == ReaderLimits.nestingName)
        // document, scenes, scene, objects and viewController hold the views: the 252nd view is 257 deep, on the
        // 252nd line after the view controller's.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let controller = lines.firstIndex { $0.hasPrefix("<viewController") }.map { $0 + 1 } ?? 0
        #expect(problem?.location == at("Test.storyboard", controller + 252, 1))
        #expect(facts.screen("DeepViewController") != nil)
        // With room for it, the same file reads cleanly.
        #expect(read(text, limits: ReaderLimits(maxNesting: 400)).problems.isEmpty)
    }

    @Test func aFileOverTheSizeLimitIsNotParsed() throws {
        let bytes = try Fixture.bytes("Mail.storyboard")
        let facts = StoryboardReader().read(bytes, file: "Mail.storyboard", limits: ReaderLimits(maxFileBytes: 1000), clock: { 0 })
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.limit == ReaderLimits.fileBytesName)
        #expect(facts.problems.first?.location == at("Mail.storyboard", 1, 1))
        #expect(facts.screens.isEmpty)
    }

    /// A storyboard of `scenes` scenes, each a custom class pushed from the one before.
    static func generated(scenes: Int) -> String {
        var body = ""
        for n in 0..<scenes {
            body +=
                scene(
                    "G\(n)-sc",
                    """
                    <viewController title="Screen \(n)" id="G\(n)-vc" customClass="Generated\(n)ViewController" \
                    sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="G\(n)-vw">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                        </view>
                        <navigationItem key="navigationItem" title="Screen \(n)" id="G\(n)-ni">
                            <barButtonItem key="rightBarButtonItem" systemItem="add" id="G\(n)-bb"/>
                        </navigationItem>
                        <connections>
                            <segue destination="G\(n + 1)-vc" kind="show" id="G\(n)-sg"/>
                        </connections>
                    </viewController>
                    """) + "\n"
        }
        return storyboard(body)
    }

    @Test func aFiveMegabyteStoryboardIsReadInBoundedTime() {
        let text = Self.generated(scenes: 5400)
        let bytes = Array(text.utf8)
        #expect(bytes.count > 5_000_000)
        // Over the default limit: refused at once.
        let refused = StoryboardReader().read(bytes, file: "Big.storyboard", limits: ReaderLimits(), clock: { 0 })
        #expect(refused.problems.map(\.limit) == [ReaderLimits.fileBytesName])
        // Within a raised limit: read in full.
        let facts = StoryboardReader().read(bytes, file: "Big.storyboard", limits: ReaderLimits(maxFileBytes: 8 << 20), clock: { 0 })
        #expect(facts.problems.isEmpty)
        #expect(facts.screens.count == 5400)
        #expect(facts.edges.count == 5400)
        #expect(facts.screen("Generated5399ViewController")?.settings.count == 3)
    }

    @available(macOS 15.0, *)
    @Test func readingStopsWhenTheClockRunsOut() {
        // A clock that moves a second each time it is read: the third reading (element 513) is past the limit.
        let ticks = Mutex(0.0)
        let clock: @Sendable () -> Double = {
            ticks.withLock {
                $0 += 1
                return $0
            }
        }
        let text = Self.generated(scenes: 100)
        let facts = read(text, limits: ReaderLimits(maxSecondsPerFile: 1.5), clock: clock)
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.limit == ReaderLimits.secondsName)
        #expect(!facts.screens.isEmpty && facts.screens.count < 100)
        #expect(read(text, limits: ReaderLimits(maxSecondsPerFile: 1000), clock: clock).problems.isEmpty)
    }

    @Test func hugeCommentsAreRead() {
        let filler = String(repeating: "lorem ipsum <b> dolor & ", count: 150_000)
        let text = "<document>\n<!-- \(filler) navd:disable low-contrast -->\n<scenes/>\n</document>\n"
        #expect(text.utf8.count > 3_500_000)
        let facts = read(text)
        #expect(facts.problems.isEmpty)
        #expect(facts.directives == [Directive(kind: .disable, codes: ["low-contrast"], line: 2)])
    }

    @available(macOS 15.0, *)
    @Test func theClockIsReadBetweenCommentsToo() {
        let ticks = Mutex(0.0)
        let clock: @Sendable () -> Double = {
            ticks.withLock {
                $0 += 1
                return $0
            }
        }
        let text = "<document>\n" + String(repeating: "<!-- a comment -->\n", count: 2000) + "</document>\n"
        let facts = read(text, limits: ReaderLimits(maxSecondsPerFile: 2.5), clock: clock)
        #expect(facts.problems.map(\.limit) == [ReaderLimits.secondsName])
        // Read once at the start, then at events 0, 256 and 512: the last is 3 s on, at the 512th comment (line 513).
        #expect(facts.problems.first?.location.line == 513)
    }

    @Test func readersRunConcurrently() async throws {
        let bytes = try Fixture.bytes("Mail.storyboard")
        let expected = StoryboardReader().read(bytes, file: "Mail.storyboard", limits: ReaderLimits(), clock: { 0 })
        let results = await withTaskGroup(of: SourceFacts.self) { group in
            for _ in 0..<16 {
                group.addTask { StoryboardReader().read(bytes, file: "Mail.storyboard", limits: ReaderLimits(), clock: { 0 }) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}

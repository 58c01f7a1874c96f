import Foundation
import NavSource
import Testing

@testable import NavObjC

/// Input written by anyone: the reader never crashes, never stalls, and says which limit stopped it.
@Suite("Bad input")
struct BadInputTests {
    /// A small deterministic generator (a linear congruential one), so that junk is the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 17
        }
    }

    @Test("Invalid UTF-8 in code, names, strings and comments")
    func invalidUTF8() {
        var bytes = Array("@implementation JunkViewController\n- (void)viewDidLoad {\n    NSString *s = @\"".utf8)
        bytes += [0xFF, 0xFE, 0xC3]
        bytes += Array("\";\n    int na".utf8) + [0xE2, 0x82] + Array("me = 1; // ".utf8) + [0xF0, 0x9F] + Array("\n".utf8)
        bytes += [0xC0, 0x80, 0xED, 0xA0, 0x80]
        bytes += Array("\n    self.title = @\"Still read\";\n}\n@end\n".utf8)
        let facts = ObjCReader().read(bytes, file: "Junk.m", limits: ReaderLimits(), clock: Source.stoppedClock)
        #expect(facts.screen("JunkViewController")?.settings.map(\.value) == [.title(.known("Still read"))])
        #expect(facts.screen("JunkViewController")?.settings.first?.location.line == 6)
    }

    @Test("A megabyte of binary junk is read without a crash, its problems bounded")
    func binaryJunk() {
        var generator = Generator(state: 42)
        let bytes = (0..<(1 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let facts = ObjCReader().read(bytes, file: "junk.bin", limits: ReaderLimits(), clock: Source.stoppedClock)
        #expect(facts.problems.count <= Lexer.maxSyntaxTroubles + 1)
    }

    @Test("Junk made of the language's own tokens")
    func tokenJunk() {
        let pieces = [
            "@implementation", "@end", "@interface", "[", "]", "(", ")", "{", "}", "^", "self", ".", "navigationItem", "=", ";", ":",
            "@\"", "\"", "'", "#if 0\n", "#endif\n", "/*", "*/", "//", "\n", "-", "+", "@selector(", "leftBarButtonItem", "YES", "@[",
            "@{", ",", "?", "<", ">", "*", "UIBarButtonItem", "alloc", "init", "::", "->", "return", "if", "else", "@weakify(",
        ]
        var generator = Generator(state: 7)
        for round in 0..<40 {
            var text = ""
            for _ in 0..<2000 { text += pieces[Int(generator.next() % UInt64(pieces.count))] + " " }
            let facts = Source.read(text, file: "tokens\(round).m")
            #expect(facts.problems.allSatisfy { $0.limit == nil || $0.limit == ReaderLimits.nestingName })
        }
    }

    @Test("Unclosed strings and comments are problems, and what comes before them is read")
    func unterminated() {
        let facts = Source.read(
            """
            @implementation OpenViewController
            - (void)viewDidLoad {
                self.title = @"Open";
                NSString *s = @"never closed
                self.navigationItem.hidesBackButton = YES;
            }
            @end
            /* and a comment that never ends
            """)
        #expect(facts.screen("OpenViewController")?.settings.first?.value == .title(.known("Open")))
        #expect(facts.problems.map(\.message) == ["a string is not closed", "a comment is not closed"])
        #expect(facts.problems.map(\.location.line) == [4, 8])
    }

    @Test("Every prefix of every fixture is read without a crash")
    func truncated() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Source.fixtures.path).sorted()
        #expect(names.count >= 10)
        for name in names {
            let bytes = Array(try Source.text(of: name).utf8)
            var end = 0
            while end < bytes.count {
                _ = ObjCReader().read(Array(bytes[0..<end]), file: name, limits: ReaderLimits(), clock: Source.stoppedClock)
                end += 17
            }
        }
    }

    /// The shapes of deep nesting, by name.
    static let deepShapes = [
        "messages", "parentheses", "braces", "blocks", "literals", "casts", "negations", "member chain", "sum", "ternaries",
        "assignments", "if statements",
    ]

    /// A statement nested 50,000 to 100,000 levels deep in the shape `name`.
    static func deep(_ name: String) -> String {
        switch name {
        case "messages": return "y = " + String(repeating: "[", count: 100_000)
        case "parentheses": return "y = " + String(repeating: "(", count: 100_000)
        case "braces": return String(repeating: "{", count: 100_000)
        case "blocks": return String(repeating: "[x run:^{ ", count: 100_000)
        case "literals": return "y = " + String(repeating: "@[@{@1: ", count: 50_000)
        case "casts": return "y = " + String(repeating: "(id)", count: 100_000) + "self"
        case "negations": return "y = " + String(repeating: "!", count: 100_000) + "x"
        case "member chain": return "y = x" + String(repeating: ".next", count: 100_000)
        case "sum": return "y = " + Array(repeating: "1", count: 100_000).joined(separator: " + ")
        case "ternaries": return "y = " + String(repeating: "a ? b : ", count: 100_000) + "c"
        case "assignments": return String(repeating: "a = ", count: 100_000) + "c"
        default: return String(repeating: "if (x) ", count: 100_000) + "y"
        }
    }

    @Test("Deep nesting stops with one problem naming max-nesting", arguments: deepShapes)
    func deepNesting(_ shape: String) {
        let text =
            "@implementation DeepViewController\n- (void)viewDidLoad {\n    self.title = @\"Deep\";\n    " + Self.deep(shape)
            + ";\n}\n@end\n"
        let facts = Source.read(text, file: "Deep.m")
        #expect(facts.problems.count == 1, "\(shape)")
        #expect(facts.problems.first?.limit == ReaderLimits.nestingName, "\(shape)")
        #expect(facts.problems.first?.location.line == 4, "\(shape)")
        #expect(facts.screen("DeepViewController")?.settings.first?.value == .title(.known("Deep")), "\(shape)")
    }

    @Test("A long else-if chain is not nesting")
    func elseIfChain() {
        let chain = (0..<20_000).map { "if (x == \($0)) { self.title = @\"T\"; }" }.joined(separator: " else ")
        let facts = Source.read("@implementation ChainViewController\n- (void)go {\n" + chain + "\n}\n@end\n")
        #expect(facts.problems.isEmpty)
        #expect(facts.screen("ChainViewController")?.settings.count == 20_000)
    }

    @Test("A nesting limit set very high is held to the reader's ceiling, for every shape of nesting", arguments: deepShapes)
    func ceiling(_ shape: String) {
        let limits = ReaderLimits(maxNesting: 10_000_000)
        let facts = Source.read("@implementation C\n- (void)go {\n    " + Self.deep(shape) + ";\n}\n@end\n", limits: limits)
        #expect(facts.problems.map(\.limit) == [ReaderLimits.nestingName], "\(shape)")
        #expect(facts.problems.first?.message.contains("\(ObjCReader.nestingCeiling)") == true, "\(shape)")
    }

    @Test("A file over max-file-bytes is not read: one problem names the limit")
    func fileBytes() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 5 * 1024 * 1024)
        let facts = ObjCReader().read(bytes, file: "Big.m", limits: ReaderLimits(), clock: Source.stoppedClock)
        #expect(facts.problems.map(\.limit) == [ReaderLimits.fileBytesName])
        #expect(facts.problems.first?.location == NavSource.SourceLocation(file: "Big.m", line: 1, column: 1))
        #expect(facts.screens.isEmpty)
    }

    @Test("A reading that outlasts max-seconds-per-file is abandoned with one problem and no facts")
    func seconds() throws {
        let (_, text) = try Source.fixture("Settings.m")
        let big = String(repeating: text + "\n", count: 200)
        let clock = FastClock()
        let facts = ObjCReader().read(Array(big.utf8), file: "Slow.m", limits: ReaderLimits(maxSecondsPerFile: 3), clock: clock.read)
        #expect(facts.problems.map(\.limit) == [ReaderLimits.secondsName])
        #expect(facts.screens.isEmpty)
    }

    @Test("Reading runs on a thread with a large stack, and gives back what it computed")
    func largeStack() {
        func depth(_ n: Int) -> Int { n == 0 ? 0 : 1 + depth(n - 1) }
        #expect(LargeStack.run(stackBytes: ObjCReader.stackBytes) { depth(100_000) } == 100_000)
        #expect(LargeStack.run(stackBytes: ObjCReader.stackBytes) { "facts" } == "facts")
    }
}

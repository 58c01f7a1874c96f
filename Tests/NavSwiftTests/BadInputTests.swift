import NavModel
import NavSource
import Synchronization
import Testing

@testable import NavSwift

@Suite("Bad input")
struct BadInputTests {
    static let screen = """
        class GoodViewController: UIViewController {
            override func viewDidLoad() {
                navigationItem.hidesBackButton = true
            }
        }

        """

    @Test func invalidUTF8IsReadAroundTheBadBytes() throws {
        var bytes = Array("let a = \"".utf8) + [0xFF, 0xFE, 0xC3] + Array("\"\n".utf8)
        bytes += Array(Self.screen.utf8)
        let facts = SwiftReader().read(bytes, file: "Bad.swift", limits: ReaderLimits(), clock: { 0 })
        #expect(facts.screen("GoodViewController")?.values == [.hidesBackButton(.known(true))])
        #expect(facts.screen("GoodViewController")?.settings.first?.location.line == 4)
    }

    @Test func binaryJunkNeitherCrashesNorInventsFacts() {
        // A fixed linear congruential sequence: the same junk every run.
        var state: UInt64 = 7
        for _ in 0..<20 {
            let bytes = (0..<4096).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            let facts = SwiftReader().read(bytes, file: "junk.swift", limits: ReaderLimits(), clock: { 0 })
            #expect(facts.screens.isEmpty)
            #expect(facts.problems.count <= 2)
        }
    }

    @Test func aTruncatedFileIsReadAsFarAsItGoesWithOneProblem() throws {
        let text = """
            class CutViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.backButtonTitle = "Inbox"
                    navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Cl
            """
        let facts = read(text)
        let screen = try #require(facts.screen("CutViewController"))
        #expect(screen.values.first == .backButtonTitle(.known("Inbox")))
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.limit == nil)
        #expect(facts.problems.first?.message.hasPrefix("syntax error") == true)
    }

    @Test func theFirstSyntaxErrorIsPlaced() throws {
        let facts = read(
            """
            class OkViewController: UIViewController {
                func a() { let x = }
                func b() { ) }
            }
            """)
        let problem = try #require(facts.problems.first)
        #expect(facts.problems.count == 1)
        #expect(problem.location.line == 2)
        #expect(problem.message == "syntax error: expected an identifier" || problem.message.hasPrefix("syntax error"))
    }

    @Test func whatTheCompilerBuildsInSwift5ModeIsNoSyntaxError() throws {
        // Whitespace between an attribute and its arguments: a warning in Swift 5 mode, an error only in Swift 6's.
        let facts = read(
            """
            @available (iOS 15.0, *)
            final class PillViewController: UIViewController {
                @objc (showPill)
                func show() { navigationItem.backButtonTitle = "Pills" }
            }
            """)
        #expect(facts.problems.isEmpty, "\(facts.problems)")
        #expect(facts.screen("PillViewController")?.values == [.backButtonTitle(.known("Pills"))])
    }

    @Test func aFileOverTheSizeLimitIsNotRead() {
        let bytes = Array(Self.screen.utf8)
        let facts = SwiftReader().read(bytes, file: "Big.swift", limits: ReaderLimits(maxFileBytes: 100), clock: { 0 })
        #expect(facts.screens.isEmpty)
        #expect(facts.problems.map(\.limit) == [ReaderLimits.fileBytesName])
        #expect(facts.problems.first?.location == SourceLocation(file: "Big.swift", line: 1, column: 1))
    }

    /// Five megabytes of ordinary generated code: over the default limit, and read in full under a
    /// raised one.
    @Test func aLargeGeneratedFileIsReadWholeOrRefusedBySize() {
        // A megabyte of generated screens, each pushing the next: read whole under the default limits, and refused
        // with one problem naming the limit, before it is parsed, when the limit is lower. (The default limit refuses
        // a file of more than 4 MiB the same way; reading one that large takes minutes in a debug build.)
        var text = ""
        var i = 0
        while text.utf8.count < 1024 * 1024 {
            text += """
                final class Generated\(i)ViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        title = "Screen \(i)"
                        navigationItem.rightBarButtonItem = UIBarButtonItem(
                            barButtonSystemItem: .done, target: self, action: #selector(done))
                        navigationController?.pushViewController(Generated\(i + 1)ViewController(), animated: true)
                    }
                    @objc private func done() { dismiss(animated: true) }
                }

                """
            i += 1
        }
        let bytes = Array(text.utf8)
        let refused = SwiftReader().read(bytes, file: "Generated.swift", limits: ReaderLimits(maxFileBytes: 512 * 1024), clock: { 0 })
        #expect(refused.problems.map(\.limit) == [ReaderLimits.fileBytesName])
        #expect(refused.screens.isEmpty)
        let facts = SwiftReader().read(bytes, file: "Generated.swift", limits: ReaderLimits(), clock: { 0 })
        #expect(facts.problems.isEmpty)
        #expect(facts.screens.count == i)
        #expect(facts.edges.count == i)
        #expect(facts.screens.last?.values.first == .title(.known("Screen \(i - 1)")))
    }

    @Test(arguments: ["(", "[", "{"])
    func hundredThousandNestedBracketsStopAtTheNestingLimit(open: String) {
        let close = open == "(" ? ")" : open == "[" ? "]" : "}"
        let text =
            Self.screen + "let x = " + String(repeating: open, count: 100_000) + "1" + String(repeating: close, count: 100_000) + "\n"
        let facts = read(text)
        #expect(facts.screen("GoodViewController")?.values == [.hidesBackButton(.known(true))])
        #expect(facts.problems.filter { $0.limit == ReaderLimits.nestingName }.count == 1)
        #expect(facts.problems.first { $0.limit == ReaderLimits.nestingName }?.location.line == 6)
    }

    @Test func aLowerNestingLimitIsRespected() {
        let text = Self.screen + "func f() { if a { if b { if c { if d { navigationItem.title = \"x\" } } } } }\n"
        let facts = read(text, limits: ReaderLimits(maxNesting: 3))
        let problem = facts.problems.first { $0.limit == ReaderLimits.nestingName }
        #expect(problem?.location.line == 6)
        #expect(facts.screen("GoodViewController")?.values == [.hidesBackButton(.known(true))])
    }

    /// Chains the parser's nesting limit does not count: they make a deep tree (and deep recursion in
    /// the parser) from flat source.
    static func chain(_ name: String) -> String {
        let count = 50_000
        switch name {
        case "else if": return "func f() { if a {} " + String(repeating: "else if a {} ", count: count) + "}"
        case "try": return "let x = " + String(repeating: "try ", count: count) + "a"
        case "function type": return "let f: " + String(repeating: "(A) -> ", count: count) + "A"
        case "member chain": return "let x = a" + String(repeating: ".b", count: count)
        default: return "let x = 1" + String(repeating: " + 1", count: count)
        }
    }

    @Test(arguments: ["else if", "try", "function type", "member chain", "operators"])
    func longChainsNeitherCrashNorRecurseWithoutBound(name: String) {
        let facts = read(Self.screen + Self.chain(name) + "\n")
        #expect(facts.screen("GoodViewController")?.values == [.hidesBackButton(.known(true))])
        // Operators make a flat sequence; every other chain is cut at the nesting limit, where it passes 256.
        #expect(facts.problems.map(\.limit) == (name == "operators" ? [] : [ReaderLimits.nestingName]))
        #expect(facts.problems.allSatisfy { $0.location.line == 6 })
    }

    /// Directly nested `[` make the parser backtrack exponentially: the pre-scan stops before them.
    @Test func directlyNestedSquareBracketsAreCut() {
        let text = Self.screen + "let x = " + String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40) + "\n"
        let facts = read(text)
        #expect(facts.screen("GoodViewController")?.values == [.hidesBackButton(.known(true))])
        #expect(facts.problems.map(\.limit) == [ReaderLimits.nestingName])
        #expect(facts.problems.first?.location == SourceLocation(file: "Test.swift", line: 6, column: 21))
    }

    @Test func theClockStopsALongRead() {
        let ticks = Ticks()
        let text = String(repeating: Self.screen, count: 200)
        // The clock is read before parsing, after it, and every 1,024 tokens of the walk.
        let facts = read(text, limits: ReaderLimits(maxSecondsPerFile: 0.25), clock: { ticks.next() })
        #expect(facts.problems.map(\.limit) == [ReaderLimits.secondsName])
        #expect(facts.screens.count < 200)
    }

    @Test func emptyAndWhitespaceFiles() {
        #expect(read("") == SourceFacts(file: "Test.swift", language: .swift))
        #expect(read("\n\n   \t\n") == SourceFacts(file: "Test.swift", language: .swift))
    }
}

/// A clock that advances a tenth of a second each time it is read.
final class Ticks: Sendable {
    private let state = Mutex(0.0)
    func next() -> Double {
        state.withLock { value in
            value += 0.1
            return value
        }
    }
}

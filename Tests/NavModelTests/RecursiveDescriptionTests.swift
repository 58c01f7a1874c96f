import Foundation
import NavTestSupport
import Testing

@testable import NavModel

/// The `recursiveDescription` reader, against the dump in the seed document (QYNavBackButton's README).
struct RecursiveDescriptionTests {
    /// `po [[UIWindow keyWindow] recursiveDescription]` from the seed, verbatim: an iOS 7 window during a push,
    /// with the navigation bar and the controller wrapper view not taking touches (HT-5).
    static func seedDump() throws -> String { try Fixtures.seedWindowDump() }

    @Test("the seed's dump parses into one tree with UIKit's classes, frames and flags")
    func seedTree() throws {
        let root = try RecursiveDescription.parse(try Self.seedDump())
        #expect(root.className == "UIWindow")
        #expect(root.id == "0x8d6f970")
        #expect(root.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(root.nodeCount == 18)
        #expect(root.depth == 6)
        let bar = try #require(root.descendant(at: [0, 1]))
        #expect(bar.className == "UINavigationBar")
        #expect(bar.frame == Rect(x: 0, y: 20, width: 320, height: 44))
        #expect(bar.userInteractionEnabled == false)
        #expect(
            bar.subviews.map(\.className) == [
                "_UINavigationBarBackground", "UINavigationItemView", "UINavigationItemButtonView", "_UINavigationBarBackIndicatorView",
            ])
        // The fields around `text = '...'`, `animations = { ...; }` and fractional frames are read.
        #expect(bar.subviews[1].subviews[0].frame == Rect(x: 0, y: 3, width: 163, height: 22))
        #expect(bar.subviews[0].subviews[0].subviews[0].className == "_UIBackdropEffectView")
        #expect(bar.subviews[0].subviews[0].subviews[1].hidden)
        #expect(bar.subviews[0].subviews[1].frame == Rect(x: 0, y: 64, width: 320, height: 0.5))
        #expect(bar.subviews[2].subviews[0].frame == Rect(x: -981, y: -995, width: 91, height: 22))
        #expect(bar.subviews[3].frame == Rect(x: 8, y: 12, width: 12.5, height: 20.5))
        #expect(root.descendant(at: [0, 0, 0, 0, 0])?.hidden == true)
        #expect(root.descendant(at: [0, 0, 0])?.userInteractionEnabled == false)
        #expect(root.alpha == 1)
    }

    /// HT-5 with the seed's dump: the window point (20,40) lies on the bar's back button, but the dump was taken
    /// during the push transition, when UIKit switches interaction off on the bar and on the controller wrapper.
    /// Window → layout container (inside) → the bar is its front-most subview but disabled, so its subtree is
    /// skipped → the transition view (inside) → its only subview, the wrapper, is disabled → the transition view
    /// has no taker below it and returns itself. A tap in that moment lands on `UINavigationTransitionView`.
    @Test("HT-5: in the seed's mid-transition dump, window point (20,40) hits the UINavigationTransitionView")
    func seedHitDuringTransition() throws {
        let root = try RecursiveDescription.parse(try Self.seedDump())
        let outcome = HitTester.hitTest(root, point: Point(x: 20, y: 40))
        let path = try #require(outcome.path)
        #expect(path == [0, 0])
        #expect(root.descendant(at: path)?.className == "UINavigationTransitionView")
        #expect(root.descendant(at: path)?.id == "0x8d813f0")
        #expect(outcome.trace.map(\.view) == ["0x8d6f970", "0x8d7bbf0", "0x8d75c40", "0x8d813f0", "0x8d61050"])
        #expect(outcome.trace.map(\.verdict) == [.hit, .hit, .disabled, .hit, .disabled])
        #expect(outcome.trace[2].frame == Rect(x: 0, y: 20, width: 320, height: 44))
    }

    /// HT-10 with the same dump once the transition is over (the bar takes touches again): every bar subview
    /// has interaction off, so the hit view is the bar itself, which then decides the item (era L).
    @Test("HT-10: with the bar's interaction back on, (20,40) hits the UINavigationBar itself")
    func seedHitAfterTransition() throws {
        let settled = try Self.seedDump().replacingFirst(
            "autoresize = W; userInteractionEnabled = NO; gestureRecognizers", with: "autoresize = W; gestureRecognizers")
        let root = try RecursiveDescription.parse(settled)
        let outcome = HitTester.hitTest(root, point: Point(x: 20, y: 40))
        #expect(outcome.path == [0, 1])
        #expect(root.descendant(at: [0, 1])?.className == "UINavigationBar")
        // Below the bar the content is still behind the disabled wrapper: the transition view again.
        #expect(HitTester.hitTest(root, point: Point(x: 20, y: 64)).path == [0, 0])
        // In the status bar area the bar's background (y -20) is disabled, and the bar's bounds start at y 20.
        #expect(HitTester.hitTest(root, point: Point(x: 20, y: 19.5)).path == [0, 0])
    }

    @Test("Swift class names, quoted text with ';' and '>' and scroll offsets are read")
    func variants() throws {
        let text = """
            <UIView: 0x1; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x2>>
               | <MyApp.BackView: 0x7fa1; frame = (0 0; 44 44); layer = <CALayer: 0x3>>
               |    | <UILabel: 0x7fa2; frame = (0 0; 44 20); text = 'a; b = c > d'; alpha = 0.5; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x4>>
               | <UITableView: 0x7fb0; frame = (0 64; 375 603); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x5>; layer = <CALayer: 0x6>; contentOffset: {0, 120}; contentSize: {375, 900}; adjustedContentInset: {0, 0, 0, 0}>
               |    | <UITableViewCell: 0x7fb1; frame = (0 132; 375 44); hidden = NO; layer = <CALayer: 0x7>; transform = [1, 0, 0, 1, 0, 0]>
            """
        let root = try RecursiveDescription.parse(text)
        #expect(root.subviews[0].className == "MyApp.BackView")
        let label = root.subviews[0].subviews[0]
        #expect(label.alpha == 0.5)
        #expect(label.userInteractionEnabled == false)
        let table = root.subviews[1]
        #expect(table.bounds == Rect(x: 0, y: 120, width: 375, height: 603))
        #expect(table.subviews[0].hidden == false)
        // Window y 80 is table y 16, content y 136: inside the cell at 132..176.
        #expect(HitTester.hitTest(root, point: Point(x: 10, y: 80)).path == [1, 0])
    }

    @Test("a label whose text holds a line break continues on the next line")
    func multilineText() throws {
        let text =
            "<UIView: 0x1; frame = (0 0; 100 100)>\n   | <UILabel: 0x2; frame = (0 0; 100 40); text = 'two\nlines'; layer = <CALayer: 0x3>>\n   | <UIButton: 0x4; frame = (0 50; 100 40)>"
        let root = try RecursiveDescription.parse(text)
        #expect(root.subviews.map(\.id) == ["0x2", "0x4"])
    }

    @Test("an unclosed quote is not continued into the next view's line")
    func unclosedQuoteStopsAtNextView() {
        let text =
            "<UIView: 0x1; frame = (0 0; 100 100)>\n   | <UILabel: 0x2; frame = (0 0; 100 40); text = 'open\n   | <UILabel: 0x3; frame = (0 50; 100 40); text = 'x'; layer = <CALayer: 0x4>>"
        do {
            let root = try RecursiveDescription.parse(text)
            Issue.record("parsed \(root.nodeCount) views; the third line was swallowed as label text")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("quoted"))
        }
    }

    @Test("blank lines, CRLF endings and trailers are accepted")
    func tolerant() throws {
        let text =
            "\r\n<UIView: 0x1; frame = (0 0; 10 10)>\r\n\r\n   | <UIImageView: 0x2; frame = (0 0; 5 5)> - ic_back\r\n   | <UIView: 0x3; frame = (5 5; 5 5); >\r\n"
        let root = try RecursiveDescription.parse(text)
        #expect(root.subviews.count == 2)
        #expect(root.subviews[1].frame == Rect(x: 5, y: 5, width: 5, height: 5))
    }

    static let malformed: [(text: String, line: Int, contains: String)] = [
        ("", 1, "no view"),
        ("<UIView: 0x1; frame = (0 0; 10 10)>\n<UIView: 0x2; frame = (0 0; 10 10)>", 2, "second top-level"),
        ("<UIView: 0x1; frame = (0 0; 10 10)>\n   |    | <UIView: 0x2; frame = (0 0; 1 1)>", 2, "nesting jumps"),
        ("   | <UIView: 0x1; frame = (0 0; 10 10)>", 1, "root"),
        ("<UIView: 0x1; frame = (0 0; 10 10)>\n   | UIView: 0x2", 2, "starting with '<'"),
        ("<UIView: 0x1; frame = (0 0; 10 10)>\n\n   | <UIView: 0x2; layer = <CALayer: 0x3>>", 3, "no 'frame"),
        ("<UIView: 0x1; frame = (0 0; ten 10)>", 1, "not a finite number"),
        ("<UIView: 0x1; frame = (0 0 10 10)>", 1, "(x y; w h)"),
        ("<UIView: 0x1; frame = (0 0; 10 10); layer = <CALayer: 0x2>", 1, "not closed"),
        ("<UIView: 0x1; frame = (0 0; 10 10); hidden = MAYBE>", 1, "YES or NO"),
        ("<UIView: 0x1; frame = (0 0; 10 10); alpha = half>", 1, "alpha"),
        ("<UIView 0x1; frame = (0 0; 10 10)>", 1, "expected ':'"),
        ("<UIView: 0x1; frame = (0 0; 10 10)>\n   | <UILabel: 0x2; frame = (0 0; 1 1); text = 'open", 2, "quoted"),
        ("<UIView: 0x1; frame = (0 0; 10 10); transform = [1, 0)>", 1, "expected"),
        ("<UIView: 0x1; frame = (0 0; 10 10); bogus>", 1, "no value"),
        ("<UIView: 0x1; frame = (nan 0; 10 10)>", 1, "finite"),
    ]

    @Test("malformed text is refused with the 1-based line number", arguments: 0..<malformed.count)
    func malformedLines(_ index: Int) {
        let (text, line, fragment) = Self.malformed[index]
        do {
            let root = try RecursiveDescription.parse(text)
            Issue.record("parsed into \(root.nodeCount) views instead of failing")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(fragment), "\(error.message)")
            #expect(error.limit == nil)
        }
    }

    @Test("damaged dumps never crash: each either parses or names a line that exists")
    func damagedDumps() throws {
        var rng = SplitMix64(seed: 0x5EED_0000)
        let alphabet = Array("<>();'{}[]|=:;- \nxYES0.5")
        let original = Array(try Self.seedDump())
        for _ in 0..<400 {
            var text = original
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let at = Int(rng.next() % UInt64(text.count))
                switch rng.next() % 3 {
                case 0: text.remove(at: at)
                case 1: text.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                default: text[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                }
            }
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                let root = try RecursiveDescription.parse(String(text))
                #expect(root.nodeCount >= 1)
            } catch {
                #expect(error.line >= 1 && error.line <= lineCount, "\(error)")
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test("tree limits stop large or deep dumps with the limit's name")
    func limits() {
        let wide = "<UIView: 0x1; frame = (0 0; 10 10)>" + String(repeating: "\n   | <UIView: 0x2; frame = (0 0; 1 1)>", count: 5)
        #expect(throws: RecursiveDescription.ParseError.self) {
            _ = try RecursiveDescription.parse(wide, limits: TreeLimits(maxTreeNodes: 5))
        }
        do {
            _ = try RecursiveDescription.parse(wide, limits: TreeLimits(maxTreeNodes: 5))
        } catch {
            #expect(error.limit?.name == "maxTreeNodes")
            #expect(error.limit?.value == 5)
            #expect(error.line == 6)
        }
        var deep = "<UIView: 0x0; frame = (0 0; 10 10)>"
        for level in 1...4 { deep += "\n" + String(repeating: "   | ", count: level) + "<UIView: 0x\(level); frame = (0 0; 10 10)>" }
        #expect((try? RecursiveDescription.parse(deep, limits: TreeLimits(maxTreeDepth: 5)))?.depth == 5)
        do {
            _ = try RecursiveDescription.parse(deep, limits: TreeLimits(maxTreeDepth: 4))
            Issue.record("a tree of depth 5 passed maxTreeDepth 4")
        } catch {
            #expect(error.limit?.name == "maxTreeDepth")
            #expect(error.line == 5)
        }
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let chars = Array(self)
        let t = Array(target)
        guard !t.isEmpty, chars.count >= t.count else { return self }
        for i in 0...(chars.count - t.count) where Array(chars[i..<(i + t.count)]) == t {
            return String(chars[..<i]) + replacement + String(chars[(i + t.count)...])
        }
        return self
    }
}

/// Test inputs shared with other suites, read from Tests/Fixtures.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// `po [[UIWindow keyWindow] recursiveDescription]` from seeds/000, verbatim.
    /// Throws, naming the file, when the fixture is missing or empty, so a test fails there and not later.
    static func seedWindowDump() throws -> String {
        let url = directory.appendingPathComponent("seed000-window-dump.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard !text.isEmpty else { throw FixtureMissing(path: url.path) }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        var path: String
        var description: String { "the fixture \(path) is empty" }
    }
}

import Foundation
import JSONCore
import NavModel
import NavProtocol
import Testing

@testable import NavImport

/// Real dumps, imported, laid out by navd's own model, and held to the dump's frames.
@Suite("Importing debugger dumps")
struct ImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dumps")

    static func fixture(_ name: String) throws -> String {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        guard text.contains("# Source:") else { throw FixtureError(message: "\(name) has no '# Source:' header") }
        return text
    }

    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The imported document laid out: the bar's views, by UIKit class, with window frames.
    static func laidOut(_ document: JSON) throws -> [(String, Rect)] {
        let (_, model) = try SessionDocument.decode(document, limits: ModelLimits())
        let bar = try #require(BarLayoutEngine.layout(model: model))
        var out: [(String, Rect)] = []
        func walk(_ v: View, _ origin: Point) {
            let frame = Rect(x: origin.x + v.frame.x, y: origin.y + v.frame.y, width: v.frame.width, height: v.frame.height)
            out.append((v.className, frame))
            for child in v.subviews { walk(child, Point(x: frame.x, y: frame.y)) }
        }
        walk(bar.window, Point(x: 0, y: 0))
        return out
    }

    /// The dump's views, by class, with window frames.
    static func dumped(_ text: String) throws -> [(String, Rect)] {
        let (dump, _) = NavImport.split(text)
        let root = try RecursiveDescription.parse(dump)
        var placed: [NavImport.Placed] = []
        // A dump of the bar alone keeps the bar's own frame, as the import reads it.
        NavImport.flatten(root, origin: Point(x: 0, y: 0), depth: 0, keepRootFrame: NavImport.isBar(root), into: &placed)
        return placed.map { ($0.view.className, $0.window) }
    }

    /// A frame of the dump the model does not reproduce, with why (docs/import.md lists them all).
    struct Difference: Sendable, CustomStringConvertible {
        var className: String
        var index: Int
        var why: String
        var description: String { "\(className)[\(index)]: \(why)" }
    }

    /// Compares, for each class, the dump's frames and the model's, left to right: within `tolerance`, or listed.
    /// `textMetrics` overrides the imported document's setting, for a dump whose font era its classes cannot tell.
    static func compare(
        _ name: String, classes: [String], tolerance: Double, known: [Difference], textMetrics: String? = nil
    ) throws -> (matched: Int, differences: [String]) {
        let text = try fixture(name)
        let result = try NavImport.importDump(text)
        var document = result.document
        if let textMetrics, case .object(var o) = document {
            var policies = o["policies"]?.objectValue ?? [:]
            policies["textMetrics"] = .string(textMetrics)
            o["policies"] = .object(policies)
            document = .object(o)
        }
        let ours = try laidOut(document)
        let theirs = try dumped(text)
        var matched = 0
        var differences: [String] = []
        for cls in classes {
            let a = theirs.filter { $0.0 == cls }.map(\.1).sorted { $0.minX < $1.minX }
            let b = ours.filter { $0.0 == cls }.map(\.1).sorted { $0.minX < $1.minX }
            #expect(!a.isEmpty, "\(name): the dump has a \(cls)")
            for (i, frame) in a.enumerated() {
                let model = i < b.count ? b[i] : nil
                let close =
                    model.map {
                        abs($0.minX - frame.minX) <= tolerance && abs($0.minY - frame.minY) <= tolerance
                            && abs($0.width - frame.width) <= tolerance && abs($0.height - frame.height) <= tolerance
                    } ?? false
                let listed = known.contains { $0.className == cls && $0.index == i }
                if close {
                    matched += 1
                    #expect(!listed, "\(name): \(cls)[\(i)] now matches (\(frame)); take it off the known differences")
                } else {
                    differences.append("\(cls)[\(i)]: dump \(frame), model \(model.map { "\($0)" } ?? "none")")
                    #expect(listed, "\(name): \(cls)[\(i)] differs: dump \(frame), model \(model.map { "\($0)" } ?? "none")")
                }
            }
        }
        return (matched, differences)
    }

    @Test("iOS 7, the seed's 320 x 480 phone: the back view, the chevron and the title view where the dump has them")
    func seed() throws {
        let text = try Self.fixture("ios7-seed-320x480.txt")
        let result = try NavImport.importDump(text)
        #expect(result.profile == .ios10)
        #expect(result.document["device"]?["width"] == 320 && result.document["device"]?["statusBarHeight"] == 20)
        let screens = try #require(result.document["screens"]?.arrayValue)
        #expect(screens.count == 2 && screens[1]["title"] == "A Story About a Fish")
        #expect(screens[0]["item"]?["backItem"]?["title"] == "", "an empty back label means the arrow alone")
        #expect(result.notes.contains { $0.contains("scale") } && result.document["notes"]?.arrayValue?.count == result.notes.count)
        let (matched, _) = try Self.compare(
            "ios7-seed-320x480.txt",
            classes: ["UINavigationBar", "UINavigationItemButtonView", "_UINavigationBarBackIndicatorView", "UINavigationItemView"],
            tolerance: 1,
            known: [
                Difference(
                    className: "UINavigationItemView", index: 0,
                    why:
                        "the copy blanks the back title (a 41-pt back view), so the model centres the title; the dump keeps it at 124, where the original's long back title pushed it (ios7-long-back-title-320x480.txt)"
                )
            ])
        #expect(matched >= 3)
    }

    @Test("iOS 13+ page sheet, 375 pt: ios13, the sheet's 56-pt bar with its buttons' row 6 down, every frame the dump has")
    func sheet() throws {
        let text = try Self.fixture("ios13-sheet-375x667.txt")
        let result = try NavImport.importDump(text)
        #expect(result.profile == .ios13 && result.notes.contains { $0.contains("earliest profile that fits") })
        #expect(result.notes.contains { $0.contains("UIDropShadowView (a page sheet's card") })
        #expect(result.document["device"]?["statusBarHeight"] == 40, "the sheet's bar starts 40 pt down")
        #expect(result.document["bar"]?["presentation"] == "pageSheet" && result.document["bar"]?["tintColor"] == "systemBlue")
        #expect(result.notes.contains { $0.hasPrefix("presentation pageSheet: the bar is 56 pt high, in a UIDropShadowView") })
        let top = try #require(result.document["screens"]?.arrayValue?.last)
        #expect(top["item"]?["leftItems"]?[0]?["title"] == "取消" && top["item"]?["rightItems"]?[0]?["title"] == "下一步")
        // The items' content as the dump draws it (the _UIModernBarButtons: 38 around the 35-pt '取消', 52), not the
        // model's estimate of the font.
        #expect(top["item"]?["leftItems"]?[0]?["width"] == 38 && top["item"]?["rightItems"]?[0]?["width"] == 52)
        let (matched, differences) = try Self.compare(
            "ios13-sheet-375x667.txt",
            classes: [
                "UINavigationBar", "_UIBarBackground", "_UINavigationBarContentView", "_UIButtonBarStackView", "_UIButtonBarButton",
                "_UIModernBarButton",
            ],
            tolerance: 1, known: [])
        #expect(differences.isEmpty && matched == 9, "\(differences)")
    }

    @Test("a 56-pt bar is a page sheet's only where the profile draws one; without the card it is still read as a sheet bar")
    func sheetClues() throws {
        let text = try Self.fixture("ios13-sheet-375x667.txt")
        // --profile ios11 (iOS 11 and 12 present page sheets full screen on a phone): no sheet, and the note says so.
        let old = try NavImport.importDump(text, profile: .ios11)
        #expect(old.document["bar"]?["presentation"] == nil)
        #expect(old.notes.contains { $0.hasPrefix("the bar is 56 pt high in the dump; the model lays out a 44-pt bar") })
        let glass = try NavImport.importDump(text, profile: .ios26)
        #expect(glass.document["bar"]?["presentation"] == nil)
        // The bar's own dump (`po [bar recursiveDescription]`): no card, but a 56-pt bar on iOS 13 is a sheet's.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let barLine = try #require(lines.firstIndex { $0.contains("<UINavigationBar:") })
        let prefix = lines[barLine].prefix { $0 != "<" }.count
        let barOnly = lines[barLine...].filter { $0.count > prefix }.map { String($0.dropFirst(prefix)) }.joined(separator: "\n")
        let alone = try NavImport.importDump(barOnly)
        #expect(alone.profile == .ios13 && alone.document["bar"]?["presentation"] == "pageSheet")
        #expect(!alone.notes.contains { $0.contains("UIDropShadowView") })
    }

    @Test("text that is not a dump, or a dump without a navigation bar, is refused with a line and a sentence")
    func refusals() {
        #expect {
            _ = try NavImport.importDump("hello\n<UIView: 0x1; frame = (0 0; 10 10)>\n   | <UIView: 0x2; frame = (0 0; 5 5)>")
        } throws: { error in
            (error as? NavImport.Failure)?.message.contains("no UINavigationBar") == true
        }
        #expect {
            _ = try NavImport.importDump("<UIWindow: 0x1; frame = (0 0; 10 10)>\n   |    |    | <UIView: 0x2; frame = (0 0; 5 5)>")
        } throws: { error in
            let failure = error as? NavImport.Failure
            return failure?.line == 2 && failure?.message.contains("nesting jumps") == true
        }
    }

    @Test("iOS 26's platter classes, as the iOS 26.0.1 Photos bar names them, mean profile ios26")
    func glassClasses() throws {
        // The class names of Tests/Fixtures/dumps/ios26-photos-402x874.txt's tree, in the shapes Swift classes print in.
        for platter in ["UIKit.PlatterView", "_TtC5UIKit11PlatterView", "NavigationBarPlatterContainer"] {
            let dump = """
                <UIWindow: 0x1; frame = (0 0; 402 874); layer = <UIWindowLayer: 0x2>>
                   | <UINavigationBar: 0x3; frame = (0 62; 402 54); layer = <CALayer: 0x4>>
                   |    | <UIKit.NavigationBarContentView: 0x5; frame = (0 0; 402 54); layer = <CALayer: 0x6>>
                   |    |    | <\(platter): 0x7; frame = (16 0; 44 44); layer = <CALayer: 0x8>>
                """
            let imported = try NavImport.importDump(dump)
            #expect(imported.document["profile"]?.stringValue == "ios26", "\(platter)")
        }
        #expect(!NavImport.isGlassClass("_UIButtonBarButton") && !NavImport.isGlassClass("_UINavigationBarContentView"))
    }

    @Test("labels' escaped texts are decoded")
    func escapes() {
        let texts = NavImport.labelTexts("<UIButtonLabel: 0x1; frame = (0 1; 35 20.5); text = '\\u53d6\\u6d88'; opaque = NO>")
        #expect(texts["0x1"] == "取消")
        #expect(NavImport.unescape("Apple\\xa0ID") == "Apple\u{a0}ID")
    }
}

extension JSON {
    fileprivate subscript(index: Int) -> JSON? {
        guard let a = arrayValue, a.indices.contains(index) else { return nil }
        return a[index]
    }
}

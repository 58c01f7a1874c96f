import Foundation
import JSONCore
import NavModel
import NavProtocol
import Testing

@testable import NavImport

/// The shapes an lldb dump reaches `navctl import` in: CRLF line endings, NSLog prefixes, Swift `po` wrappers. Each
/// test rewrites a real dump (Tests/Fixtures/dumps/ios13-sheet-375x667.txt) into that shape, the way the tool or the
/// editor writes it, and expects the document of the clean dump.
@Suite("lldb dumps as they are pasted")
struct LLDBVariantsTests {
    static let sheet = "ios13-sheet-375x667.txt"

    /// The fixture's view and hierarchy lines, without its `#` header.
    static func dumpLines() throws -> [String] {
        try ImportTests.fixture(sheet).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    static func clean() throws -> NavImport.Result { try NavImport.importDump(try ImportTests.fixture(sheet)) }

    static func same(_ a: NavImport.Result, _ b: NavImport.Result) -> Bool {
        a.document["screens"] == b.document["screens"] && a.document["device"] == b.document["device"]
            && a.document["profile"] == b.document["profile"] && a.document["bar"] == b.document["bar"]
    }

    @Test("the clean dump: ios13 from its dynamic colours, @2x from the model list, the buttons' tint")
    func cleanDump() throws {
        let result = try Self.clean()
        #expect(result.profile == .ios13, "\(result.notes)")
        #expect(result.notes.contains { $0.contains("UIDynamicSystemColor") && $0.contains("iOS 13") })
        #expect(result.document["device"]?["scale"] == 2, "375 x 667 is the @2x iPhone 8 class")
        #expect(result.document["bar"]?["tintColor"] == "systemBlue")
    }

    @Test("CRLF and CR line endings")
    func lineEndings() throws {
        let lines = try Self.dumpLines()
        for ending in ["\r\n", "\r"] {
            let result = try NavImport.importDump(lines.joined(separator: ending) + ending)
            #expect(Self.same(result, try Self.clean()), "ending \(ending.debugDescription)")
        }
    }

    @Test("NSLog prefixes, on the first line only (one NSLog call) or on every line, with or without microseconds")
    func logPrefixes() throws {
        let lines = try Self.dumpLines()
        let prefixes = ["2024-05-01 10:00:00.123 App[123:4567] ", "2024-05-01 10:00:00.123456+0200 App[123:4567] "]
        for prefix in prefixes {
            let first = ([prefix + lines[0]] + lines.dropFirst()).joined(separator: "\n")
            let every = lines.map { prefix + $0 }.joined(separator: "\n")
            #expect(Self.same(try NavImport.importDump(first), try Self.clean()), "first line: \(prefix)")
            #expect(Self.same(try NavImport.importDump(every), try Self.clean()), "every line: \(prefix)")
        }
        #expect(NavImport.stripLogPrefix("2024-05-01 10:00:00.123 My App[9:12] <UIView: 0x1>") == "<UIView: 0x1>")
        #expect(NavImport.stripLogPrefix("2024 was a year <UIView: 0x1>") == "2024 was a year <UIView: 0x1>")
    }

    @Test("Swift po wrappers: ▿ Optional<Any> / - some :, and a quoted string with \\n escapes")
    func swiftWrappers() throws {
        let lines = try Self.dumpLines()
        let optional =
            (["(lldb) po window.value(forKey: \"recursiveDescription\")", "▿ Optional<Any>", "  - some : " + lines[0]]
            + lines.dropFirst()).joined(separator: "\n")
        #expect(Self.same(try NavImport.importDump(optional), try Self.clean()))
        let escaped = lines.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") }
        let quoted = "(lldb) po window.perform(Selector((\"recursiveDescription\")))\n\"" + escaped.joined(separator: "\\n") + "\""
        #expect(Self.same(try NavImport.importDump(quoted), try Self.clean()))
    }

    @Test("class clues: iOS 13's dynamic colours, iOS 16's title control, iOS 26's platters; --profile wins")
    func classClues() throws {
        func dump(_ extra: String, tint: String = "UIExtendedSRGBColorSpace 1 0 0 1") -> String {
            """
            <UIWindow: 0x1; frame = (0 0; 393 852); layer = <UIWindowLayer: 0x2>>
               | <UINavigationBar: 0x3; frame = (0 54; 393 44); tintColor = \(tint); layer = <CALayer: 0x4>>
               |    | <_UINavigationBarContentView: 0x5; frame = (0 0; 393 44); layer = <CALayer: 0x6>>
            \(extra)
            """
        }
        let modern = try NavImport.importDump(dump(""))
        #expect(modern.profile == .ios14, "the iPhone 14 Pro came with iOS 16: \(modern.notes)")
        #expect(modern.document["bar"]?["tintColor"] == "#FF0000")
        let iOS17 = try NavImport.importDump(
            dump(
                "   |    |    | <_UINavigationBarTitleControl: 0x7; frame = (150 0; 93 44); tintColor = <UIDynamicSystemColor: 0x8; name = systemBlueColor>; layer = <CALayer: 0x9>>"
            ))
        #expect(iOS17.profile == .ios14 && iOS17.notes.contains { $0.contains("_UINavigationBarTitleControl") })
        #expect(iOS17.notes.contains { $0.contains("pass --profile (ios17, ios26)") })
        let forced = try NavImport.importDump(dump(""), profile: .ios17)
        #expect(forced.profile == .ios17 && forced.notes.contains("profile ios17: from --profile (the dump suggests ios14)"))
        let gray = try NavImport.importDump(dump("", tint: "UIExtendedGrayColorSpace 0 0.5"))
        #expect(gray.document["bar"]?["tintColor"] == "rgba(0,0,0,0.5)")
    }

    @Test("tree-hit's text: every variant import reads gives the clean recursiveDescription, line for line")
    func treeHitText() throws {
        let lines = try Self.dumpLines()
        let clean = try NavImport.recursiveDescriptionText(lines.joined(separator: "\n"))
        let variants = [
            lines.joined(separator: "\r\n"), lines.map { "2024-05-01 10:00:00.123 App[1:2] " + $0 }.joined(separator: "\n"),
            (["▿ Optional<Any>", "  - some : " + lines[0]] + lines.dropFirst()).joined(separator: "\n"),
        ]
        for text in variants {
            let cleaned = try NavImport.recursiveDescriptionText(text)
            #expect(
                cleaned.split(separator: "\n").map { $0.drop { $0 == " " } } == clean.split(separator: "\n").map { $0.drop { $0 == " " } })
        }
        #expect {
            _ = try NavImport.recursiveDescriptionText(try AccessibilityImportTests.fixture("appium-settings-keyboards-390x844.xml"))
        } throws: { error in
            (error as? NavImport.Failure)?.message.hasPrefix("this is an Appium page source (XML): accessibility frames") == true
        }
    }
}

import Foundation
import NavModel
import NavSource
import Testing

@testable import NavInterfaceBuilder

/// The storyboards of examples/source: each reads without problems, is a navigation controller whose root
/// pushes the screen concerned, and every `<!-- expect: CODE -->` marker stands on a line where the reader
/// placed a setting or an item, which is where the linter reports.
@Suite("Storyboard examples")
struct ExampleTests {
    static let codes = [
        "custom-back-action-ignored", "empty-back-title-trick", "pop-gesture-disabled", "back-button-hidden", "touch-target-small",
        "low-contrast", "supplement-ignored", "back-title-from-title-view", "back-title-truncated", "negative-fixed-space",
        "bar-tint-ignored",
    ]

    static func read(_ code: String, _ variant: String) throws -> (facts: SourceFacts, lines: [String]) {
        let path = "examples/source/\(code)/\(variant).storyboard"
        let bytes = [UInt8](try Data(contentsOf: Fixture.examples.appendingPathComponent("\(code)/\(variant).storyboard")))
        let facts = StoryboardReader().read(bytes, file: path, limits: ReaderLimits(), clock: { 0 })
        return (facts, String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n"))
    }

    /// The codes of each line's `<!-- expect: … -->` marker, by 1-based line.
    static func markers(_ lines: [String]) -> [Int: [String]] {
        var found: [Int: [String]] = [:]
        for (index, line) in lines.enumerated() {
            guard let start = line.range(of: "<!-- expect: "), let end = line.range(of: " -->", range: start.upperBound..<line.endIndex)
            else { continue }
            found[index + 1] = line[start.upperBound..<end.lowerBound].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        return found
    }

    /// The lines where the reader placed a setting or an item.
    static func factLines(_ facts: SourceFacts) -> Set<Int> {
        var lines = Set<Int>()
        for setting in facts.screens.flatMap(\.settings) {
            lines.insert(setting.location.line)
            for item in setting.value.items { lines.insert(item.location.line) }
        }
        return lines
    }

    static func name(_ reference: ScreenRef) -> String? {
        switch reference {
        case .className(let name): return name
        case .scene(let file, let id): return ScreenDraft.sceneName(file: file, id: id)
        default: return nil
        }
    }

    @Test(arguments: codes)
    func eachExampleIsANavigationControllerWhoseRootPushesTheScreenConcerned(code: String) throws {
        for variant in ["failing", "clean"] {
            let (facts, _) = try Self.read(code, variant)
            #expect(facts.problems.isEmpty, "\(code)/\(variant)")
            let root = try #require(facts.edges.first { $0.kind == .root }, "\(code)/\(variant)")
            let rootName = try #require(Self.name(root.to))
            #expect(facts.screens.contains { $0.name == root.from })
            let pushes = facts.edges.filter { $0.kind == .show && $0.from == rootName }
            #expect(!pushes.isEmpty, "\(code)/\(variant)")
            for push in pushes {
                let pushed = try #require(Self.name(push.to))
                #expect(facts.screens.contains { $0.name == pushed }, "\(code)/\(variant): \(pushed)")
            }
        }
    }

    @Test(arguments: codes)
    func markersStandWhereTheReaderPlacesFacts(code: String) throws {
        let (failing, failingLines) = try Self.read(code, "failing")
        let marked = Self.markers(failingLines)
        #expect(!marked.isEmpty, "\(code) marks no line")
        #expect(Set(marked.values.flatMap { $0 }) == [code])
        let placed = Self.factLines(failing)
        for line in marked.keys.sorted() {
            #expect(placed.contains(line), "\(code)/failing.storyboard:\(line) has a marker but no setting or item")
        }
        let (_, cleanLines) = try Self.read(code, "clean")
        #expect(Self.markers(cleanLines).isEmpty, "\(code)/clean.storyboard has a marker")
    }

    @Test func screenNamesAreUniqueAcrossAllExamples() throws {
        var seen: [String: String] = [:]
        for code in Self.codes {
            for variant in ["failing", "clean"] {
                for screen in try Self.read(code, variant).facts.screens {
                    #expect(seen[screen.name] == nil, "\(screen.name) in \(code)/\(variant) and \(seen[screen.name] ?? "")")
                    seen[screen.name] = "\(code)/\(variant)"
                }
            }
        }
        #expect(seen.count > 40)
    }

    /// The classes declared by the examples in other languages (`class X`, `@implementation X`, `@interface X`).
    static func classesDeclaredInCode() throws -> Set<String> {
        var names = Set<String>()
        let files = FileManager.default.enumerator(atPath: Fixture.examples.path)?.compactMap { $0 as? String } ?? []
        for file in files where [".swift", ".m", ".mm", ".h"].contains(where: file.hasSuffix) {
            let text = try String(contentsOf: Fixture.examples.appendingPathComponent(file), encoding: .utf8)
            let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") })
            for (keyword, name) in zip(words, words.dropFirst())
            where ["class", "@implementation", "@interface", "struct"].contains(String(keyword)) {
                names.insert(String(name))
            }
        }
        return names
    }

    @Test func storyboardClassesAreNotTheClassesOfOtherExamples() throws {
        // Linting the folder as one project joins classes by name: a scene sharing a class with a Swift or
        // Objective-C example would change both examples' findings.
        let declared = try Self.classesDeclaredInCode()
        for code in Self.codes {
            for variant in ["failing", "clean"] {
                for screen in try Self.read(code, variant).facts.screens where screen.superclass != nil {
                    #expect(!declared.contains(screen.name), "\(screen.name) of \(code)/\(variant) is also declared in code")
                }
            }
        }
    }

    @Test func theMarkedFactsAreTheOnesEachCodeIsAbout() throws {
        func settings(_ code: String) throws -> [SettingValue] {
            let (facts, lines) = try Self.read(code, "failing")
            let marked = Set(Self.markers(lines).keys)
            return facts.screens.flatMap(\.settings).filter { marked.contains($0.location.line) }.map(\.value)
                + facts.screens.flatMap(\.settings).flatMap { $0.value.items }.filter { marked.contains($0.location.line) }
                .map { SettingValue.rightItems([$0]) }
        }
        #expect(try settings("custom-back-action-ignored").contains { $0.items.first?.hasAction == .known(true) })
        #expect(try settings("empty-back-title-trick").contains { $0.items.first?.content == .title(.known("")) })
        // The custom left item of a pushed scene; FDFullscreenPopGesture's switch beside it turns the swipe off on
        // purpose, which is not marked.
        #expect(try settings("pop-gesture-disabled").contains { !$0.items.isEmpty })
        #expect(try settings("back-button-hidden").contains(.hidesBackButton(.known(true))))
        #expect(
            try settings("touch-target-small").contains {
                $0.items.first?.content
                    == .customView(
                        CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 24, height: 24)), takesTouches: .known(true)))
            })
        #expect(try settings("negative-fixed-space").contains { $0.items.first?.content == .fixedSpace(.known(-16)) })
        #expect(try settings("supplement-ignored").contains(.leftItemsSupplementBackButton(.known(true))))
        #expect(try settings("back-title-from-title-view").contains(.titleView(.known(Size(width: 140, height: 32)))))
        #expect(try settings("back-title-truncated").contains(.itemTitle(.known("Quarterly Regional Sales Performance Overview"))))
        #expect(
            try settings("bar-tint-ignored").contains {
                if case .bar(.barTintColor, .literal) = $0 { return true } else { return false }
            })
        #expect(
            try settings("low-contrast").contains {
                if case .appearance(.standard, .literal) = $0 { return true } else { return false }
            })
    }
}

import Foundation
import NavModel
import NavSource
import Testing

@testable import NavSwift

/// The Swift files of examples/source: each reads without problems, and every `// expect: CODE` marker
/// stands on a line where the reader placed a setting, an item or a hook, which is where the linter
/// reports. Clean files carry no marker.
@Suite("Swift examples")
struct ExampleTests {
    static let codes = [
        "custom-back-action-ignored", "empty-back-title-trick", "pop-gesture-disabled", "back-button-hidden", "pop-gesture-at-root",
        "touch-target-small", "low-contrast", "supplement-ignored", "back-title-from-title-view", "back-title-truncated",
        "back-title-offset-hack", "negative-fixed-space", "back-pop-hook", "bar-tint-ignored",
    ]

    static func read(_ code: String, _ variant: String) throws -> (facts: SourceFacts, lines: [String]) {
        let url = Fixture.examples.appendingPathComponent("\(code)/\(variant).swift")
        let bytes = [UInt8](try Data(contentsOf: url))
        let facts = SwiftReader().read(bytes, file: "examples/source/\(code)/\(variant).swift", limits: ReaderLimits(), clock: { 0 })
        return (facts, String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n"))
    }

    /// The codes of each line's `// expect: …` marker, by 1-based line.
    static func markers(_ lines: [String]) -> [Int: [String]] {
        var found: [Int: [String]] = [:]
        for (index, line) in lines.enumerated() {
            guard let start = line.range(of: "// expect: ") else { continue }
            found[index + 1] = line[start.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return found
    }

    /// The lines where the reader placed a setting, an item or a hook.
    static func factLines(_ facts: SourceFacts) -> Set<Int> {
        var lines = Set<Int>()
        for setting in facts.screens.flatMap(\.settings) + facts.appWide {
            lines.insert(setting.location.line)
            for item in setting.value.items { lines.insert(item.location.line) }
        }
        for hook in facts.screens.flatMap(\.hooks) + facts.classes.flatMap(\.hooks) { lines.insert(hook.location.line) }
        return lines
    }

    @Test(arguments: codes)
    func markersStandWhereTheReaderPlacesFacts(code: String) throws {
        let (failing, lines) = try Self.read(code, "failing")
        #expect(failing.problems.isEmpty, "\(code): \(failing.problems)")
        let marked = Self.markers(lines)
        #expect(!marked.isEmpty, "\(code) marks no line")
        #expect(Set(marked.values.flatMap { $0 }) == [code])
        let placed = Self.factLines(failing)
        for line in marked.keys.sorted() {
            #expect(placed.contains(line), "\(code)/failing.swift:\(line) has a marker and no fact")
        }
    }

    @Test(arguments: codes)
    func cleanFilesReadWithoutProblemsOrMarkers(code: String) throws {
        let (clean, lines) = try Self.read(code, "clean")
        #expect(clean.problems.isEmpty, "\(code): \(clean.problems)")
        #expect(Self.markers(lines).isEmpty)
        #expect(!clean.screens.isEmpty)
    }

    /// Class names are unique across every example, so that linting the folder as one project gives each
    /// file's findings.
    @Test func classNamesAreUniqueAndCarryTheirCode() throws {
        var seen: [String: String] = [:]
        for code in Self.codes {
            let prefix = code.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            for variant in ["failing", "clean"] {
                let (facts, _) = try Self.read(code, variant)
                let names = Set(facts.screens.map(\.name) + facts.classes.map(\.name))
                for name in names {
                    #expect(name.hasPrefix(prefix + (variant == "failing" ? "Failing" : "Clean")), "\(code)/\(variant): \(name)")
                    #expect(seen[name] == nil, "\(name) in \(code)/\(variant) and \(seen[name] ?? "")")
                    seen[name] = "\(code)/\(variant)"
                }
            }
        }
    }

    /// No Swift example names a class that an example in another language declares too.
    @Test func classNamesAreNotTakenByOtherLanguagesExamples() throws {
        var names: Set<String> = []
        for code in Self.codes {
            for variant in ["failing", "clean"] {
                let (facts, _) = try Self.read(code, variant)
                names.formUnion(facts.screens.map(\.name) + facts.classes.map(\.name))
            }
        }
        let files = FileManager.default.enumerator(at: Fixture.examples, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where ["m", "h", "storyboard", "xib"].contains(file.pathExtension) {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            let words = Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
            let shared = names.intersection(words)
            #expect(shared.isEmpty, "\(file.lastPathComponent) in \(file.deletingLastPathComponent().lastPathComponent): \(shared)")
        }
    }

    /// The facts each rule needs are there: the pushes that make a screen pushed, the hooks, the values.
    @Test func failingExamplesCarryTheFactsTheirRulesNeed() throws {
        let back = try Self.read("custom-back-action-ignored", "failing").facts
        let backItem = back.allSettings.compactMap { value -> ItemDraft? in
            if case .backItem(let item?) = value { return item }
            return nil
        }
        #expect(backItem.map(\.hasAction) == [.known(true)])

        let empty = try Self.read("empty-back-title-trick", "failing").facts
        #expect(
            empty.allSettings.contains(
                .backItem(
                    ItemDraft(
                        content: .title(.known("")),
                        location: SourceLocation(
                            file: "examples/source/empty-back-title-trick/failing.swift", line: 16, column: 44)))))

        let pop = try Self.read("pop-gesture-disabled", "failing").facts
        #expect(pop.edges.contains { $0.to == .className("PopGestureDisabledFailingEpisodeViewController") && $0.kind == .push })

        let root = try Self.read("pop-gesture-at-root", "failing").facts
        #expect(root.screen("PopGestureAtRootFailingNavigationController")?.hooks.isEmpty == true)
        let rootClean = try Self.read("pop-gesture-at-root", "clean").facts
        #expect(rootClean.screen("PopGestureAtRootCleanNavigationController")?.hooks.map(\.kind) == [.gestureShouldBegin])

        let small = try Self.read("touch-target-small", "failing").facts
        let customView = small.allSettings.flatMap(\.items).first?.content
        #expect(customView == .customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 24, height: 24)))))

        let offset = try Self.read("back-title-offset-hack", "failing").facts
        #expect(offset.appWide.map(\.value) == [.backTitleOffset(.known(Point(x: -1000, y: 0)))])

        let space = try Self.read("negative-fixed-space", "failing").facts
        #expect(space.allSettings.flatMap(\.items).first?.content == .fixedSpace(.known(-12)))

        let hook = try Self.read("back-pop-hook", "failing").facts
        #expect(hook.screens.flatMap(\.hooks).map(\.kind) == [.shouldPop])
    }
}

import Foundation
import NavModel
import NavSource
import Testing

@testable import NavObjC

/// The examples under examples/source: each failing file's `// expect:` lines are exactly where the reader finds the
/// fact its code rests on, and the clean file has none of those facts.
@Suite("Examples")
struct ExampleTests {
    static let codes = [
        "custom-back-action-ignored", "empty-back-title-trick", "pop-gesture-disabled", "back-button-hidden", "pop-gesture-at-root",
        "touch-target-small", "low-contrast", "supplement-ignored", "back-title-from-title-view", "back-title-truncated",
        "back-title-offset-hack", "negative-fixed-space", "back-pop-hook", "bar-tint-ignored",
    ]

    /// The lines where the facts `code` rests on are made.
    static func factLines(_ facts: SourceFacts, code: String) -> Set<Int> {
        var lines: Set<Int> = []
        let usesAppearance = (facts.screens.flatMap(\.settings) + facts.appWide).contains {
            if case .appearance = $0.value { return true } else { return false }
        }
        for setting in facts.appWide {
            if code == "back-title-offset-hack", case .backTitleOffset(.known(let p)) = setting.value, abs(p.x) > 20 || abs(p.y) > 20 {
                lines.insert(setting.location.line)
            }
        }
        for screen in facts.screens {
            let values = screen.settings.map(\.value)
            let hasTitle = values.contains {
                if case .title = $0 { return true }
                if case .itemTitle = $0 { return true }
                return false
            }
            let hidesBack = values.contains(.hidesBackButton(.known(true)))
            let guarded = screen.hooks.contains { $0.kind == .gestureShouldBegin }
            let pushed = facts.edges.contains { ($0.kind == .push || $0.kind == .show) && $0.to == .className(screen.name) }
            let pushes = facts.edges.contains { ($0.kind == .push || $0.kind == .show) && $0.from == screen.name }
            let hasLeftItems = values.contains {
                if case .leftItems(let items) = $0 { return !items.isEmpty }
                return false
            }
            if code == "back-pop-hook" {
                for hook in screen.hooks where hook.kind == .backButtonHandler || hook.kind == .shouldPop {
                    lines.insert(hook.location.line)
                }
            }
            for setting in screen.settings {
                let line = setting.location.line
                switch (code, setting.value) {
                case ("custom-back-action-ignored", .backItem(let item?)) where item.hasAction == .known(true): lines.insert(line)
                case ("empty-back-title-trick", .backItem(let item?)) where item.content == .title(.known("")): lines.insert(line)
                case ("pop-gesture-disabled", .leftItems(let items))
                where pushed && !items.isEmpty && !values.contains(.leftItemsSupplementBackButton(.known(true))):
                    lines.insert(line)
                case ("back-button-hidden", .hidesBackButton(.known(true))) where pushed && !hasLeftItems: lines.insert(line)
                case ("pop-gesture-at-root", .popGestureDelegate(let d)) where d != .other && !guarded: lines.insert(line)
                case ("touch-target-small", .leftItems(let items)), ("touch-target-small", .rightItems(let items)):
                    for item in items {
                        if case .customView(let view) = item.content, let size = view.size.value, size.width < 44 || size.height < 44 {
                            lines.insert(item.location.line)
                        }
                    }
                case ("negative-fixed-space", .leftItems(let items)), ("negative-fixed-space", .rightItems(let items)):
                    for item in items {
                        if case .fixedSpace(.known(let width)) = item.content, width < 0 { lines.insert(item.location.line) }
                    }
                case ("low-contrast", .bar(.tintColor, .literal(let c))) where DiagnosticsEngine.contrast(c, .white) < 4.5:
                    lines.insert(line)
                case ("supplement-ignored", .leftItemsSupplementBackButton(.known(true))) where hidesBack: lines.insert(line)
                case ("back-title-from-title-view", .titleView) where pushes && !hasTitle: lines.insert(line)
                case ("back-title-truncated", .title(.known(let t))) where pushes && t.count > 24: lines.insert(line)
                case ("bar-tint-ignored", .bar(.barTintColor, _)) where !usesAppearance: lines.insert(line)
                default: break
                }
            }
        }
        for draft in facts.classes where code == "back-pop-hook" {
            for hook in draft.hooks where hook.kind == .shouldPop || hook.kind == .backButtonHandler { lines.insert(hook.location.line) }
        }
        return lines
    }

    /// The lines whose `// expect:` marker names `code`.
    static func markedLines(_ text: String, code: String) -> Set<Int> {
        var lines: Set<Int> = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let marker = line.range(of: "// expect:") else { continue }
            let codes = line[marker.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            if codes.contains(code) { lines.insert(i + 1) }
        }
        return lines
    }

    static func read(_ code: String, _ name: String) throws -> (facts: SourceFacts, text: String) {
        let url = Source.examples.appendingPathComponent(code).appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        return (Source.read(text, file: "examples/source/\(code)/\(name)"), text)
    }

    @Test("A failing example's marked lines are where its facts are made", arguments: codes)
    func failing(_ code: String) throws {
        let (facts, text) = try Self.read(code, "failing.m")
        #expect(facts.problems.isEmpty)
        let marked = Self.markedLines(text, code: code)
        #expect(!marked.isEmpty)
        #expect(Self.factLines(facts, code: code) == marked)
    }

    @Test("A clean example has none of the facts and no markers", arguments: codes)
    func clean(_ code: String) throws {
        let (facts, text) = try Self.read(code, "clean.m")
        #expect(facts.problems.isEmpty)
        #expect(!text.contains("expect:"))
        #expect(Self.factLines(facts, code: code).isEmpty)
        #expect(!facts.screens.isEmpty || !facts.appWide.isEmpty)
    }

    @Test("Class names are unique across the examples")
    func uniqueNames() throws {
        var seen: [String: String] = [:]
        for code in Self.codes {
            for name in ["failing.m", "clean.m"] {
                let (facts, _) = try Self.read(code, name)
                for screen in facts.screens where !screen.name.hasPrefix("UI") {
                    #expect(seen[screen.name] == nil, "\(screen.name) in \(code)/\(name) and \(seen[screen.name] ?? "")")
                    seen[screen.name] = "\(code)/\(name)"
                }
            }
        }
        #expect(seen.count > 30)
        // Nor used by the examples in the other languages, so that the whole folder lints as one app.
        let others = try FileManager.default.subpathsOfDirectory(atPath: Source.examples.path).filter {
            $0.hasSuffix(".swift") || $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib")
        }
        for path in others {
            let text = try String(contentsOf: Source.examples.appendingPathComponent(path), encoding: .utf8)
            for name in seen.keys {
                let declared = text.contains("class \(name)") || text.contains("struct \(name)") || text.contains("customClass=\"\(name)\"")
                #expect(!declared, "\(name) of \(seen[name] ?? "") is declared in \(path) too")
            }
        }
    }
}

import Foundation
import NavModel
import NavSource
import Synchronization
import Testing

@testable import NavObjC

/// Reading sources in tests: inline text and the fixtures under Tests/Fixtures/source/objc.
enum Source {
    static let fixtures = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/source/objc")

    static let examples = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/source")

    /// A clock that never moves: no test but the time limit's own depends on the machine's speed.
    static let stoppedClock: @Sendable () -> Double = { 0 }

    static func read(_ text: String, file: String = "Test.m", limits: ReaderLimits = ReaderLimits()) -> SourceFacts {
        ObjCReader().read(Array(text.utf8), file: file, limits: limits, clock: stoppedClock)
    }

    static func text(of fixture: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(fixture), encoding: .utf8)
    }

    /// A fixture's facts and its text (to find lines by their content).
    static func fixture(_ name: String) throws -> (facts: SourceFacts, text: String) {
        let text = try text(of: name)
        return (read(text, file: name), text)
    }

    static func tokens(_ text: String, maxNesting: Int = 256) -> LexedSource {
        var lexer = Lexer(bytes: Array(text.utf8), maxNesting: maxNesting, deadline: 1)
        return lexer.run(clock: stoppedClock)
    }

    /// The 1-based line of the first line holding `needle`; 0 when none does (which fails any comparison).
    static func line(of needle: String, in text: String, after: Int = 0) -> Int {
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where i + 1 > after {
            if line.contains(needle) { return i + 1 }
        }
        return 0
    }
}

extension SourceFacts {
    func screen(_ name: String) -> ScreenDraft? { screens.first { $0.name == name } }

    func classDraft(_ name: String, category: String? = nil) -> ClassDraft? {
        classes.first { $0.name == name && $0.category == category }
    }

    /// The settings of a screen made on `line`.
    func settings(of name: String, line: Int) -> [SettingValue] {
        (screen(name)?.settings ?? []).filter { $0.location.line == line }.map(\.value)
    }

    func setting(of name: String, line: Int) -> Setting? {
        screen(name)?.settings.first { $0.location.line == line }
    }
}

extension SettingValue {
    /// The items of a left or right items setting.
    var items: [ItemDraft]? {
        switch self {
        case .leftItems(let items), .rightItems(let items): return items
        default: return nil
        }
    }
}

/// A clock that moves one second each time it is read: a reader checking it often enough runs out of time at once.
final class FastClock: Sendable {
    private let now = Mutex<Double>(0)

    var read: @Sendable () -> Double {
        {
            self.now.withLock {
                $0 += 1; return $0
            }
        }
    }
}

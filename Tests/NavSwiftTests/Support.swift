import Foundation
import NavModel
import NavSource

@testable import NavSwift

/// Reads Swift given as text.
func read(
    _ text: String, file: String = "Test.swift", limits: ReaderLimits = ReaderLimits(), clock: @Sendable () -> Double = { 0 }
) -> SourceFacts {
    SwiftReader().read(Array(text.utf8), file: file, limits: limits, clock: clock)
}

/// The fixture files and the examples, found from this file (through the dev package's symlinks too).
enum Fixture {
    static let tests = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let swift = tests.appendingPathComponent("Fixtures/source/swift")
    static let examples = tests.deletingLastPathComponent().appendingPathComponent("examples/source")

    static func read(_ name: String, limits: ReaderLimits = ReaderLimits()) throws -> SourceFacts {
        let bytes = [UInt8](try Data(contentsOf: swift.appendingPathComponent(name)))
        return SwiftReader().read(bytes, file: name, limits: limits, clock: { 0 })
    }
}

extension SourceFacts {
    /// The screen of a name; the first when extensions add more.
    func screen(_ name: String) -> ScreenDraft? { screens.first { $0.name == name } }

    /// Every setting of every screen, in screen order.
    var allSettings: [SettingValue] { screens.flatMap { $0.settings.map(\.value) } }
}

extension ScreenDraft {
    var values: [SettingValue] { settings.map(\.value) }
}

extension SettingValue {
    /// The items a setting holds.
    var items: [ItemDraft] {
        switch self {
        case .backItem(let item?): return [item]
        case .leftItems(let items), .rightItems(let items): return items
        default: return []
        }
    }
}

extension Color {
    /// The colour with components rounded to 8 bits, for comparisons.
    var bytes: [Int] { [r8, g8, b8, a8] }
}

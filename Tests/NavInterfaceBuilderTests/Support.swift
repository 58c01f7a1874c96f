import Foundation
import NavModel
import NavSource

@testable import NavInterfaceBuilder

/// The fixture files and the examples, found from this file (through the dev package's symlinks too).
enum Fixture {
    static let tests = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let storyboards = tests.appendingPathComponent("Fixtures/source/storyboard")
    static let examples = tests.deletingLastPathComponent().appendingPathComponent("examples/source")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: storyboards.appendingPathComponent(name)))
    }

    static func read(_ name: String, limits: ReaderLimits = ReaderLimits()) throws -> SourceFacts {
        StoryboardReader().read(try bytes(name), file: name, limits: limits, clock: { 0 })
    }
}

/// Reads a storyboard given as text.
func read(
    _ text: String, file: String = "Test.storyboard", limits: ReaderLimits = ReaderLimits(), clock: @Sendable () -> Double = { 0 }
) -> SourceFacts {
    StoryboardReader().read(Array(text.utf8), file: file, limits: limits, clock: clock)
}

/// A storyboard document around `scenes` (and `resources`), as Xcode writes one.
func storyboard(_ scenes: String, resources: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" \
    targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
        <dependencies>
            <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
        </dependencies>
        <scenes>
    \(scenes)
        </scenes>
        <resources>
    \(resources)
        </resources>
    </document>

    """
}

/// One scene holding `controller` (a view controller element with its children).
func scene(_ id: String, _ controller: String) -> String {
    """
            <scene sceneID="\(id)">
                <objects>
    \(controller)
                    <placeholder placeholderIdentifier="IBFirstResponder" id="\(id)-fr" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
    """
}

extension SourceFacts {
    func screen(_ name: String) -> ScreenDraft? { screens.first { $0.name == name } }
}

extension ScreenDraft {
    var values: [SettingValue] { settings.map(\.value) }
}

extension SettingValue {
    /// The items of a back, left or right item setting.
    var items: [ItemDraft] {
        switch self {
        case .backItem(let item): return item.map { [$0] } ?? []
        case .leftItems(let items), .rightItems(let items): return items
        default: return []
        }
    }
}

/// A location in a fixture, for comparisons.
func at(_ file: String, _ line: Int, _ column: Int, utf16 utf16Column: Int? = nil) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column, utf16Column: utf16Column)
}

/// Bytes that look random but are the same on every run.
func junk(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}

import Foundation
import NavModel
import NavSource
import Testing

@testable import NavInterfaceBuilder

@Suite("Asset catalog colour sets")
struct ColorSetReaderTests {
    static let catalog = Fixture.storyboards.appendingPathComponent("Assets.xcassets")

    static func read(_ set: String, limits: ReaderLimits = ReaderLimits()) throws -> SourceFacts {
        let path = "App/Assets.xcassets/\(set).colorset/Contents.json"
        let bytes = [UInt8](try Data(contentsOf: catalog.appendingPathComponent("\(set).colorset/Contents.json")))
        return ColorSetReader().read(bytes, file: path, limits: limits, clock: { 0 })
    }

    static func color(_ set: String) throws -> Color {
        let facts = try read(set)
        #expect(facts.problems.isEmpty)
        #expect(facts.language == .assetCatalog)
        #expect(Array(facts.colors.keys) == [set])
        return try #require(facts.colors[set])
    }

    @Test func floatComponentsAndTheDarkEntryListedFirst() throws {
        #expect(try Self.color("Brand") == Color(red: 0.125, green: 0.25, blue: 0.5))
    }

    @Test func eightBitComponents() throws {
        #expect(try Self.color("Highlight") == Color(r8: 255, g8: 128, b8: 0, alpha: 0.8))
    }

    @Test func hexadecimalComponentsAndAHighContrastEntry() throws {
        #expect(try Self.color("Accent") == Color(r8: 0, g8: 0x7A, b8: 0xFF))
    }

    @Test func displayP3IsReadAsSRGB() throws {
        #expect(try Self.color("Vivid") == Color(red: 0.9, green: 0.2, blue: 0.1))
    }

    @Test func extendedSRGBKeepsComponentsBeyondTheRange() throws {
        #expect(try Self.color("Glow") == Color(red: 1.2, green: 0.5, blue: -0.1))
    }

    @Test func grayGammaIsReadByWhite() throws {
        let slate = try Self.color("Slate")
        #expect(abs(slate.red - 0.5038) < 0.0005)
        #expect(slate.red == slate.green && slate.green == slate.blue)
        #expect(slate.alpha == 0.5)
    }

    @Test func theLightEntryStandsInWhenThereIsNoneForAnyAppearance() throws {
        #expect(try Self.color("Dusk") == Color(red: 0.3, green: 0.3, blue: 0.3))
    }

    @Test func theUniversalEntryWinsOverADevicesOwn() throws {
        #expect(try Self.color("Panel") == Color(red: 0, green: 1, blue: 0))
    }

    @Test func aSystemColourReferenceTakesUIKitsValue() throws {
        let link = try Self.color("Link")
        #expect(link == SystemPalette.color(named: "systemBlue", dark: false))
    }

    @Test func aFileOutsideAColourSetHasNoColours() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.catalog.appendingPathComponent("Contents.json")))
        let facts = ColorSetReader().read(bytes, file: "App/Assets.xcassets/Contents.json", limits: ReaderLimits(), clock: { 0 })
        #expect(facts.colors.isEmpty && facts.problems.isEmpty)
    }

    @Test func theNameIsTheFolders() {
        #expect(ColorSetReader.colorSetName("Brand.colorset/Contents.json") == "Brand")
        #expect(ColorSetReader.colorSetName("/a/b/Assets.xcassets/Brand Blue.colorset/Contents.json") == "Brand Blue")
        #expect(ColorSetReader.colorSetName("Assets.xcassets\\Accent.colorset\\Contents.json") == "Accent")
        #expect(ColorSetReader.colorSetName(".colorset/Contents.json") == nil)
        #expect(ColorSetReader.colorSetName("Brand.imageset/Contents.json") == nil)
        #expect(ColorSetReader.colorSetName("Brand.colorset/Other.json") == nil)
    }

    @Test func componentsInEachForm() {
        #expect(ColorSetReader.component(text: "0.500") == 0.5)
        #expect(ColorSetReader.component(text: "128") == 128.0 / 255)
        #expect(ColorSetReader.component(text: "0x80") == 128.0 / 255)
        #expect(ColorSetReader.component(text: "0XfF") == 1)
        #expect(ColorSetReader.component(text: " 1.000 ") == 1)
        #expect(ColorSetReader.component(text: "1", isAlpha: true) == 1)
        for bad in ["256", "0x100", "-3", "abc", "0x", "nan", "inf", ""] {
            #expect(ColorSetReader.component(text: bad) == nil, "\(bad)")
        }
    }

    @Test func numbersInsteadOfStringsAreReadToo() {
        let facts = Self.read(json: Self.set(Self.entry("srgb", #""red": 51, "green": 0.5, "blue": 1, "alpha": 1"#)))
        #expect(facts.problems.isEmpty)
        #expect(facts.colors["Bad"] == Color(red: 0.2, green: 0.5, blue: 1))
    }

    static func read(json: String) -> SourceFacts {
        ColorSetReader().read(Array(json.utf8), file: "Bad.colorset/Contents.json", limits: ReaderLimits(), clock: { 0 })
    }

    /// A colour set's `Contents.json` with `entries`.
    static func set(_ entries: String...) -> String {
        #"{"colors": ["# + entries.joined(separator: ", ") + #"], "info": {"author": "xcode", "version": 1}}"#
    }

    /// One universal entry of a colour set.
    static func entry(_ space: String, _ components: String, appearance: String? = nil) -> String {
        let appearances = appearance.map { #""appearances": [{"appearance": "luminosity", "value": "\#($0)"}], "# } ?? ""
        return #"{"idiom": "universal", \#(appearances)"color": {"color-space": "\#(space)", "components": {\#(components)}}}"#
    }

    @Test func unreadableSetsAreOneProblem() {
        let white = #""red": "1", "green": "1", "blue": "1", "alpha": "1.000""#
        let cases = [
            // Only a dark entry.
            Self.set(Self.entry("srgb", white, appearance: "dark")),
            Self.set(Self.entry("cmyk", #""cyan": "1""#)),
            Self.set(Self.entry("srgb", #""red": "300", "green": "0", "blue": "0""#)),
            Self.set(#"{"idiom": "universal", "color": {"platform": "ios", "reference": "madeUpColor"}}"#),
            #"{"info": {"version": 1}}"#,
        ]
        for json in cases {
            let facts = Self.read(json: json)
            #expect(facts.colors.isEmpty, "\(json)")
            #expect(facts.problems.count == 1, "\(json)")
        }
    }

    @Test func aSetWithoutAColourIsNoProblem() {
        // Xcode's template `AccentColor.colorset`: the app keeps UIKit's default.
        let facts = Self.read(json: Self.set(#"{"idiom": "universal"}"#))
        #expect(facts.colors.isEmpty)
        #expect(facts.problems.isEmpty)
    }

    @Test func invalidJSONIsAProblemWhereItIs() {
        let facts = Self.read(json: "{\n  \"colors\" : [\n    { \"idiom\" : universal }\n  ]\n}\n")
        #expect(facts.problems.count == 1)
        #expect(facts.problems.first?.location.line == 3)
        #expect(facts.problems.first?.message.hasPrefix("invalid JSON") == true)
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(Self.read(json: deep).problems.map(\.limit) == [ReaderLimits.nestingName])
        let junkFacts = ColorSetReader().read(
            junk(count: 2000, seed: 7), file: "J.colorset/Contents.json", limits: ReaderLimits(), clock: { 0 })
        #expect(junkFacts.problems.count == 1 && junkFacts.colors.isEmpty)
    }

    @Test func aSetOverTheSizeLimitIsNotRead() throws {
        let facts = try Self.read("Brand", limits: ReaderLimits(maxFileBytes: 100))
        #expect(facts.problems.map(\.limit) == [ReaderLimits.fileBytesName])
        #expect(facts.colors.isEmpty)
    }
}

import Foundation
import NavdProbeCore
import ProbeTestSupport
import Testing

@Suite struct ColourText {
    @Test func opaqueColoursAreSixDigits() {
        #expect(ProbeColor.rgba(red: 1, green: 0.8, blue: 0, alpha: 1).hex == "#FFCC00")
        #expect(ProbeColor.rgba(red: 0, green: 122 / 255, blue: 1, alpha: 1).hex == "#007AFF")
    }

    @Test func translucentColoursCarryTheirAlpha() {
        #expect(ProbeColor.rgba(red: 0, green: 0, blue: 0, alpha: 0.5).hex == "#00000080")
    }

    @Test func extendedComponentsAreClampedToSRGB() {
        #expect(ProbeColor.rgba(red: 1.2, green: -0.1, blue: 0.5, alpha: 1).hex == "#FF0080")
        #expect(ProbeColor.rgba(red: .nan, green: .infinity, blue: 0, alpha: 1).hex == "#000000")
    }

    @Test func unreadableHasNoText() {
        #expect(ProbeColor.unreadable.hex == nil)
    }

    @Test func hexRoundTrips() {
        for text in ["#1C1C1E", "#FFCC00", "#00000080", "#0A84FF"] {
            #expect(ProbeColor(hex: text)?.hex == text)
        }
        #expect(ProbeColor(hex: "FFCC00")?.hex == "#FFCC00")
    }

    @Test func malformedHexIsNil() {
        for text in ["", "#", "#FFF", "#GGGGGG", "#FFCC00F", "#+1+1+1"] {
            #expect(ProbeColor(hex: text) == nil, "\(text)")
        }
    }
}

@Suite struct JSONWriting {
    @Test func textIsEscapedAndParsesBack() throws {
        let title = "Quote \" backslash \\ newline \n tab \t bell \u{07} 设置 🚀"
        let document = SessionDocument(screens: [SessionDocument.Screen(id: "a", title: title)])
        let json = try ParsedJSON(parsing: document.json)
        #expect(json["screens"]?[0]?["title"] == .string(title))
        #expect(document.json.contains("\\u0007"))
        #expect(document.json.contains("设置 🚀"))
    }

    @Test func numbersAreWrittenAsJSONNumbers() throws {
        let document = SessionDocument(device: SessionDocument.Device(width: 390, height: 844.5, statusBarHeight: 0.001, scale: 3))
        #expect(document.json.contains("\"width\": 390,"))
        #expect(document.json.contains("\"height\": 844.5,"))
        #expect(try ParsedJSON(parsing: document.json)["device"] == ["width": 390, "height": 844.5, "statusBarHeight": 0.001, "scale": 3])
    }

    @Test func aDocumentAloneHasFormatAndScreens() throws {
        #expect(try ParsedJSON(parsing: SessionDocument().json) == ["format": "navd-session", "formatVersion": 1, "screens": []])
    }

    @Test func writeWritesTheJSON() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navd-probe-\(UInt64.random(in: 0...UInt64.max)).navd.json")
        defer { try? FileManager.default.removeItem(at: url) }
        let document = SessionDocument(name: "written", screens: [SessionDocument.Screen(id: "home")])
        try document.write(to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == document.json)
    }
}

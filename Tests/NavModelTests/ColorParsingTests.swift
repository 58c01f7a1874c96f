import Testing

@testable import NavModel

struct ColorParseVector: Sendable, CustomTestStringConvertible {
    var text: String
    /// The expected `hex`, or nil when parsing must fail.
    var hex: String?
    /// A fragment the error message must contain, or the expected `name`.
    var detail: String? = nil
    var testDescription: String { "\"\(text)\"" }
}

let colorParseVectors: [ColorParseVector] = [
    ColorParseVector(text: "#FFF", hex: "#FFFFFF"),
    ColorParseVector(text: "#abc", hex: "#AABBCC"),
    ColorParseVector(text: "#007aff", hex: "#007AFF"),
    ColorParseVector(text: "#AbCdEf", hex: "#ABCDEF"),
    ColorParseVector(text: "#11223380", hex: "#11223380"),
    ColorParseVector(text: "#112233FF", hex: "#112233"),
    ColorParseVector(text: "  #000  ", hex: "#000000"),
    ColorParseVector(text: "rgb(0,122,255)", hex: "#007AFF"),
    ColorParseVector(text: "rgb( 0 , 122 , 255 )", hex: "#007AFF"),
    ColorParseVector(text: "RGB(255,255,255)", hex: "#FFFFFF"),
    ColorParseVector(text: "rgba(0, 0, 0, 0.5)", hex: "#00000080"),
    ColorParseVector(text: "rgba(0,0,0,.5)", hex: "#00000080"),
    ColorParseVector(text: "rgba(10,20,30,1)", hex: "#0A141E"),
    ColorParseVector(text: "rgba(10,20,30,0)", hex: "#0A141E00"),
    ColorParseVector(text: "systemBlue", hex: "#007AFF", detail: "systemBlue"),
    ColorParseVector(text: "systemBlue:dark", hex: "#0A84FF", detail: "systemBlue:dark"),
    ColorParseVector(text: "SYSTEMBLUE:Dark", hex: "#0A84FF", detail: "systemBlue:dark"),
    ColorParseVector(text: "label", hex: "#000000", detail: "label"),
    ColorParseVector(text: "label:dark", hex: "#FFFFFF", detail: "label:dark"),
    ColorParseVector(text: "secondaryLabel", hex: "#3C3C4399", detail: "secondaryLabel"),
    ColorParseVector(text: "systemBackground:dark", hex: "#000000", detail: "systemBackground:dark"),
    ColorParseVector(text: "secondarySystemBackground", hex: "#F2F2F7", detail: "secondarySystemBackground"),
    ColorParseVector(text: "systemGroupedBackground:dark", hex: "#000000", detail: "systemGroupedBackground:dark"),
    ColorParseVector(text: "systemGray6:dark", hex: "#1C1C1E", detail: "systemGray6:dark"),
    ColorParseVector(text: "systemRed", hex: "#FF3B30", detail: "systemRed"),
    ColorParseVector(text: "clear", hex: "#00000000", detail: "clear"),
    ColorParseVector(text: "white:dark", hex: "#FFFFFF", detail: "white:dark"),
    // Errors, each with a precise message
    ColorParseVector(text: "", hex: nil, detail: "empty"),
    ColorParseVector(text: "#12345", hex: nil, detail: "5 hex digits"),
    ColorParseVector(text: "#GGG", hex: nil, detail: "'G', which is not a hex digit"),
    ColorParseVector(text: "rgb(256,0,0)", hex: nil, detail: "red 256"),
    ColorParseVector(text: "rgb(0,-1,0)", hex: nil, detail: "green in"),
    ColorParseVector(text: "rgb(1.5,0,0)", hex: nil, detail: "integer from 0 to 255"),
    ColorParseVector(text: "rgba(0,0,0,1.5)", hex: nil, detail: "alpha 1.5"),
    ColorParseVector(text: "rgba(0,0,0,x)", hex: nil, detail: "alpha in"),
    ColorParseVector(text: "rgb(0,0)", hex: nil, detail: "takes 3 numbers"),
    ColorParseVector(text: "rgb(0,0,0,1)", hex: nil, detail: "use rgba"),
    ColorParseVector(text: "rgba(0,0,0)", hex: nil, detail: "takes 4 numbers"),
    ColorParseVector(text: "rgb(0,0,0", hex: nil, detail: "closing ')'"),
    ColorParseVector(text: "blurple", hex: nil, detail: "systemBlue"),
    ColorParseVector(text: "systemBlue:light", hex: nil, detail: "':dark'"),
]

@Suite("Colour syntax (PROTOCOL.md section 3)")
struct ColorParsingTests {
    @Test(arguments: colorParseVectors)
    func vector(_ v: ColorParseVector) {
        do {
            let c = try Color.parse(v.text)
            #expect(v.hex != nil, "should have failed, parsed \(c.hex)")
            #expect(c.hex == v.hex)
            if let name = v.detail { #expect(c.name == name) }
        } catch {
            #expect(v.hex == nil, "unexpected error: \(error.message)")
            if let fragment = v.detail { #expect(error.message.contains(fragment), "\(error.message)") }
        }
    }

    @Test("COL-8 systemBlue light and dark")
    func systemBlue() throws {
        let light = try Color.parse("systemBlue")
        #expect(light.r8 == 0 && light.g8 == 122 && light.b8 == 255)
        let dark = try Color.parse("systemBlue:dark")
        #expect(dark.r8 == 10 && dark.g8 == 132 && dark.b8 == 255)
    }

    @Test("8-bit inputs stay exactly 8-bit, so the integer rule applies (COL-3)")
    func eightBit() throws {
        for text in ["#BABABA", "rgb(186,186,186)", "#bababa", "systemGray"] {
            #expect(try Color.parse(text).isEightBit, "\(text)")
        }
        #expect(try Color.parse("rgba(1,2,3,0.5)").alpha == 0.5)
    }

    @Test("every palette name parses in light and dark")
    func palette() throws {
        #expect(SystemPalette.names.count >= 45)
        for name in SystemPalette.names {
            #expect(try Color.parse(name).name == name)
            #expect(try Color.parse(name + ":dark").name == name + ":dark")
        }
    }

    @Test("an unknown name lists valid names")
    func unknownName() {
        #expect(throws: ColorParseError.self) { try Color.parse("systemBlu") }
        do {
            _ = try Color.parse("systemBlu")
        } catch {
            #expect(error.message.contains("label") && error.message.contains("systemBackground"))
        }
    }
}

import Testing

@testable import NavModel

/// One colour vector: a colour (or a session), a method, and the expected answer.
struct TintVector: Sendable, CustomTestStringConvertible {
    var id: String
    var rule: String
    var color: Color
    var backdrop: Color = .white
    var method: Policies.TintMethod = .yiq
    var threshold: Double = 186.0 / 256.0
    var foreground: Color
    /// Checked to 4 decimals when given.
    var luminance: Double? = nil
    var contrastBlack: Double? = nil
    var contrastWhite: Double? = nil
    var background: String? = nil

    var testDescription: String { "\(id) (\(rule))" }
}

let tintVectors: [TintVector] = [
    TintVector(id: "COL-V01 white, yiq", rule: "COL-3", color: .white, foreground: .black, luminance: 1),
    TintVector(
        id: "COL-V01 white, wcag", rule: "COL-4", color: .white, method: .wcag, foreground: .black, luminance: 1,
        contrastBlack: 21, contrastWhite: 1),
    TintVector(id: "COL-3 black, yiq", rule: "COL-3", color: .black, foreground: .white, luminance: 0),
    TintVector(
        id: "COL-V03 systemBlue, yiq", rule: "COL-3", color: Color(r8: 0, g8: 122, b8: 255), foreground: .white,
        luminance: 0.3948),
    TintVector(
        id: "COL-V03 systemBlue, wcag", rule: "COL-4", color: Color(r8: 0, g8: 122, b8: 255), method: .wcag,
        foreground: .black, luminance: 0.2114, contrastBlack: 5.2278, contrastWhite: 4.0170),
    TintVector(id: "COL-V13 #B9B9B9 yiq", rule: "COL-3", color: .grey(0xB9), foreground: .white),
    TintVector(id: "COL-V14 #BABABA yiq", rule: "COL-3", color: .grey(0xBA), foreground: .black),
    TintVector(
        id: "COL-3 the original 186/255 line keeps #BABABA white", rule: "COL-3", color: .grey(0xBA),
        threshold: 186.0 / 255.0, foreground: .white),
    TintVector(
        id: "COL-3 the original 186/255 line: #BBBBBB black", rule: "COL-3", color: .grey(0xBB),
        threshold: 186.0 / 255.0, foreground: .black),
    // The documented snapping tolerance: a threshold within 1e-9 of k/255 is that fraction, compared on integers.
    TintVector(
        id: "COL-3 #BABABA at 186/255 - 5e-10 (snapped to 186/255)", rule: "COL-3", color: Color(r8: 186, g8: 186, b8: 186),
        threshold: 186.0 / 255.0 - 5e-10, foreground: .white),
    TintVector(
        id: "COL-3 #BABABA at 186/255 - 2e-9 (beyond the tolerance: its own value)", rule: "COL-3",
        color: Color(r8: 186, g8: 186, b8: 186), threshold: 186.0 / 255.0 - 2e-9, foreground: .black),
    TintVector(
        id: "COL-3 threshold 0.5: #808080 black", rule: "COL-3", color: .grey(0x80), threshold: 0.5,
        foreground: .black),
    TintVector(
        id: "COL-3 threshold 0.5: #7F7F7F white", rule: "COL-3", color: .grey(0x7F), threshold: 0.5,
        foreground: .white),
    TintVector(
        id: "COL-3 systemYellow is light", rule: "COL-3", color: Color(r8: 255, g8: 204, b8: 0), foreground: .black),
    TintVector(
        id: "COL-3 systemRed is dark", rule: "COL-3", color: Color(r8: 255, g8: 59, b8: 48), foreground: .white),
    TintVector(
        id: "COL-4 grey 117 (#757575) white", rule: "COL-4", color: .grey(117), method: .wcag, foreground: .white,
        luminance: 0.1779),
    TintVector(
        id: "COL-4 grey 118 (#767676) black", rule: "COL-4", color: .grey(118), method: .wcag, foreground: .black,
        luminance: 0.1812),
    TintVector(
        id: "COL-4 low channel linearisation (#0A0A0A)", rule: "COL-4", color: .grey(10), method: .wcag,
        foreground: .white, luminance: 0.0030),
    TintVector(
        id: "COL-A1 black at 0.5 over white, yiq", rule: "COL-6", color: Color(r8: 0, g8: 0, b8: 0, alpha: 0.5),
        foreground: .white, luminance: 0.5),
    TintVector(
        id: "COL-A1 black at 0.5 over white, wcag", rule: "COL-6", color: Color(r8: 0, g8: 0, b8: 0, alpha: 0.5),
        method: .wcag, foreground: .black, luminance: 0.2140),
    TintVector(
        id: "COL-6 white at 0.5 over black", rule: "COL-6", color: Color(r8: 255, g8: 255, b8: 255, alpha: 0.5),
        backdrop: .black, foreground: .white, luminance: 0.5),
    TintVector(
        id: "COL-6 clear shows the backdrop", rule: "COL-6", color: Color(r8: 0, g8: 0, b8: 0, alpha: 0),
        backdrop: .grey(0xBA), foreground: .black, background: "#BABABA"),
    TintVector(
        id: "COL-6 a translucent backdrop is made opaque over white", rule: "COL-6",
        color: Color(r8: 0, g8: 0, b8: 0, alpha: 0), backdrop: Color(r8: 0, g8: 0, b8: 0, alpha: 0),
        foreground: .black, background: "#FFFFFF"),
    TintVector(
        id: "COL-7 extended components are clamped, yiq", rule: "COL-7",
        color: Color(red: 1.2, green: -0.1, blue: 0), foreground: .white, luminance: 0.299, background: "#FF0000"),
    TintVector(
        id: "COL-7 extended components are clamped, wcag", rule: "COL-7",
        color: Color(red: 1.2, green: -0.1, blue: 0), method: .wcag, foreground: .black, luminance: 0.2126),
    TintVector(
        id: "COL-3 a non-8-bit grey just above the line", rule: "COL-3", color: Color(red: 0.73, green: 0.73, blue: 0.73),
        foreground: .black, luminance: 0.73),
    TintVector(
        id: "COL-3 a non-8-bit grey just below the line", rule: "COL-3", color: Color(red: 0.72, green: 0.72, blue: 0.72),
        foreground: .white, luminance: 0.72),
]

@Suite("Tint conformance (SEMANTICS section 5)")
struct TintConformanceTests {
    @Test(arguments: tintVectors)
    func vector(_ v: TintVector) {
        let r = TintEngine.resolve(color: v.color, backdrop: v.backdrop, method: v.method, threshold: v.threshold)
        #expect(r.automaticForeground == v.foreground, "foreground")
        #expect(r.method == v.method)
        #expect(r.background.isOpaque)
        if let l = v.luminance { #expect(abs(r.luminance - l) < 0.00005, "luminance \(r.luminance)") }
        if let b = v.contrastBlack { #expect(abs(r.contrastBlack - b) < 0.00005, "contrast black \(r.contrastBlack)") }
        if let w = v.contrastWhite { #expect(abs(r.contrastWhite - w) < 0.00005, "contrast white \(r.contrastWhite)") }
        if let hex = v.background { #expect(r.background.hex == hex) }
        #expect((r.declared != nil) == (v.color.alpha < 1))
    }

    @Test("COL-3 every 8-bit grey flips exactly once, between 185 and 186")
    func greyLine() {
        for level in 0...255 {
            let r = TintEngine.resolve(color: .grey(level))
            #expect(r.automaticForeground == (level >= 186 ? .black : .white), "grey \(level)")
        }
    }

    @Test("COL-3 the integer rule agrees with 256 S > 47,430,000 on a colour grid")
    func integerRule() {
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 51) {
                    let s = 299 * r + 587 * g + 114 * b
                    let black = TintEngine.resolve(color: Color(r8: r, g8: g, b8: b)).automaticForeground == .black
                    #expect(black == (256 * s > 47_430_000))
                }
            }
        }
    }

    @Test("COL-4 the choice is the higher contrast ratio, and black wins iff L > 0.1791288")
    func wcagLine() {
        for level in 0...255 {
            let r = TintEngine.resolve(color: .grey(level), method: .wcag)
            #expect((r.automaticForeground == .black) == (r.contrastBlack > r.contrastWhite))
            #expect((r.automaticForeground == .black) == (r.luminance > 0.1791288))
        }
    }

    @Test("COL-4 contrast ratios stay within 1...21 and multiply to 21")
    func ratios() {
        for level in stride(from: 0, through: 255, by: 5) {
            let r = TintEngine.resolve(color: .grey(level))
            #expect(r.contrastBlack >= 1 && r.contrastBlack <= 21.000001)
            #expect(abs(r.contrastBlack * r.contrastWhite - 21) < 1e-9)
        }
    }

    @Test("COL-4 the linearisation follows the piecewise sRGB curve")
    func linearisation() {
        #expect(ContrastRules.linear(0.04045) == 0.04045 / 12.92)
        #expect(abs(ContrastRules.linear(0.5) - 0.21404114) < 1e-8)
        #expect(abs(ContrastRules.linear(1) - 1) < 1e-15)
        #expect(abs(ContrastRules.power2_4(0.25) - 0.03589682) < 1e-8)
    }
}

import JSONCore
import NavModel
import Testing

@testable import NavProtocol

/// `policies.textFont` and the `metrics` member on the wire.
@Suite("Text font settings and metrics on the wire")
struct TextFontCodingTests {
    func policies(_ text: String) throws -> Policies {
        var p = Policies()
        try p.apply(try ParamReader(try JSON.parse(text)))
        return p
    }

    func rpcError(_ body: () throws -> Void) -> RPCError? {
        do { try body() } catch let e as RPCError { return e } catch { return nil }
        return nil
    }

    @Test("a file alone, a face by index or by name, and null")
    func decode() throws {
        #expect(try policies(##"{"textFont":{"file":"SFUI.ttf"}}"##).textFont == .init(file: "SFUI.ttf"))
        #expect(try policies(##"{"textFont":{"file":"a.ttc","face":1}}"##).textFont == .init(file: "a.ttc", face: .index(1)))
        #expect(try policies(##"{"textFont":{"file":"a.ttc","face":"SF Pro Text"}}"##).textFont?.face == .name("SF Pro Text"))
        var p = try policies(##"{"textFont":{"file":"a.ttf"}}"##)
        try p.apply(try ParamReader(try JSON.parse(##"{"textFont":null}"##)))
        #expect(p.textFont == nil)
        try p.apply(try ParamReader(try JSON.parse(##"{"tintMethod":"wcag"}"##)))
        #expect(p.textFont == nil)
    }

    @Test("written only when set, and read back the same")
    func encode() throws {
        #expect(Policies().json["textFont"] == nil)
        var p = Policies()
        p.textFont = .init(file: "fonts/a.ttc", face: .index(2))
        #expect(p.json["textFont"] == ["file": "fonts/a.ttc", "face": 2])
        var back = Policies()
        try back.apply(try ParamReader(p.json))
        #expect(back == p)
        p.textFont = .init(file: "a.ttc", face: .name("Mono"))
        #expect(p.json["textFont"] == ["file": "a.ttc", "face": "Mono"])
    }

    @Test(
        "bad members: an error at the member's path",
        arguments: [
            (##"{"textFont":"a.ttf"}"##, "textFont"),
            (##"{"textFont":{}}"##, "textFont.file"),
            (##"{"textFont":{"file":""}}"##, "textFont.file"),
            (##"{"textFont":{"file":3}}"##, "textFont.file"),
            (##"{"textFont":{"file":"a.ttc","face":-1}}"##, "textFont.face"),
            (##"{"textFont":{"file":"a.ttc","face":1.5}}"##, "textFont.face"),
            (##"{"textFont":{"file":"a.ttc","face":true}}"##, "textFont.face"),
        ])
    func errors(_ text: String, _ path: String) throws {
        let e = rpcError { _ = try policies(text) }
        #expect(e?.code == ErrorCode.invalidParams)
        #expect(e?.data?["path"] == .string(path))
    }

    @Test("title/back's metrics: written when a font measured, read back, absent otherwise")
    func metrics() throws {
        var t = BackTitle(title: "Settings", display: .text, source: .previousTitle, truncated: false, menu: ["Settings"])
        #expect(t.json["metrics"] == nil)
        t.metrics = MeasuredWith(file: "/f/SFUI.ttf", face: "System Font", variable: true)
        #expect(t.json["metrics"] == ["source": "font", "file": "/f/SFUI.ttf", "face": "System Font", "variable": true])
        #expect(try BackTitle(json: t.json) == t)
        let result = BarLayout.Result(
            bar: Rect(x: 0, y: 0, width: 375, height: 44), elements: [], screenId: "a", profile: .ios17, hidden: false,
            metrics: t.metrics)
        #expect(try BarLayout.Result(json: result.json).metrics == t.metrics)
        var plain = result
        plain.metrics = nil
        #expect(plain.json["metrics"] == nil)
        #expect(try BarLayout.Result(json: plain.json).metrics == nil)
    }
}

import JSONCore
import NavModel
import Testing

@testable import NavProtocol

@Suite("title/back, title/previous and tint/resolve on the wire")
struct TitleTintCodingTests {
    func reader(_ text: String) throws -> ParamReader { try ParamReader(try JSON.parse(text)) }

    func rpcError(_ body: () throws -> Void) -> RPCError? {
        do { try body() } catch let e as RPCError { return e } catch { return nil }
        return nil
    }

    @Test("title/back and title/previous params")
    func screenQuery() throws {
        let p = try TitleBack.Params(from: reader(##"{"sessionId":"s1","screenId":"general"}"##))
        #expect(p.sessionId == "s1" && p.screenId == "general")
        let top = try TitlePrevious.Params(from: reader(##"{"sessionId":"s1"}"##))
        #expect(top.screenId == nil)
        let missing = rpcError { _ = try TitleBack.Params(from: reader("{}")) }
        #expect(missing?.code == ErrorCode.invalidParams && missing?.data?["path"] == "sessionId")
        let wrong = rpcError { _ = try TitleBack.Params(from: reader(##"{"sessionId":"s1","screenId":3}"##)) }
        #expect(wrong?.data?["path"] == "screenId")
    }

    @Test("tint/resolve params: a colour alone is enough")
    func tintParams() throws {
        let p = try TintResolve.Params(
            from: reader(##"{"color":"rgba(0,0,0,0.5)","backdrop":"#000","method":"wcag","threshold":0.5}"##))
        #expect(p.sessionId == nil && p.color?.alpha == 0.5 && p.backdrop == Color(r8: 0, g8: 0, b8: 0))
        #expect(p.method == .wcag && p.threshold == 0.5)
        let object = try TintResolve.Params(from: reader(##"{"color":{"r":1,"g":0.5,"b":0}}"##))
        #expect(object.color?.green == 0.5 && object.color?.alpha == 1)
    }

    @Test(
        "tint/resolve rejects bad input with the field's path",
        arguments: [
            (##"{"color":"#12"}"##, "color"),
            (##"{"color":"rgb(300,0,0)"}"##, "color"),
            (##"{"color":"notacolour"}"##, "color"),
            (##"{"color":7}"##, "color"),
            (##"{"color":{"r":1,"g":0}}"##, "color.b"),
            (##"{"color":"#FFF","backdrop":"nope"}"##, "backdrop"),
            (##"{"color":"#FFF","method":"apca"}"##, "method"),
            (##"{"color":"#FFF","threshold":1.5}"##, "threshold"),
            (##"{"color":"#FFF","threshold":"high"}"##, "threshold"),
            (##"{}"##, "color"),
            (##"{"screenId":"a"}"##, "color"),
            (##"{"color":"#FFF","screenId":"a"}"##, "sessionId"),
        ])
    func tintErrors(_ text: String, _ path: String) throws {
        let e = rpcError { _ = try TintResolve.Params(from: reader(text)) }
        #expect(e?.code == ErrorCode.invalidParams)
        #expect(e?.data?["path"] == .string(path), "\(e?.message ?? "no error")")
        #expect(e?.data?["expected"] != nil)
    }

    @Test("a bad colour's message says what is wrong")
    func colourMessage() throws {
        let e = rpcError { _ = try TintResolve.Params(from: reader(##"{"color":"rgb(300,0,0)"}"##)) }
        #expect(e?.message.contains("out of range") == true)
    }

    @Test("BackTitle encodes every field; image only when present")
    func backTitleJSON() {
        let b = BackTitle(title: "Settings", display: .text, source: .previousTitle, truncated: false, menu: ["Settings"])
        #expect(
            b.json.serialized()
                == ##"{"title":"Settings","display":"text","source":"previousTitle","truncated":false,"menu":["Settings"]}"##)
        let arrow = BackTitle(title: nil, display: .arrowOnly, source: .backItem, image: Size(width: 22, height: 22))
        #expect(arrow.json["title"] == .null)
        #expect(arrow.json["image"]?["width"]?.doubleValue == 22)
    }

    @Test("PreviousTitle encodes nulls explicitly")
    func previousJSON() {
        let p = PreviousTitle(title: nil, previousScreenId: nil, reason: "'a' is the root screen")
        #expect(p.json.serialized() == ##"{"title":null,"previousScreenId":null,"reason":"'a' is the root screen"}"##)
    }

    @Test("TintResult encodes upper-case hex, the contrast pair and declared for translucent colours")
    func tintJSON() {
        let r = TintEngine.resolve(color: Color(r8: 0, g8: 0, b8: 0, alpha: 0.5), method: .wcag, policy: .automatic)
        let j = r.json
        #expect(j["background"] == "#808080" || j["background"] == "#7F7F7F")
        #expect(j["foreground"] == "#000000" && j["method"] == "wcag" && j["source"] == "automatic")
        #expect(j["foregroundPolicy"] == "automatic" && j["automaticForeground"] == "#000000" && j["titleColor"] == "#000000")
        #expect(j["declared"] == "#00000080")
        #expect(j["contrast"]?["black"]?.doubleValue != nil && j["contrast"]?["white"]?.doubleValue != nil)
        let opaque = TintEngine.resolve(color: .white).json
        #expect(opaque["declared"] == nil && opaque["background"] == "#FFFFFF")
        #expect(opaque["foreground"] == "#007AFF" && opaque["foregroundPolicy"] == "uikit" && opaque["titleColor"] == "#000000")
    }

    @Test("TintResult decodes what it encodes, and a reply without the extensions as the automatic foreground")
    func tintDecoding() throws {
        let r = TintEngine.resolve(color: Color(r8: 0, g8: 122, b8: 255))
        let back = try TintResult.decode(try ParamReader.result(r.json))
        #expect(back.foreground.hex == "#007AFF" && back.foregroundPolicy == .uikit && back.automaticForeground == .white)
        #expect(back.titleColor == .black)
        var old = try #require(r.json.objectValue)
        for key in ["foregroundPolicy", "automaticForeground", "titleColor"] { old[key] = nil }
        old["foreground"] = "#FFFFFF"
        let legacy = try TintResult.decode(try ParamReader.result(.object(old)))
        #expect(legacy.foregroundPolicy == .automatic && legacy.automaticForeground == .white && legacy.titleColor == .white)
    }

    @Test("tint/resolve's foreground param: uikit or automatic, anything else named")
    func tintForegroundParam() throws {
        let p = try TintResolve.Params(from: reader(##"{"color":"#000","foreground":"automatic"}"##))
        #expect(p.foreground == .automatic && p.json?["foreground"] == "automatic")
        #expect(try TintResolve.Params(from: reader(##"{"color":"#000"}"##)).foreground == nil)
        let wrong = #expect(throws: RPCError.self) { try TintResolve.Params(from: reader(##"{"color":"#000","foreground":"seed"}"##)) }
        #expect(wrong?.data?["path"] == "foreground")
    }
}

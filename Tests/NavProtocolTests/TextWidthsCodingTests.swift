import JSONCore
import NavModel
import Testing

@testable import NavProtocol

/// `policies.textWidths` on the wire: the widths of texts as a device drew them.
@Suite("Given text widths on the wire")
struct TextWidthsCodingTests {
    func policies(_ text: String, onto start: Policies = Policies()) throws -> Policies {
        var p = start
        try p.apply(try ParamReader(try JSON.parse(text)))
        return p
    }

    @Test("a list of {text, style, width}, in order; null clears it; another member leaves it")
    func decode() throws {
        let p = try policies(
            ##"{"textWidths":[{"text":"Keyboards","style":"title","width":86},{"text":"General","style":"button","width":57.5},"##
                + ##"{"text":"General","style":"title","width":62},{"text":"Settings","style":"largeTitle","width":135}]}"##)
        let widths = p.textWidths
        #expect(widths.entries.map(\.text) == ["Keyboards", "General", "General", "Settings"])
        #expect(widths.width(of: "Keyboards", style: .title) == 86)
        #expect(widths.width(of: "Keyboards", style: .button) == nil, "a width holds for its style only")
        #expect(widths.width(of: "General", style: .button) == 57.5 && widths.width(of: "General", style: .title) == 62)
        #expect(widths.width(of: "Settings", style: .largeTitle) == 135)
        #expect(try policies(##"{"tintMethod":"wcag"}"##, onto: p).textWidths == widths)
        #expect(try policies(##"{"textWidths":null}"##, onto: p).textWidths.isEmpty)
        #expect(try policies(##"{"textWidths":[]}"##, onto: p).textWidths.isEmpty)
    }

    @Test("written only when some are given, and read back the same")
    func encode() throws {
        #expect(Policies().json["textWidths"] == nil)
        var p = Policies()
        p.textWidths = TextWidths([
            .init(text: "Log in", style: .title, width: 47.33), .init(text: "Back", style: .button, width: 38),
        ])
        #expect(
            p.json["textWidths"]
                == [["text": "Log in", "style": "title", "width": 47.33], ["text": "Back", "style": "button", "width": 38]])
        #expect(try policies(p.json.serialized()) == p)
    }

    @Test(
        "bad members: an error at the member's path",
        arguments: [
            (##"{"textWidths":{"text":"a"}}"##, "textWidths"),
            (##"{"textWidths":["a"]}"##, "textWidths[0]"),
            (##"{"textWidths":[{"style":"title","width":1}]}"##, "textWidths[0].text"),
            (##"{"textWidths":[{"text":"a","width":1}]}"##, "textWidths[0].style"),
            (##"{"textWidths":[{"text":"a","style":"bold","width":1}]}"##, "textWidths[0].style"),
            (##"{"textWidths":[{"text":"a","style":"title"}]}"##, "textWidths[0].width"),
            (##"{"textWidths":[{"text":"a","style":"title","width":-1}]}"##, "textWidths[0].width"),
            (##"{"textWidths":[{"text":"a","style":"title","width":10001}]}"##, "textWidths[0].width"),
            (##"{"textWidths":[{"text":"a","style":"title","width":"9"}]}"##, "textWidths[0].width"),
            (##"{"textWidths":[{"text":"a","style":"title","width":9},{"text":"a","style":"title","width":9}]}"##, "textWidths[1]"),
        ])
    func errors(_ text: String, _ path: String) throws {
        var caught: RPCError?
        do { _ = try policies(text) } catch let e as RPCError { caught = e }
        #expect(caught?.code == ErrorCode.invalidParams)
        #expect(caught?.data?["path"] == .string(path), "\(String(describing: caught))")
    }

    @Test("title/back's givenWidth: written only when a width was given, and read back")
    func givenWidth() throws {
        var t = BackTitle(title: "General", display: .text, source: .previousTitle)
        #expect(t.json["givenWidth"] == nil)
        t.givenWidth = 57
        #expect(t.json["givenWidth"] == 57)
        #expect(try BackTitle(json: t.json) == t)
    }
}

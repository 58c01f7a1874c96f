import JSONCore
import NavModel
import Testing

@testable import NavProtocol

/// Wire types declared as field lists: decoding, encoding and the schema all follow from the one list, with the
/// error texts and paths the daemon has always answered.
@Suite("wire types declared once") struct WireTests {
    static func failure<P: RPCParams>(_ type: P.Type, _ text: String) throws -> RPCError? {
        let view = try JSONDocument.parse(text).value
        do {
            _ = try P(from: ParamReader(view))
            return nil
        } catch { return error }
    }

    @Test("a missing required member says what it needs, at its path") func missing() throws {
        let cases: [(error: RPCError?, message: String, path: String)] = [
            (try Self.failure(ScreenQueryParams.self, "{}"), "'sessionId' is required (a string)", "sessionId"),
            (try Self.failure(BarHitTest.Params.self, #"{"sessionId":"s"}"#), #"'point' is required (a point {"x","y"})"#, "point"),
            (
                try Self.failure(BarHitTest.Params.self, #"{"sessionId":"s","point":{"x":1}}"#), "'point.y' is required (a number)",
                "point.y"
            ), (try Self.failure(StackPush.Params.self, #"{"sessionId":"s"}"#), "'screen' is required (a screen object)", "screen"),
            (
                try Self.failure(SessionRestore.Params.self, #"{"name":"n"}"#), "'document' is required (a document from session/snapshot)",
                "document"
            ), (try Self.failure(StackSet.Params.self, #"{"sessionId":"s"}"#), "'screens' is required (an array)", "screens"),
            (try Self.failure(DidChange.Params.self, #"{"sessionId":"s","version":1}"#), "'changes' is required (an array)", "changes"),
            (try Self.failure(ItemTapped.Params.self, #"{"sessionId":"s","screenId":"a"}"#), "'itemId' is required (a string)", "itemId"),
        ]
        for (error, message, path) in cases {
            #expect(error?.code == ErrorCode.invalidParams)
            #expect(error?.message == message)
            #expect(error?.data?["path"] == .string(path))
        }
    }

    @Test("a member of the wrong kind is named with what it must be and what it was") func wrongKind() throws {
        let cases: [(error: RPCError?, message: String, path: String)] = [
            (
                try Self.failure(BarHitTest.Params.self, #"{"sessionId":"s","point":{"x":1,"y":2},"trace":"yes"}"#),
                "'trace' must be true or false, not string", "trace"
            ),
            (
                try Self.failure(StackPop.Params.self, #"{"sessionId":"s","ifVersion":1.5}"#),
                "'ifVersion' must be an integer: 1.5 is not a whole number", "ifVersion"
            ),
            (
                try Self.failure(SessionSubscribe.Params.self, #"{"sessionId":"s","topics":["stack","nope"]}"#),
                #"'topics[1]' must be one of "stack", "items", "tint", "title", "diagnostics", "model""#, "topics[1]"
            ),
            (
                try Self.failure(TintResolve.Params.self, ##"{"color":"#fff","method":"hsv"}"##),
                #"'method' must be one of "yiq", "wcag", not "hsv""#, "method"
            ),
            (
                try Self.failure(SessionCreate.Params.self, #"{"origin":{"files":["a",2]}}"#),
                "'origin.files[1]' must be a string, not number", "origin.files[1]"
            ),
        ]
        for (error, message, path) in cases {
            #expect(error?.message == message)
            #expect(error?.data?["path"] == .string(path))
        }
    }

    @Test("a member left at its default is not written; one given is, in the list's order") func defaultsOmitted() {
        #expect(
            BarHitTest.Params(sessionId: "s", point: Point(x: 1, y: 2)).json?.serialized() == #"{"sessionId":"s","point":{"x":1,"y":2}}"#)
        #expect(
            BarHitTest.Params(sessionId: "s", point: Point(x: 1, y: 2), trace: true).json?.serialized()
                == #"{"sessionId":"s","point":{"x":1,"y":2},"trace":true}"#)
        #expect(SessionSubscribe.Params(sessionId: "s").json?.serialized() == #"{"sessionId":"s"}"#)
        #expect(
            SessionSubscribe.Params(sessionId: "s", topics: [.title, .stack]).json?.serialized()
                == #"{"sessionId":"s","topics":["stack","title"]}"#)
        #expect(
            StackPop.Params(sessionId: "s", to: "root", ifVersion: 3).json?.serialized() == #"{"sessionId":"s","to":"root","ifVersion":3}"#)
        #expect(
            HitRegion(
                target: HitTarget(kind: .bar), action: .none, frame: Rect(x: 0, y: 0, width: 1, height: 2), reason: nil, hitView: nil,
                viaSlop: true
            ).json.serialized()
                == #"{"target":{"kind":"bar"},"action":{"kind":"none"},"frame":{"x":0,"y":0,"width":1,"height":2},"viaSlop":true}"#)
    }

    @Test("a nullable member is written as null and must be present") func nullable() throws {
        #expect(
            PreviousTitle(title: nil, previousScreenId: nil, reason: "root").json.serialized()
                == #"{"title":null,"previousScreenId":null,"reason":"root"}"#)
        do {
            _ = try PreviousTitle(json: ["previousScreenId": nil, "reason": "root"])
            Issue.record("a result without its nullable member was read")
        } catch { #expect(error.message == "'title' is required (a string or null)") }
        #expect(try PreviousTitle(json: ["title": "A", "previousScreenId": "a", "reason": "r"]).title == "A")
    }

    @Test("the schema lists the fields in their order, with their docs and what is required") func schema() {
        #expect(
            ScreenQueryParams.schema.json.serialized()
                == #"{"type":"object","properties":{"sessionId":{"type":"string"},"screenId":{"type":"string","description":"default: the top screen"}},"required":["sessionId"]}"#
        )
        #expect(
            StackPush.Result.schema.json.serialized()
                == #"{"type":"object","properties":{"screenId":{"type":"string"},"version":{"type":"integer","minimum":0}},"required":["screenId","version"],"additionalProperties":false}"#
        )
    }

    @Test("a result reads back what it writes, and a bad member is named by its path") func results() throws {
        let layout = BarLayout.Result(
            bar: Rect(x: 0, y: 20, width: 375, height: 44),
            elements: [
                LayoutElement(
                    kind: .backButton, id: nil, side: .left, frame: Rect(x: 0, y: 20, width: 80, height: 44),
                    visibleFrame: Rect(x: 8, y: 31, width: 70, height: 22), text: "Back")
            ], screenId: "b", profile: .ios17, hidden: false, columns: [], slop: TouchSlop(above: 4, below: 2))
        let back = try BarLayout.Result(json: layout.json)
        #expect(back.elements == layout.elements && back.slop == layout.slop && back.bar == layout.bar && back.profile == .ios17)
        #expect(back.json == layout.json)
        #expect(layout.json["columns"] == nil)

        var bad = layout.json.objectValue!
        bad["elements"] = [["kind": "backButton", "side": "left", "visibleFrame": Rect(x: 0, y: 0, width: 1, height: 1).json]]
        do {
            _ = try BarLayout.Result(json: .object(bad))
            Issue.record("an element without a frame was read")
        } catch { #expect(error.data?["path"] == "elements[0].frame") }
    }
}

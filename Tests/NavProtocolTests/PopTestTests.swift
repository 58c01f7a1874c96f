import JSONCore
import NavModel
import Testing

@testable import NavProtocol

/// `gesture/popTest` on the wire: params with precise paths and the result's shape.
struct PopTestTests {
    func params(_ json: JSON) throws(RPCError) -> GesturePopTest.Params {
        try GesturePopTest.Params(from: try ParamReader(json))
    }

    @Test("params read sessionId and the start point")
    func decode() throws {
        let p = try params(["sessionId": "s1", "start": ["x": 5, "y": 300.5]])
        #expect(p.sessionId == "s1")
        #expect(p.start == Point(x: 5, y: 300.5))
    }

    @Test(
        "missing or mistyped params name the field",
        arguments: [
            (JSON.object(["start": ["x": 5, "y": 3]]), "sessionId"),
            (JSON.object(["sessionId": 4, "start": ["x": 5, "y": 3]]), "sessionId"),
            (JSON.object(["sessionId": "s"]), "start"),
            (JSON.object(["sessionId": "s", "start": ["x": 5]]), "start.y"),
            (JSON.object(["sessionId": "s", "start": ["x": "left", "y": 1]]), "start.x"),
            (JSON.object(["sessionId": "s", "start": [5, 3]]), "start"),
        ])
    func errors(_ json: JSON, _ path: String) {
        do {
            _ = try params(json)
            Issue.record("accepted \(json.serialized())")
        } catch {
            #expect(error.code == ErrorCode.invalidParams)
            #expect(error.data?["path"] == .string(path))
        }
    }

    @Test("POP-3: the result carries begins, reason, the rule and the recognizer")
    func resultShape() throws {
        let top = Screen(id: "detail", item: NavigationItem(leftItems: [BarItem(id: "close", content: .title("Close"))]))
        let model = try NavigationModel(screens: [Screen(id: "home"), top])
        let json = GesturePopTest.Result(PopGesture.test(model: model, start: Point(x: 5, y: 300))).json
        #expect(json["begins"] == false)
        #expect(json["rule"] == "POP-3")
        #expect(json["recognizer"] == "systemEdge")
        #expect(json["reason"]?.stringValue?.hasSuffix("so UIKit's edge swipe does not begin (POP-3)") == true)
    }
}

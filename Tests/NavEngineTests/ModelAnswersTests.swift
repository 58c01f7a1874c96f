import JSONCore
import NavEngine
import NavModel
import NavProtocol
import Testing

/// The engine in process answers as the daemon's wire contract says, from a model alone.
@Suite("Answers over one model")
struct ModelAnswersTests {
    func answers(_ document: String) throws -> ModelAnswers {
        let json = try JSON.parse(document)
        return ModelAnswers(model: try SessionDocument.decode(json, limits: ModelLimits()).model)
    }

    func error(_ answers: ModelAnswers, _ method: String, _ params: JSON) -> RPCError? {
        do {
            _ = try answers.answer(method, params)
            return nil
        } catch {
            return error
        }
    }

    @Test("BT-01 and BT-02: the root has no back button; the next screen's shows the previous title")
    func backTitle() throws {
        let two = try answers(
            #"{"format": "navd-session", "formatVersion": 1, "screens": [{"id": "a", "title": "Settings"}, {"id": "b", "title": "General"}]}"#
        )
        let top = try two.answer("title/back", ["sessionId": "any"])
        #expect(top["title"] == "Settings" && top["source"] == "previousTitle", "\(top)")
        let root = try two.answer("title/back", ["sessionId": "any", "screenId": "a"])
        #expect(root["display"] == "hidden" && root["hiddenBecause"] == "root", "\(root)")
    }

    @Test("a page sheet's document: bar/layout gives its 56-pt bar and bar/hitTest the buttons in its row 6 pt down")
    func pageSheet() throws {
        let sheet = try answers(
            #"{"format": "navd-session", "formatVersion": 1, "profile": "ios13", "device": {"width": 375, "height": 667, "statusBarHeight": 40}, "bar": {"presentation": "pageSheet"}, "screens": [{"id": "a", "item": {"leftItems": [{"id": "cancel", "title": "取消", "width": 38}]}}]}"#
        )
        let layout = try sheet.answer("bar/layout", ["sessionId": "any"])
        #expect(layout["bar"] == ["x": 0, "y": 40, "width": 375, "height": 56], "\(layout)")
        let above = try sheet.answer("bar/hitTest", ["sessionId": "any", "point": ["x": 20, "y": 43]])
        #expect(above["target"]?["kind"] == "bar", "\(above)")
        let row = try sheet.answer("bar/hitTest", ["sessionId": "any", "point": ["x": 20, "y": 47]])
        #expect(row["target"]?["kind"] == "barItem" && row["target"]?["itemId"] == "cancel", "\(row)")
    }

    @Test("HT-01 and HT-03: tree/hitTest needs no model, and a subview outside its parent's bounds is not hit")
    func treeHitTest() throws {
        let empty = try answers(#"{"screens": []}"#)
        let tree: JSON = [
            "class": "UIView", "id": "R", "frame": ["x": 0, "y": 0, "width": 320, "height": 480],
            "subviews": [
                [
                    "class": "UIView", "id": "A", "frame": ["x": 0, "y": 0, "width": 100, "height": 100],
                    "subviews": [["class": "UIButton", "id": "A1", "frame": ["x": 50, "y": 50, "width": 100, "height": 100]]],
                ]
            ],
        ]
        let inside = try empty.answer("tree/hitTest", ["tree": tree, "point": ["x": 10, "y": 10]])
        #expect(inside["view"]?["id"] == "A", "\(inside)")
        let outside = try empty.answer("tree/hitTest", ["tree": tree, "point": ["x": 120, "y": 120]])
        #expect(outside["view"]?["id"] == "R", "\(outside)")
    }

    @Test("errors are the daemon's: unknown method, a bad member's path, an unknown screen, an empty stack")
    func errors() throws {
        let one = try answers(#"{"screens": [{"id": "a", "title": "Inbox"}]}"#)
        #expect(error(one, "stack/push", ["sessionId": "any"])?.code == -32601)
        let bad = error(one, "bar/hitTest", ["sessionId": "any", "point": ["x": "ten", "y": 3]])
        #expect(bad?.code == -32602 && bad?.data?["path"] == "point.x", "\(String(describing: bad))")
        let unknown = error(one, "title/previous", ["sessionId": "any", "screenId": "zzz"])
        #expect(unknown?.code == ErrorCode.unknownScreen && unknown?.data?["path"] == "screenId", "\(String(describing: unknown))")
        let empty = try answers(#"{"screens": []}"#)
        #expect(error(empty, "bar/layout", ["sessionId": "any"])?.code == ErrorCode.notAllowed)
        #expect(error(empty, "screen/get", ["sessionId": "any"])?.code == ErrorCode.notAllowed)
        let noScreen = error(one, "screen/get", ["sessionId": "any", "screenId": "zzz"])
        #expect(noScreen?.code == ErrorCode.unknownScreen && noScreen?.data?["path"] == "screenId")
    }

    @Test("screen/get: the top screen, or one by id, as the session document writes it")
    func screenGet() throws {
        let two = try answers(
            #"{"screens": [{"id": "a", "title": "Inbox"}, {"id": "b", "title": "Mail", "item": {"rightItems": [{"id": "r", "title": "Reply"}]}}]}"#
        )
        let top = try two.answer("screen/get", ["sessionId": "any"])
        #expect(top["id"] == "b" && top["title"] == "Mail")
        #expect(top["item"]?["rightItems"]?.arrayValue?.first?["title"] == "Reply")
        #expect(try two.answer("screen/get", ["sessionId": "any", "screenId": "a"])["title"] == "Inbox")
    }
}

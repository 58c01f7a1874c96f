import JSONCore
import NavModel
import Testing
@testable import NavProtocol

@Suite("Screens, configuration and snapshots on the wire")
struct ScreenCodingTests {
    func decode(_ text: String) throws -> Screen {
        try Screen.decode(try JSON.parse(text), path: "screen") { "generated" }
    }

    func invalid(_ body: () throws -> Void) -> RPCError? {
        do { try body() } catch let e as RPCError { return e } catch { return nil }
        return nil
    }

    @Test("a full screen decodes every member")
    func fullScreen() throws {
        let s = try decode(
            """
            {"id":"home","title":"Workbench","item":{"title":"Bench","titleView":{"width":120,"height":30},
             "leftItems":[{"id":"close","title":"Close"}],
             "rightItems":[{"id":"add","system":"add"},{"image":{"width":22,"height":22},"enabled":false},
                           {"id":"cv","customView":{"width":44,"height":44,"offset":{"x":-10,"y":0},"touchPolicy":"outside","hitInsets":{"left":-5}}}],
             "backItem":{"title":"Home"},"backButtonTitle":"Back!","backButtonDisplayMode":"minimal","hidesBackButton":true,
             "leftItemsSupplementBackButton":true},
             "backAction":"custom","showsPreviousTitle":true,"backStyle":{"title":"W","color":"#112233"},
             "bar":{"barTintColor":"#000000","hidden":true},"popGesture":"fullscreen"}
            """)
        #expect(s.id == "home")
        #expect(s.item.title == "Bench")
        #expect(s.item.titleView == Size(width: 120, height: 30))
        #expect(s.item.leftItems.map(\.id) == ["close"])
        #expect(s.item.rightItems.map(\.id) == ["add", "right-1", "cv"])
        #expect(s.item.rightItems[1].enabled == false)
        #expect(s.item.rightItems[2].customView?.offset == Point(x: -10, y: 0))
        #expect(s.item.rightItems[2].customView?.touchPolicy == .outside)
        #expect(s.item.rightItems[2].customView?.hitInsets.left == -5)
        #expect(s.item.backItem?.title == "Home")
        #expect(s.item.backButtonDisplayMode == .minimal)
        #expect(s.backAction == .custom)
        #expect(s.backStyle?.color?.hex == "#112233")
        #expect(s.bar?.hidden == true)
        #expect(s.popGesture == .fullscreen)
    }

    @Test("a missing id is generated")
    func generatedId() throws {
        #expect(try decode("{}").id == "generated")
    }

    @Test(
        "bad members name their path",
        arguments: [
            ("{\"title\":3}", "screen.title"),
            ("{\"item\":{\"leftItems\":[{\"title\":\"a\",\"system\":\"b\"}]}}", "screen.item.leftItems[0]"),
            (
                "{\"item\":{\"rightItems\":[{\"customView\":{\"touchPolicy\":\"maybe\"}}]}}",
                "screen.item.rightItems[0].customView.touchPolicy"
            ),
            ("{\"item\":{\"titleView\":{\"width\":-1,\"height\":3}}}", "screen.item.titleView.width"),
            ("{\"bar\":{\"barTintColor\":\"#12\"}}", "screen.bar.barTintColor"),
            ("{\"bar\":{\"gradient\":[]}}", "screen.bar.gradient"),
            ("{\"bar\":{\"presentation\":\"formSheet\"}}", "screen.bar.presentation"),
            ("{\"bar\":{\"presentation\":true}}", "screen.bar.presentation"),
            ("{\"backAction\":\"maybe\"}", "screen.backAction"),
            ("{\"item\":{\"leftItems\":[{\"id\":\"a\",\"title\":\"a\"},{\"id\":\"a\",\"title\":\"b\"}]}}", "screen.item.leftItems[1].id"),
            ("{\"id\":\"\"}", "screen.id"),
            ("[]", "screen"),
        ])
    func badPaths(text: String, path: String) throws {
        let json = try JSON.parse(text)
        let error = invalid { _ = try Screen.decode(json, path: "screen") { "g" } }
        #expect(error?.code == ErrorCode.invalidParams)
        #expect(error?.data?["path"] == .string(path))
        #expect(error?.data?["expected"]?.stringValue?.isEmpty == false)
    }

    @Test("a patch keeps absent members, resets null ones and merges nested objects")
    func patchSemantics() throws {
        var s = try decode(
            ##"{"id":"a","title":"T","item":{"title":"I","backButtonTitle":"B"},"bar":{"barTintColor":"#FF0000","hidden":true}}"##)
        try s.apply(ParamReader(try JSON.parse(#"{"item":{"title":null},"bar":{"hidden":false}}"#)))
        #expect(s.title == "T")
        #expect(s.item.title == nil)
        #expect(s.item.backButtonTitle == "B")
        #expect(s.bar?.barTintColor?.hex == "#FF0000")
        #expect(s.bar?.hidden == false)
        try s.apply(ParamReader(try JSON.parse(#"{"bar":null,"item":null}"#)))
        #expect(s.bar == nil)
        #expect(s.item == NavigationItem())
    }

    @Test("bar.presentation: pageSheet or fullScreen, null for the session-wide bar's, written back as given")
    func presentation() throws {
        var s = try decode(#"{"id":"a","bar":{"presentation":"pageSheet"}}"#)
        #expect(s.bar?.presentation == .pageSheet && s.json["bar"]?["presentation"] == "pageSheet")
        try s.apply(ParamReader(try JSON.parse(#"{"bar":{"hidden":true}}"#)))
        #expect(s.bar?.presentation == .pageSheet, "an absent member keeps it")
        try s.apply(ParamReader(try JSON.parse(#"{"bar":{"presentation":null}}"#)))
        #expect(s.bar?.presentation == nil && s.json["bar"]?["presentation"] == .null)
        let e = invalid { _ = try Screen.decode(try JSON.parse(#"{"bar":{"presentation":"sheet"}}"#), path: "screen") { "g" } }
        #expect(e?.message.contains("\"fullScreen\", \"pageSheet\"") == true)
    }

    @Test("a patch may not change the id")
    func patchId() throws {
        var s = Screen(id: "a")
        let e = invalid { try s.apply(ParamReader(try JSON.parse(#"{"id":"b"}"#))) }
        #expect(e?.data?["path"] == "id")
    }

    @Test(
        "encoding then decoding gives the same screen",
        arguments: [
            #"{"id":"a"}"#,
            ##"{"id":"b","title":"T","item":{"rightItems":[{"id":"c","customView":{"width":30,"height":20,"offset":{"x":-10,"y":2.5}}}],"backItem":{"title":""}},"backStyle":{"color":{"r":0.1,"g":0.2,"b":0.3,"a":0.4}},"bar":{"gradient":["#FF0000","#00FF00"],"translucent":false}}"##,
            #"{"id":"c","bar":{"presentation":"pageSheet"}}"#,
        ])
    func roundTrip(text: String) throws {
        let s = try decode(text)
        let again = try Screen.decode(s.json, path: "screen") { "x" }
        #expect(again == s)
    }

    @Test("configuration patches: device merges, null resets, policies are checked")
    func configPatch() throws {
        var c = SessionConfig()
        try c.apply(
            ParamReader(
                try JSON.parse(#"{"profile":"ios10","device":{"width":320},"policies":{"touchSlop":{"above":10},"popEdgeWidth":30}}"#)))
        #expect(c.profile == .ios10)
        #expect(c.device.width == 320)
        #expect(c.device.height == 844)
        #expect(c.policies.touchSlop == .on(above: 10, below: 15))
        #expect(c.policies.popEdgeWidth == 30)
        try c.apply(ParamReader(try JSON.parse(#"{"device":null,"policies":{"touchSlop":false,"popEdgeWidth":null}}"#)))
        #expect(c.device == .standard)
        #expect(c.policies.touchSlop == .off)
        #expect(c.policies.popEdgeWidth == 20)
        var bad = SessionConfig()
        let e = invalid { try bad.apply(ParamReader(try JSON.parse(#"{"policies":{"backInterception":"glue"}}"#))) }
        #expect(e?.data?["path"] == "policies.backInterception")
        let e2 = invalid { try bad.apply(ParamReader(try JSON.parse(#"{"locale":"not a tag"}"#))) }
        #expect(e2?.data?["path"] == "locale")
    }

    @Test("textMetrics: automatic by default, set and echoed, reset by null, an unknown family refused at its path")
    func textMetricsSetting() throws {
        var c = SessionConfig()
        #expect(c.policies.textMetrics == .automatic && c.textFamily == .sanFrancisco)
        #expect(c.json["policies"]?["textMetrics"] == "automatic")
        try c.apply(ParamReader(try JSON.parse(#"{"profile":"ios10","policies":{"textMetrics":"helveticaNeue"}}"#)))
        #expect(c.policies.textMetrics == .helveticaNeue && c.textFamily == .helveticaNeue)
        #expect(c.json["policies"]?["textMetrics"] == "helveticaNeue")
        try c.apply(ParamReader(try JSON.parse(#"{"policies":{"textMetrics":null}}"#)))
        #expect(c.policies.textMetrics == .automatic)
        var bad = SessionConfig()
        let e = invalid { try bad.apply(ParamReader(try JSON.parse(#"{"policies":{"textMetrics":"helvetica"}}"#))) }
        #expect(e?.data?["path"] == "policies.textMetrics")
        #expect(bad.policies.textMetrics == .automatic)
    }

    @Test("a snapshot document restores to an identical model")
    func snapshotRoundTrip() throws {
        var config = SessionConfig()
        config.profile = .ios14
        config.locale = "de-DE"
        config.appLocalizations = ["en", "de"]
        config.policies.backTitleSnapshot = true
        config.policies.touchSlop = .on(above: 5, below: 7)
        config.policies.textMetrics = .helveticaNeue
        config.bar.barTintColor = try Color.parse("#336699")
        var m = try NavigationModel(config: config, screens: [Screen(id: "a", title: "A"), Screen(id: "b", title: "B")])
        _ = try m.updateScreen("a") { $0.title = "A2" }
        _ = try m.push(Screen(id: m.generateScreenId(), title: "C", backAction: .custom))
        let doc = SessionDocument.encode(name: "demo", model: m)
        let text = doc.serialized()
        let (name, restored) = try SessionDocument.decode(try JSON.parse(text), limits: ModelLimits())
        #expect(name == "demo")
        #expect(restored == m)
        #expect(restored.coveredSnapshots["a"]?.title == "A")
    }

    @Test("documents that are not snapshots are refused with a path")
    func badDocuments() throws {
        let e = invalid { _ = try SessionDocument.decode(try JSON.parse(#"{"format":"other"}"#), limits: ModelLimits()) }
        #expect(e?.data?["path"] == "document.format")
        let e2 = invalid { _ = try SessionDocument.decode(try JSON.parse(#"{"screens":[{"id":"a"},{"id":"a"}]}"#), limits: ModelLimits()) }
        #expect(e2?.data?["path"] == "document.screens[1].id")
        let e3 = invalid {
            _ = try SessionDocument.decode(try JSON.parse(#"{"screens":[{"id":"a"},{"id":"b"}]}"#), limits: ModelLimits(maxStackDepth: 1))
        }
        #expect(e3?.code == ErrorCode.limitExceeded)
    }
}

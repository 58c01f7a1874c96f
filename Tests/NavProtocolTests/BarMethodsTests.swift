import JSONCore
import NavModel
import Testing
@testable import NavProtocol

@Suite("bar/* params and results on the wire")
struct BarMethodsTests {
    func reader(_ text: String) throws -> ParamReader { try ParamReader(try JSON.parse(text)) }

    func error(_ body: () throws -> Void) -> RPCError? {
        do { try body() } catch let e as RPCError { return e } catch { return nil }
        return nil
    }

    @Test("bar/hitTest: point and trace decode; a bad point names its field")
    func hitTestParams() throws {
        let p = try BarHitTest.Params(from: try reader(#"{"sessionId":"s1","point":{"x":20,"y":40.5},"trace":true}"#))
        #expect(p.sessionId == "s1" && p.point == Point(x: 20, y: 40.5) && p.trace)
        #expect(try BarHitTest.Params(from: try reader(#"{"sessionId":"s1","point":{"x":1,"y":2}}"#)).trace == false)

        let cases: [(String, String)] = [
            (#"{"sessionId":"s1","point":{"x":"20","y":40}}"#, "point.x"),
            (#"{"sessionId":"s1","point":{"x":20}}"#, "point.y"),
            (#"{"sessionId":"s1"}"#, "point"),
            (#"{"sessionId":"s1","point":[20,40]}"#, "point"),
            (#"{"point":{"x":1,"y":2}}"#, "sessionId"),
            (#"{"sessionId":"s1","point":{"x":1,"y":2},"trace":"yes"}"#, "trace"),
        ]
        for (text, path) in cases {
            let e = error { _ = try BarHitTest.Params(from: try reader(text)) }
            #expect(e?.code == -32602, "\(text)")
            #expect(e?.data?["path"] == .string(path), "\(text)")
            #expect(e?.data?["expected"] != nil)
        }
    }

    @Test("bar/tap: ifVersion must be an integer")
    func tapParams() throws {
        let p = try BarTap.Params(from: try reader(#"{"sessionId":"s1","point":{"x":1,"y":2},"ifVersion":3}"#))
        #expect(p.ifVersion == 3)
        let e = error { _ = try BarTap.Params(from: try reader(#"{"sessionId":"s1","point":{"x":1,"y":2},"ifVersion":1.5}"#)) }
        #expect(e?.code == -32602 && e?.data?["path"] == "ifVersion")
    }

    @Test("bar/render: only the svg format")
    func renderParams() throws {
        _ = try BarRender.Params(from: try reader(#"{"sessionId":"s1","format":"svg"}"#))
        _ = try BarRender.Params(from: try reader(#"{"sessionId":"s1"}"#))
        let e = error { _ = try BarRender.Params(from: try reader(#"{"sessionId":"s1","format":"png"}"#)) }
        #expect(e?.code == -32602 && e?.data?["path"] == "format" && e?.data?["expected"] == "\"svg\"")
    }

    @Test("bar/diagnose: screenId is optional and must be a string")
    func diagnoseParams() throws {
        #expect(try BarDiagnose.Params(from: try reader(#"{"sessionId":"s1"}"#)).screenId == nil)
        #expect(try BarDiagnose.Params(from: try reader(#"{"sessionId":"s1","screenId":"b"}"#)).screenId == "b")
        #expect(error { _ = try BarDiagnose.Params(from: try reader(#"{"sessionId":"s1","screenId":7}"#)) }?.data?["path"] == "screenId")
    }

    @Test("HitResult: target, action, reason; the trace only when asked")
    func hitResultJSON() throws {
        let hit = BarHitResult(
            target: HitTarget(kind: .backButton, screenId: "b"), action: .pop(to: "a"),
            trace: [TraceStep(view: "navigationBar", frame: Rect(x: 0, y: 20, width: 320, height: 44), verdict: .hit, path: [0])],
            hitView: "navigationBar")
        let plain = BarHitTest.Result(hit, includeTrace: false).json
        #expect(plain["target"] == ["kind": "backButton", "screenId": "b"])
        #expect(plain["action"] == ["kind": "pop", "to": "a"])
        #expect(plain["trace"] == nil && plain["hitView"] == "navigationBar")
        let traced = BarHitTest.Result(hit, includeTrace: true).json
        #expect(traced["trace"]?.arrayValue?.first?["verdict"] == "hit")
        #expect(traced["trace"]?.arrayValue?.first?["frame"]?["y"] == .number(20))

        let none = BarHitResult(target: HitTarget(kind: .none), action: .none, reason: .outsideBar).json(trace: false)
        #expect(none["target"] == ["kind": "none"] && none["action"] == ["kind": "none"] && none["reason"] == "outsideBar")
        #expect(HitAction.itemAction("save").json == ["kind": "itemAction", "itemId": "save"])
        #expect(HitAction.customBack.json == ["kind": "customBack"])
    }

    @Test("bar/layout, bar/hitRegions and bar/tap results carry the fixed field names")
    func results() throws {
        var config = SessionConfig()
        config.profile = .ios10
        config.device = Device(width: 320, height: 480, statusBarHeight: 20)
        let model = try NavigationModel(config: config, screens: [Screen(id: "a", title: "A"), Screen(id: "b", title: "B")])
        let bar = try #require(BarLayoutEngine.layout(model: model))
        let layout = BarLayout.Result(bar).json
        #expect(layout["bar"] == ["x": .number(0), "y": .number(20), "width": .number(320), "height": .number(44)])
        let back = try #require(layout["elements"]?.arrayValue?.first { $0["kind"] == "backButton" })
        #expect(back["frame"]?["x"] == .number(0) && back["visibleFrame"] != nil)
        #expect(layout["columns"]?.arrayValue?.isEmpty == false && layout["slop"]?["below"] == .number(15))

        let regions = BarHitRegions.Result(BarRegions.regions(bar)).json
        let first = try #require(regions["regions"]?.arrayValue?.first)
        #expect(first["target"] != nil && first["action"] != nil && first["frame"] != nil)

        let tap = BarTap.Result(hit: BarHitTesting.hitTest(bar, point: Point(x: 20, y: 40)), performed: true, version: 1).json
        #expect(tap["performed"] == true && tap["version"] == .number(1) && tap["hit"]?["action"]?["kind"] == "pop")
        #expect(
            BarTap.itemTapped(sessionId: "s", screenId: "b", itemId: "i", version: 2) == [
                "sessionId": "s", "screenId": "b", "itemId": "i", "version": .number(2),
            ])
    }
}

@Suite("bar/hitTest results written straight to bytes")
struct HitResultBytesTests {
    static let screens: JSON = [
        ["id": "home", "title": "Home \"quoted\"", "item": ["backButtonTitle": "Back\\slash"]],
        [
            "id": "détail", "title": "A rather long title for the bar",
            "item": [
                "leftItems": [["id": "close", "title": "Close"]],
                "rightItems": [["id": "edit", "system": "edit"], ["id": "share", "title": "Share"]],
            ],
        ],
    ]

    func model(_ profile: Profile) throws -> NavigationModel {
        var config = SessionConfig()
        config.profile = profile
        var n = 0
        let screens = try (Self.screens.arrayValue ?? []).enumerated().map { (i, json) in
            try Screen.decode(json, path: "screens[\(i)]") {
                n += 1
                return "generated-\(n)"
            }
        }
        return try NavigationModel(config: config, screens: screens)
    }

    /// Every profile's bar, hit at points 1.7 pt apart across it and around it: the bytes equal the JSON's.
    @Test("the same bytes as the JSON, at every point of every profile's bar", arguments: Profile.allCases)
    func sweep(_ profile: Profile) throws {
        let bar = try #require(BarLayoutEngine.layout(model: try model(profile)))
        let barMember = BarHitTest.Result.barMember(bar.barFrame)
        var checked = 0
        for y in stride(from: bar.barFrame.y - 10, through: bar.barFrame.y + bar.barFrame.height + 10, by: 1.7) {
            for x in stride(from: -3.0, through: bar.barFrame.width + 3, by: 1.7) {
                let result = BarHitTest.Result(BarHitTesting.hitTest(bar, point: Point(x: x, y: y)), includeTrace: false, bar: bar.barFrame)
                #expect(result.serializedBytes() == result.json.serializedBytes(), "(\(x), \(y))")
                // The bar member written once for the bar, as a kept bar answers.
                #expect(result.serializedBytes(barMember: barMember) == result.json.serializedBytes(), "(\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test("the fixed names are written as their raw values serialize")
    func quotedNames() {
        for kind in HitTarget.Kind.allCases {
            #expect(kind.quoted.description == JSON.string(kind.rawValue).serialized())
        }
        for reason in HitReason.allCases {
            #expect(reason.quoted.description == JSON.string(reason.rawValue).serialized())
        }
    }

    @Test("every target, action, reason and optional member")
    func everyShape() {
        let targets = [
            HitTarget(kind: .backButton, screenId: "a\u{1}b"), HitTarget(kind: .barItem, screenId: "s", itemId: "i\"d"),
            HitTarget(kind: .none),
        ]
        let actions: [HitAction] = [.pop(to: "root"), .customBack, .itemAction("x\ny"), .none]
        for target in targets {
            for action in actions {
                for reason in [nil] + HitReason.allCases.map(Optional.some) {
                    for extra in 0..<4 {
                        let hit = BarHitResult(
                            target: target, action: action, reason: reason, hitView: extra & 1 == 0 ? nil : "view é",
                            slopPoint: extra & 2 == 0 ? nil : Point(x: 0.1, y: -3))
                        for bar in [nil, Rect(x: 0, y: 20.5, width: 375, height: 44)] {
                            let result = BarHitTest.Result(hit, includeTrace: false, bar: bar)
                            #expect(result.serializedBytes() == result.json.serializedBytes())
                            #expect(
                                result.serializedBytes(barMember: bar.map(BarHitTest.Result.barMember))
                                    == result.json.serializedBytes())
                        }
                    }
                }
            }
        }
        // With a trace, the JSON path is taken.
        let traced = BarHitTest.Result(BarHitResult(target: targets[0], action: .customBack), includeTrace: true)
        #expect(traced.serializedBytes() == traced.json.serializedBytes())
    }
}

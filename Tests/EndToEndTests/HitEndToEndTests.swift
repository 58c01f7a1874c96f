import Foundation
import JSONCore
import NavClient
import NavProtocol
import Testing

/// The seed's `po [[UIWindow keyWindow] recursiveDescription]` (QYNavBackButton's README), taken mid-push.
/// Throws, naming the file, when the fixture cannot be read, so the test fails there and not on an empty dump.
private func seedWindowDump() throws -> String {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/seed000-window-dump.txt")
    let text = try String(contentsOf: fixtures, encoding: .utf8)
    guard !text.isEmpty else { throw HarnessError("the fixture \(fixtures.path) is empty") }
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
}

private func point(_ x: Double, _ y: Double) -> JSON { ["x": .number(x), "y": .number(y)] }

/// Seed 002: the next screen replaced the back button with a custom left item.
private let customLeftItemScreens: JSON = [
    ["id": "home", "title": "Home"],
    [
        "id": "detail", "title": "Detail",
        "item": ["leftItems": [["id": "back", "customView": ["width": 44, "height": 44, "offset": ["x": -10, "y": 0]]]]],
    ],
]

/// tree/hitTest, gesture/popTest and navctl's pop-test and tree-hit on the real daemon.
@Suite("Hit testing view trees and the pop gesture on the real daemon")
struct HitEndToEndTests {
    @Test("tree/hitTest: the seed's mid-transition dump sends (20,40) to the transition view (HT-5)")
    func seedDump() async throws {
        try await withClient { client, _ in
            let result = try await client.request(
                "tree/hitTest", ["tree": .string(try seedWindowDump()), "point": point(20, 40), "trace": true])
            #expect(result["view"] == ["id": "0x8d813f0", "class": "UINavigationTransitionView", "path": [0, 0]])
            let trace = try #require(result["trace"]?.arrayValue)
            #expect(trace.map { $0["verdict"] } == ["hit", "hit", "disabled", "hit", "disabled"])
            #expect(trace[2]["class"] == "UINavigationBar")
            #expect(trace[2]["frame"] == ["x": 0, "y": 20, "width": 320, "height": 44])
        }
    }

    @Test("tree/hitTest: a JSON tree with an outside-touch container (HT-6) and its nearest action (HT-7)")
    func jsonTree() async throws {
        try await withClient { client, _ in
            let tree: JSON = [
                "class": "UINavigationBar", "frame": ["x": 0, "y": 0, "width": 320, "height": 44], "action": "barTap",
                "subviews": [
                    [
                        "class": "JGBackView", "id": "container", "frame": ["x": 16, "y": 0, "width": 44, "height": 44],
                        "touchPolicy": "outside",
                        "subviews": [
                            [
                                "class": "UIButton", "id": "button", "frame": ["x": -10, "y": 0, "width": 44, "height": 44],
                                "action": "back",
                            ]
                        ],
                    ]
                ],
            ]
            let reached = try await client.request("tree/hitTest", ["tree": tree, "point": point(8, 20)])
            #expect(reached["view"]?["id"] == "button")
            #expect(reached["action"] == ["name": "back", "path": [0, 0]])
            let bar = try await client.request("tree/hitTest", ["tree": tree, "point": point(200, 20)])
            #expect(bar["view"]?["path"] == [])
            #expect(bar["action"]?["name"] == "barTap")
            let none = try await client.request("tree/hitTest", ["tree": tree, "point": point(200, 44)])
            #expect(none["view"] == .null)
        }
    }

    @Test("tree/hitTest errors: exact View paths, text line numbers, tree limits")
    func errors() async throws {
        try await withClient { client, _ in
            let badPolicy: JSON = [
                "class": "UIView", "frame": ["x": 0, "y": 0, "width": 10, "height": 10],
                "subviews": [
                    ["class": "UIView", "frame": ["x": 0, "y": 0, "width": 1, "height": 1]],
                    ["class": "X", "frame": ["x": 0, "y": 0, "width": 1, "height": 1], "touchPolicy": "sometimes"],
                ],
            ]
            let policy = await rpcError { try await client.request("tree/hitTest", ["tree": badPolicy, "point": point(1, 1)]) }
            #expect(policy?.code == -32602)
            #expect(policy?.data?["path"] == "tree.subviews[1].touchPolicy")

            let width: JSON = ["class": "UIView", "frame": ["x": 0, "y": 0, "width": "wide", "height": 10]]
            let widthError = await rpcError { try await client.request("tree/hitTest", ["tree": width, "point": point(1, 1)]) }
            #expect(widthError?.data?["path"] == "tree.frame.width")

            let broken = try seedWindowDump() + "\n<UIView: 0x1; frame = (0 0; 1 1)>"
            let text = await rpcError { try await client.request("tree/hitTest", ["tree": .string(broken), "point": point(1, 1)]) }
            #expect(text?.code == -32602)
            #expect(text?.data?["path"] == "tree")
            #expect(text?.data?["line"] == 19)

            let wide = "<UIView: 0x1; frame = (0 0; 10 10)>" + String(repeating: "\n   | <UIView: 0x2; frame = (0 0; 1 1)>", count: 10_000)
            let limit = await rpcError { try await client.request("tree/hitTest", ["tree": .string(wide), "point": point(1, 1)]) }
            #expect(limit?.code == 1005)
            #expect(limit?.data?["name"] == "maxTreeNodes")
            #expect(limit?.data?["limit"] == 10_000)

            let missing = await rpcError { try await client.request("tree/hitTest", ["point": point(1, 1)]) }
            #expect(missing?.data?["path"] == "tree")
        }
    }

    @Test("gesture/popTest: a custom left item stops swipe-back, the screen's popGesture restores it (POP-3, seed 002)")
    func customLeftItem() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: ["screens": customLeftItemScreens]).sessionId
            let stopped = try await client.request("gesture/popTest", ["sessionId": .string(s), "start": point(8, 400)])
            #expect(stopped["begins"] == false)
            #expect(stopped["rule"] == "POP-3")
            #expect(
                stopped["reason"] == "a custom left item replaces the back button of 'detail', so UIKit's edge swipe does not begin (POP-3)"
            )
            #expect(try await client.stack(s).version == 0, "a query never changes the version")

            let version = try await client.updateScreen(s, screenId: "detail", changes: ["popGesture": "edge"])
            #expect(version == 1)
            let restored = try await client.request("gesture/popTest", ["sessionId": .string(s), "start": point(8, 400)])
            #expect(restored["begins"] == true)
            #expect(restored["recognizer"] == "restoredEdge")
            let beyond = try await client.request("gesture/popTest", ["sessionId": .string(s), "start": point(30, 400)])
            #expect(beyond["begins"] == false && beyond["rule"] == "POP-6")

            _ = try await client.pop(s)
            let root = try await client.request("gesture/popTest", ["sessionId": .string(s), "start": point(8, 400)])
            #expect(root["begins"] == false && root["rule"] == "POP-4")
        }
    }

    @Test("gesture/popTest: the fullscreen policy (POP-7) and the errors")
    func fullscreenAndErrors() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: [
                "screens": customLeftItemScreens, "policies": ["popGesture": "fullscreen", "popMaxStartX": 200],
            ]).sessionId
            let middle = try await client.request("gesture/popTest", ["sessionId": .string(s), "start": point(150, 400)])
            #expect(middle["begins"] == true && middle["recognizer"] == "fullscreen")
            let far = try await client.request("gesture/popTest", ["sessionId": .string(s), "start": point(250, 400)])
            #expect(far["begins"] == false && far["rule"] == "POP-7")

            let unknown = await rpcError { try await client.request("gesture/popTest", ["sessionId": "nope", "start": point(1, 1)]) }
            #expect(unknown?.code == 1001)
            let noY = await rpcError { try await client.request("gesture/popTest", ["sessionId": .string(s), "start": ["x": 1]]) }
            #expect(noY?.code == -32602 && noY?.data?["path"] == "start.y")
        }
    }

    @Test("navctl pop-test and tree-hit: readable lines, --json, errors")
    func navctl() async throws {
        try await withClient { client, daemon in
            let s = try await client.createSession(config: ["screens": customLeftItemScreens]).sessionId
            let socket = ["--socket", daemon.socketPath]
            let readable = try await runNavctl(["pop-test", s, "8", "400"] + socket)
            #expect(readable.status == 0, "\(readable)")
            #expect(readable.stdout.contains("does not begin swipe-back"))
            #expect(readable.stdout.contains("custom left item replaces the back button"))
            let json = try await runNavctl(["pop-test", s, "8", "400", "--json"] + socket)
            let parsed = try JSON.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(parsed["begins"] == false && parsed["rule"] == "POP-3")
            let unknown = try await runNavctl(["pop-test", "nope", "8", "400"] + socket)
            #expect(unknown.status == 1 && unknown.stderr.contains("1001"))
            let usage = try await runNavctl(["pop-test", s, "left", "400"] + socket)
            #expect(usage.status == 2)

            let hit = try await runNavctl(["tree-hit", "-", "20", "40", "--trace"] + socket, stdin: try seedWindowDump())
            #expect(hit.status == 0, "\(hit)")
            #expect(hit.stdout.contains("hit: UINavigationTransitionView 0x8d813f0 at path [0, 0]"))
            #expect(hit.stdout.contains("UINavigationBar 0x8d75c40: disabled"))
            let bad = try await runNavctl(
                ["tree-hit", "-", "1", "1"] + socket,
                stdin: "<UIView: 0x1; frame = (0 0; 1 1)>\n   |    | <UIView: 0x2; frame = (0 0; 1 1)>")
            #expect(bad.status == 1 && bad.stderr.contains("line 2"))
        }
    }
}

import Foundation
import JSONCore
import NavClient
import NavProtocol
import Testing

/// The seed's iOS 7 phone (SEMANTICS GEO-5): 320 x 480, status bar 20, the empty back title.
private func seedConfig(_ policies: JSONObject = [:], backAction: String = "pop", right: [JSON] = []) -> JSONObject {
    [
        "profile": "ios10", "device": ["width": 320, "height": 480, "statusBarHeight": 20], "policies": .object(policies),
        "screens": [
            ["id": "home", "title": "Home", "item": ["backItem": ["title": ""]]],
            ["id": "fish", "title": "A Story About a Fish", "backAction": .string(backAction), "item": ["rightItems": .array(right)]],
        ],
    ]
}

private func point(_ x: Double, _ y: Double) -> JSON { ["x": .number(x), "y": .number(y)] }

/// bar/layout, bar/hitTest, bar/hitRegions, bar/tap, bar/render and bar/diagnose on the real daemon.
@Suite("The bar methods on the real daemon")
struct LayoutEndToEndTests {
    @Test("bar/layout: the seed's bar frame, its back column and the slop (GEO-5, HT-10)")
    func layout() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: seedConfig()).sessionId
            let result = try await client.request("bar/layout", ["sessionId": .string(s)])
            #expect(result["bar"] == ["x": 0, "y": 20, "width": 320, "height": 44])
            let elements = try #require(result["elements"]?.arrayValue)
            let back = try #require(elements.first { $0["kind"] == "backButton" })
            #expect(back["frame"] == ["x": 0, "y": 20, "width": 49, "height": 44])
            #expect(elements.contains { $0["kind"] == "title" && $0["text"] == "A Story About a Fish" })
            #expect(result["slop"] == ["above": 20, "below": 15])
            #expect(result["screenId"] == "fish" && result["profile"] == "ios10" && result["hidden"] == false)
        }
    }

    @Test("bar/hitTest: HT-27 on the seed's bar, the mask on ios10 against ios17, with traces")
    func hitTest() async throws {
        try await withClient { client, _ in
            let seed = try await client.createSession(config: seedConfig()).sessionId
            let plain = try await client.request("bar/hitTest", ["sessionId": .string(seed), "point": point(20, 40)])
            #expect(plain["target"] == ["kind": "backButton", "screenId": "fish"])
            #expect(plain["action"] == ["kind": "pop", "to": "home"])
            #expect(plain["trace"] == nil)

            let masked = try await client.createSession(config: seedConfig(["backInterception": "mask"], backAction: "custom")).sessionId
            let traced = try await client.request("bar/hitTest", ["sessionId": .string(masked), "point": point(20, 40), "trace": true])
            #expect(traced["action"] == ["kind": "customBack"])
            let verdicts = traced["trace"]?.arrayValue?.compactMap { $0["verdict"]?.stringValue } ?? []
            #expect(verdicts.contains("intercepted"))
            let dead = try await client.request("bar/hitTest", ["sessionId": .string(masked), "point": point(60, 40)])
            #expect(dead["target"]?["kind"] == "bar" && dead["reason"] == "deadZone")

            var modern = seedConfig(["backInterception": "mask"], backAction: "custom")
            modern["profile"] = "ios17"
            let m = try await client.createSession(config: modern).sessionId
            let popped = try await client.request("bar/hitTest", ["sessionId": .string(m), "point": point(20, 40)])
            #expect(popped["action"] == ["kind": "pop", "to": "home"], "BB-13: no mask on iOS 11+")
        }
    }

    @Test("bar/hitTest: seed 001's outside-touch container on ios17, with and without forwarding")
    func forwarding() async throws {
        try await withClient { client, _ in
            let screens: JSON = [
                ["id": "home", "title": "Home"],
                [
                    "id": "detail", "title": "Detail",
                    "item": [
                        "leftItems": [
                            [
                                "id": "back",
                                "customView": ["width": 44, "height": 44, "offset": ["x": -8, "y": 0], "touchPolicy": "outside"],
                            ]
                        ]
                    ],
                ],
            ]
            let off = try await client.createSession(config: ["screens": screens]).sessionId
            let lost = try await client.request("bar/hitTest", ["sessionId": .string(off), "point": point(10, 69)])
            #expect(lost["target"]?["kind"] == "bar" && lost["action"] == ["kind": "none"])
            let on = try await client.createSession(config: ["screens": screens, "policies": ["forwardOutsideTouches": true]]).sessionId
            let reached = try await client.request("bar/hitTest", ["sessionId": .string(on), "point": point(10, 69), "trace": true])
            #expect(reached["action"] == ["kind": "itemAction", "itemId": "back"])
            #expect(reached["trace"]?.arrayValue?.contains { $0["verdict"] == "forwarded" } == true)
        }
    }

    @Test("bar/hitRegions: the regions cover the bar and include the mask's dead zone")
    func regions() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: seedConfig(["backInterception": "mask"], backAction: "custom")).sessionId
            let regions = try #require(try await client.request("bar/hitRegions", ["sessionId": .string(s)])["regions"]?.arrayValue)
            #expect(regions.contains { $0["reason"] == "deadZone" && $0["frame"] == ["x": 28, "y": 26, "width": 80, "height": 30] })
            #expect(
                regions.contains { $0["action"] == ["kind": "customBack"] && $0["frame"] == ["x": 8, "y": 26, "width": 20, "height": 30] })
            #expect(regions.contains { $0["viaSlop"] == true })
        }
    }

    @Test("bar/tap: a pop is told to subscribers before the reply and raises the version")
    func tapPop() async throws {
        try await withDaemon { daemon in
            let client = try await daemon.connect()
            let s = try await client.createSession(config: seedConfig()).sessionId
            let raw = try daemon.raw()
            try await raw.sendLine(RPC.request(1, "session/subscribe", ["sessionId": .string(s)]))
            #expect(try await raw.nextMessage()["id"] == 1)
            try await raw.sendLine(RPC.request(2, "bar/tap", ["sessionId": .string(s), "point": point(20, 40), "ifVersion": 0]))
            let change = try await raw.nextMessage()
            #expect(change["method"] == "session/didChange" && change["params"]?["version"] == 1)
            #expect(change["params"]?["changes"]?.arrayValue?.first == ["kind": "stack", "op": "pop", "screens": ["fish"]])
            // The seed's bar had findings (its wide back area, the empty back title) and the root has none: the
            // new set comes before the reply too.
            var reply = try await raw.nextMessage()
            if reply["method"] == "session/diagnostics" {
                #expect(reply["params"]?["version"] == 1 && reply["params"]?["diagnostics"] == [])
                reply = try await raw.nextMessage()
            }
            #expect(reply["id"] == 2)
            #expect(reply["result"]?["performed"] == true && reply["result"]?["version"] == 1)
            #expect(reply["result"]?["hit"]?["action"] == ["kind": "pop", "to": "home"])
            #expect(try await client.stack(s).screens.count == 1)
            raw.close()
            await client.close()
        }
    }

    @Test("bar/tap: customBack and itemAction notify before the reply; the version stays")
    func tapNotifications() async throws {
        try await withDaemon { daemon in
            let client = try await daemon.connect()
            let s = try await client.createSession(
                config: seedConfig(backAction: "custom", right: [["id": "share", "title": "Share", "width": 40]])
            ).sessionId
            let raw = try daemon.raw()
            try await raw.sendLine(RPC.request(1, "session/subscribe", ["sessionId": .string(s)]))
            _ = try await raw.nextMessage()

            try await raw.sendLine(RPC.request(2, "bar/tap", ["sessionId": .string(s), "point": point(20, 40)]))
            let back = try await raw.nextMessage()
            #expect(back["method"] == "navigation/backRequested")
            #expect(back["params"] == ["sessionId": .string(s), "screenId": "fish", "version": 0])
            let reply = try await raw.nextMessage()
            #expect(reply["id"] == 2 && reply["result"]?["performed"] == true && reply["result"]?["version"] == 0)

            try await raw.sendLine(RPC.request(3, "bar/tap", ["sessionId": .string(s), "point": point(300, 40)]))
            let item = try await raw.nextMessage()
            #expect(item["method"] == "navigation/itemTapped")
            #expect(item["params"] == ["sessionId": .string(s), "screenId": "fish", "itemId": "share", "version": 0])
            #expect(try await raw.nextMessage()["id"] == 3)

            // A tap on the title does nothing and tells nobody.
            try await raw.sendLine(RPC.request(4, "bar/tap", ["sessionId": .string(s), "point": point(160, 42)]))
            let none = try await raw.nextMessage()
            #expect(none["id"] == 4 && none["result"]?["performed"] == false)
            try await raw.expectNothingBeforeBarrier()
            raw.close()
            await client.close()
        }
    }

    @Test("bar/tap: ifVersion is checked even when the tap does nothing (1004)")
    func tapIfVersion() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: seedConfig()).sessionId
            let error = await rpcError {
                try await client.request("bar/tap", ["sessionId": .string(s), "point": point(160, 42), "ifVersion": 5])
            }
            #expect(error?.code == 1004 && error?.data?["version"] == 0)
            #expect(try await client.stack(s).version == 0)
        }
    }

    @Test("bar/render: an SVG with every touch area; only the svg format")
    func render() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: seedConfig()).sessionId
            let svg = try #require(try await client.request("bar/render", ["sessionId": .string(s)])["svg"]?.stringValue)
            #expect(svg.hasPrefix("<?xml") && svg.contains("<svg") && svg.contains("class=\"touch pop\"") && svg.hasSuffix("</svg>\n"))
            let error = await rpcError { try await client.request("bar/render", ["sessionId": .string(s), "format": "pdf"]) }
            #expect(error?.code == -32602 && error?.data?["path"] == "format")
        }
    }

    @Test("bar/diagnose: the seed's mask, a named screen, an unknown screen")
    func diagnose() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: seedConfig(["backInterception": "mask"], backAction: "custom")).sessionId
            let list = try #require(try await client.request("bar/diagnose", ["sessionId": .string(s)])["diagnostics"]?.arrayValue)
            let codes = list.compactMap { $0["code"]?.stringValue }
            #expect(codes.contains("dead-zone") && codes.contains("touch-target-small") && codes.contains("custom-back-unreachable"))
            #expect(list.allSatisfy { $0["screenId"] == "fish" && $0["severity"] != nil && $0["message"] != nil })
            let root = try await client.request("bar/diagnose", ["sessionId": .string(s), "screenId": "home"])
            #expect(root["diagnostics"] == [])
            let error = await rpcError { try await client.request("bar/diagnose", ["sessionId": .string(s), "screenId": "nope"]) }
            #expect(error?.code == 1002 && error?.data?["path"] == "screenId")
        }
    }

    @Test("every bar method: unknown session 1001, empty stack 1006, bad params -32602 with the path")
    func errors() async throws {
        try await withClient { client, _ in
            let empty = try await client.createSession().sessionId
            for method in ["bar/layout", "bar/hitTest", "bar/hitRegions", "bar/tap", "bar/render", "bar/diagnose"] {
                let takesPoint = method == "bar/hitTest" || method == "bar/tap"
                let unknown = await Self.code(client, method, Self.params("nope", point: takesPoint))
                let onEmpty = await Self.code(client, method, Self.params(empty, point: takesPoint))
                let missing = await Self.failure(client, method, [:])
                #expect(unknown == 1001, "\(method)")
                #expect(onEmpty == 1006, "\(method)")
                #expect(missing?.code == -32602 && missing?.data?["path"] == "sessionId", "\(method)")
                if takesPoint {
                    let bad = await Self.failure(client, method, ["sessionId": .string(empty), "point": ["x": "1", "y": 2]])
                    #expect(bad?.code == -32602 && bad?.data?["path"] == "point.x" && bad?.data?["expected"] != nil)
                }
            }
        }
    }

    static func failure(_ client: NavClient, _ method: String, _ params: JSON) async -> RPCError? {
        do {
            _ = try await client.request(method, params)
            return nil
        } catch let error as NavClientError {
            return error.rpcError
        } catch {
            return nil
        }
    }

    static func code(_ client: NavClient, _ method: String, _ params: JSON) async -> Int? {
        await failure(client, method, params)?.code
    }

    static func params(_ sessionId: String, point withPoint: Bool) -> JSON {
        withPoint ? ["sessionId": .string(sessionId), "point": point(1, 1)] : ["sessionId": .string(sessionId)]
    }

    @Test("navctl hit, tap, regions and render")
    func navctl() async throws {
        try await withClient { client, daemon in
            let s = try await client.createSession(config: seedConfig(["backInterception": "mask"], backAction: "custom")).sessionId
            let socket = ["--socket", daemon.socketPath]
            let hit = try await runNavctl(["hit", s, "20", "40", "--trace"] + socket)
            #expect(hit.status == 0, "\(hit)")
            #expect(hit.stdout.contains("lands on the back button") && hit.stdout.contains("navigation/backRequested"))
            #expect(hit.stdout.contains("intercepted"))
            let json = try await runNavctl(["hit", s, "20", "40", "--json"] + socket)
            #expect(try JSON.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))["action"] == ["kind": "customBack"])

            let regions = try await runNavctl(["regions", s] + socket)
            #expect(regions.status == 0 && regions.stdout.contains("customBack") && regions.stdout.contains("(deadZone)"))

            let directory = try TemporaryDirectory()
            let file = directory.file("bar.svg")
            let render = try await runNavctl(["render", s, "-o", file] + socket)
            #expect(render.status == 0, "\(render)")
            #expect((try? String(contentsOfFile: file, encoding: .utf8))?.hasPrefix("<?xml") == true)

            let tap = try await runNavctl(["tap", s, "4", "40"] + socket)
            #expect(tap.status == 0 && tap.stdout.contains("popped to 'home'"), "\(tap)")
            let stale = try await runNavctl(["tap", s, "4", "40", "--if-version", "0"] + socket)
            #expect(stale.status == 1 && stale.stderr.contains("1004"))
            let unknown = try await runNavctl(["hit", "nope", "1", "1"] + socket)
            #expect(unknown.status == 1 && unknown.stderr.contains("1001"))
        }
    }
}

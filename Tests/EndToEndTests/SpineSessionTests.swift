import Foundation
import JSONCore
import NavClient
import NavProtocol
import Testing

/// The RPC error a call failed with, or nil when it succeeded.
func rpcError(_ body: () async throws -> some Any) async -> RPCError? {
    do {
        _ = try await body()
        return nil
    } catch let error as NavClientError {
        return error.rpcError
    } catch {
        return nil
    }
}

/// PROTOCOL.md sections 2 and 4: sessions, the stack, partial updates, versions, error codes.
@Suite("Sessions, the stack and partial updates on the real daemon")
struct SpineSessionTests {
    @Test("session/create, configure and list: names, versions, depths")
    func createConfigureList() async throws {
        try await withClient { client, _ in
            let a = try await client.createSession(
                name: "alpha",
                config: ["profile": "ios13", "screens": [["id": "root", "title": "Root"], ["id": "next", "title": "Next"]]])
            #expect(a.version == 0)
            let b = try await client.createSession()
            #expect(a.sessionId != b.sessionId)
            let version = try await client.configureSession(a.sessionId, ["locale": "fr", "appLocalizations": ["en", "fr"]])
            #expect(version == 1)
            let sessions = try await client.listSessions()
            #expect(sessions.map(\.sessionId) == [a.sessionId, b.sessionId])
            #expect(sessions[0].name == "alpha")
            #expect(sessions[0].version == 1)
            #expect(sessions[0].depth == 2)
            #expect(sessions[0].subscribers == 0)
            #expect(sessions[1].depth == 0)
            #expect(try await client.status().sessions == 2)
        }
    }

    @Test("snapshot then restore gives an identical model; close removes the session")
    func snapshotRestoreClose() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(name: "snap", config: ["profile": "ios10", "policies": ["emptyBackTitles": true]])
            _ = try await client.push(
                s.sessionId, screen: ["id": "home", "title": "Home", "item": ["rightItems": [["id": "add", "system": "add"]]]])
            _ = try await client.push(s.sessionId, screen: ["title": "Generated"])
            _ = try await client.updateBar(s.sessionId, appearance: ["barTintColor": "#336699"])
            _ = try await client.updateScreen(s.sessionId, screenId: "home", changes: ["item": ["backButtonTitle": "Back home"]])
            let document = try await client.snapshot(s.sessionId)
            let restored = try await client.restore(document)
            #expect(restored.sessionId != s.sessionId)
            #expect(restored.version == (try await client.stack(s.sessionId)).version)
            #expect(try await client.snapshot(restored.sessionId) == document)
            #expect(try await client.stack(restored.sessionId) == (try await client.stack(s.sessionId)))

            let renamed = try await client.restore(document, name: "copy")
            #expect(try await client.listSessions().first { $0.sessionId == renamed.sessionId }?.name == "copy")

            try await client.closeSession(s.sessionId)
            #expect(await rpcError { try await client.stack(s.sessionId) }?.code == 1001)
            #expect(await rpcError { try await client.closeSession(s.sessionId) }?.code == 1001)
            #expect(try await client.listSessions().map(\.sessionId) == [restored.sessionId, renamed.sessionId])
        }
    }

    @Test("a bad snapshot document is -32602 under document.")
    func badDocument() async throws {
        try await withClient { client, _ in
            let error = await rpcError { try await client.restore(["screens": "not a list"]) }
            #expect(error?.code == -32602)
            #expect(error?.data?["path"]?.stringValue?.hasPrefix("document") == true, "\(String(describing: error))")
        }
    }

    @Test("session/close tells every subscriber with session/didClose, before the reply")
    func closeNotifiesSubscribers() async throws {
        try await withDaemon { daemon in
            let owner = try await daemon.connect()
            let watcher = try await daemon.connect()
            let s = try await owner.createSession()
            _ = try await watcher.subscribe(s.sessionId)
            let raw = try daemon.raw()
            try await raw.sendLine(RPC.request(1, "session/subscribe", ["sessionId": .string(s.sessionId)]))
            #expect(try await raw.nextMessage()["id"] == 1)
            try await raw.sendLine(RPC.request(2, "session/close", ["sessionId": .string(s.sessionId)]))
            let first = try await raw.nextMessage()
            #expect(first["method"] == "session/didClose")
            #expect(first["params"]?["sessionId"] == .string(s.sessionId))
            let reply = try await raw.nextMessage()
            #expect(reply["id"] == 2)
            #expect(reply["result"] == .null)
            let note = try await watcher.nextNotification()
            #expect(note.method == "session/didClose")
            #expect(note.params?["sessionId"] == .string(s.sessionId))
            try await watcher.assertNoNotificationDue()
            raw.close()
            await owner.close()
            await watcher.close()
        }
    }

    @Test("stack/push, pop, pop to an id, pop to root, set and get")
    func stackOperations() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            let a = try await client.push(s, screen: ["id": "a", "title": "A"])
            #expect(a.screenId == "a" && a.version == 1)
            let generated = try await client.push(s, screen: ["title": "No id"])
            #expect(!generated.screenId.isEmpty)
            #expect(generated.screenId != "a" && generated.screenId != "root")
            _ = try await client.push(s, screen: ["id": "c", "title": "C"])
            _ = try await client.push(s, screen: ["id": "d", "title": "D"])

            let one = try await client.pop(s)
            #expect(one.popped == ["d"])
            #expect(one.version == 5)
            let toA = try await client.pop(s, to: "a")
            #expect(toA.popped == ["c", generated.screenId])
            let toRoot = try await client.pop(s, to: "root")
            #expect(toRoot.popped == ["a"])
            #expect(await rpcError { try await client.pop(s) }?.code == 1006)
            #expect(try await client.stack(s).version == 7, "a refused pop changes nothing")

            let set = try await client.setStack(s, screens: [["id": "x", "title": "X"], ["id": "y", "title": "Y"]])
            #expect(set == 8)
            let stack = try await client.stack(s)
            #expect(stack.version == 8)
            #expect(stack.screens.map(\.id) == ["x", "y"])
            #expect(stack.screens[1].json["title"] == "Y")
            #expect(stack.screens[1].json["backAction"] == "pop", "every member written out")
            #expect(stack.screens[1].json["item"]?["leftItems"] == .array([]))
        }
    }

    @Test("stack errors: unknown screen 1002, duplicate id -32602, unknown session 1001")
    func stackErrors() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: ["screens": [["id": "root", "title": "Root"], ["id": "top"]]]).sessionId
            let ghost = await rpcError { try await client.pop(s, to: "ghost") }
            #expect(ghost?.code == 1002)
            #expect(ghost?.data?["path"] == "to")
            let duplicate = await rpcError { try await client.push(s, screen: ["id": "root"]) }
            #expect(duplicate?.code == -32602)
            #expect(duplicate?.data?["path"]?.stringValue?.hasPrefix("screen") == true, "\(String(describing: duplicate))")
            let unknown = await rpcError { try await client.push("no-such-session", screen: ["title": "x"]) }
            #expect(unknown?.code == 1001)
            #expect(unknown?.message.contains("no-such-session") == true)
            #expect(await rpcError { try await client.updateScreen(s, screenId: "ghost", changes: ["title": "x"]) }?.code == 1002)
            #expect(try await client.stack(s).version == 0, "failed mutations change nothing")
        }
    }

    @Test("ifVersion: a mismatch changes nothing and answers 1004 with data.version")
    func ifVersion() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            _ = try await client.push(s, screen: ["id": "a"], ifVersion: 0)
            let conflicts: [RPCError?] = [
                await rpcError { try await client.push(s, screen: ["id": "b"], ifVersion: 0) },
                await rpcError { try await client.pop(s, ifVersion: 5) },
                await rpcError { try await client.setStack(s, screens: [["id": "z"]], ifVersion: 0) },
                await rpcError { try await client.updateScreen(s, screenId: "a", changes: ["title": "T"], ifVersion: 0) },
                await rpcError { try await client.updateBar(s, appearance: ["hidden": true], ifVersion: 0) },
                await rpcError { try await client.configureSession(s, ["locale": "de"], ifVersion: 0) },
            ]
            for error in conflicts {
                #expect(error?.code == 1004)
                #expect(error?.data?["version"] == 1)
            }
            let stack = try await client.stack(s)
            #expect(stack.version == 1)
            #expect(stack.screens.map(\.id) == ["root", "a"])
            #expect(try await client.pop(s, ifVersion: 1).popped == ["a"])
        }
    }

    @Test("screen/update merges nested objects field by field and null resets a field")
    func screenUpdatePartial() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            _ = try await client.updateScreen(
                s, screenId: "root",
                changes: [
                    "item": ["rightItems": [["id": "add", "system": "add"]], "backButtonTitle": "Back!"],
                    "backAction": "custom",
                ])
            _ = try await client.updateScreen(s, screenId: "root", changes: ["item": ["title": "Shown"]])
            var screen = try await client.stack(s).screens[0].json
            #expect(screen["title"] == "Root", "untouched fields stay")
            #expect(screen["backAction"] == "custom")
            #expect(screen["item"]?["title"] == "Shown")
            #expect(screen["item"]?["backButtonTitle"] == "Back!", "a nested object merges")
            #expect(screen["item"]?["rightItems"]?.arrayValue?.first?["id"] == "add")

            let version = try await client.updateScreen(
                s, screenId: "root", changes: ["item": ["backButtonTitle": nil], "backAction": nil])
            #expect(version == 3)
            screen = try await client.stack(s).screens[0].json
            #expect(screen["item"]?["backButtonTitle"] == .null, "null resets to the default")
            #expect(screen["backAction"] == "pop", "null resets to the default")
            #expect(screen["item"]?["title"] == "Shown")

            let bad = await rpcError { try await client.updateScreen(s, screenId: "root", changes: ["item": ["hidesBackButton": "yes"]]) }
            #expect(bad?.code == -32602)
            #expect(bad?.data?["path"] == "changes.item.hidesBackButton")
            #expect(bad?.data?["expected"] != nil)
        }
    }

    @Test("bar/update: a screen's bar and the session-wide bar merge field by field; null resets")
    func barUpdatePartial() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            _ = try await client.updateBar(s, screenId: "root", appearance: ["barTintColor": "#FF0000", "translucent": false])
            _ = try await client.updateBar(s, screenId: "root", appearance: ["titleColor": "#00FF00"])
            var bar = try await client.stack(s).screens[0].json["bar"]
            #expect(bar?["barTintColor"] == "#FF0000")
            #expect(bar?["translucent"] == false)
            #expect(bar?["titleColor"] == "#00FF00")
            _ = try await client.updateBar(s, screenId: "root", appearance: ["barTintColor": nil])
            bar = try await client.stack(s).screens[0].json["bar"]
            #expect(bar?["barTintColor"] == .null)
            #expect(bar?["titleColor"] == "#00FF00")

            let v = try await client.updateBar(s, appearance: ["barTintColor": "rgb(0,0,255)", "hidden": false])
            #expect(v == 4)
            _ = try await client.updateBar(s, appearance: ["tintColor": "systemBlue"])
            let sessionBar = try await client.snapshot(s)["bar"]
            #expect(sessionBar?["barTintColor"] == "#0000FF", "returned colours are #RRGGBB")
            #expect(sessionBar?["tintColor"] != nil && sessionBar?["tintColor"] != .null)

            let bad = await rpcError { try await client.updateBar(s, appearance: ["barTintColor": "#12"]) }
            #expect(bad?.code == -32602)
            #expect(bad?.data?["path"] == "appearance.barTintColor")
        }
    }

    @Test("session/configure merges device and policies field by field; null resets a field to its default")
    func configurePartial() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession().sessionId
            var document = try await client.snapshot(s)
            #expect(document["profile"] == "ios17")
            #expect(document["device"]?["width"] == 390)
            #expect(document["device"]?["height"] == 844)
            #expect(document["device"]?["statusBarHeight"] == 47)
            #expect(document["locale"] == "en")
            #expect(document["policies"]?["popGesture"] == "edge")

            _ = try await client.configureSession(s, ["device": ["width": 320], "policies": ["popGesture": "fullscreen"]])
            _ = try await client.configureSession(s, ["policies": ["emptyBackTitles": true], "profile": "ios10"])
            document = try await client.snapshot(s)
            #expect(document["device"]?["width"] == 320)
            #expect(document["device"]?["height"] == 844, "device merges field by field")
            #expect(document["policies"]?["popGesture"] == "fullscreen", "policies merge field by field")
            #expect(document["policies"]?["emptyBackTitles"] == true)
            #expect(document["profile"] == "ios10")

            let version = try await client.configureSession(s, ["policies": ["popGesture": nil], "device": ["width": nil], "profile": nil])
            #expect(version == 3)
            document = try await client.snapshot(s)
            #expect(document["policies"]?["popGesture"] == "edge", "null resets to the default")
            #expect(document["policies"]?["emptyBackTitles"] == true)
            #expect(document["device"]?["width"] == 390)
            #expect(document["profile"] == "ios17")

            let bad = await rpcError { try await client.configureSession(s, ["policies": ["popGesture": "sideways"]]) }
            #expect(bad?.code == -32602)
            #expect(bad?.data?["path"] == "policies.popGesture")
            #expect(try await client.stack(s).version == 3, "a refused configure changes nothing")
        }
    }

    @Test("invalid params name the field in data.path and say what was expected")
    func invalidParams() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession().sessionId
            let cases: [(String, JSON, String)] = [
                ("stack/push", ["sessionId": .string(s), "screen": ["title": 5]], "screen.title"),
                ("stack/push", ["screen": ["title": "x"]], "sessionId"),
                ("session/create", ["profile": "ios9"], "profile"),
                ("session/create", ["device": ["width": "wide"]], "device.width"),
                ("session/subscribe", ["sessionId": .string(s), "topics": ["stack", "weather"]], "topics[1]"),
                ("stack/set", ["sessionId": .string(s), "screens": [["id": "a"], ["id": 3]]], "screens[1].id"),
                ("stack/pop", ["sessionId": .string(s), "ifVersion": "one"], "ifVersion"),
            ]
            for (method, params, path) in cases {
                let error = await rpcError { try await client.request(method, params) }
                #expect(error?.code == -32602, "\(method) \(params.serialized())")
                #expect(error?.data?["path"] == .string(path), "\(method): \(String(describing: error))")
                #expect(error?.data?["expected"]?.stringValue?.isEmpty == false, "\(method): \(String(describing: error))")
                #expect(error?.message.isEmpty == false)
            }
            let notFound = await rpcError { try await client.request("stack/peek", ["sessionId": .string(s)]) }
            #expect(notFound?.code == -32601)
            #expect(notFound?.message.contains("stack/peek") == true)
        }
    }

    @Test("limits answer 1005 with data.name and data.limit")
    func limits() async throws {
        try await withClient(["--max-sessions", "1", "--max-stack-depth", "2", "--max-subscriptions", "1"]) { client, _ in
            let s = try await client.createSession(config: ["screens": [["id": "root"]]]).sessionId
            let sessions = await rpcError { try await client.createSession() }
            #expect(sessions?.code == 1005)
            #expect(sessions?.data?["limit"] == 1)
            #expect(sessions?.data?["name"] == "maxSessions")

            _ = try await client.push(s, screen: ["id": "two"])
            let depth = await rpcError { try await client.push(s, screen: ["id": "three"]) }
            #expect(depth?.code == 1005)
            #expect(depth?.data?["limit"] == 2)
            #expect(depth?.data?["name"] == "maxStackDepth")

            _ = try await client.subscribe(s)
            let subscriptions = await rpcError { try await client.subscribe(s) }
            #expect(subscriptions?.code == 1005)
            #expect(subscriptions?.data?["limit"] == 1)
        }
    }

    @Test("a batch over --max-batch gets -32600 naming the limit")
    func batchLimit() async throws {
        try await withDaemon(["--max-batch", "2"]) { daemon in
            let raw = try daemon.raw()
            try await raw.sendLine([RPC.request(1, "session/list"), RPC.request(2, "session/list"), RPC.request(3, "session/list")])
            let reply = try await raw.nextMessage()
            let error = reply.arrayValue?.first ?? reply
            #expect(RPC.errorCode(error) == -32600, "\(reply.serialized())")
            #expect(error["error"]?["data"]?["limit"] == 2)
            raw.close()
        }
    }
}

import Foundation
import JSONCore
import Logging
import NavClient
import NavFraming
import NavModel
import NavProtocol
import NavTransport
import Testing
@testable import NavServer

/// Where a scenario runs: a server in this process reached in memory, or the same server behind a
/// Unix socket in this process, reached through `UnixSocketStream`.
enum ClientRig: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inProcess
    case socket

    var testDescription: String { rawValue }

    /// Runs `body` with a way to open clients, tearing everything down afterwards.
    func run(_ body: (@Sendable (Framing) async throws -> NavClient) async throws -> Void) async throws {
        let service = NavService()
        switch self {
        case .inProcess:
            try await body { framing in await NavClient(stream: InProcessStream(service: service), framing: framing) }
        case .socket:
            var template = Array("/tmp/navd-rig-XXXXXX".utf8CString)
            guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) != nil else {
                throw NavClientError.badReply("mkdtemp failed")
            }
            let directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/navd.sock"
            let server = UnixSocketServer(path: path, limits: ConnectionLimits(), logger: Logger(label: "rig"))
            let serving = Task { try await server.run(service: service) }
            defer { serving.cancel() }
            try await body { framing in
                try await NavClient(stream: Self.connect(path), framing: framing)
            }
            server.stop()
            _ = await serving.result
        }
    }

    /// Connects, retrying with a short backoff while the server is still binding (bounded).
    static func connect(_ path: String) async throws -> UnixSocketStream {
        var delay = Duration.milliseconds(2)
        for _ in 0..<40 {
            do { return try await UnixSocketStream.connect(path: path) } catch NavClientError.cannotConnect {}
            try await Task.sleep(for: delay)
            delay = min(delay * 2, .milliseconds(100))
        }
        return try await UnixSocketStream.connect(path: path)
    }
}

/// The typed client against the real server code, the same scenarios in process and over a socket.
@Suite("NavClient in process and over a socket")
struct InProcessClientTests {
    @Test("typed calls, subscriptions and notifications", arguments: ClientRig.allCases)
    func typedCalls(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let capabilities = try await client.initialize(clientName: "tests")
            #expect(capabilities.protocolVersion == 1)
            let session = try await client.createSession(name: "rig", config: ["screens": [["id": "root", "title": "Root"]]])
            let subscription = try await client.subscribe(session.sessionId, topics: [.stack])
            #expect(subscription.version == 0)
            let pushed = try await client.push(session.sessionId, screen: ["id": "a", "title": "A"])
            #expect(pushed.version == 1)
            let note = try await client.nextNotification(timeout: .seconds(5))
            #expect(note.method == "session/didChange")
            #expect(note.params?["changes"] == [["kind": "stack", "op": "push", "screens": ["a"]]])
            try await client.unsubscribe(subscription)
            #expect(try await client.pop(session.sessionId).popped == ["a"])
            try await client.assertNoNotificationDue()
            #expect(try await client.listSessions().map(\.name) == ["rig"])
            await client.close()
        }
    }

    @Test("a client that closes ends its own subscriptions, not another's", arguments: ClientRig.allCases)
    func closingEndsOnlyItsOwnSubscriptions(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let mutator = try await open(.ndjson)
            let leaving = try await open(.ndjson)
            let staying = try await open(.ndjson)
            let s = try await mutator.createSession(name: "two", config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            _ = try await leaving.subscribe(s, topics: [.stack])
            _ = try await staying.subscribe(s, topics: [.stack])
            await leaving.close()
            // The daemon has seen the close once a session listing (which counts its subscribers) says so.
            for _ in 0..<200 {
                if try await mutator.listSessions().first?.subscribers == 1 { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            _ = try await mutator.push(s, screen: ["id": "a", "title": "A"])
            let note = try await staying.nextNotification(timeout: .seconds(5))
            #expect(note.method == "session/didChange")
            await staying.close()
            await mutator.close()
        }
    }

    @Test("every method through its typed call, over the shared wire types", arguments: ClientRig.allCases)
    func everyTypedCall(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let watcher = try await open(.ndjson)
            var called: Set<String> = []
            func mark(_ method: any RPCMethod.Type) { called.insert(method.name) }

            #expect(try await client.initialize(clientName: "tests").methods.contains("rpc.discover"))
            mark(Initialize.self)
            #expect(try await client.discover() == OpenRPC.document())
            mark(RPCDiscover.self)
            #expect(try await client.status().sessions == 0)
            mark(DaemonStatus.self)

            let s = try await client.createSession(
                name: "all", config: ["profile": "ios17", "screens": [["id": "home", "title": "Home"]]]
            ).sessionId
            mark(SessionCreate.self)
            let subscription = try await watcher.subscribe(s, topics: [.stack])
            mark(SessionSubscribe.self)
            #expect(try await client.configureSession(s, ["locale": "de-DE"]) == 1)
            mark(SessionConfigure.self)
            #expect(
                try await client.push(
                    s, screen: ["id": "detail", "title": "Detail", "item": ["rightItems": [["id": "save", "title": "Save"]]]]
                ).screenId == "detail")
            mark(StackPush.self)
            let pushed = try await watcher.nextNotification(timeout: .seconds(5))
            #expect(try DidChange.Params(from: ParamReader(pushed.params)).changes == [.stack(op: .push, screens: ["detail"])])
            #expect(try await client.updateScreen(s, screenId: "home", changes: ["title": "Settings"]) == 3)
            mark(ScreenUpdate.self)
            #expect(try await client.updateBar(s, appearance: ["barTintColor": "#1C1C1E"]) == 4)
            mark(BarUpdate.self)
            #expect(try await client.stack(s).screens.map(\.id) == ["home", "detail"])
            mark(StackGet.self)
            let top = try await client.call(ScreenGet.self, ScreenQueryParams(sessionId: s))
            #expect(top.screen.id == "detail" && top.screen.item.rightItems.map(\.id) == ["save"])
            #expect(try await client.call(ScreenGet.self, ScreenQueryParams(sessionId: s, screenId: "home")).screen.title == "Settings")
            await #expect(throws: NavClientError.self) {
                _ = try await client.call(ScreenGet.self, ScreenQueryParams(sessionId: s, screenId: "nowhere"))
            }
            mark(ScreenGet.self)
            #expect(try await client.listSessions().map(\.sessionId) == [s])
            mark(SessionList.self)

            let back = try await client.backTitle(s)
            #expect(back.title == "Settings" && back.display == .text)
            mark(TitleBack.self)
            #expect(try await client.previousTitle(s).previousScreenId == "home")
            mark(TitlePrevious.self)
            let tint = try await client.resolveTint(TintResolve.Params(sessionId: s))
            #expect(tint.foreground.hex == "#007AFF" && tint.foregroundPolicy == .uikit && tint.source == .automatic)
            #expect(tint.automaticForeground == Color(red: 1, green: 1, blue: 1) && tint.titleColor == .black)
            mark(TintResolve.self)

            let layout = try await client.layout(s)
            #expect(layout.screenId == "detail" && layout.elements.map(\.kind).contains(.backButton))
            mark(BarLayout.self)
            let save = try #require(layout.elements.first { $0.id == "save" })
            let middle = Point(x: save.frame.x + save.frame.width / 2, y: save.frame.y + save.frame.height / 2)
            let hit = try await client.hitTest(s, point: middle, trace: true)
            #expect(hit.hit.action == .itemAction("save") && !hit.hit.trace.isEmpty)
            mark(BarHitTest.self)
            #expect(try await client.hitRegions(s).contains { $0.action == .itemAction("save") })
            mark(BarHitRegions.self)
            #expect(try await client.render(s).hasPrefix("<?xml"))
            mark(BarRender.self)
            #expect(try await client.diagnose(s).allSatisfy { $0.screenId == "detail" })
            mark(BarDiagnose.self)
            #expect(try await client.popTest(s, start: Point(x: 5, y: 400)).begins)
            mark(GesturePopTest.self)
            let tapped = try await client.tap(s, point: middle)
            #expect(tapped.performed && tapped.hit.action == .itemAction("save"))
            mark(BarTap.self)
            let tree = try await client.treeHitTest(
                TreeHitTest.Params(
                    tree: View(className: "UIView", frame: Rect(x: 0, y: 0, width: 10, height: 10)), point: Point(x: 5, y: 5)))
            #expect(tree.view?.className == "UIView")
            mark(TreeHitTest.self)

            #expect(try await client.pop(s).popped == ["detail"])
            mark(StackPop.self)
            #expect(try await client.setStack(s, screens: [["id": "a"], ["id": "b"]]) == 6)
            mark(StackSet.self)
            let document = try await client.snapshot(s)
            mark(SessionSnapshot.self)
            let restored = try await client.restore(document, name: "copy")
            #expect(try await client.stack(restored.sessionId) == (try await client.stack(s)))
            mark(SessionRestore.self)
            try await watcher.unsubscribe(subscription)
            mark(SessionUnsubscribe.self)
            try await client.closeSession(restored.sessionId)
            mark(SessionClose.self)
            try await client.shutdown()
            mark(Shutdown.self)

            #expect(called == Set(Messages.requests.map { $0.name }), "methods without a typed call here")
            await client.close()
            await watcher.close()
        }
    }

    @Test("concurrent requests on one connection are each matched to their own reply", arguments: ClientRig.allCases)
    func concurrentRequests(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.contentLength)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<40 {
                    group.addTask {
                        let created = try await client.createSession(name: "c\(n)")
                        let listed = try await client.listSessions()
                        #expect(listed.first { $0.sessionId == created.sessionId }?.name == "c\(n)")
                    }
                }
                try await group.waitForAll()
            }
            try await client.assertNoUnmatchedReplyDue()
            await client.close()
        }
    }

    @Test("errors come back as NavClientError.rpc with code, message and data", arguments: ClientRig.allCases)
    func errors(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            do {
                _ = try await client.stack("missing")
                Issue.record("expected an error")
            } catch NavClientError.rpc(let error) {
                #expect(error.code == ErrorCode.unknownSession)
                #expect(error.message == "no session 'missing'; session/list shows the open ones")
                #expect(error.data?["sessionId"] == "missing")
            }
            do {
                _ = try await client.request("session/create", ["device": ["width": "wide"]])
                Issue.record("expected an error")
            } catch NavClientError.rpc(let error) {
                #expect(error.code == ErrorCode.invalidParams)
                #expect(error.data?["path"] == "device.width")
            }
            await client.close()
        }
    }

    @Test("a batch returns each request's outcome in order; notifications only return at once", arguments: ClientRig.allCases)
    func batch(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let results = try await client.batch([
                .request("session/create", ["name": "b"]),
                .notification("session/list", nil),
                .request("no/such", nil),
            ])
            #expect(results.count == 2)
            #expect((try? results[0].get())?["version"] == 0)
            if case .failure(let error) = results[1] {
                #expect(error.code == ErrorCode.methodNotFound)
            } else {
                Issue.record("expected -32601")
            }
            #expect(try await client.batch([.notification("session/list", nil)]).isEmpty)
            await client.close()
        }
    }

    @Test("bar/hitTest and bar/hitRegions answer for the bar as it is after every kind of change", arguments: ClientRig.allCases)
    func barAfterChanges(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let s = try await client.createSession(
                config: ["screens": [["id": "settings", "title": "Settings"], ["id": "general", "title": "General"]]]
            ).sessionId
            func target(_ x: Double) async throws -> JSON? {
                try await client.request("bar/hitTest", ["sessionId": .string(s), "point": ["x": .double(x), "y": 70]])["target"]?["kind"]
            }
            func backRegions() async throws -> Int {
                let regions = try await client.request("bar/hitRegions", ["sessionId": .string(s)])["regions"]?.arrayValue ?? []
                return regions.filter { $0["target"]?["kind"] == "backButton" }.count
            }
            // The same bar, asked twice, at different points.
            #expect(try await target(20) == "backButton")
            #expect(try await target(200) != "backButton")
            #expect(try await backRegions() > 0)
            // A screen update that hides the back button.
            _ = try await client.request(
                "screen/update", ["sessionId": .string(s), "screenId": "general", "changes": ["item": ["hidesBackButton": true]]])
            #expect(try await target(20) != "backButton")
            #expect(try await backRegions() == 0)
            // A push brings a back button again; a pop to the root takes it away.
            _ = try await client.push(s, screen: ["id": "about", "title": "About"])
            #expect(try await target(20) == "backButton")
            _ = try await client.request("stack/pop", ["sessionId": .string(s), "to": "root"])
            #expect(try await target(20) != "backButton")
            // A configuration change: a hidden bar takes no taps.
            _ = try await client.push(s, screen: ["id": "legal", "title": "Legal"])
            _ = try await client.request("bar/update", ["sessionId": .string(s), "appearance": ["hidden": true]])
            #expect(try await target(20) != "backButton")
            await client.close()
        }
    }

    @Test("title/back answers for the stack as it is after every kind of change", arguments: ClientRig.allCases)
    func backTitleAfterChanges(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let s = try await client.createSession(
                config: ["screens": [["id": "settings", "title": "Settings"], ["id": "general", "title": "General"]]]
            ).sessionId
            func back(_ screenId: String? = nil) async throws -> String? {
                var params: JSONObject = ["sessionId": .string(s)]
                if let screenId { params["screenId"] = .string(screenId) }
                let title = try await client.request("title/back", .object(params))
                return title["display"]?.stringValue.map { "\($0):\(title["title"]?.stringValue ?? "-")" }
            }
            // Asked twice, for the top screen and for another one.
            #expect(try await back() == "text:Settings")
            #expect(try await back() == "text:Settings")
            #expect(try await back("settings") == "hidden:-")
            // The previous screen's title changes.
            _ = try await client.request(
                "screen/update", ["sessionId": .string(s), "screenId": "settings", "changes": ["title": "Preferences"]])
            #expect(try await back() == "text:Preferences")
            // The previous screen sets a back button title for the screens above it.
            _ = try await client.request(
                "screen/update", ["sessionId": .string(s), "screenId": "settings", "changes": ["item": ["backButtonTitle": "Back"]]])
            #expect(try await back() == "text:Back")
            // A push and a pop move the top screen.
            _ = try await client.push(s, screen: ["id": "about", "title": "About"])
            #expect(try await back() == "text:General")
            #expect(try await back("general") == "text:Back")
            _ = try await client.request("stack/pop", ["sessionId": .string(s), "to": "root"])
            #expect(try await back() == "hidden:-")
            await client.close()
        }
    }

    @Test("waiting for a notification times out without losing a later one", arguments: ClientRig.allCases)
    func notificationTimeout(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let s = try await client.createSession(config: ["screens": [["id": "root"]]]).sessionId
            _ = try await client.subscribe(s)
            do {
                _ = try await client.nextNotification(timeout: .milliseconds(50))
                Issue.record("expected a timeout")
            } catch NavClientError.timeout {}
            _ = try await client.push(s, screen: ["id": "late"])
            #expect(try await client.nextNotification(timeout: .seconds(5)).params?["version"] == 1)
            _ = try await client.pop(s)
            do {
                try await client.assertNoNotification(within: .seconds(5))
                Issue.record("expected the pop's notification")
            } catch NavClientError.unexpectedNotification(let method, let params) {
                #expect(method == "session/didChange")
                #expect(params?["version"] == 2)
            }
            await client.close()
        }
    }

    @Test(
        "a cancelled request throws CancellationError; its late reply is dropped and the client carries on", arguments: ClientRig.allCases)
    func cancellation(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let waiting = Task { try await client.request("session/create", ["name": "cancelled"]) }
            waiting.cancel()
            switch await waiting.result {
            case .success: break  // the reply won the race
            case .failure(let error): #expect(error is CancellationError, "\(error)")
            }
            #expect(try await client.status().pid > 0)
            try await client.assertNoUnmatchedReplyDue()
            await client.close()
        }
    }

    @Test("close() fails what is pending and every later call", arguments: ClientRig.allCases)
    func closing(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            _ = try await client.status()
            await client.close()
            #expect(await client.isClosed)
            await #expect(throws: NavClientError.connectionClosed) { try await client.status() }
            await #expect(throws: NavClientError.connectionClosed) { try await client.nextNotification(timeout: .seconds(1)) }
        }
    }
}

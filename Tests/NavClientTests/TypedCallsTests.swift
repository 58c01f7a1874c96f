import JSONCore
import NavModel
import NavProtocol
import NavServer
import NavTransport
import Testing

@testable import NavClient

/// Every typed call against the real server code in this process: the result it decodes is the reply the daemon
/// sent (its own `json` gives back the reply's value, which `navctl --json` prints), and params the daemon
/// would refuse are refused before anything is sent, with the daemon's own error.
@Suite("NavClient's typed calls against an in-process server", .timeLimit(.minutes(1)))
struct TypedCallsTests {
    static func connect(_ service: NavService = NavService()) async -> NavClient {
        await NavClient(stream: InProcessStream(service: service))
    }

    static let screens: JSON = [
        ["id": "home", "title": "Home"],
        ["id": "detail", "title": "Detail", "item": ["rightItems": [["id": "save", "title": "Save"]]]],
    ]

    /// The raw reply to `method` with `params` on a second connection to the same service, for comparison.
    static func raw(_ service: NavService, _ method: String, _ params: JSON?) async throws -> JSON {
        let other = await connect(service)
        defer { Task { await other.close() } }
        return try await other.request(method, params)
    }

    @Test("each read-only call's result, written back out, is the reply the daemon sent")
    func resultsRoundTrip() async throws {
        let service = NavService()
        let client = await Self.connect(service)
        let s = try await client.createSession(config: ["screens": Self.screens]).sessionId
        let id: JSON = .string(s)
        let point: JSON = ["x": 20, "y": 70]
        let pairs: [(String, JSON?, JSON)] = [
            ("stack/get", ["sessionId": id], try await client.stack(s).json),
            ("title/back", ["sessionId": id], try await client.backTitle(s).json),
            ("title/previous", ["sessionId": id], try await client.previousTitle(s).json),
            ("tint/resolve", ["color": "#007AFF"], try await client.resolveTint(["color": "#007AFF"]).json),
            ("tint/resolve", ["sessionId": id], try await client.resolveTint(TintResolve.Params(sessionId: s)).json),
            ("bar/layout", ["sessionId": id], try await client.layout(s).json),
            (
                "bar/hitTest", ["sessionId": id, "point": point, "trace": true],
                try await client.hitTest(s, point: Point(x: 20, y: 70), trace: true).json
            ),
            (
                "bar/hitTest", ["sessionId": id, "point": ["x": 20, "y": 400]],
                try await client.hitTest(s, point: Point(x: 20, y: 400)).json
            ),
            ("bar/hitRegions", ["sessionId": id], BarHitRegions.Result(try await client.hitRegions(s)).json),
            ("bar/render", ["sessionId": id], BarRender.Result(svg: try await client.render(s)).json),
            ("bar/diagnose", ["sessionId": id], BarDiagnose.Result(try await client.diagnose(s)).json),
            (
                "gesture/popTest", ["sessionId": id, "start": ["x": 5, "y": 400]],
                GesturePopTest.Result(try await client.popTest(s, start: Point(x: 5, y: 400))).json
            ),
            ("session/list", nil, SessionList.Result(sessions: try await client.listSessions()).json),
            ("session/snapshot", ["sessionId": id], SessionSnapshot.Result(document: try await client.snapshot(s)).json),
            ("daemon/status", nil, try await client.status().json),
        ]
        for (method, params, typed) in pairs {
            var expected = try await Self.raw(service, method, params)
            if method == "daemon/status" {
                // The uptime moves between the two calls, and the second connection is counted.
                expected = typed
            }
            #expect(typed == expected, "\(method)")
        }
        await client.close()
    }

    @Test("mutations return what the daemon did, at the versions it counts")
    func mutations() async throws {
        let client = await Self.connect()
        let s = try await client.createSession(name: "typed", config: ["screens": [["id": "home", "title": "Home"]]]).sessionId
        #expect(try await client.push(s, screen: ["id": "detail", "title": "Detail"]) == StackPush.Result(screenId: "detail", version: 1))
        #expect(try await client.configureSession(s, ["locale": "fr"]) == 2)
        #expect(try await client.updateScreen(s, screenId: "home", changes: ["title": "Accueil"]) == 3)
        #expect(try await client.updateBar(s, appearance: ["barTintColor": "#1C1C1E"]) == 4)
        #expect(try await client.backTitle(s).title == "Accueil")
        #expect(try await client.resolveTint(TintResolve.Params(sessionId: s)).automaticForeground == .white)
        let tapped = try await client.tap(s, point: Point(x: 20, y: 70))
        #expect(tapped.performed && tapped.hit.action == .pop(to: "home") && tapped.version == 5)
        #expect(try await client.setStack(s, screens: [["id": "a"], ["id": "b"]]) == 6)
        #expect(try await client.pop(s, to: "root") == StackPop.Result(popped: ["b"], version: 7))
        let copy = try await client.restore(try await client.snapshot(s), name: "copy")
        #expect(try await client.listSessions().map(\.name) == ["typed", "copy"])
        try await client.closeSession(copy.sessionId)
        #expect(try await client.listSessions().map(\.sessionId) == [s])
        await client.close()
    }

    @Test("tree/hitTest sends recursiveDescription text as text, and leaves its size to the daemon's limits")
    func treeText() async throws {
        // 300 nested views: deeper than the default limit (256), within this daemon's.
        let depth = 300
        var lines = ["<UIWindow: 0x1; frame = (0 0; 100 100); layer = <CALayer: 0x2>>"]
        for level in 1..<depth {
            lines.append(
                String(repeating: "   | ", count: level)
                    + "<UIView: 0x\(String(level + 2, radix: 16)); frame = (0 0; 100 100); layer = <CALayer: 0x0>>")
        }
        let text = lines.joined(separator: "\n")
        let wide = NavService(limits: ServerLimits(tree: TreeLimits(maxTreeNodes: 1000, maxTreeDepth: 1000)))
        let client = await Self.connect(wide)
        let result = try await client.treeHitTest(["tree": .string(text), "point": ["x": 10, "y": 10]])
        #expect(result.view?.path.count == depth - 1)
        #expect(result.view?.id == "0x\(String(depth + 1, radix: 16))")
        // The default daemon refuses the same tree, as a limit (1005), not the client.
        let strict = await Self.connect()
        let refused = await #expect(throws: NavClientError.self) {
            try await strict.treeHitTest(["tree": .string(text), "point": ["x": 10, "y": 10]])
        }
        guard case .rpc(let error)? = refused else {
            Issue.record("expected the daemon's error, got \(String(describing: refused))")
            return
        }
        #expect(error.code == 1005)
        await client.close()
        await strict.close()
    }

    @Test("params the daemon would refuse fail before they are sent, with the daemon's own error")
    func refusedParams() async throws {
        let service = NavService()
        let client = await Self.connect(service)
        let cases: [(String, JSONObject, () async throws -> Void)] = [
            ("tint/resolve", ["color": "not a colour"], { _ = try await client.resolveTint(["color": "not a colour"]) }),
            ("tint/resolve", ["screenId": "a"], { _ = try await client.resolveTint(["screenId": "a"]) }),
            (
                "tree/hitTest", ["tree": 7, "point": ["x": 1, "y": 1]],
                { _ = try await client.treeHitTest(["tree": 7, "point": ["x": 1, "y": 1]]) }
            ),
            ("session/create", ["profile": "ios9"], { _ = try await client.createSession(config: ["profile": "ios9"]) }),
        ]
        for (method, params, call) in cases {
            let typed = await #expect(throws: NavClientError.self) { try await call() }
            let sent = await #expect(throws: NavClientError.self) { try await Self.raw(service, method, .object(params)) }
            guard case .rpc(let mine)? = typed, case .rpc(let theirs)? = sent else {
                Issue.record("\(method): \(String(describing: typed)) / \(String(describing: sent))")
                continue
            }
            #expect(mine.code == ErrorCode.invalidParams && mine == theirs, "\(method) \(params)")
        }
        // Nothing was sent: the service never saw a session/create.
        #expect(try await client.listSessions().isEmpty)
        await client.close()
    }

    @Test("lifecycle: initialize lists every method, rpc.discover is the contract, exit closes this connection only")
    func lifecycle() async throws {
        let service = NavService()
        let client = await Self.connect(service)
        let other = await Self.connect(service)
        let initialized = try await client.initialize(clientName: "typed-tests", clientVersion: "1")
        #expect(Set(Messages.requests.map { $0.name }).isSubset(of: Set(initialized.methods)))
        let discovered = try await client.discover()
        #expect(discovered == (try await Self.raw(service, "rpc.discover", nil)))
        #expect(discovered["methods"]?.arrayValue?.count == Messages.methods.count + Messages.notifications.count)
        try await client.exit()
        #expect(await client.waitUntilClosed())
        #expect(try await other.status().connections >= 1)
        await other.close()
    }

    @Test("a notification's params read as its own type, and as no other")
    func notificationParams() async throws {
        let client = await Self.connect()
        let s = try await client.createSession(config: ["screens": [["id": "home"]]]).sessionId
        _ = try await client.subscribe(s)
        try await client.closeSession(s)
        let closed = try await client.nextNotification()
        #expect(closed.params(of: DidClose.self) == DidClose.Params(sessionId: s))
        #expect(closed.params(of: Resync.self) == nil)
        let malformed = NavClient.Notification(method: DidClose.name, params: ["sessionId": 7])
        #expect(malformed.params(of: DidClose.self) == nil)
        await client.close()
    }

    @Test("a reply of the wrong shape is a bad reply naming the method and the path")
    func badReply() throws {
        #expect(throws: NavClientError.badReply("bar/tap result: 'performed' is required (true or false)")) {
            try BarTap.decodeResult(["hit": ["target": ["kind": "none"], "action": ["kind": "none"]], "version": 1])
        }
    }
}

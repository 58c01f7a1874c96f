import JSONCore
import NavServer
import NavTransport
import Testing

@testable import NavClient

/// NavClient against the real server code, in this process (`InProcessStream` to a `NavService`).
@Suite("NavClient against an in-process server", .timeLimit(.minutes(1)))
struct InProcessServerTests {
    /// A client on its own connection to `service`.
    static func connect(_ service: NavService) async -> NavClient {
        await NavClient(stream: InProcessStream(service: service))
    }

    /// The barrier the "nothing arrives" checks rest on (docs/protocol.md, "Order"): once a subscriber has the
    /// reply to a request it sent after the mutator's reply came, the mutation's notification is already queued.
    /// Checked with nothing but replies, so it holds however slow the machine is.
    @Test("a notification is queued before the reply to the subscriber's next request")
    func barrierHolds() async throws {
        let service = NavService()
        let owner = await Self.connect(service)
        let watcher = await Self.connect(service)
        let s = try await owner.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
        _ = try await watcher.subscribe(s)
        for n in 1...20 {
            _ = try await owner.push(s, screen: ["id": .string("p\(n)")])
            _ = try await watcher.status()
            #expect(await watcher.queuedNotificationCount == 1, "push \(n)")
            #expect(try await watcher.nextNotification().params?["version"] == .int(Int64(n)))
        }
        await owner.close()
        await watcher.close()
    }

    @Test("after unsubscribing, a change sends nothing: the next reply comes with nothing before it")
    func unsubscribed() async throws {
        let service = NavService()
        let owner = await Self.connect(service)
        let watcher = await Self.connect(service)
        let s = try await owner.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
        let subscription = try await watcher.subscribe(s, topics: [.stack])
        _ = try await owner.push(s, screen: ["id": "a"])
        #expect(try await watcher.nextNotification().params?["changes"] == [["kind": "stack", "op": "push", "screens": ["a"]]])
        try await watcher.unsubscribe(subscription)
        #expect(try await owner.pop(s).popped == ["a"])
        _ = try await watcher.status()
        try await watcher.assertNoNotification(within: .zero)
        await owner.close()
        await watcher.close()
    }

    @Test("typed calls decode the server's results: the session created is the one listed, at its version")
    func typedCalls() async throws {
        let client = await Self.connect(NavService())
        let created = try await client.createSession(name: "typed", config: ["screens": [["id": "home", "title": "Home"]]])
        #expect(created.version == 0)
        #expect(try await client.push(created.sessionId, screen: ["id": "detail", "title": "Detail"]).version == 1)
        let listed = try await client.listSessions()
        #expect(listed.map(\.sessionId) == [created.sessionId])
        #expect(listed.first?.name == "typed" && listed.first?.version == 1 && listed.first?.depth == 2)
        #expect(try await client.backTitle(created.sessionId).title == "Home")
        await #expect(throws: NavClientError.self) { try await client.stack("missing") }
        await client.close()
    }
}

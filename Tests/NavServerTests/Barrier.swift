import NavClient
import Testing

// "Nothing more arrives" is checked with a barrier, not a wait: the server answers a connection's messages
// one at a time, in arrival order, and hands a version's notification to every subscriber before it answers a
// request sent after the reply that made the version came back (docs/protocol.md, section 2 and "Order"). So
// once the reply to a request sent now is here, whatever was due has been queued, and a late message cannot
// pass for an absent one.
extension NavClient {
    /// Fails if a notification came, or was due, before a request sent now is answered.
    func assertNoNotificationDue() async throws {
        _ = try await request("daemon/status")
        try await assertNoNotification(within: .zero)
    }

    /// Fails if a reply that matched no request came, or was due, before a request sent now is answered.
    func assertNoUnmatchedReplyDue() async throws {
        _ = try await request("daemon/status")
        try await assertNoUnmatchedReply(within: .zero)
    }
}

/// The barriers fail when something was due: otherwise a check built on them could not fail.
@Suite("Barriers catch what was due")
struct BarrierTests {
    @Test("a notification due on a subscriber, and an unmatched reply due, are caught", arguments: ClientRig.allCases)
    func caught(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let owner = try await open(.ndjson)
            let watcher = try await open(.ndjson)
            let s = try await owner.createSession(config: ["screens": [["id": "root"]]]).sessionId
            _ = try await watcher.subscribe(s)
            _ = try await owner.push(s, screen: ["id": "a"])
            do {
                try await watcher.assertNoNotificationDue()
                Issue.record("the push's notification was due before the barrier's reply")
            } catch NavClientError.unexpectedNotification(let method, let params) {
                #expect(method == "session/didChange" && params?["version"] == 1)
            }
            // A reply to a request sent raw, which the client has no pending request for.
            try await watcher.send(json: ["jsonrpc": "2.0", "id": 999, "method": "daemon/status"])
            do {
                try await watcher.assertNoUnmatchedReplyDue()
                Issue.record("the reply to id 999 was due before the barrier's reply")
            } catch NavClientError.badReply(let text) {
                #expect(text.contains(#""id":999"#))
            }
            await owner.close()
            await watcher.close()
        }
    }
}

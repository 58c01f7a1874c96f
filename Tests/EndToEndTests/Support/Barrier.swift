import JSONCore
import NavClient

// "Nothing more arrives" is checked with a barrier, not a wait: a request sent now on the same connection is
// answered after everything the daemon owed that connection before it. The daemon handles a connection's
// messages one at a time, in arrival order, and hands the notification of a version to every subscriber before
// it answers any request sent after the reply that made that version was received (docs/protocol.md, section
// 2 and "Order"). So once the barrier's reply is here, anything that was due has come, however slow the
// machine, and a late message cannot pass for an absent one.

extension NavClient {
    /// Fails if a notification came, or was due, before a request sent now is answered.
    func assertNoNotificationDue() async throws {
        _ = try await request("daemon/status")
        // The reader queues what arrives in order, so the notifications before the barrier's reply are queued.
        try await assertNoNotification(within: .zero)
    }

    /// Fails if a reply that matched no request came, or was due, before a request sent now is answered.
    func assertNoUnmatchedReplyDue() async throws {
        _ = try await request("daemon/status")
        try await assertNoUnmatchedReply(within: .zero)
    }
}

extension RawConnection {
    /// Sends `daemon/status` with the id "barrier", in the connection's framing, and fails unless its reply is
    /// the next thing that arrives.
    func expectNothingBeforeBarrier() async throws {
        let barrier = RPC.request("barrier", "daemon/status")
        if framing == .contentLength { try await sendFramed(barrier) } else { try await sendLine(barrier) }
        let event = try await next()
        guard case .message(let reply) = event, reply["id"] == "barrier", reply["result"] != nil else {
            throw HarnessError("expected nothing before the reply to the barrier, got \(event)")
        }
    }
}

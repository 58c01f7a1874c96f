import JSONCore
import NavProtocol
import Testing

@testable import NavClient

/// NavClient against a peer the test scripts: the exact bytes it writes, and what it does with every kind of
/// message a daemon may send (or should not). Expected bytes are written out by hand from JSON-RPC 2.0 and
/// docs/protocol.md section 1 (framing).
@Suite("NavClient: what it writes and how it sorts what it reads", .timeLimit(.minutes(1)))
struct ScriptedPeerTests {
    @Test("requests carry fresh integer ids from 1, one NDJSON line each; notifications carry none")
    func ndjsonWrites() async throws {
        let peer = ScriptedPeer()
        var writes = peer.writes.makeAsyncIterator()
        let client = await NavClient(stream: peer, framing: .ndjson)
        #expect(try await client.send("daemon/status") == .int(1))
        #expect(await writes.nextText() == #"{"jsonrpc":"2.0","id":1,"method":"daemon/status"}"# + "\n")
        #expect(try await client.send("stack/get", ["sessionId": "s1"]) == .int(2))
        #expect(await writes.nextText() == #"{"jsonrpc":"2.0","id":2,"method":"stack/get","params":{"sessionId":"s1"}}"# + "\n")
        try await client.notify("$/cancelRequest", ["id": 2])
        #expect(await writes.nextText() == #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"# + "\n")
        await client.close()
    }

    @Test("with Content-Length framing each message has its header and the byte count of its body")
    func contentLengthWrites() async throws {
        let peer = ScriptedPeer()
        var writes = peer.writes.makeAsyncIterator()
        let client = await NavClient(stream: peer, framing: .contentLength)
        _ = try await client.send("daemon/status")
        // {"jsonrpc":"2.0","id":1,"method":"daemon/status"}: 1 + 15 + 7 + 25 (,"method":"daemon/status") + 1 = 49 bytes.
        #expect(await writes.nextText() == "Content-Length: 49\r\n\r\n" + #"{"jsonrpc":"2.0","id":1,"method":"daemon/status"}"#)
        await client.close()
    }

    @Test("replies are matched to their requests by id, in whatever order they come")
    func outOfOrder() async throws {
        let peer = ScriptedPeer()
        let client = await NavClient(stream: peer)
        let first = try await client.send("a")
        let second = try await client.send("b")
        peer.send(#"{"jsonrpc":"2.0","id":2,"result":"for b"}"# + "\n" + #"{"jsonrpc":"2.0","id":1,"result":"for a"}"# + "\n")
        #expect(try await client.reply(to: first) == "for a")
        #expect(try await client.reply(to: second) == "for b")
        await client.close()
    }

    @Test("notifications that arrive while a request waits are queued in arrival order and not lost")
    func notificationsQueue() async throws {
        let peer = ScriptedPeer()
        let client = await NavClient(stream: peer)
        let id = try await client.send("stack/push")
        peer.send(
            #"{"jsonrpc":"2.0","method":"session/didChange","params":{"version":1}}"# + "\n"
                + #"{"jsonrpc":"2.0","method":"session/didChange","params":{"version":2}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":1,"result":{"version":2}}"# + "\n")
        #expect(try await client.reply(to: id) == ["version": 2])
        // Everything before the reply is queued by the time the reply is handed over.
        #expect(await client.queuedNotificationCount == 2)
        #expect(try await client.nextNotification().params == ["version": 1])
        #expect(try await client.nextNotification().params == ["version": 2])
        try await client.assertNoNotification(within: .zero)
        await client.close()
    }

    @Test("replies that match no pending request are queued apart: id null, an unknown id, a second reply")
    func unmatched() async throws {
        let peer = ScriptedPeer()
        let client = await NavClient(stream: peer)
        let id = try await client.send("a")
        peer.send(
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":99,"result":1}"# + "\n" + #"{"jsonrpc":"2.0","id":1,"result":"first"}"# + "\n"
                + #"{"jsonrpc":"2.0","id":1,"result":"second"}"# + "\n" + #"{"jsonrpc":"2.0","id":3,"method":"x"}"# + "\n")
        #expect(try await client.reply(to: id) == "first")
        #expect(try await client.nextUnmatchedReply()["id"] == .null)
        #expect(try await client.nextUnmatchedReply()["id"] == 99)
        #expect(try await client.nextUnmatchedReply()["result"] == "second")
        // A request from the daemon: the protocol has none, so it is not a notification either.
        #expect(try await client.nextUnmatchedReply()["method"] == "x")
        #expect(await client.queuedNotificationCount == 0)
        await client.close()
    }

    @Test("an error reply is NavClientError.rpc with its code, message and data; a malformed one says so")
    func errors() async throws {
        let peer = ScriptedPeer()
        let client = await NavClient(stream: peer)
        let good = try await client.send("stack/get")
        let bad = try await client.send("stack/get")
        peer.send(
            #"{"jsonrpc":"2.0","id":1,"error":{"code":1001,"message":"no session 'x'","data":{"sessionId":"x"}}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":2,"error":"boom"}"# + "\n")
        await #expect(throws: NavClientError.rpc(RPCError(code: 1001, message: "no session 'x'", data: ["sessionId": "x"]))) {
            try await client.reply(to: good)
        }
        await #expect(
            throws: NavClientError.rpc(RPCError(code: -32603, message: #"malformed error object "boom""#, data: "boom"))
        ) { try await client.reply(to: bad) }
        await client.close()
    }

    @Test("what cannot be read becomes an unmatched error: a body that is not JSON, a message over the limit")
    func unreadable() async throws {
        let peer = ScriptedPeer()
        let client = await NavClient(stream: peer, maxMessageBytes: 64)
        peer.send("{nope\n" + "[" + String(repeating: "1,", count: 40) + "1]\n" + #"{"jsonrpc":"2.0","id":null,"result":0}"# + "\n")
        let unparsable = try await client.nextUnmatchedReply()
        #expect(unparsable["error"]?["code"] == -32700)
        let oversized = try await client.nextUnmatchedReply()
        #expect(oversized["error"]?["code"] == -32600)
        #expect(oversized["error"]?["message"] == "a message from navd exceeded 64 bytes")
        // The connection is still read after both.
        #expect(try await client.nextUnmatchedReply()["result"] == 0)
        #expect(await !client.isClosed)
        await client.close()
    }

    @Test("a malformed header ends the connection: nothing after it can be framed")
    func malformedHeader() async throws {
        let peer = ScriptedPeer()
        let client = await NavClient(stream: peer)
        peer.send("Content-Length: many\r\n\r\n{}")
        #expect(try await client.nextUnmatchedReply()["error"]?["code"] == -32700)
        #expect(await client.waitUntilClosed(timeout: .seconds(30)))
        await #expect(throws: NavClientError.connectionClosed) { try await client.send("daemon/status") }
    }

    @Test("when the daemon hangs up, waiting requests fail; queued notifications can still be taken, then none")
    func hangUp() async throws {
        let peer = ScriptedPeer()
        let client = await NavClient(stream: peer)
        let id = try await client.send("daemon/status")
        peer.send(#"{"jsonrpc":"2.0","method":"session/didClose","params":{"sessionId":"s1"}}"# + "\n")
        peer.hangUp()
        await #expect(throws: NavClientError.connectionClosed) { try await client.reply(to: id) }
        #expect(try await client.nextNotification().method == "session/didClose")
        await #expect(throws: NavClientError.connectionClosed) { try await client.nextNotification() }
        await #expect(throws: NavClientError.connectionClosed) { try await client.request("daemon/status") }
    }

    @Test("a batch goes out as one array; results come back in call order whatever the reply order")
    func batch() async throws {
        let peer = ScriptedPeer()
        var writes = peer.writes.makeAsyncIterator()
        let client = await NavClient(stream: peer)
        let results = Task {
            try await client.batch([.request("a", nil), .notification("n", ["k": 1]), .request("b", nil)])
        }
        #expect(
            await writes.nextText()
                == #"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"n","params":{"k":1}},{"jsonrpc":"2.0","id":2,"method":"b"}]"#
                + "\n")
        peer.send(#"[{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"no b"}},{"jsonrpc":"2.0","id":1,"result":"A"}]"# + "\n")
        let outcome = try await results.value
        #expect(outcome.count == 2)
        #expect(try outcome[0].get() == "A")
        #expect(throws: RPCError(code: -32601, message: "no b")) { try outcome[1].get() }
        // A batch of notifications only waits for nothing.
        #expect(try await client.batch([.notification("n", nil)]).isEmpty)
        #expect(await writes.nextText() == #"[{"jsonrpc":"2.0","method":"n"}]"# + "\n")
        await client.close()
    }

    @Test("a cancelled request sends $/cancelRequest; its late reply is dropped, not queued as unmatched")
    func cancellation() async throws {
        let peer = ScriptedPeer()
        var writes = peer.writes.makeAsyncIterator()
        let client = await NavClient(stream: peer)
        let waiting = Task { try await client.request("session/create") }
        #expect(await writes.nextText() == #"{"jsonrpc":"2.0","id":1,"method":"session/create"}"# + "\n")
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(await writes.nextText() == #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"# + "\n")
        // The late reply, then the reply to a later request: once that one is here, the late one was handled.
        let later = try await client.send("daemon/status")
        peer.send(#"{"jsonrpc":"2.0","id":1,"result":{}}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"result":"ok"}"# + "\n")
        #expect(try await client.reply(to: later) == "ok")
        try await client.assertNoUnmatchedReply(within: .zero)
        await client.close()
    }
}

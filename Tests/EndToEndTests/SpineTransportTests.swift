import Foundation
import JSONCore
import NavClient
import NavFraming
import NavTransport
import Testing

/// PROTOCOL.md sections 1 and 2 over the real socket: framings, limits, envelopes, batches.
@Suite("Transport and JSON-RPC envelopes on the real socket")
struct SpineTransportTests {
    @Test("newline-delimited JSON: one reply per line, leading white space ignored")
    func ndjson() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            try await raw.send(" \n\t" + RPC.request(1, "daemon/status").serialized() + "\n")
            let reply = try await raw.nextMessage()
            #expect(reply["id"] == 1)
            #expect(reply["jsonrpc"] == "2.0")
            #expect(reply["result"]?["pid"]?.intValue == Int64(daemon.pid))
            #expect(raw.framing == .ndjson)
            raw.close()
        }
    }

    @Test("Content-Length framing: replies come back framed the same way")
    func contentLength() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            try await raw.sendFramed(RPC.request("a", "daemon/status"))
            try await raw.send("Content-Length: 50\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n")
            try await raw.send(#"{"jsonrpc":"2.0","id":"b","method":"session/list"}"#)
            let first = try await raw.nextMessage()
            let second = try await raw.nextMessage()
            #expect(first["id"] == "a")
            #expect(first["result"]?["pid"] != nil)
            #expect(second["id"] == "b")
            #expect(second["result"]?["sessions"] == .array([]))
            #expect(raw.framing == .contentLength)
            raw.close()
        }
    }

    @Test("NavClient works with either framing")
    func clientFramings() async throws {
        try await withDaemon { daemon in
            for framing in [Framing.ndjson, .contentLength] {
                let client = try await daemon.connect(framing: framing)
                let session = try await client.createSession(name: framing.rawValue)
                #expect(try await client.stack(session.sessionId).version == session.version)
                await client.close()
            }
        }
    }

    @Test("an oversized line gets -32600 with id null and data.limit; the connection stays usable")
    func oversizedLine() async throws {
        try await withDaemon(["--max-message-bytes", "1024"]) { daemon in
            let raw = try daemon.raw()
            let big = RPC.request(1, "session/create", ["name": .string(String(repeating: "n", count: 5000))])
            try await raw.sendLine(big)
            let error = try await raw.nextMessage()
            #expect(RPC.errorCode(error) == -32600)
            #expect(error["id"] == .null)
            #expect(error["error"]?["data"]?["limit"] == 1024)
            try await raw.sendLine(RPC.request(2, "session/list"))
            let next = try await raw.nextMessage()
            #expect(next["id"] == 2)
            #expect(next["result"]?["sessions"] == .array([]), "the oversized create was not run")
            raw.close()
        }
    }

    @Test("an oversized Content-Length body gets -32600 with id null and data.limit; the next message is read")
    func oversizedBody() async throws {
        try await withDaemon(["--max-message-bytes", "1024"]) { daemon in
            let raw = try daemon.raw()
            let big = RPC.request(1, "session/create", ["name": .string(String(repeating: "n", count: 200_000))])
            try await raw.sendFramed(big)
            try await raw.sendFramed(RPC.request(2, "session/list"))
            let error = try await raw.nextMessage()
            #expect(RPC.errorCode(error) == -32600)
            #expect(error["id"] == .null)
            #expect(error["error"]?["data"]?["limit"] == 1024)
            let next = try await raw.nextMessage()
            #expect(next["id"] == 2)
            #expect(next["result"]?["sessions"] == .array([]))
            raw.close()
        }
    }

    @Test("a malformed header gets -32700 and that connection closes; another client carries on")
    func malformedHeader() async throws {
        try await withDaemon { daemon in
            let other = try await daemon.connect()
            let raw = try daemon.raw()
            try await raw.send("Content-Length: twelve\r\n\r\n{}")
            let error = try await raw.nextMessage()
            #expect(RPC.errorCode(error) == -32700)
            #expect(error["id"] == .null)
            #expect(await raw.waitForClose())
            #expect(try await other.status().pid == Int(daemon.pid))
            await other.close()
            raw.close()
        }
    }

    @Test(
        "invalid JSON gets -32700 with id null and the connection stays usable",
        arguments: [
            #"{"jsonrpc":"2.0","id":1,"method":"daemon/status""#,
            #"{"jsonrpc":"2.0","id":1,"method":'x'}"#,
            "[1,2",
        ])
    func invalidJSON(_ line: String) async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            try await raw.send(line + "\n")
            let error = try await raw.nextMessage()
            #expect(RPC.errorCode(error) == -32700)
            #expect(error["id"] == .null)
            try await raw.sendLine(RPC.request(9, "session/list"))
            #expect(try await raw.nextMessage()["id"] == 9)
            raw.close()
        }
    }

    @Test("invalid JSON in a well-framed Content-Length body gets -32700 and the connection stays usable")
    func invalidJSONFramed() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            try await raw.send("Content-Length: 5\r\n\r\n{oops")
            let error = try await raw.nextMessage()
            #expect(RPC.errorCode(error) == -32700)
            #expect(error["id"] == .null)
            try await raw.sendFramed(RPC.request(3, "session/list"))
            #expect(try await raw.nextMessage()["id"] == 3)
            raw.close()
        }
    }

    @Test("a message that is not a valid Request gets -32600, with its id when one can be read")
    func invalidRequests() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            let cases: [(String, JSON)] = [
                (#"{"jsonrpc":"1.0","id":5,"method":"daemon/status"}"#, 5),
                (#"{"jsonrpc":"2.0","id":"s","method":7}"#, "s"),
                (#"{"id":6,"method":"daemon/status"}"#, 6),
                (#"{"jsonrpc":"2.0","method":1}"#, .null),
                (#"{"jsonrpc":"2.0","id":{"x":1},"method":"daemon/status"}"#, .null),
                ("42", .null),
            ]
            for (line, id) in cases {
                try await raw.send(line + "\n")
                let reply = try await raw.nextMessage()
                #expect(RPC.errorCode(reply) == -32600, "\(line) -> \(reply.serialized())")
                #expect(reply["id"] == id, "\(line) -> \(reply.serialized())")
                #expect(reply["error"]?["message"]?.stringValue?.isEmpty == false)
            }
            raw.close()
        }
    }

    @Test("a notification never gets a reply, even for an unknown method")
    func notificationsUnanswered() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            try await raw.sendLine(RPC.notification("no/such"))
            try await raw.sendLine(RPC.notification("session/list"))
            try await raw.sendLine(RPC.request(1, "session/list"))
            let reply = try await raw.nextMessage()
            #expect(reply["id"] == 1)
            try await raw.expectNothingBeforeBarrier()
            raw.close()
        }
    }

    @Test("a mixed batch is answered with one array of the replies due")
    func mixedBatch() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            let batch: JSON = [
                RPC.request(1, "session/list"),
                RPC.notification("session/list"),
                1,
                RPC.request(2, "no/such"),
                RPC.request(3, "session/create", ["profile": "ios9"]),
            ]
            try await raw.sendLine(batch)
            let reply = try await raw.nextMessage()
            guard case .array(let replies) = reply else {
                Issue.record("expected an array, got \(reply.serialized())")
                return
            }
            #expect(replies.count == 4)
            func byID(_ id: JSON) -> JSON? { replies.first { $0["id"] == id } }
            #expect(byID(1)?["result"]?["sessions"] == .array([]))
            #expect(byID(2).flatMap(RPC.errorCode) == -32601)
            #expect(byID(3).flatMap(RPC.errorCode) == -32602)
            #expect(replies.contains { $0["id"] == .null && RPC.errorCode($0) == -32600 })
            raw.close()
        }
    }

    @Test("a batch of notifications only gets no reply at all")
    func notificationBatch() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            try await raw.sendLine([RPC.notification("session/list"), RPC.notification("daemon/status")])
            try await raw.sendLine(RPC.request(7, "session/list"))
            let reply = try await raw.nextMessage()
            #expect(reply["id"] == 7)
            try await raw.expectNothingBeforeBarrier()
            raw.close()
        }
    }

    @Test("an empty batch gets one -32600 error, not an array")
    func emptyBatch() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            try await raw.send("[]\n")
            let reply = try await raw.nextMessage()
            #expect(reply.objectValue != nil, "\(reply.serialized())")
            #expect(RPC.errorCode(reply) == -32600)
            #expect(reply["id"] == .null)
            raw.close()
        }
    }

    @Test("NavClient batches: results in call order, errors in place, notification-only returns at once")
    func clientBatch() async throws {
        try await withClient { client, _ in
            let session = try await client.createSession()
            let results = try await client.batch([
                .request("stack/push", ["sessionId": .string(session.sessionId), "screen": ["id": "a", "title": "A"]]),
                .notification("session/list", nil),
                .request("stack/get", ["sessionId": "nope"]),
                .request("stack/get", ["sessionId": .string(session.sessionId)]),
            ])
            #expect(results.count == 3)
            #expect((try? results[0].get())?["screenId"] == "a")
            if case .failure(let error) = results[1] { #expect(error.code == 1001) } else { Issue.record("expected 1001") }
            #expect((try? results[2].get())?["screens"]?.arrayValue?.count == 1)
            #expect(try await client.batch([.notification("session/list", nil)]).isEmpty)
            try await client.assertNoUnmatchedReplyDue()
        }
    }

    @Test("$/cancelRequest arriving with its request wins: -32800 and nothing done; unknown ids are ignored")
    func cancelRequest() async throws {
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            let create = RPC.request(1, "session/create", ["screens": [["id": "root", "title": "Root"]]])
            let cancel = RPC.notification("$/cancelRequest", ["id": 1])
            // One write, so the daemon reads both in one chunk.
            try await raw.send(create.serializedBytes() + [0x0A] + cancel.serializedBytes() + [0x0A])
            let reply = try await raw.nextMessage()
            #expect(reply["id"] == 1)
            #expect(RPC.errorCode(reply) == -32800, "\(reply.serialized())")
            #expect(reply["error"]?["message"]?.stringValue?.isEmpty == false)
            try await raw.sendLine(RPC.notification("$/cancelRequest", ["id": 999]))
            try await raw.sendLine(RPC.request(2, "session/list"))
            let list = try await raw.nextMessage()
            #expect(list["id"] == 2)
            #expect(list["result"]?["sessions"] == .array([]), "the cancelled create did nothing")
            try await raw.expectNothingBeforeBarrier()
            raw.close()
        }
    }

    @Test("NavClient: cancelling a request sent explicitly gets -32800 or the result, exactly once")
    func clientCancel() async throws {
        try await withClient { client, _ in
            let id = try await client.send("session/list")
            try await client.cancel(id)
            do {
                let result = try await client.reply(to: id)
                #expect(result["sessions"] != nil)
            } catch NavClientError.rpc(let error) {
                #expect(error.code == -32800)
            }
            try await client.assertNoUnmatchedReplyDue()
        }
    }

    @Test("initialize returns the server info, protocol version 1 and the capabilities")
    func initialize() async throws {
        try await withClient { client, _ in
            let result = try await client.initialize(clientName: "e2e", clientVersion: "1")
            #expect(result.serverName == "navd")
            #expect(!result.serverVersion.isEmpty)
            #expect(result.protocolVersion == 1)
            let methods = result.methods
            for method in [
                "daemon/status", "session/create", "session/subscribe", "stack/push", "stack/pop", "stack/set",
                "stack/get", "screen/update", "bar/update", "bar/hitTest", "tint/resolve", "title/back",
            ] {
                #expect(methods.contains(method), "\(method) missing from \(methods)")
            }
            #expect(result.notifications.contains("session/didChange"))
            #expect(result.profiles == ["ios10", "ios11", "ios13", "ios14", "ios17", "ios26"])
            #expect(Set(result.framings) == ["content-length", "ndjson"])
        }
    }

    @Test("past --max-connections a connection gets 1005 naming the limit and is closed; the others carry on")
    func maxConnections() async throws {
        // No readiness probe here: it would hold one of the two slots until the daemon saw it close.
        let daemon = try await DaemonProcess.start(["--max-connections", "2"], waitUntilReady: false)
        do {
            let a = try await daemon.connectWhenReady()
            let b = try await daemon.connect()
            _ = try await a.status()
            _ = try await b.status()
            let refused = try daemon.raw()
            let error = try await refused.nextMessage()
            #expect(RPC.errorCode(error) == 1005)
            #expect(error["id"] == .null)
            #expect(error["error"]?["data"]?["limit"] == 2)
            #expect(await refused.waitForClose())
            refused.close()
            #expect(try await a.status().connections == 2)
            await a.close()
            await b.close()
        } catch {
            let log = daemon.stderr()
            await daemon.stop()
            throw HarnessError("\(error)\n\(log)")
        }
        await daemon.stop()
    }

    @Test("many clients at once, each with its own session, all answered correctly")
    func manyClients() async throws {
        try await withDaemon { daemon in
            let count = 24
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let client = try await daemon.connect(framing: index % 2 == 0 ? .ndjson : .contentLength)
                        let session = try await client.createSession(name: "client-\(index)")
                        for depth in 0..<10 {
                            let pushed = try await client.push(
                                session.sessionId, screen: ["id": .string("s\(depth)"), "title": .string("T\(index)-\(depth)")])
                            #expect(pushed.screenId == "s\(depth)")
                        }
                        let stack = try await client.stack(session.sessionId)
                        #expect(stack.screens.count == 10)
                        #expect(stack.screens.last?.title == "T\(index)-9")
                        await client.close()
                    }
                }
                try await group.waitForAll()
            }
            let client = try await daemon.connect()
            let sessions = try await client.listSessions()
            #expect(sessions.count == count)
            #expect(Set(sessions.compactMap(\.name)) == Set((0..<count).map { "client-\($0)" }))
            #expect(sessions.allSatisfy { $0.depth == 10 })
            await client.close()
        }
    }
}

import JSONCore
import NavProtocol
import NavTransport
import Testing
@testable import NavServer

extension InProcessStream {
    /// What the connection writes, cut into lines (without their newline), each decoded by `decode`.
    func lines<Line: Sendable>(_ decode: @escaping @Sendable ([UInt8]) throws -> Line) -> AsyncThrowingStream<Line, any Error> {
        let inbound = inbound()
        return AsyncThrowingStream { continuation in
            let task = Task {
                var buffer: [UInt8] = []
                do {
                    for try await chunk in inbound {
                        buffer += chunk
                        while let nl = buffer.firstIndex(of: 0x0A) {
                            let line = Array(buffer[..<nl])
                            buffer.removeSubrange(...nl)
                            continuation.yield(try decode(line))
                        }
                    }
                    continuation.finish()
                } catch { continuation.finish(throwing: error) }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// A line-oriented raw client over an in-process connection: the same framing, envelope and
/// ordering code as a socket.
final class RawClient: Sendable {
    let stream: InProcessStream
    let lines: AsyncThrowingStream<JSON, any Error>

    /// A connection to `service`, on `inbox`'s event loop (nil: a loop of NIO's shared group); `id` is the
    /// connection's (its subscriptions are kept by it, so connections that subscribe need ids of their own).
    init(service: NavService, inbox: LoopInbox? = nil, id: Int = 0) {
        stream = InProcessStream(service: service, id: id, inbox: inbox)
        lines = stream.lines { try JSON.parse($0) }
    }

    func send(_ json: JSON) async throws {
        try await stream.write(json.serializedBytes() + [0x0A])
    }

    func sendRaw(_ text: String) async throws {
        try await stream.write(Array(text.utf8))
    }
}

@Suite("Ordering and replies through an in-process connection")
struct InProcessOrderingTests {
    func request(_ id: Int, _ method: String, _ params: JSON = [:]) -> JSON {
        ["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params]
    }

    @Test("a kept title/back answer is the same alone, in a batch, cancelled, and after a change")
    func keptAnswerEverywhere() async throws {
        let service = NavService()
        let a = RawClient(service: service)
        var aIn = a.lines.makeAsyncIterator()
        try await a.send(
            request(1, "session/create", ["screens": [["id": "root", "title": "Root"], ["id": "next", "title": "Next"]]]))
        let sid = try #require(try await aIn.next()?["result"]?["sessionId"])
        let expected: JSON = ["title": "Root", "display": "text", "source": "previousTitle", "truncated": false, "menu": ["Root"]]
        // Alone, twice: computed, then kept.
        for id in 2...3 {
            try await a.send(request(id, "title/back", ["sessionId": sid]))
            let reply = try #require(try await aIn.next())
            #expect(reply == ["jsonrpc": "2.0", "id": .int(Int64(id)), "result": expected])
        }
        // In a batch, next to a request for another screen.
        try await a.send([request(4, "title/back", ["sessionId": sid]), request(5, "title/back", ["sessionId": sid, "screenId": "root"])])
        let batch = try #require(try await aIn.next()?.arrayValue)
        #expect(batch.count == 2)
        #expect(batch.first == ["jsonrpc": "2.0", "id": 4, "result": expected])
        #expect(batch.last?["result"]?["display"] == "hidden")
        // Cancelled in the same burst: -32800, not the kept answer.
        try await a.sendRaw(
            #"{"jsonrpc":"2.0","id":6,"method":"title/back","params":{"sessionId":\#(sid.serialized())}}"# + "\n"
                + #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":6}}"# + "\n")
        let cancelled = try #require(try await aIn.next())
        #expect(cancelled["error"]?["code"] == .int(Int64(ErrorCode.cancelled)))
        // After a change, the kept answer is dropped.
        try await a.send(request(7, "screen/update", ["sessionId": sid, "screenId": "root", "changes": ["title": "Home"]]))
        _ = try await aIn.next()
        try await a.send(request(8, "title/back", ["sessionId": sid]))
        #expect(try await aIn.next()?["result"]?["title"] == "Home")
    }

    @Test("a subscriber that mutates sees version v's didChange before the reply that made v")
    func notificationBeforeReply() async throws {
        let service = NavService()
        let a = RawClient(service: service)
        let b = RawClient(service: service)
        var aIn = a.lines.makeAsyncIterator()
        var bIn = b.lines.makeAsyncIterator()
        try await a.send(request(1, "session/create", ["screens": [["id": "root", "title": "Root"]]]))
        let created = try await aIn.next()
        let sid = try #require(created?["result"]?["sessionId"])
        try await a.send(request(2, "session/subscribe", ["sessionId": sid]))
        _ = try await aIn.next()
        try await b.send(request(1, "session/subscribe", ["sessionId": sid, "topics": ["stack"]]))
        _ = try await bIn.next()

        for (i, title) in ["One", "Two", "Three"].enumerated() {
            try await a.send(request(10 + i, "stack/push", ["sessionId": sid, "screen": ["title": .string(title)]]))
        }
        for expected in 1...3 {
            let note = try await aIn.next()
            #expect(note?["method"] == "session/didChange")
            #expect(note?["params"]?["version"] == .int(Int64(expected)))
            let reply = try await aIn.next()
            #expect(reply?["id"] == .int(Int64(9 + expected)))
            #expect(reply?["result"]?["version"] == .int(Int64(expected)))
        }
        // The other subscriber sees every version, in order, filtered to its topic.
        for expected in 1...3 {
            let note = try await bIn.next()
            #expect(note?["params"]?["version"] == .int(Int64(expected)))
            #expect(note?["params"]?["changes"]?.arrayValue?.allSatisfy { $0["kind"] == "stack" } == true)
        }
    }

    @Test("requests on one connection are answered in order, batches as arrays, notifications never")
    func repliesInOrder() async throws {
        let service = NavService()
        let c = RawClient(service: service)
        var input = c.lines.makeAsyncIterator()
        try await c.sendRaw(
            """
            {"jsonrpc":"2.0","id":"a","method":"session/create"}
            {"jsonrpc":"2.0","method":"session/list"}
            [{"jsonrpc":"2.0","id":1,"method":"session/list"},{"jsonrpc":"2.0","method":"daemon/status"},{"jsonrpc":"2.0","id":2,"method":"nope"}]
            {"jsonrpc":"2.0","id":"z","method":"daemon/status"}

            """)
        let first = try await input.next()
        #expect(first?["id"] == "a")
        let batch = try await input.next()
        #expect(batch?.arrayValue?.count == 2)
        #expect(batch?.arrayValue?[1]["error"]?["code"] == .int(-32601))
        let last = try await input.next()
        #expect(last?["id"] == "z")
        #expect(last?["result"]?["sessions"] == 1)
    }

    @Test("a cancel that arrives with its request wins: -32800")
    func cancelQueued() async throws {
        let service = NavService()
        let c = RawClient(service: service)
        var input = c.lines.makeAsyncIterator()
        try await c.sendRaw(
            """
            {"jsonrpc":"2.0","id":7,"method":"session/create"}
            {"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}
            {"jsonrpc":"2.0","id":8,"method":"session/list"}

            """)
        let cancelled = try await input.next()
        #expect(cancelled?["id"] == 7)
        #expect(cancelled?["error"]?["code"] == .int(-32800))
        let next = try await input.next()
        #expect(next?["result"]?["sessions"]?.arrayValue?.isEmpty == true)
    }

    @Test("after shutdown only exit is accepted")
    func shutdown() async throws {
        let c = RawClient(service: NavService())
        var input = c.lines.makeAsyncIterator()
        try await c.sendRaw(
            """
            {"jsonrpc":"2.0","id":1,"method":"shutdown"}
            {"jsonrpc":"2.0","id":2,"method":"session/list"}
            {"jsonrpc":"2.0","method":"exit"}

            """)
        #expect(try await input.next()?["result"] == .null)
        #expect(try await input.next()?["error"]?["code"] == .int(-32600))
        #expect(try await input.next() == nil)
    }

    @Test("closing a session tells its subscribers, and the session is gone")
    func didClose() async throws {
        let service = NavService()
        let a = RawClient(service: service)
        var input = a.lines.makeAsyncIterator()
        try await a.send(request(1, "session/create"))
        let sid = try #require(try await input.next()?["result"]?["sessionId"])
        try await a.send(request(2, "session/subscribe", ["sessionId": sid]))
        _ = try await input.next()
        try await a.send(request(3, "session/close", ["sessionId": sid]))
        let note = try await input.next()
        #expect(note?["method"] == "session/didClose")
        #expect(try await input.next()?["id"] == 3)
        try await a.send(request(4, "stack/get", ["sessionId": sid]))
        let gone = try await input.next()
        #expect(gone?["error"]?["code"] == .int(1001))
        #expect(gone?["error"]?["data"]?["path"] == "sessionId")
    }

    @Test("named limits: sessions and subscriptions", arguments: [1, 2])
    func limits(maxSessions: Int) async throws {
        let service = NavService(limits: ServerLimits(maxSessions: maxSessions, maxSubscriptionsPerConnection: 1))
        let c = RawClient(service: service)
        var input = c.lines.makeAsyncIterator()
        for i in 0...maxSessions {
            try await c.send(request(i, "session/create"))
            let reply = try await input.next()
            if i < maxSessions {
                #expect(reply?["result"] != nil)
            } else {
                #expect(reply?["error"]?["code"] == .int(1005))
                #expect(reply?["error"]?["data"]?["name"] == "maxSessions")
                #expect(reply?["error"]?["data"]?["limit"] == .int(Int64(maxSessions)))
            }
        }
        try await c.send(request(100, "session/subscribe", ["sessionId": "s1"]))
        #expect(try await input.next()?["result"] != nil)
        try await c.send(request(101, "session/subscribe", ["sessionId": "s1"]))
        #expect(try await input.next()?["error"]?["data"]?["name"] == "maxSubscriptions")
    }
}

import JSONCore
import Logging
import NIOCore
import NIOEmbedded
import NavFraming
import NavTransport
import Testing

/// A broadcast is handed to the connections' event loop, which queues and writes it after its current reads;
/// a connection that replies first queues the notifications it was handed before the reply.
@Suite("Broadcasts")
struct BroadcastTests {
    struct Peer {
        let channel: EmbeddedChannel
        let handle: ConnectionHandle

        init(
            id: Int, loop: EmbeddedEventLoop, maxOutboundBytes: Int = 4 << 20,
            writeOutBatch: Int = ConnectionLimits.defaultWriteOutBatch
        ) {
            let handler = RPCChannelHandler(
                id: id, eventLoop: loop, service: WatchingService(),
                limits: ConnectionLimits(maxOutboundBytes: maxOutboundBytes, writeOutBatch: writeOutBatch),
                logger: Logger(label: "test"), writeReports: .promises)
            channel = EmbeddedChannel(handler: handler, loop: loop)
            handle = handler.handle
            channel.pipeline.fireChannelActive()
        }

        /// Every line written so far, in order.
        func written() throws -> [String] {
            var lines: [String] = []
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
                lines += String(buffer: buffer).split(separator: "\n").map(String.init)
            }
            return lines
        }
    }

    static func notification(_ n: Int) -> [UInt8] { Array(#"{"jsonrpc":"2.0","method":"n","params":{"v":\#(n)}}"#.utf8) }
    static func message(_ n: Int) -> Broadcast.Message { Broadcast.Message(notification(n)) }

    @Test("the loop queues and writes a broadcast once it runs its tasks, in the order broadcasts were handed over")
    func writtenByTheLoop() throws {
        let loop = EmbeddedEventLoop()
        let a = Peer(id: 1, loop: loop)
        let b = Peer(id: 2, loop: loop)
        for n in 1...3 {
            var broadcast = Broadcast()
            broadcast.add(Self.message(n), to: a.handle, sessionId: "s", version: n)
            broadcast.add(Self.message(n), to: b.handle)
            broadcast.send()
        }
        // Handed over, not yet queued: nothing is written until the loop runs.
        #expect(try a.written().isEmpty)
        loop.run()
        let expected = (1...3).map { String(decoding: Self.notification($0), as: UTF8.self) }
        #expect(try a.written() == expected)
        #expect(try b.written() == expected)
        loop.run()
        #expect(try a.written().isEmpty)
    }

    @Test("a reply sent after a broadcast follows that broadcast's notification to the same connection")
    func replyFollowsNotification() throws {
        let loop = EmbeddedEventLoop()
        let a = Peer(id: 1, loop: loop)
        var broadcast = Broadcast()
        broadcast.add(Self.message(7), to: a.handle, sessionId: "s", version: 7)
        broadcast.send()
        // The request is read before the loop runs the broadcast's task.
        try a.channel.writeInbound(ByteBuffer(string: #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n"))
        let lines = try a.written()
        #expect(lines.count == 2)
        #expect(lines.first == String(decoding: Self.notification(7), as: UTF8.self))
        #expect(lines.last?.contains(#""id":1"#) == true)
        // Already queued with the reply: the loop's task writes nothing more.
        loop.run()
        #expect(try a.written().isEmpty)
    }

    @Test(
        "a write-out task writes at most a batch of connections; work queued behind it runs between batches",
        arguments: [ConnectionLimits.defaultWriteOutBatch, 1, 8])
    func writtenInBatches(_ batch: Int) throws {
        let loop = EmbeddedEventLoop()
        let peers = (0..<(2 * batch + 10)).map { Peer(id: $0, loop: loop, writeOutBatch: batch) }
        var broadcast = Broadcast()
        for peer in peers { broadcast.add(Self.message(1), to: peer.handle, sessionId: "s", version: 1) }
        broadcast.send()
        // Queued after the first write-out task, as a request read meanwhile would be handled: it runs once
        // that task has written its batch, before the rest are written.
        var seen = [[String]](repeating: [], count: peers.count)
        var writtenFirst = -1
        loop.execute {
            for (i, peer) in peers.enumerated() { seen[i] += (try? peer.written()) ?? [] }
            writtenFirst = seen.filter { !$0.isEmpty }.count
        }
        loop.run()
        for (i, peer) in peers.enumerated() { seen[i] += try peer.written() }
        #expect(writtenFirst == batch)
        // In the end every connection got its notification, once.
        #expect(seen.allSatisfy { $0 == [String(decoding: Self.notification(1), as: UTF8.self)] })
    }

    @Test("one message goes to each connection in that connection's framing, Content-Length or NDJSON")
    func eachInItsFraming() throws {
        let loop = EmbeddedEventLoop()
        let framed = Peer(id: 1, loop: loop)
        let lines = Peer(id: 2, loop: loop)
        // A connection frames what it sends as its peer framed its first message.
        let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
        try framed.channel.writeInbound(ByteBuffer(string: "Content-Length: \(ping.utf8.count)\r\n\r\n" + ping))
        try lines.channel.writeInbound(ByteBuffer(string: ping + "\n"))
        _ = try framed.written()
        _ = try lines.written()
        let message = Self.message(5)
        var broadcast = Broadcast()
        broadcast.add(message, to: framed.handle, sessionId: "s", version: 5)
        broadcast.add(message, to: lines.handle, sessionId: "s", version: 5)
        broadcast.send()
        loop.run()
        let body = String(decoding: Self.notification(5), as: UTF8.self)
        var bytes = ByteBuffer()
        while var buffer = try framed.channel.readOutbound(as: ByteBuffer.self) { bytes.writeBuffer(&buffer) }
        #expect(String(buffer: bytes) == "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(try lines.written() == [body])
    }

    @Test("a broadcast past a connection's outbound bound is dropped, and the session owed one resync")
    func boundApplies() throws {
        let loop = EmbeddedEventLoop()
        let a = Peer(id: 1, loop: loop, maxOutboundBytes: 1024)
        var broadcast = Broadcast()
        let big =
            Array(#"{"jsonrpc":"2.0","method":"n","params":{"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 600)
            + Array(#""}}"#.utf8)
        for version in 1...3 { broadcast.add(Broadcast.Message(big), to: a.handle, sessionId: "s", version: version) }
        broadcast.add(Self.message(0), to: a.handle)
        broadcast.send()
        loop.run()
        // The first is taken (an idle connection takes one, however large); the second would pass the bound
        // and the third is of a session already awaiting its resync; the last is never dropped. Once the
        // channel has written them, the session's one resync follows, at the newest version dropped.
        #expect(
            try a.written() == [
                String(decoding: big, as: UTF8.self), String(decoding: Self.notification(0), as: UTF8.self),
                #"{"jsonrpc":"2.0","method":"session/resync","params":{"sessionId":"s","version":3}}"#,
            ])
    }

    @Test("a session closed (its didClose) or no longer followed is forgotten: no resync for it follows")
    func forgottenSessions() throws {
        let big =
            Array(#"{"jsonrpc":"2.0","method":"n","params":{"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 600)
            + Array(#""}}"#.utf8)
        for closing in [true, false] {
            let loop = EmbeddedEventLoop()
            let a = Peer(id: 1, loop: loop, maxOutboundBytes: 1024)
            var broadcast = Broadcast()
            for version in 1...3 { broadcast.add(Broadcast.Message(big), to: a.handle, sessionId: "s", version: version) }
            for version in 1...3 { broadcast.add(Broadcast.Message(big), to: a.handle, sessionId: "t", version: version) }
            if closing {
                broadcast.add(Self.message(0), to: a.handle, forgetting: "s")
            } else {
                broadcast.forget("s", at: a.handle)
            }
            broadcast.send()
            loop.run()
            // "s" and "t" both lost versions to the bound; only "t", still followed, is owed its resync.
            let expected =
                [String(decoding: big, as: UTF8.self)] + (closing ? [String(decoding: Self.notification(0), as: UTF8.self)] : [])
                + [#"{"jsonrpc":"2.0","method":"session/resync","params":{"sessionId":"t","version":3}}"#]
            #expect(try a.written() == expected, "closing: \(closing)")
        }
    }
}

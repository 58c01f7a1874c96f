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
            id: Int, inbox: LoopInbox, maxOutboundBytes: Int = 4 << 20,
            writeOutBatch: Int = ConnectionLimits.defaultWriteOutBatch
        ) {
            let loop = inbox.loop as! EmbeddedEventLoop
            let handler = RPCChannelHandler(
                id: id, inbox: inbox, service: WatchingService(),
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
        let inbox = LoopInbox(serving: loop)
        let a = Peer(id: 1, inbox: inbox)
        let b = Peer(id: 2, inbox: inbox)
        for n in 1...3 {
            var broadcast = Broadcast()
            broadcast.add(Self.message(n), to: a.handle, tag: TestTag("s"))
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
        let inbox = LoopInbox(serving: loop)
        let a = Peer(id: 1, inbox: inbox)
        var broadcast = Broadcast()
        broadcast.add(Self.message(7), to: a.handle, tag: TestTag("s"))
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

    @Test("a reply queues only its own connection's notifications first; the others' wait for the loop's task")
    func replyQueuesOnlyItsOwn() throws {
        let loop = EmbeddedEventLoop()
        let inbox = LoopInbox(serving: loop)
        let mutator = Peer(id: 1, inbox: inbox)
        let subscribers = (2...4).map { Peer(id: $0, inbox: inbox) }
        let observers = subscribers.map { peer -> RecordingObserver in
            let observer = RecordingObserver()
            peer.handle.observe(observer)
            return observer
        }
        var broadcast = Broadcast()
        broadcast.add(Self.message(1), to: mutator.handle)
        for (n, peer) in subscribers.enumerated() { broadcast.add(Self.message(1), to: peer.handle, tag: TestTag("s\(n)")) }
        broadcast.send()
        try mutator.channel.writeInbound(ByteBuffer(string: #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n"))
        // The mutator's reply went out behind its own notification, and no subscriber's was queued for it.
        let lines = try mutator.written()
        #expect(lines.count == 2)
        #expect(lines.first == String(decoding: Self.notification(1), as: UTF8.self))
        #expect(observers.allSatisfy { $0.asked.isEmpty })
        // A subscriber that asks something before the loop's task runs gets its own notification first.
        try subscribers[1].channel.writeInbound(ByteBuffer(string: #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n"))
        let second = try subscribers[1].written()
        #expect(second.count == 2)
        #expect(second.first == String(decoding: Self.notification(1), as: UTF8.self))
        #expect(observers.map(\.asked) == [[], ["s1 fits"], []])
        loop.run()
        #expect(observers.map(\.asked) == [["s0 fits"], ["s1 fits"], ["s2 fits"]])
        for (n, peer) in subscribers.enumerated() {
            #expect(try peer.written() == (n == 1 ? [] : [String(decoding: Self.notification(1), as: UTF8.self)]))
        }
    }

    @Test(
        "a write-out task writes at most a batch of connections; work queued behind it runs between batches",
        arguments: [ConnectionLimits.defaultWriteOutBatch, 1, 8])
    func writtenInBatches(_ batch: Int) throws {
        let loop = EmbeddedEventLoop()
        let inbox = LoopInbox(serving: loop)
        let peers = (0..<(2 * batch + 10)).map { Peer(id: $0, inbox: inbox, writeOutBatch: batch) }
        var broadcast = Broadcast()
        for peer in peers { broadcast.add(Self.message(1), to: peer.handle, tag: TestTag("s")) }
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
        let inbox = LoopInbox(serving: loop)
        let framed = Peer(id: 1, inbox: inbox)
        let lines = Peer(id: 2, inbox: inbox)
        // A connection frames what it sends as its peer framed its first message.
        let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
        try framed.channel.writeInbound(ByteBuffer(string: "Content-Length: \(ping.utf8.count)\r\n\r\n" + ping))
        try lines.channel.writeInbound(ByteBuffer(string: ping + "\n"))
        _ = try framed.written()
        _ = try lines.written()
        let message = Self.message(5)
        var broadcast = Broadcast()
        broadcast.add(message, to: framed.handle, tag: TestTag("s"))
        broadcast.add(message, to: lines.handle, tag: TestTag("s"))
        broadcast.send()
        loop.run()
        let body = String(decoding: Self.notification(5), as: UTF8.self)
        var bytes = ByteBuffer()
        while var buffer = try framed.channel.readOutbound(as: ByteBuffer.self) { bytes.writeBuffer(&buffer) }
        #expect(String(buffer: bytes) == "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(try lines.written() == [body])
    }

    static let big =
        Array(#"{"jsonrpc":"2.0","method":"n","params":{"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 600)
        + Array(#""}}"#.utf8)

    @Test("a droppable notification past a connection's outbound bound is dropped, and its observer told once drained")
    func boundApplies() throws {
        let loop = EmbeddedEventLoop()
        let inbox = LoopInbox(serving: loop)
        let a = Peer(id: 1, inbox: inbox, maxOutboundBytes: 1024)
        let observer = RecordingObserver()
        a.handle.observe(observer)
        var broadcast = Broadcast()
        for n in 1...3 { broadcast.add(Broadcast.Message(Self.big), to: a.handle, tag: TestTag("big\(n)")) }
        broadcast.add(Self.message(0), to: a.handle)
        broadcast.send()
        loop.run()
        // The first is taken (an idle connection takes one, however large); the second and third would pass the
        // bound; the last is never dropped. Once the channel has written them, the observer's drain
        // notification follows, once.
        #expect(observer.asked == ["big1 fits", "big2 does not fit", "big3 does not fit"])
        #expect(
            try a.written() == [
                String(decoding: Self.big, as: UTF8.self), String(decoding: Self.notification(0), as: UTF8.self),
                #"{"jsonrpc":"2.0","method":"drained","params":{"count":1}}"#,
            ])
        #expect(observer.drains == 1)
    }

    @Test("an observer may refuse a notification that fits; then no drain is owed")
    func observerRefuses() throws {
        let loop = EmbeddedEventLoop()
        let inbox = LoopInbox(serving: loop)
        let a = Peer(id: 1, inbox: inbox, maxOutboundBytes: 1024)
        let observer = RecordingObserver(refusing: ["no"])
        a.handle.observe(observer)
        var broadcast = Broadcast()
        broadcast.add(Self.message(1), to: a.handle, tag: TestTag("no"))
        broadcast.add(Self.message(2), to: a.handle, tag: TestTag("yes"))
        broadcast.send()
        loop.run()
        #expect(observer.asked == ["no fits", "yes fits"])
        #expect(try a.written() == [String(decoding: Self.notification(2), as: UTF8.self)])
        #expect(observer.drains == 0)
    }

    @Test("a marker reaches the observer in order with the notifications around it, and writes nothing")
    func markersInOrder() throws {
        let loop = EmbeddedEventLoop()
        let inbox = LoopInbox(serving: loop)
        let a = Peer(id: 1, inbox: inbox)
        let observer = RecordingObserver()
        a.handle.observe(observer)
        var broadcast = Broadcast()
        broadcast.add(Self.message(1), to: a.handle, tag: TestTag("one"))
        broadcast.mark(TestTag("between"), at: a.handle)
        broadcast.add(Self.message(2), to: a.handle, tag: TestTag("two"))
        broadcast.send()
        loop.run()
        #expect(observer.asked == ["one fits", "mark between", "two fits"])
        #expect(try a.written() == [1, 2].map { String(decoding: Self.notification($0), as: UTF8.self) })
    }
}

/// A tag naming what a notification is about, for the tests' observer.
final class TestTag: OutboundTag {
    let name: String
    init(_ name: String) { self.name = name }
}

/// Records what its connection asks, admits what fits unless refused by name, and answers a drain with one
/// notification counting the drains.
final class RecordingObserver: OutboundObserver {
    private(set) var asked: [String] = []
    private(set) var drains = 0
    let refusing: Set<String>

    init(refusing: Set<String> = []) { self.refusing = refusing }

    func admit(_ tag: any OutboundTag, fits: Bool) -> Bool {
        let name = (tag as? TestTag)?.name ?? "?"
        asked.append("\(name) \(fits ? "fits" : "does not fit")")
        return !refusing.contains(name)
    }

    func reached(_ tag: any OutboundTag) {
        asked.append("mark \((tag as? TestTag)?.name ?? "?")")
    }

    func drained() -> [JSON] {
        drains += 1
        return [Envelope.notification(method: "drained", params: ["count": .number(drains)])]
    }
}

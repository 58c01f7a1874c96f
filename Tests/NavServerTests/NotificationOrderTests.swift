#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import JSONCore
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import NavTransport
@testable import NavServer

/// One connection's side of a conversation, driven by one task: each call sends a request and returns once its
/// reply is in, keeping everything that arrived, in order.
private final class Talker {
    let client: RawClient
    private var input: AsyncThrowingStream<JSON, any Error>.AsyncIterator
    private var nextId = 1
    /// Every message received so far, in order.
    private(set) var received: [JSON] = []

    /// A connection to `service` on `inbox`'s loop; `id` is the connection's, unique among those of `service`.
    init(service: NavService, inbox: LoopInbox, id: Int) {
        client = RawClient(service: service, inbox: inbox, id: id)
        input = client.lines.makeAsyncIterator()
    }

    /// Sends `method` and returns its reply; what came before the reply is in ``received``.
    func call(_ method: String, _ params: JSON = [:]) async throws -> JSON {
        let id = JSON.int(Int64(nextId))
        nextId += 1
        try await client.send(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
        while let message = try await input.next() {
            received.append(message)
            if message["id"] == id { return message }
        }
        throw Unexpected.closed(method)
    }

    /// Reads the next message, whatever it is.
    func next() async throws -> JSON {
        guard let message = try await input.next() else { throw Unexpected.closed("a read") }
        received.append(message)
        return message
    }

    /// Finishes sending; returns once the daemon has closed its end.
    func close() async {
        await client.stream.close()
    }

    /// Reads until the connection closes.
    func readToEnd() async throws {
        while let message = try await input.next() { received.append(message) }
    }

    enum Unexpected: Error { case closed(String), noVersion(JSON) }

    /// The version a mutation's reply reports.
    static func version(_ reply: JSON) throws -> Int64 {
        guard let version = reply["result"]?["version"]?.intValue else { throw Unexpected.noVersion(reply) }
        return version
    }
}

/// Lets a fixed number of tasks wait for one another (no clock: each waits until the last one arrives).
private actor Rendezvous {
    private let parties: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        arrived += 1
        if arrived == parties {
            for continuation in waiting { continuation.resume() }
            waiting = []
            arrived = 0
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// The `session/didChange` versions of `sessionId` in `messages`, in the order they came.
private func didChangeVersions(_ messages: [JSON], of sessionId: JSON) -> [Int64] {
    messages.compactMap { message in
        guard message["method"] == "session/didChange", message["params"]?["sessionId"] == sessionId else { return nil }
        return message["params"]?["version"]?.intValue
    }
}

/// docs/protocol.md section 6, "Order", through the real connection path: the channel handler, its outbox and its
/// event loop's inbox, with connections on several event loops of their own group.
@Suite("Notification order across connections and event loops")
struct NotificationOrderTests {
    /// An event-loop group of its own, with one inbox per loop as a server makes them.
    static func loops(_ count: Int) -> (MultiThreadedEventLoopGroup, [LoopInbox]) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: count)
        return (group, group.makeIterator().map { LoopInbox(serving: $0) })
    }

    static let root: JSON = ["screens": [["id": "root", "title": "Root"]]]

    @Test("every subscriber sees each session's versions in order, and its own change's didChange before the reply")
    func manySessionsConnectionsAndLoops() async throws {
        let (group, inboxes) = Self.loops(4)
        let service = NavService()
        let setup = Talker(service: service, inbox: inboxes[0], id: 1)
        var created: [JSON] = []
        for _ in 0..<3 { created.append(try #require(try await setup.call("session/create", Self.root)["result"]?["sessionId"])) }
        let sessions = created
        let connections = 12
        let changesEach = 6
        let subscribed = Rendezvous(parties: connections)
        let changed = Rendezvous(parties: connections)
        // Every task reaches each meeting point even when a step fails, so a failure is reported, never waited on.
        let results = await withTaskGroup(of: [String].self) { tasks in
            for c in 0..<connections {
                tasks.addTask {
                    var problems: [String] = []
                    let talker = Talker(service: service, inbox: inboxes[c % inboxes.count], id: 10 + c)
                    do {
                        for session in sessions { _ = try await talker.call("session/subscribe", ["sessionId": session]) }
                    } catch { problems.append("connection \(c) subscribing: \(error)") }
                    await subscribed.arrive()
                    do {
                        for i in 0..<changesEach {
                            let session = sessions[(c + i) % sessions.count]
                            let reply = try await talker.call(
                                "stack/push", ["sessionId": session, "screen": ["title": .string("c\(c) i\(i)")]])
                            let version = try Talker.version(reply)
                            // The reply is the last message received: its didChange must be among those before it.
                            if !didChangeVersions(talker.received.dropLast(), of: session).contains(version) {
                                problems.append("connection \(c): the reply that made \(session) v\(version) came before its didChange")
                            }
                        }
                    } catch { problems.append("connection \(c) changing: \(error)") }
                    await changed.arrive()
                    do {
                        // Sent after every change's reply came back, anywhere: whatever was due is here once it is
                        // answered.
                        _ = try await talker.call("daemon/status")
                        let total = Int64(connections * changesEach / sessions.count)
                        for session in sessions where didChangeVersions(talker.received, of: session) != Array(1...total) {
                            problems.append(
                                "connection \(c): \(session) versions \(didChangeVersions(talker.received, of: session)), not 1...\(total)")
                        }
                    } catch { problems.append("connection \(c) at the barrier: \(error)") }
                    await talker.close()
                    return problems
                }
            }
            var all: [String] = []
            for await problems in tasks { all += problems }
            return all
        }
        #expect(results.isEmpty, "\(results)")
        await setup.close()
        try await group.shutdownGracefully()
    }

    @Test("a subscriber that reads nothing slows no one, and later gets what it missed as one resync")
    func slowSubscriber() async throws {
        let (group, inboxes) = Self.loops(3)
        let service = NavService()
        let mutator = Talker(service: service, inbox: inboxes[0], id: 1)
        let session = try #require(try await mutator.call("session/create", Self.root)["result"]?["sessionId"])
        let watcher = Talker(service: service, inbox: inboxes[1], id: 2)
        _ = try await watcher.call("session/subscribe", ["sessionId": session])
        // The slow subscriber: a socket whose peer end this test reads only when it chooses to.
        let slow = try await SlowPeer(service: service, inbox: inboxes[2], maxOutboundBytes: 4096)
        // One topic, so each version is one didChange (no session/diagnostics beside it).
        try slow.send(
            #"{"jsonrpc":"2.0","id":1,"method":"session/subscribe","params":{"sessionId":\#(session.serialized()),"topics":["stack"]}}"#)
        #expect(try await slow.readUntilReply(id: 1).last?["result"]?["subscriptionId"] != nil)

        // Far more than the slow peer's bound and its socket's buffer hold.
        let changes: Int64 = 400
        for i in 0..<changes {
            let reply =
                i % 2 == 0
                ? try await mutator.call(
                    "stack/push", ["sessionId": session, "screen": ["title": .string(String(repeating: "t", count: 200))]])
                : try await mutator.call("stack/pop", ["sessionId": session])
            #expect(try Talker.version(reply) == i + 1)
        }
        _ = try await watcher.call("daemon/status")
        #expect(didChangeVersions(watcher.received, of: session) == Array(1...changes))

        // Now the slow peer reads: whatever it got, in order, and a resync standing for what it missed. The resync
        // is due once the peer has read the queue down to half the bound, which it does while reading up to the
        // first reply; the reply to a request sent after that one follows it.
        try slow.send(#"{"jsonrpc":"2.0","id":2,"method":"daemon/status"}"#)
        var messages = try await slow.readUntilReply(id: 2).dropLast()
        try slow.send(#"{"jsonrpc":"2.0","id":3,"method":"daemon/status"}"#)
        messages += try await slow.readUntilReply(id: 3).dropLast()
        var seen: Int64 = 0
        var resyncs = 0
        for message in messages {
            switch message["method"]?.stringValue {
            case "session/didChange":
                let version = try #require(message["params"]?["version"]?.intValue)
                #expect(version > seen, "didChange v\(version) after v\(seen)")
                // Nothing is skipped without a resync standing for it.
                #expect(version == seen + 1, "v\(seen + 1)...v\(version - 1) missed without a resync")
                seen = version
            case "session/resync":
                let version = try #require(message["params"]?["version"]?.intValue)
                #expect(version > seen, "a resync at v\(version) after v\(seen)")
                seen = version
                resyncs += 1
            default:
                Issue.record("unexpected \(message)")
            }
        }
        #expect(resyncs >= 1, "nothing was dropped: the test did not fill the slow peer's bound")
        #expect(seen == changes)
        slow.closeSocket()
        try await slow.channel.closeFuture.get()
        await mutator.close()
        await watcher.close()
        try await group.shutdownGracefully()
    }

    @Test("a subscriber that closes while a session broadcasts leaves the others their notifications and replies")
    func closingMidBroadcast() async throws {
        let (group, inboxes) = Self.loops(3)
        let service = NavService()
        let setup = Talker(service: service, inbox: inboxes[0], id: 1)
        let session = try #require(try await setup.call("session/create", Self.root)["result"]?["sessionId"])
        let watcher = Talker(service: service, inbox: inboxes[1], id: 2)
        _ = try await watcher.call("session/subscribe", ["sessionId": session])
        let changes: Int64 = 60
        let leavers = 4
        let ready = Rendezvous(parties: leavers + 1)
        // Every task reaches the meeting point even when a step fails, so a failure is reported, never waited on.
        await withTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                let mutator = Talker(service: service, inbox: inboxes[0], id: 3)
                await ready.arrive()
                for i in 0..<changes {
                    do {
                        let reply =
                            i % 2 == 0
                            ? try await mutator.call("stack/push", ["sessionId": session, "screen": ["title": "Next"]])
                            : try await mutator.call("stack/pop", ["sessionId": session])
                        #expect(try Talker.version(reply) == i + 1)
                    } catch { Issue.record("change \(i + 1): \(error)") }
                }
                await mutator.close()
            }
            for n in 0..<leavers {
                tasks.addTask {
                    let leaver = Talker(service: service, inbox: inboxes[n % 2 == 0 ? 2 : 1], id: 10 + n)
                    do {
                        _ = try await leaver.call("session/subscribe", ["sessionId": session])
                    } catch { Issue.record("leaver \(n) subscribing: \(error)") }
                    await ready.arrive()
                    do {
                        // Leaves once the broadcasts reach it, each at a different point: `exit` closes it at once,
                        // with more of the session's notifications on their way to it.
                        while didChangeVersions(leaver.received, of: session).count < 5 * (n + 1) { _ = try await leaver.next() }
                        try await leaver.client.send(["jsonrpc": "2.0", "method": "exit"])
                        try await leaver.readToEnd()
                        let versions = didChangeVersions(leaver.received, of: session)
                        #expect(versions == Array(1...Int64(versions.count)))
                    } catch { Issue.record("leaver \(n): \(error)") }
                }
            }
        }
        _ = try await watcher.call("daemon/status")
        #expect(didChangeVersions(watcher.received, of: session) == Array(1...changes))
        // The daemon still serves: a new subscriber follows the session from where it is.
        let late = Talker(service: service, inbox: inboxes[2], id: 4)
        #expect(try await late.call("session/subscribe", ["sessionId": session])["result"]?["version"] == .int(changes))
        _ = try await setup.call("stack/push", ["sessionId": session, "screen": ["title": "Last"]])
        _ = try await late.call("daemon/status")
        #expect(didChangeVersions(late.received, of: session) == [changes + 1])
        for talker in [setup, watcher, late] { await talker.close() }
        try await group.shutdownGracefully()
    }
}

/// A connection served by the real handler whose peer end is a plain socket this test reads only when it says so.
private final class SlowPeer {
    let fd: Int32
    let channel: any Channel
    private var buffer: [UInt8] = []

    init(service: NavService, inbox: LoopInbox, maxOutboundBytes: Int) async throws {
        guard let (server, client) = InProcessStream.socketPair() else { throw IOError(errnoCode: errno, reason: "socketpair") }
        let fds = [server, client]
        // A small send buffer, so the daemon's outbound bound, not the kernel, holds what the peer leaves unread.
        var size: Int32 = 4096
        setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        fd = fds[1]
        channel = try await ClientBootstrap(group: inbox.loop)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        RPCChannelHandler(
                            id: 1000, inbox: inbox, service: service, limits: ConnectionLimits(maxOutboundBytes: maxOutboundBytes),
                            logger: Logger(label: "test")))
                }
            }
            .withConnectedSocket(fds[0]).get()
    }

    func send(_ line: String) throws {
        let bytes = Array(line.utf8) + [0x0A]
        let sent = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard sent == bytes.count else { throw IOError(errnoCode: errno, reason: "write") }
    }

    /// Reads until the reply to `id`, on a thread of NIO's pool (a blocking read would hold one of the few that run
    /// tests); returns every message up to and including it.
    func readUntilReply(id: Int) async throws -> [JSON] {
        let (fd, start) = (fd, buffer)
        let (messages, rest) = try await NIOThreadPool.singleton.runIfActive { try Self.readMessages(fd, until: id, from: start) }
        buffer = rest
        return messages
    }

    /// Reads `fd` past the bytes in `start` until the reply to `id`: the messages up to it, and the bytes after.
    private static func readMessages(_ fd: Int32, until id: Int, from start: [UInt8]) throws -> ([JSON], [UInt8]) {
        var buffer = start
        var messages: [JSON] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            while let newline = buffer.firstIndex(of: 0x0A) {
                let message = try JSON.parse(Array(buffer[..<newline]))
                buffer.removeSubrange(...newline)
                messages.append(message)
                if message["id"] == .int(Int64(id)) { return (messages, buffer) }
            }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw IOError(errnoCode: errno, reason: "read") }
            buffer += chunk[0..<count]
        }
    }

    func closeSocket() {
        _ = close(fd)
    }
}

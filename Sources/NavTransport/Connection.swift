import JSONCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NavFraming
import NavProtocol

/// What a connection asks of the server behind it. Every call is made on the connection's event loop and must
/// not block; work that may be long returns ``RPCOutcome/later(_:)`` and finishes elsewhere.
public protocol RPCService: Sendable {
    /// Answers one request. `.done(.failure)` for protocol errors.
    func handle(method: String, params: JSONView?, connection: ConnectionHandle) -> RPCOutcome
    /// A client notification other than `exit` and `$/cancelRequest`.
    func notification(method: String, params: JSONView?, connection: ConnectionHandle)
    func connectionOpened(_ connection: ConnectionHandle)
    /// The connection is gone: drop what it held (subscriptions).
    func connectionClosed(_ connection: ConnectionHandle)
}

/// A request's answer: ready now, or later (a durable write, work on a thread pool). A connection answers its
/// requests in order, so nothing after a `later` one is handled until it completes.
public enum RPCOutcome: Sendable {
    case done(Result<JSON, RPCError>)
    /// A result already serialized (an answer the server keeps between requests), written into the reply as
    /// it is. The bytes must be one JSON value as ``JSONCore/JSON/serializedBytes()`` writes it.
    case serialized([UInt8])
    case later(PendingReply)
}

/// A request's result: a value, or one already serialized (an answer the server keeps between requests), which
/// the reply carries as it is, alone or in a batch's array. The bytes must be one JSON value as
/// ``JSONCore/JSON/serializedBytes()`` writes it.
public enum RPCAnswer: Sendable {
    case value(JSON)
    case serialized([UInt8])
}

/// An answer that completes once, from any thread.
public final class PendingReply: Sendable {
    private struct State {
        var result: Result<RPCAnswer, RPCError>?
        var callbacks: [@Sendable (Result<RPCAnswer, RPCError>) -> Void] = []
    }
    private let state = NIOLockedValueBox(State())

    public init() {}

    /// Completes the answer with a value or an error; later calls are ignored.
    public func complete(_ result: Result<JSON, RPCError>) {
        complete(answer: result.map(RPCAnswer.value))
    }

    /// Completes the answer; later calls are ignored.
    public func complete(answer result: Result<RPCAnswer, RPCError>) {
        let callbacks = state.withLockedValue { s -> [@Sendable (Result<RPCAnswer, RPCError>) -> Void] in
            guard s.result == nil else { return [] }
            s.result = result
            defer { s.callbacks = [] }
            return s.callbacks
        }
        for callback in callbacks { callback(result) }
    }

    /// Calls `callback` once the answer is known (at once, on this thread, when it already is).
    public func whenComplete(_ callback: @escaping @Sendable (Result<RPCAnswer, RPCError>) -> Void) {
        let done = state.withLockedValue { s -> Result<RPCAnswer, RPCError>? in
            if s.result == nil { s.callbacks.append(callback) }
            return s.result
        }
        if let done { callback(done) }
    }
}

/// Named bounds of one connection.
public struct ConnectionLimits: Sendable, Hashable {
    /// `--max-message-bytes`: larger messages are answered with -32600 and skipped unbuffered.
    public var maxMessageBytes: Int
    /// `--max-outbound-bytes`: past this many unwritten bytes, droppable notifications are dropped
    /// (``OutboundBudget``).
    public var maxOutboundBytes: Int
    /// `--max-batch`: the most messages one batch may hold.
    public var maxBatch: Int
    /// `--max-json-depth`: the deepest nesting a message may have.
    public var maxJSONDepth: Int
    /// `--max-header-bytes`: the largest Content-Length header block; past it the block is malformed.
    public var maxHeaderBytes: Int
    /// `--replies-per-write`: while a read burst's messages are answered, the replies are written out each
    /// time this many messages have been handled (and once more at the end of the burst), so a client with
    /// requests in flight gets its first replies while the later ones are worked on.
    public var repliesPerWrite: Int

    /// `--write-out-batch`: the most connections an event loop writes out (notifications of a broadcast,
    /// mostly) before it reads again; a request that arrives while a thousand subscribers are written to is
    /// then answered after this many writes, not after all of them.
    public var writeOutBatch: Int

    /// The default of ``repliesPerWrite``: on two cores, a client with 16 requests in flight is answered
    /// fastest at 2 (docs/performance.md, measured again once a request cost less); an extra write costs
    /// about as much as answering one small request.
    public static let defaultRepliesPerWrite = 2

    /// The default of ``writeOutBatch``: 64 writes take an event loop about a quarter of a millisecond, and
    /// the loop's extra round between batches costs less than one of them (docs/performance.md, "Fan-out").
    public static let defaultWriteOutBatch = 64

    public init(
        maxMessageBytes: Int = 8 << 20, maxOutboundBytes: Int = 4 << 20, maxBatch: Int = 1_000, maxJSONDepth: Int = 128,
        maxHeaderBytes: Int = FrameDecoder.defaultMaxHeaderBytes, repliesPerWrite: Int = ConnectionLimits.defaultRepliesPerWrite,
        writeOutBatch: Int = ConnectionLimits.defaultWriteOutBatch
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.maxOutboundBytes = maxOutboundBytes
        self.maxBatch = maxBatch
        self.maxJSONDepth = maxJSONDepth
        self.maxHeaderBytes = maxHeaderBytes
        self.repliesPerWrite = max(1, repliesPerWrite)
        self.writeOutBatch = max(1, writeOutBatch)
    }
}

/// The server's handle on one client connection, which any thread may hold: its id, and the way to it.
///
/// Everything about the connection lives on its event loop, with its one owner, the ``RPCChannelHandler``:
/// replies are queued by the handler itself; notifications reach it through its loop's ``LoopInbox`` (a
/// ``Broadcast``), which queues them in arrival order.
/// - Important: a reply is queued after every notification broadcast to this connection before it, which is
///   how a server keeps "the notification of a change before the reply that made it".
public final class ConnectionHandle: Sendable {
    public let id: Int
    /// Where broadcasts leave this connection's notifications.
    let inbox: LoopInbox
    /// The connection's owner, reachable only on its event loop (every access checks); emptied when the handler
    /// leaves its pipeline, which breaks the handler -> handle -> handler cycle so the connection is freed.
    let owner: NIOLoopBoundBox<RPCChannelHandler?>
    /// How many connections the loop writes out in a row when this one's turn comes
    /// (``ConnectionLimits/writeOutBatch``).
    let writeOutBatch: Int

    init(id: Int, inbox: LoopInbox, writeOutBatch: Int) {
        self.id = id
        self.inbox = inbox
        self.writeOutBatch = writeOutBatch
        self.owner = .makeEmptyBox(valueType: RPCChannelHandler.self, eventLoop: inbox.loop)
    }

    /// Makes `observer` the one this connection asks about its droppable notifications (``OutboundObserver``).
    /// Called on the connection's event loop, before anything droppable is broadcast to it (from
    /// ``RPCService/connectionOpened(_:)``); a connection has at most one.
    public func observe(_ observer: any OutboundObserver) {
        guard let handler = owner.value else { preconditionFailure("an observer for connection \(id), which has no handler") }
        handler.observe(observer)
    }

    /// Graceful shutdown: close now when idle, else once the messages in hand are answered. From any thread.
    public func beginDrain() {
        let owner = owner
        inbox.loop.execute { owner.value?.drainRequested() }
    }

    /// Bytes queued for the peer that the channel has not yet written to the socket (read on the connection's
    /// event loop).
    func pendingOutboundBytes() async throws -> Int {
        let owner = owner
        return try await inbox.loop.submit { owner.value?.pendingOutboundBytes ?? 0 }.get()
    }
}

/// Notifications for many connections, handed to each connection's event loop's ``LoopInbox`` at once: the
/// sender pays one lock per event loop, not one per connection, and each loop queues and writes its own
/// connections' notifications after its current reads, in the order they were added.
///
/// - Important: broadcasts handed over one after another reach every connection in that order, and a reply
///   a connection sends after a broadcast was handed over follows that broadcast's notifications to it
///   (its loop queues what arrived before it queues the reply). A sender that hands its broadcasts over under one lock has them
///   reach each connection in that lock's order, each before the reply that made it.
public struct Broadcast: Sendable {
    /// One notification's bytes, shared by every connection it goes to: its body, and the body framed with its
    /// Content-Length header, which nearly every connection uses and which is so framed once rather than once
    /// per connection.
    public final class Message: Sendable {
        let body: [UInt8]
        let contentLengthFrame: [UInt8]

        public init(_ body: [UInt8]) {
            self.body = body
            var framed = ByteBufferAllocator().buffer(capacity: 0)
            FrameEncoder.append(body, framing: .contentLength, to: &framed)
            contentLengthFrame = Array(framed.readableBytesView)
        }
    }

    /// One notification for one connection, or (no message) a marker for its observer.
    struct Delivery: Sendable {
        let connection: ConnectionHandle
        let message: Message?
        /// With a message, what the connection's observer is asked before queuing it (nil: never dropped);
        /// without, the marker the observer is told of.
        let tag: (any OutboundTag)?
    }

    /// The deliveries by event loop, in the order they were added; few loops, so a list.
    private var loops: [(inbox: LoopInbox, deliveries: [Delivery])] = []
    /// How many deliveries each loop's list makes room for at once.
    private let expected: Int

    /// A broadcast to about `expected` connections (a topic's followers, say): each event loop's list
    /// makes room for that many at once rather than growing as they are added.
    public init(expected: Int = 1) {
        self.expected = max(1, expected)
    }

    /// Adds a notification for `connection` that is never dropped.
    public mutating func add(_ message: Message, to connection: ConnectionHandle) {
        add(Delivery(connection: connection, message: message, tag: nil))
    }

    /// Adds a droppable notification for `connection`: when it reaches the connection's queue, the connection's
    /// ``OutboundObserver`` is asked about `tag`, and past the connection's outbound bound it is dropped.
    public mutating func add(_ message: Message, to connection: ConnectionHandle, tag: any OutboundTag) {
        add(Delivery(connection: connection, message: message, tag: tag))
    }

    /// Adds, after what was added for `connection` before, a marker its ``OutboundObserver`` is told of when
    /// it reaches the connection's queue (in order with the notifications around it).
    public mutating func mark(_ tag: any OutboundTag, at connection: ConnectionHandle) {
        add(Delivery(connection: connection, message: nil, tag: tag))
    }

    private mutating func add(_ delivery: Delivery) {
        // The last loop added to first: on one or two loops, it is nearly always the one.
        let inbox = delivery.connection.inbox
        if let last = loops.indices.last, loops[last].inbox === inbox {
            loops[last].deliveries.append(delivery)
        } else if let index = loops.firstIndex(where: { $0.inbox === inbox }) {
            loops[index].deliveries.append(delivery)
        } else {
            var deliveries: [Delivery] = []
            deliveries.reserveCapacity(expected)
            deliveries.append(delivery)
            loops.append((inbox, deliveries))
        }
    }

    /// Hands every event loop its notifications.
    public func send() {
        for loop in loops { loop.inbox.deliver(loop.deliveries) }
    }
}

extension FrameEncoder {
    /// The size of `bodyCount` bytes once framed.
    static func framedSize(_ bodyCount: Int, framing: Framing) -> Int {
        switch framing {
        case .contentLength: return 20 + JSONSink.integerLength(Int64(bodyCount)) + bodyCount
        case .ndjson: return bodyCount + 1
        }
    }

    /// Appends the framed reply to request `id` whose result is already serialized (the bytes of
    /// ``Envelope/reply(id:result:)`` for that result, framed), straight into `buffer`: the body's
    /// length is known before it is written, so the header goes first and no byte is copied twice. Returns
    /// the framed size.
    static func appendReply(id: RequestID, serializedResult result: [UInt8], framing: Framing, to buffer: inout ByteBuffer) -> Int {
        // The id's bytes: an integer's digits are written in place; a string or null is serialized first.
        var idBytes: [UInt8] = []
        let idCount: Int
        switch id {
        case .int(let value):
            idCount = JSONSink.integerLength(value)
        case .string, .null:
            idBytes = id.json.serializedBytes()
            idCount = idBytes.count
        }
        let bodyCount =
            Envelope.replyOpening.utf8CodeUnitCount + idCount + Envelope.resultMember.utf8CodeUnitCount + result.count + 1
        return appendFramed(bodyCount: bodyCount, framing: framing, to: &buffer) { out in
            out.raw(Envelope.replyOpening)
            if case .int(let value) = id {
                out.integer(value)
            } else {
                out.bytes(idBytes)
            }
            out.raw(Envelope.resultMember)
            out.bytes(result)
            out.byte(UInt8(ascii: "}"))
        }
    }

    /// Appends `body` framed to `buffer`.
    static func append(_ body: [UInt8], framing: Framing, to buffer: inout ByteBuffer) {
        _ = appendFramed(bodyCount: body.count, framing: framing, to: &buffer) { $0.bytes(body) }
    }

    /// Appends `body` framed to `buffer`; returns the framed size.
    static func append(_ body: UnsafeBufferPointer<UInt8>, framing: Framing, to buffer: inout ByteBuffer) -> Int {
        appendFramed(bodyCount: body.count, framing: framing, to: &buffer) { $0.bytes(body) }
    }

    /// Appends one frame whose body is `bodyCount` bytes, which `writeBody` writes, to `buffer`, in one
    /// reservation: the header (or, for NDJSON, the newline after) around the body, written with the sink the
    /// JSON writers use. Returns the framed size.
    private static func appendFramed(
        bodyCount: Int, framing: Framing, to buffer: inout ByteBuffer, _ writeBody: (inout JSONSink) -> Void
    ) -> Int {
        let framed = framedSize(bodyCount, framing: framing)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: framed) { raw in
            var out = JSONSink(UnsafeMutableRawBufferPointer(rebasing: raw[0..<framed]))
            if framing == .contentLength {
                out.raw("Content-Length: ")
                out.integer(Int64(bodyCount))
                out.raw("\r\n\r\n")
            }
            let bodyStart = out.written
            writeBody(&out)
            if framing == .ndjson { out.byte(0x0A) }
            precondition(
                !out.overflowed && out.written - bodyStart == bodyCount + (framing == .ndjson ? 1 : 0),
                "a frame's body is not the length its header gives")
            return out.written
        }
        return framed
    }
}

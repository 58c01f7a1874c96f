import JSONCore
import NIOCore
import NavFraming
import NavProtocol

/// A connection's outbound side: the framed bytes not yet handed to the channel, the byte bound they count
/// against, and the owner's observer of droppable notifications. A value owned by the connection's
/// ``RPCChannelHandler`` and so used only on the connection's event loop: nothing here takes a lock.
///
/// Whether the connection must be written out is its own small state (``WriteOut``): appending to an outbox
/// that nobody will write out soon says so, and the caller arranges it (the handler at the end of its burst,
/// the loop's ``LoopInbox`` otherwise).
struct Outbox {
    /// Who writes the outbound buffer out next.
    enum WriteOut: Equatable {
        /// Nobody: the buffer is empty, or its bytes were just taken.
        case none
        /// Someone will take the buffer without being asked again: the handler at the end of the burst it is
        /// handling, or the loop's write-out task, which holds the connection in its queue.
        case due
    }

    private(set) var framing: Framing = .ndjson
    private(set) var budget: OutboundBudget
    /// The owner's view of droppable notifications (set once, when the connection opens).
    private var observer: (any OutboundObserver)?
    /// Framed bytes not yet handed to the channel.
    private var buffer: ByteBuffer
    /// Nothing more is queued (the connection is closing or closed).
    private(set) var isClosed = false
    private(set) var writeOut = WriteOut.none
    /// The largest outbound buffer a connection keeps between write-outs to frame replies into again.
    static let keptOutboundBytes = 4 << 10

    init(maxOutboundBytes: Int) {
        budget = OutboundBudget(maxPendingBytes: maxOutboundBytes)
        buffer = ByteBufferAllocator().buffer(capacity: 0)
    }

    /// The peer's framing, known from its first byte; set before anything is queued in it.
    mutating func frame(with framing: Framing) {
        precondition(
            budget.pendingBytes == 0 || self.framing == framing, "framing changed from \(self.framing) to \(framing) with bytes queued")
        self.framing = framing
    }

    /// Makes `observer` the one asked about droppable notifications; a connection has at most one.
    mutating func observe(_ observer: any OutboundObserver) {
        precondition(self.observer == nil, "a connection's outbound observer is set once")
        self.observer = observer
    }

    // MARK: Queuing (each returns whether the caller must arrange a write-out)

    /// Queues `message`, never dropped.
    mutating func append(_ message: JSON) -> Bool {
        appendWritten { message.write(to: &$0) }
    }

    /// Queues a message already serialized (a batch's array of replies), never dropped.
    mutating func append(body: [UInt8]) -> Bool {
        guard !isClosed else { return false }
        body.withUnsafeBufferPointer { budget.enqueued(FrameEncoder.append($0, framing: framing, to: &buffer)) }
        return markWriteOutDue()
    }

    /// Queues the reply to request `id`: the bytes of `Envelope.reply(id:result:)` (or `error:`), written
    /// without building the envelope.
    mutating func appendReply(id: RequestID, _ answer: Result<JSON, RPCError>) -> Bool {
        appendWritten { Envelope.writeReply(id: id, answer, to: &$0) }
    }

    /// Queues what `write` writes, framed: it is written into scratch memory (on the stack for a reply of up
    /// to a few kilobytes), since a Content-Length header, which goes first, needs its length.
    private mutating func appendWritten(_ write: (inout JSONSink) -> Void) -> Bool {
        guard !isClosed else { return false }
        let framing = framing
        let size = JSONBytes.withWritten(capacity: Self.replyScratchBytes, write) { body in
            FrameEncoder.append(body, framing: framing, to: &buffer)
        }
        budget.enqueued(size)
        return markWriteOutDue()
    }

    /// The room a reply is first written into before it is framed.
    static let replyScratchBytes = 4 << 10

    /// Queues the reply to request `id` whose result is already serialized.
    mutating func appendReply(id: RequestID, serializedResult: [UInt8]) -> Bool {
        guard !isClosed else { return false }
        budget.enqueued(FrameEncoder.appendReply(id: id, serializedResult: serializedResult, framing: framing, to: &buffer))
        return markWriteOutDue()
    }

    /// Queues one broadcast delivery: a message never dropped; a droppable one as the bound and the observer
    /// decide; a marker, to the observer. Returns false when nothing was queued.
    mutating func append(_ delivery: Broadcast.Delivery) -> Bool {
        guard !isClosed else { return false }
        guard let message = delivery.message else {
            if let tag = delivery.tag { observer?.reached(tag) }
            return false
        }
        let size =
            framing == .contentLength
            ? message.contentLengthFrame.count : FrameEncoder.framedSize(message.body.count, framing: .ndjson)
        if let tag = delivery.tag {
            let fits = budget.fits(size)
            let admitted = observer?.admit(tag, fits: fits) ?? true
            guard fits else {
                budget.dropped()
                return false
            }
            guard admitted else { return false }
        }
        budget.enqueued(size)
        switch framing {
        case .contentLength: message.contentLengthFrame.withUnsafeBytes { _ = buffer.writeBytes($0) }
        case .ndjson: FrameEncoder.append(message.body, framing: .ndjson, to: &buffer)
        }
        return markWriteOutDue()
    }

    /// Records that a write-out is due; true when none was (so the caller arranges one).
    private mutating func markWriteOutDue() -> Bool {
        guard writeOut == .none else { return false }
        writeOut = .due
        return true
    }

    // MARK: Writing

    /// The handler starts a burst: what is queued meanwhile is written out at its end.
    mutating func beginBurst() {
        writeOut = .due
    }

    /// Takes the framed bytes for the channel (nil when there are none); no write-out is due after it. `spare`,
    /// an emptied buffer the channel has let go of, becomes the one the next replies are framed into rather than
    /// a new allocation; it is left where it is when there is nothing to take.
    mutating func take(spare: inout ByteBuffer?) -> ByteBuffer? {
        writeOut = .none
        guard buffer.readableBytes > 0 else { return nil }
        let out = buffer
        buffer = spare.take() ?? ByteBufferAllocator().buffer(capacity: 0)
        return out
    }

    /// Takes the framed bytes for the channel (nil when there are none).
    mutating func take() -> ByteBuffer? {
        var none: ByteBuffer? = nil
        return take(spare: &none)
    }

    /// The channel wrote `bytes`. Returns what the observer owes the peer once the queue has drained after a
    /// drop (to be queued, never dropped, ahead of any delivery not queued yet).
    mutating func written(_ bytes: Int) -> [JSON] {
        budget.written(bytes)
        return budget.takeDrained() ? (observer?.drained() ?? []) : []
    }

    /// Whether more than the bound waits for the peer to read it: the connection then stops reading.
    var isOverBudget: Bool { !budget.isWithinBound }

    /// Nothing more is queued from now on.
    mutating func close() {
        isClosed = true
    }
}

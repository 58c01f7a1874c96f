import DequeModule
import JSONCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NavFraming
import NavProtocol

/// Serves JSON-RPC on one channel, on the channel's event loop, and is the one owner of everything about the
/// connection: it decodes a whole read burst (so a cancel that arrives with its request always wins), answers
/// each message in arrival order by calling the service synchronously, queues each reply in the connection's
/// ``Outbox``, and writes that out once per burst. No task, stream or thread hop is on the request path; a
/// request whose answer comes later (a durable write, a long computation on a thread pool) holds the messages
/// after it until it completes. Notifications reach it only through its loop's ``LoopInbox``.
///
/// The connection's life is ``ConnectionStateMachine``; whether it reads is ``ReadGate``. This type only
/// carries out their actions. It is not `Sendable`: nothing but its event loop may touch it.
public final class RPCChannelHandler: ChannelDuplexHandler {
    public typealias InboundIn = ByteBuffer
    public typealias OutboundIn = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    /// One message (or step) in hand, in arrival order.
    enum Work {
        case reply(JSON)
        case close
        /// An element of a single message (`batch` nil) or of a batch.
        case element(EnvelopeItem, batch: BatchCollector?, index: Int)
    }

    /// The replies of one batch, released as one array once the last is in.
    final class BatchCollector {
        var replies: BatchReplies
        init(_ items: [EnvelopeItem]) { replies = BatchReplies(items) }
    }

    /// Past this many messages in hand behind a reply that comes later, the connection stops reading.
    static let maxHeldMessages = 1024

    public let handle: ConnectionHandle
    let service: any RPCService
    let limits: ConnectionLimits
    let logger: Logger
    /// A connection refused at admission: this reply (if any) is written and the connection closed, unread.
    let refusal: JSON??

    // Everything below is the connection's, and is used only on its event loop: NIO calls a handler only there,
    // and what reaches it from elsewhere (a broadcast, a reply that comes later, a graceful stop) comes through
    // the loop (``LoopInbox``, `execute`), which is asserted where it enters.
    //
    // The state a request reads and changes is declared twice. Debug builds, where every test runs, check each
    // access at run time as Swift does by default, so an access that overlaps another (the one way to break this
    // state on one thread) traps there. Release builds leave those checks out (`@exclusivity(unchecked)`): they
    // cost a request of `title/back` about 1,100 instructions of 31,000 under callgrind
    // (scripts/request_instructions.py), some fourteen accesses at about 80 each.
    //
    // `decoder`: the read's decoder. `framingKnown`: the peer's framing is known (from its first byte) and the
    // outbox frames in it. `outbox`: what is queued for the peer, and its byte bound. `queue`: the messages in
    // hand, in order (a deque moves each in and out, where NIO's `CircularBuffer`, a list of optionals, copied
    // each out and destroyed the slot it left). `awaited`: the request whose answer comes later, while it is
    // outstanding. `answeredWhileReading`: messages this read burst answered as they were read (``dispatch(_:)``),
    // not through the queue; the first of them began the burst's write-out (``Outbox/beginBurst()``). `opened`:
    // the service was told of the connection. `inputDone`: nothing more is decoded (after a malformed header
    // block). `spareOutbound`: an emptied buffer the channel has written and let go of, for the outbox to frame
    // replies into next.
    #if DEBUG
        private var decoder: FrameDecoder
        private var framingKnown = false
        private var replyGuard = ReplyGuard()
        private var machine = ConnectionStateMachine()
        private var gate = ReadGate()
        private var outbox: Outbox
        private var queue = Deque<Work>()
        private var awaited: Awaited?
        private var answeredWhileReading = 0
        private var opened = false
        private var inputDone = false
        private var spareOutbound: ByteBuffer?
    #else
        @exclusivity(unchecked) private var decoder: FrameDecoder
        @exclusivity(unchecked) private var framingKnown = false
        @exclusivity(unchecked) private var replyGuard = ReplyGuard()
        @exclusivity(unchecked) private var machine = ConnectionStateMachine()
        @exclusivity(unchecked) private var gate = ReadGate()
        @exclusivity(unchecked) private var outbox: Outbox
        @exclusivity(unchecked) private var queue = Deque<Work>()
        @exclusivity(unchecked) private var awaited: Awaited?
        @exclusivity(unchecked) private var answeredWhileReading = 0
        @exclusivity(unchecked) private var opened = false
        @exclusivity(unchecked) private var inputDone = false
        @exclusivity(unchecked) private var spareOutbound: ByteBuffer?
    #endif
    private var awaitingReply: Bool { awaited != nil }

    struct Awaited {
        let id: RequestID
        let method: String
        let batch: BatchCollector?
        let index: Int
    }
    /// Refused: the reply is written and the output closed; the input is drained until the peer closes.
    private var lingering = false
    private var context: ChannelHandlerContext?
    /// Where notifications for this loop's connections arrive.
    private let inbox: LoopInbox
    private let writeReports: WriteReports
    /// Whether the channel reports writes through its writability: set once it took water marks of one byte.
    private var reportsWrites = false
    /// Bytes written without a promise that the channel has not yet reported written (by becoming writable).
    private var unwritten = 0

    /// How the handler learns that the channel wrote its replies to the socket, which settles the connection's
    /// outbound bound.
    public enum WriteReports: Sendable {
        /// From the channel's writability, under water marks of one byte: a socket channel.
        case writability
        /// From each write's promise: a channel that does not track writability (`EmbeddedChannel`).
        case promises
    }

    /// Creates the handler and its connection handle, for a channel of `inbox`'s event loop. `refusal` set (to a
    /// reply or to nil) refuses the connection.
    public init(
        id: Int, inbox: LoopInbox, service: any RPCService, limits: ConnectionLimits, logger: Logger,
        refusal: JSON?? = .none, writeReports: WriteReports = .writability
    ) {
        self.writeReports = writeReports
        self.service = service
        self.limits = limits
        self.logger = logger
        self.refusal = refusal
        self.inbox = inbox
        self.decoder = FrameDecoder(maxMessageBytes: limits.maxMessageBytes, maxHeaderBytes: limits.maxHeaderBytes)
        self.outbox = Outbox(maxOutboundBytes: limits.maxOutboundBytes)
        self.handle = ConnectionHandle(id: id, inbox: inbox, writeOutBatch: limits.writeOutBatch)
    }

    // MARK: Channel events

    public func handlerAdded(context: ChannelHandlerContext) {
        precondition(context.eventLoop === inbox.loop, "a connection of one event loop was given another loop's inbox")
        self.context = context
        handle.owner.value = self
        reportWrites(context)
        if context.channel.isActive { start(context: context) }
    }

    public func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    private func start(context: ChannelHandlerContext) {
        guard !opened, !machine.isClosed else { return }
        if let refusal {
            if let reply = refusal { _ = outbox.append(reply) }
            _ = machine.closeNow()
            // The refused peer may have written a request already: closing at once with it unread would reset
            // the connection under the reply. Finish the output instead, drop what it sends, and close once it
            // has closed its side (or after a second).
            let bytes = outbox.take() ?? context.channel.allocator.buffer(capacity: 0)
            outbox.close()
            lingering = true
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(mode: .output, promise: nil) }
            context.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
            return
        }
        opened = true
        service.connectionOpened(handle)
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !machine.isClosed, opened, !inputDone else { return }
        let bytes = unwrapInboundIn(data)
        let parseLimits = JSONParseLimits(maxDepth: limits.maxJSONDepth)
        // Each message is parsed where the read left it, while `bytes` holds it.
        // The read's last message is held back: when it is its only one, it is answered at once.
        var held: Envelope?
        decoder.feed(bytes.readableBytesView) { event in
            guard !inputDone else { return }
            let action = InboundAction.interpret(event, parseLimits: parseLimits)
            if let earlier = held.take() { enqueue(earlier) }
            switch action {
            case .dispatch(let envelope): held = envelope
            case .reply(let json): queue.append(.reply(json))
            case .replyAndClose(let json):
                queue.append(.reply(json))
                queue.append(.close)
                // Nothing after a malformed header block can be framed.
                inputDone = true
            }
        }
        // Known from the first byte, so before any message, and set before the read's one message is answered.
        if !framingKnown, let framing = decoder.framing {
            framingKnown = true
            outbox.frame(with: framing)
        }
        if let last = held.take() { dispatch(last) }
    }

    /// A read's only message, answered at once when nothing is in hand or awaited before it, rather than queued
    /// to be answered when the read completes: the same order and the same replies, without the queue. A read
    /// of several messages queues them all, so a cancel read with its request still finds it unanswered.
    private func dispatch(_ envelope: consuming Envelope) {
        guard case .single = envelope, queue.isEmpty, !awaitingReply, machine.messagesArrived() == .handle else {
            enqueue(envelope)
            return
        }
        // Consumed, so the message moves into its answer rather than being copied out.
        guard case .single(let item) = consume envelope else { return }
        if answeredWhileReading == 0 {
            outbox.beginBurst()
        } else if answeredWhileReading % limits.repliesPerWrite == 0 {
            writeOut()
            outbox.beginBurst()
        }
        answeredWhileReading += 1
        answer(check(item), batch: nil, index: 0)
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        if !queue.isEmpty, machine.messagesArrived() == .handle {
            if answeredWhileReading == 0 { outbox.beginBurst() }
            handleQueued()
        } else if answeredWhileReading > 0, !machine.isClosed {
            settle()
        }
        answeredWhileReading = 0
        writeOut()
        context.fireChannelReadComplete()
    }

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if lingering, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
        } else if case ChannelEvent.inputClosed = event {
            // The peer finished sending: answer what it sent, then close.
            if queue.isEmpty && !awaitingReply {
                if machine.closeWhenIdle() == .close { closeAfterWriting() }
            } else {
                _ = machine.closeWhenIdle()
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        machine.channelClosed()
        outbox.close()
        if opened {
            opened = false
            service.connectionClosed(handle)
        }
        queue.removeAll()
        context.fireChannelInactive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        handle.owner.value = nil
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("connection error", metadata: ["connection.id": "\(handle.id)", "error": "\(error)"])
        context.close(promise: nil)
    }

    public func read(context: ChannelHandlerContext) {
        if gate.readRequested() { context.read() }
    }

    // MARK: Decoding

    /// Checks a batch's size, registers its requests with the reply guard (so a later cancel finds them; a
    /// duplicate in-flight id is refused at once) and applies its cancels.
    private func enqueue(_ envelope: Envelope) {
        let items: [EnvelopeItem]
        switch envelope {
        case .single(let item):
            queue.append(.element(check(item), batch: nil, index: 0))
            return
        case .batch(let list): items = list
        case .emptyBatch:
            queue.append(.reply(Envelope.reply(id: .null, error: TransportErrors.emptyBatch)))
            return
        }
        if case .batch = envelope, items.count > limits.maxBatch {
            queue.append(
                .reply(
                    Envelope.reply(
                        id: .null,
                        error: RPCError(
                            code: ErrorCode.invalidRequest,
                            message: "a batch of \(items.count) messages exceeds --max-batch \(limits.maxBatch); split it",
                            data: ["limit": .number(limits.maxBatch), "name": "maxBatch"]))))
            return
        }
        let checked = items.map(check)
        let collector = BatchCollector(checked)
        for (index, item) in checked.enumerated() { queue.append(.element(item, batch: collector, index: index)) }
    }

    /// Registers a request with the reply guard (a duplicate in-flight id becomes its refusal), or applies a
    /// cancel.
    private func check(_ item: consuming EnvelopeItem) -> EnvelopeItem {
        switch item {
        case .message(.notification(CancelRequest.name, let params)):
            if let id = ReplyGuard.cancelTarget(params?.json) { replyGuard.cancel(id) }
            return item
        case .message(.request(let id, _, _)):
            if let refusal = replyGuard.begin(id) { return .invalid(id: id, error: refusal) }
            return item
        default:
            return item
        }
    }

    // MARK: Handling

    /// Handles what is in hand, in order, until it is all answered or a reply comes later.
    ///
    /// Replies go out every ``ConnectionLimits/repliesPerWrite`` messages, not only at the end: a client that
    /// keeps many requests in flight reads the first replies (and sends more) while the rest are answered.
    private func handleQueued() {
        var handled = 0
        while !awaitingReply, !machine.isClosed, let work = queue.popFirst() {
            if handled == limits.repliesPerWrite {
                handled = 0
                writeOut()
                outbox.beginBurst()
            }
            handled += 1
            // Consumed: its parts move into the answer rather than being copied out of it.
            switch consume work {
            case .reply(let json):
                send(json)
            case .close:
                closeNow()
            case .element(let item, let batch, let index):
                answer(item, batch: batch, index: index)
            }
        }
        if machine.isClosed { return }
        settle()
    }

    /// What is in hand is answered, or waits behind a reply that comes later: the connection goes idle (and
    /// closes if it was to close when idle), or stops reading while it holds too much.
    private func settle() {
        if awaitingReply {
            if queue.count > Self.maxHeldMessages { gate.pause() }
        } else if machine.allAnswered() == .close {
            closeAfterWriting()
            return
        }
        if outbox.isOverBudget {
            // A peer that does not read its replies is not read from either, until it does.
            gate.pause()
        }
    }

    private func answer(_ item: consuming EnvelopeItem, batch: BatchCollector?, index: Int) {
        switch consume item {
        case .invalid(let id, let error):
            refuse(id, error, batch: batch, index: index)
        case .message(.notification(let method, let params)):
            switch method {
            case CancelRequest.name: break
            case Exit.name: closeNow()
            default: service.notification(method: method, params: params, connection: handle)
            }
        case .message(.request(let id, let method, let params)):
            if replyGuard.isCancelled(id) {
                finish(id, method: method, .failure(.cancelled), batch: batch, index: index)
            } else if machine.isShutDown {
                finish(
                    id, method: method,
                    .failure(RPCError(code: ErrorCode.invalidRequest, message: "the connection was shut down; only 'exit' is accepted")),
                    batch: batch, index: index)
            } else {
                switch service.handle(method: method, params: params, connection: handle) {
                case .done(let result):
                    finish(id, method: method, result, batch: batch, index: index)
                case .serialized(let bytes):
                    finishSerialized(id, bytes, batch: batch, index: index)
                case .later(let pending):
                    awaited = Awaited(id: id, method: method, batch: batch, index: index)
                    let inbox = inbox
                    let bound = NIOLoopBound(self, eventLoop: inbox.loop)
                    pending.whenComplete { result in
                        inbox.execute { bound.value.laterReplyArrived(result) }
                    }
                }
            }
        }
    }

    /// A reply that came later: send it, then handle what waited behind it.
    private func laterReplyArrived(_ result: Result<RPCAnswer, RPCError>) {
        inbox.loop.assertInEventLoop()
        guard let a = awaited else { preconditionFailure("a later reply arrived while none was awaited (state \(machine.state))") }
        awaited = nil
        guard !machine.isClosed else { return }
        outbox.beginBurst()
        switch result {
        case .success(.value(let value)): finish(a.id, method: a.method, .success(value), batch: a.batch, index: a.index)
        case .success(.serialized(let bytes)): finishSerialized(a.id, bytes, batch: a.batch, index: a.index)
        case .failure(let error): finish(a.id, method: a.method, .failure(error), batch: a.batch, index: a.index)
        }
        let wasPaused = gate.state != .reading
        handleQueued()
        writeOut()
        if wasPaused, !awaitingReply, !outbox.isOverBudget, gate.resume() { context?.read() }
    }

    private func finish(_ id: RequestID, method: String, _ result: Result<JSON, RPCError>, batch: BatchCollector?, index: Int) {
        if method == Shutdown.name, case .success = result { machine.shutdownAnswered() }
        // A cancel that arrived while the handler ran still turns the reply into -32800.
        guard let answer = replyGuard.answer(id, result) else { return }
        guard let batch else { return sendReply(id: id, answer) }
        add(to: batch, at: index) { Envelope.writeReply(id: id, answer, to: &$0) }
    }

    /// Like ``finish(_:method:_:batch:index:)`` for a result already serialized: written as it is, unless the
    /// request was cancelled meanwhile, alone or spliced into its batch's array.
    private func finishSerialized(_ id: RequestID, _ bytes: [UInt8], batch: BatchCollector?, index: Int) {
        guard let answer = replyGuard.answer(id, .success(.null)) else { return }
        switch (answer, batch) {
        case (.failure(let error), nil): sendReply(id: id, .failure(error))
        case (.failure(let error), let batch?): add(to: batch, at: index) { Envelope.writeReply(id: id, error: error, to: &$0) }
        case (.success, nil): sendReply(id: id, serializedResult: bytes)
        case (.success, let batch?):
            add(to: batch, at: index, capacity: bytes.count + 64) { Envelope.writeReply(id: id, .serialized(bytes), to: &$0) }
        }
    }

    /// Queues an invalid item's error reply, alone or as its batch's element.
    private func refuse(_ id: RequestID, _ error: RPCError, batch: BatchCollector?, index: Int) {
        guard let batch else { return sendReply(id: id, .failure(error)) }
        add(to: batch, at: index) { Envelope.writeReply(id: id, error: error, to: &$0) }
    }

    /// Records a reply of a batch, as the bytes `write` writes, and queues the batch's array once it is whole.
    private func add(to batch: BatchCollector, at index: Int, capacity: Int = 256, _ write: (inout JSONSink) -> Void) {
        guard let all = batch.replies.add(JSONBytes.make(capacity: capacity, write), at: index) else { return }
        inbox.queueArrived(for: handle)
        if outbox.append(body: all) { inbox.wake(handle) }
    }

    // MARK: Queuing

    /// Queues a reply (never dropped: every request gets exactly one) after whatever arrived in the inbox before
    /// it.
    private func send(_ message: JSON) {
        inbox.queueArrived(for: handle)
        if outbox.append(message) { inbox.wake(handle) }
    }

    /// Queues the reply to request `id`, as ``send(_:)`` does.
    private func sendReply(id: RequestID, _ answer: Result<JSON, RPCError>) {
        inbox.queueArrived(for: handle)
        if outbox.appendReply(id: id, answer) { inbox.wake(handle) }
    }

    /// Queues the reply to request `id` whose result is already serialized, as ``send(_:)`` does.
    private func sendReply(id: RequestID, serializedResult: [UInt8]) {
        inbox.queueArrived(for: handle)
        if outbox.appendReply(id: id, serializedResult: serializedResult) { inbox.wake(handle) }
    }

    /// Queues a delivery the inbox took (``LoopInbox/queueArrived(for:)``). Returns whether the connection must be
    /// written out by the inbox's task (no burst of its own will).
    func queueDelivery(_ delivery: Broadcast.Delivery) -> Bool {
        inbox.loop.assertInEventLoop()
        return outbox.append(delivery)
    }

    /// Makes `observer` the connection's (``ConnectionHandle/observe(_:)``).
    func observe(_ observer: any OutboundObserver) {
        inbox.loop.assertInEventLoop()
        outbox.observe(observer)
    }

    var pendingOutboundBytes: Int { outbox.budget.pendingBytes }

    // MARK: Writing and closing

    /// Writes the outbound buffer out, and counts it written once the socket took it.
    func writeOut() {
        inbox.loop.assertInEventLoop()
        guard let context, var bytes = outbox.take(spare: &spareOutbound) else { return }
        let count = bytes.readableBytes
        // Under water marks of one byte, the channel is writable exactly when it holds nothing.
        guard reportsWrites, context.channel.isWritable else {
            // The write's own completion reports it: also behind a backlog, so that the connection's bound
            // sees each write leave.
            let promise = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(bytes), promise: promise)
            // Completions run on this loop, so the handler's state is theirs to touch.
            promise.futureResult.assumeIsolated().whenSuccess { [self] in written(count) }
            return
        }
        // The channel reports in `channelWritabilityChanged` once it holds nothing again: usually within this
        // call, as the socket takes the whole write. That costs less than a promise and its callback.
        unwritten += count
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
        // Writable again means the socket took it all and the channel let go of the buffer: its storage is
        // this copy's alone, so emptying it allocates nothing, and the next write-out hands it back to be
        // framed into. A large one is let go, so an idle connection holds little.
        if context.channel.isWritable, bytes.capacity <= Outbox.keptOutboundBytes {
            bytes.clear()
            spareOutbound = bytes
        }
    }

    /// Sets the channel's water marks to one byte, so that it is writable exactly when it holds nothing. A frame
    /// is never a single byte, so every write makes it unwritable until all it holds is written.
    private func reportWrites(_ context: ChannelHandlerContext) {
        guard writeReports == .writability, let options = context.channel.syncOptions else { return }
        reportsWrites = (try? options.setOption(.writeBufferWaterMark, value: .init(low: 1, high: 1))) != nil
    }

    public func channelWritabilityChanged(context: ChannelHandlerContext) {
        guard reportsWrites else {
            context.fireChannelWritabilityChanged()
            return
        }
        // Under water marks of one byte the event comes twice for every write, and it only says whether the
        // channel holds bytes: this handler is the pipeline's last, so it is not passed on.
        if unwritten > 0, context.channel.isWritable {
            let count = unwritten
            unwritten = 0
            written(count)
        }
    }

    /// The channel wrote `count` bytes to the socket. Once the queue has drained after a drop, what the observer
    /// owes the peer is queued where the drain was noticed: deliveries the inbox holds come after it.
    private func written(_ count: Int) {
        let owed = outbox.written(count)
        let within = !outbox.isOverBudget
        for message in owed {
            if outbox.append(message) { inbox.wake(handle) }
        }
        if within, !awaitingReply, gate.resume() { context?.read() }
    }

    /// The server is stopping: close now when idle, else once what is in hand is answered.
    func drainRequested() {
        inbox.loop.assertInEventLoop()
        if queue.isEmpty && !awaitingReply {
            if machine.closeWhenIdle() == .close { closeAfterWriting() }
        } else {
            _ = machine.closeWhenIdle()
        }
    }

    private func closeNow() {
        guard machine.closeNow() == .close else { return }
        closeAfterWriting()
    }

    /// Writes what is queued, then closes the channel.
    private func closeAfterWriting() {
        guard let context else { return }
        let bytes = outbox.take() ?? context.channel.allocator.buffer(capacity: 0)
        outbox.close()
        queue.removeAll()
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }
}

@available(*, unavailable)
extension RPCChannelHandler: Sendable {}

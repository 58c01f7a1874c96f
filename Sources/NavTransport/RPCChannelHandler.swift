import DequeModule
import JSONCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NavFraming
import NavProtocol

/// Serves JSON-RPC on one channel, on the channel's event loop: it decodes a whole read burst (so a cancel that
/// arrives with its request always wins), answers each message in arrival order by calling the service
/// synchronously, queues each reply on the connection's outbound buffer, and writes that buffer out once per
/// burst. No task, stream or thread hop is on the request path; a request whose answer comes later (a durable
/// write, a long computation on a thread pool) holds the messages after it until it completes.
///
/// The connection's life is ``ConnectionStateMachine``; whether it reads is ``ReadGate``. This type only
/// carries out their actions.
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

    // The handler's state below is read and changed on every request, and Swift checks each access to a class's
    // stored property at run time (about 80 instructions) unless it is marked unchecked. These are, and no check
    // is lost: the handler is used only on its channel's event loop (NIO's contract), so no other thread reaches
    // them; and every access is a single read or a single call to a method of a value type (the decoder, the
    // deque, the guard, the state machines) that calls no code outside that value, so no access to one of them
    // can begin while another is under way. The one call that does call out, the decoder's `feed`, calls back
    // into `channelRead`'s handling of each message, which touches every property here but the decoder.
    @exclusivity(unchecked) private var decoder: FrameDecoder
    @exclusivity(unchecked) private var framing: Framing?
    @exclusivity(unchecked) private var replyGuard = ReplyGuard()
    @exclusivity(unchecked) private var machine = ConnectionStateMachine()
    @exclusivity(unchecked) private var gate = ReadGate()
    /// Messages in hand, in order. A deque moves each in and out, where NIO's `CircularBuffer` (a list of
    /// optionals) copied each out and destroyed the slot it left.
    @exclusivity(unchecked) private var queue = Deque<Work>()
    /// The request whose answer comes later, while it is outstanding.
    @exclusivity(unchecked) private var awaited: Awaited?
    private var awaitingReply: Bool { awaited != nil }
    /// Messages this read burst answered as they were read (``dispatch(_:)``), not through the queue; the first
    /// of them began the connection's burst (``ConnectionHandle/beginBurst()``).
    @exclusivity(unchecked) private var answeredAtOnce = 0

    struct Awaited {
        let id: RequestID
        let method: String
        let batch: BatchCollector?
        let index: Int
    }
    @exclusivity(unchecked) private var opened = false
    /// Nothing more is decoded (after a malformed header block).
    @exclusivity(unchecked) private var inputDone = false
    /// Refused: the reply is written and the output closed; the input is drained until the peer closes.
    private var lingering = false
    private var context: ChannelHandlerContext?
    /// How the handle reaches this handler; emptied when the handler leaves its pipeline, which breaks the
    /// handler -> handle -> box -> handler cycle so the connection is freed.
    private let box: HandlerBox
    private let writeReports: WriteReports
    /// Whether the channel reports writes through its writability: set once it took water marks of one byte.
    private var reportsWrites = false
    /// An emptied buffer the channel has written and let go of, for the connection to frame replies into next.
    /// Unchecked for the reason given above: its one long access, `takeOutbound(spare:)`, calls no code of the
    /// handler's.
    @exclusivity(unchecked) private var spareOutbound: ByteBuffer?
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

    /// Creates the handler and its connection handle. `refusal` set (to a reply or to nil) refuses the connection.
    public init(
        id: Int, eventLoop: any EventLoop, service: any RPCService, limits: ConnectionLimits, logger: Logger,
        refusal: JSON?? = .none, writeReports: WriteReports = .writability
    ) {
        self.writeReports = writeReports
        self.service = service
        self.limits = limits
        self.logger = logger
        self.refusal = refusal
        self.decoder = FrameDecoder(maxMessageBytes: limits.maxMessageBytes, maxHeaderBytes: limits.maxHeaderBytes)
        let box = HandlerBox()
        self.box = box
        self.handle = ConnectionHandle(
            id: id, maxOutboundBytes: limits.maxOutboundBytes, writeOutBatch: limits.writeOutBatch,
            wakeups: LoopWakeups.of(eventLoop), box: box,
            drain: { eventLoop.execute { box.handler?.value.drainRequested() } })
        box.handler = NIOLoopBound(self, eventLoop: eventLoop)
    }

    // MARK: Channel events

    public func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
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
            if let reply = refusal { handle.send(reply) }
            _ = machine.closeNow()
            // The refused peer may have written a request already: closing at once with it unread would reset
            // the connection under the reply. Finish the output instead, drop what it sends, and close once it
            // has closed its side (or after a second).
            let bytes = handle.takeOutbound() ?? context.channel.allocator.buffer(capacity: 0)
            handle.markClosed()
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
        if framing == nil, let f = decoder.framing {
            framing = f
            handle.framing = f
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
        if answeredAtOnce == 0 {
            handle.beginBurst()
        } else if answeredAtOnce % limits.repliesPerWrite == 0 {
            writeOut()
            handle.beginBurst()
        }
        answeredAtOnce += 1
        answer(check(item), batch: nil, index: 0)
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        if !queue.isEmpty, machine.messagesArrived() == .handle {
            if answeredAtOnce == 0 { handle.beginBurst() }
            handleQueued()
        } else if answeredAtOnce > 0, !machine.isClosed {
            settle()
        }
        answeredAtOnce = 0
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
        handle.markClosed()
        if opened {
            opened = false
            service.connectionClosed(handle)
        }
        queue.removeAll()
        context.fireChannelInactive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        box.handler = nil
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
                handle.beginBurst()
            }
            handled += 1
            // Consumed: its parts move into the answer rather than being copied out of it.
            switch consume work {
            case .reply(let json):
                handle.send(json)
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
        if handle.isOverBudget {
            // A peer that does not read its replies is not read from either, until it does.
            gate.pause()
        }
    }

    private func answer(_ item: consuming EnvelopeItem, batch: BatchCollector?, index: Int) {
        switch consume item {
        case .invalid(let id, let error):
            deliver(Envelope.reply(id: id, error: error), batch: batch, index: index)
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
                    let loop = context!.eventLoop
                    let bound = NIOLoopBound(self, eventLoop: loop)
                    pending.whenComplete { result in
                        loop.execute { bound.value.laterReplyArrived(result) }
                    }
                }
            }
        }
    }

    /// A reply that came later: send it, then handle what waited behind it.
    private func laterReplyArrived(_ result: Result<JSON, RPCError>) {
        guard let a = awaited else { return }
        awaited = nil
        guard !machine.isClosed else { return }
        handle.beginBurst()
        finish(a.id, method: a.method, result, batch: a.batch, index: a.index)
        let wasPaused = gate.state != .reading
        handleQueued()
        writeOut()
        if wasPaused, !awaitingReply, !handle.isOverBudget, gate.resume() { context?.read() }
    }

    private func finish(_ id: RequestID, method: String, _ result: Result<JSON, RPCError>, batch: BatchCollector?, index: Int) {
        if method == Shutdown.name, case .success = result { machine.shutdownAnswered() }
        // A cancel that arrived while the handler ran still turns the reply into -32800.
        guard let answer = replyGuard.answer(id, result) else { return }
        guard let batch else {
            handle.sendReply(id: id, answer)
            return
        }
        switch answer {
        case .success(let value): deliver(Envelope.reply(id: id, result: value), batch: batch, index: index)
        case .failure(let error): deliver(Envelope.reply(id: id, error: error), batch: batch, index: index)
        }
    }

    /// Like ``finish(_:method:_:batch:index:)`` for a result already serialized: written as it is, unless the
    /// request was cancelled meanwhile; inside a batch, read back into the batch's array.
    private func finishSerialized(_ id: RequestID, _ bytes: [UInt8], batch: BatchCollector?, index: Int) {
        guard let answer = replyGuard.answer(id, .success(.null)) else { return }
        switch (answer, batch) {
        case (.failure(let error), _):
            guard let batch else {
                handle.sendReply(id: id, .failure(error))
                return
            }
            deliver(Envelope.reply(id: id, error: error), batch: batch, index: index)
        case (.success, nil):
            handle.sendReply(id: id, serializedResult: bytes)
        case (.success, let batch?):
            let result = (try? JSON.parse(bytes)) ?? .null
            deliver(Envelope.reply(id: id, result: result), batch: batch, index: index)
        }
    }

    private func deliver(_ reply: JSON, batch: BatchCollector?, index: Int) {
        guard let batch else {
            handle.send(reply)
            return
        }
        if let all = batch.replies.add(reply, at: index) { handle.send(all) }
    }

    // MARK: Writing and closing

    /// Writes the outbound buffer out, and counts it written once the socket took it.
    func writeOut() {
        guard let context, var bytes = handle.takeOutbound(spare: &spareOutbound) else { return }
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
        if context.channel.isWritable, bytes.capacity <= ConnectionHandle.keptOutboundBytes {
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

    /// The channel wrote `count` bytes to the socket.
    private func written(_ count: Int) {
        if handle.didWrite(bytes: count), !awaitingReply, gate.resume() { context?.read() }
    }

    /// The server is stopping: close now when idle, else once what is in hand is answered.
    func drainRequested() {
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
        let bytes = handle.takeOutbound() ?? context.channel.allocator.buffer(capacity: 0)
        handle.markClosed()
        queue.removeAll()
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// Lets the connection handle, which any thread may hold, reach its handler on the handler's event loop.
final class HandlerBox: Sendable {
    // Set once in the handler's initialiser, before the handle is shared.
    private let storage = NIOLockedValueBox<NIOLoopBound<RPCChannelHandler>?>(nil)
    var handler: NIOLoopBound<RPCChannelHandler>? {
        get { storage.withLockedValue { $0 } }
        set { storage.withLockedValue { $0 = newValue } }
    }
}

/// Wakes an event loop's connections that were sent something from another thread, grouped: however many
/// connections of one loop a mutation notifies (a thousand subscribers, say), the loop gets one task that
/// writes each of them out, not one task each. It also holds the notifications a ``Broadcast`` left for the
/// loop's connections until that task queues them (or a connection about to reply takes its own first).
///
/// A wake sent from another event loop's thread (a mutation fanning out to subscribers everywhere) is held by
/// that loop until it has finished its current round of reads, so the mutator's own reply goes out before any
/// subscriber's socket is written: the notifications are already handed over in order, only their writing
/// waits.
final class LoopWakeups: Sendable {
    let loop: any EventLoop
    private let pending = NIOLockedValueBox(Pending())
    /// Other loops' wakeups this loop releases once its current reads are handled.
    private let held = NIOLockedValueBox<[LoopWakeups]>([])

    struct Pending {
        /// A write-out task is on its way.
        var scheduled = false
        /// Connections to write out.
        var connections: [ConnectionHandle] = []
        /// Broadcast notifications not yet queued to their connections, in the order they were handed over.
        var deliveries: [Broadcast.Delivery] = []
        /// Connections with queued bytes that a write-out task has not reached yet, in the order they were
        /// woken. A connection is added when it claims a write-out, so it is here once, unless it wrote
        /// itself out meanwhile (at the end of one of its own read bursts) and claimed another: its earlier
        /// turn then finds nothing left to write.
        var backlog = Deque<ConnectionHandle>()

        var isEmpty: Bool { connections.isEmpty && deliveries.isEmpty && backlog.isEmpty }
    }

    private init(_ loop: any EventLoop) { self.loop = loop }

    private static let all = NIOLockedValueBox<[ObjectIdentifier: LoopWakeups]>([:])

    /// The one instance for `loop`.
    static func of(_ loop: any EventLoop) -> LoopWakeups {
        all.withLockedValue { table in
            let key = ObjectIdentifier(loop as AnyObject)
            if let existing = table[key] { return existing }
            let created = LoopWakeups(loop)
            table[key] = created
            return created
        }
    }

    /// Writes `connection` out soon, on its loop.
    func wake(_ connection: ConnectionHandle) {
        add { $0.connections.append(connection) }
    }

    /// Takes `deliveries` (for connections of this loop) to queue and write out soon, on this loop.
    func deliver(_ deliveries: [Broadcast.Delivery]) {
        add { p in
            // Nearly always nothing is waiting: the broadcast's list is kept as it is, not copied.
            if p.deliveries.isEmpty {
                p.deliveries = deliveries
            } else {
                p.deliveries.append(contentsOf: deliveries)
            }
        }
    }

    /// Records work for this loop's next write-out task, and starts that task unless one is on its way.
    private func add(_ work: (inout Pending) -> Void) {
        let schedule = pending.withLockedValue { p -> Bool in
            work(&p)
            defer { p.scheduled = true }
            return !p.scheduled
        }
        if schedule { scheduleWriteOut() }
    }

    /// Removes and returns the deliveries for `connection` not yet queued, in order (called on this loop).
    func takeDeliveries(for connection: ConnectionHandle) -> [Broadcast.Delivery] {
        pending.withLockedValue { p -> [Broadcast.Delivery] in
            guard p.deliveries.contains(where: { $0.connection === connection }) else { return [] }
            var mine: [Broadcast.Delivery] = []
            var rest: [Broadcast.Delivery] = []
            rest.reserveCapacity(p.deliveries.count)
            for delivery in p.deliveries {
                if delivery.connection === connection { mine.append(delivery) } else { rest.append(delivery) }
            }
            p.deliveries = rest
            return mine
        }
    }

    private func scheduleWriteOut() {
        if let current = MultiThreadedEventLoopGroup.currentEventLoop, current !== loop {
            LoopWakeups.of(current).hold(self)
        } else {
            loop.execute { self.writeOutAll() }
        }
    }

    /// Starts `other`'s write-out after this loop's current reads (called on this loop's thread).
    private func hold(_ other: LoopWakeups) {
        let first = held.withLockedValue { list -> Bool in
            list.append(other)
            return list.count == 1
        }
        guard first else { return }
        loop.execute {
            let released = self.held.withLockedValue { list -> [LoopWakeups] in
                defer { list = [] }
                return list
            }
            for wakeups in released { wakeups.loop.execute { wakeups.writeOutAll() } }
        }
    }

    /// Queues the notifications handed over since the last task and writes out a batch of connections, oldest
    /// first: as many as the oldest one's ``ConnectionLimits/writeOutBatch``. The rest wait for the loop's next
    /// round, after the reads that are ready by then: a request that arrives while a thousand subscribers are
    /// being written to is answered after one batch, not after all of them. What it broadcasts is queued to
    /// each connection at once, so a connection still waiting is written both notifications in one write.
    private func writeOutAll() {
        let (woken, deliveries) = pending.withLockedValue { p -> ([ConnectionHandle], [Broadcast.Delivery]) in
            defer {
                p.connections = []
                p.deliveries = []
            }
            return (p.connections, p.deliveries)
        }
        var connections = woken
        for delivery in deliveries where delivery.connection.enqueue(delivery) { connections.append(delivery.connection) }
        let (batch, again) = pending.withLockedValue { p -> ([ConnectionHandle], Bool) in
            p.backlog.append(contentsOf: connections)
            let count = min(p.backlog.count, p.backlog.first?.writeOutBatch ?? 0)
            let batch = Array(p.backlog.prefix(count))
            p.backlog.removeFirst(count)
            // Work handed over while this ran found a task on its way (this one), so it runs again for it.
            p.scheduled = !p.isEmpty
            return (batch, p.scheduled)
        }
        for connection in batch { connection.box.handler?.value.writeOut() }
        if again { loop.execute { self.writeOutAll() } }
    }
}

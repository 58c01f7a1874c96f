import JSONCore
import Logging
import NIOConcurrencyHelpers
import NavProtocol

/// What a connection asks of the server behind it.
public protocol RPCService: Sendable {
    /// Answers one request. Throw `RPCError` for protocol errors; anything else becomes -32603.
    func handle(method: String, params: JSON?, connection: ConnectionHandle) async throws -> JSON
    /// A client notification other than `exit` and `$/cancelRequest`.
    func notification(method: String, params: JSON?, connection: ConnectionHandle) async
    func connectionOpened(_ connection: ConnectionHandle) async
    /// The connection is gone: drop what it held (subscriptions).
    func connectionClosed(_ connection: ConnectionHandle) async
}

/// Named bounds of one connection.
public struct ConnectionLimits: Sendable, Hashable {
    /// `--max-message-bytes`: larger messages are answered with -32600 and skipped unbuffered.
    public var maxMessageBytes: Int
    /// `--max-outbound-bytes`: past this many unwritten bytes, notifications are dropped for a `session/resync`.
    public var maxOutboundBytes: Int
    /// `--max-batch`: the most messages one batch may hold.
    public var maxBatch: Int
    /// `--max-json-depth`: the deepest nesting a message may have.
    public var maxJSONDepth: Int
    /// `--max-header-bytes`: the largest Content-Length header block; past it the block is malformed.
    public var maxHeaderBytes: Int

    public init(
        maxMessageBytes: Int = 8 << 20, maxOutboundBytes: Int = 4 << 20, maxBatch: Int = 1_000, maxJSONDepth: Int = 128,
        maxHeaderBytes: Int = FrameDecoder.defaultMaxHeaderBytes
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.maxOutboundBytes = maxOutboundBytes
        self.maxBatch = maxBatch
        self.maxJSONDepth = maxJSONDepth
        self.maxHeaderBytes = maxHeaderBytes
    }
}

/// The server's handle on one client connection: the only way to send it anything.
///
/// Sending never blocks: bytes go to an ordered outbound queue that a writer drains to the peer.
/// - Important: notifications and replies reach the peer in the order they were sent here, which is
///   how the daemon keeps "version v's notification before the reply that made v".
public final class ConnectionHandle: Sendable {
    public let id: Int
    private let output: AsyncStream<[UInt8]>.Continuation
    private let state: NIOLockedValueBox<State>
    private let closer: @Sendable () -> Void

    struct State {
        var framing: Framing = .ndjson
        var budget: OutboundBudget
        var closed = false
        var shutDown = false
        var draining = false
        var busy = false
        /// Readers waiting for the peer to take its replies before more of its requests are read.
        var roomWaiters: [CheckedContinuation<Void, Never>] = []
    }

    init(id: Int, maxOutboundBytes: Int, output: AsyncStream<[UInt8]>.Continuation, closer: @escaping @Sendable () -> Void) {
        self.id = id
        self.output = output
        self.state = NIOLockedValueBox(State(budget: OutboundBudget(maxPendingBytes: maxOutboundBytes)))
        self.closer = closer
    }

    var framing: Framing {
        get { state.withLockedValue { $0.framing } }
        set { state.withLockedValue { $0.framing = newValue } }
    }

    /// Sends a notification about `sessionId` at `version`. Past the outbound bound it is dropped, and the
    /// session is owed one `session/resync` once the peer reads again. Returns false when dropped.
    @discardableResult
    public func sendNotification(method: String, params: JSON, sessionId: String, version: Int) -> Bool {
        let body = Envelope.notification(method: method, params: params).serializedBytes()
        return state.withLockedValue { s in
            guard !s.closed else { return false }
            let bytes = FrameEncoder.encode(body, framing: s.framing)
            guard s.budget.admitNotification(sessionId: sessionId, version: version, bytes: bytes.count) else { return false }
            output.yield(bytes)
            return true
        }
    }

    /// Sends a notification that is not about a session's versions (never dropped).
    public func sendNotification(method: String, params: JSON) {
        send(Envelope.notification(method: method, params: params))
    }

    /// Sends a reply (never dropped: every request gets exactly one).
    func send(_ message: JSON) {
        let body = message.serializedBytes()
        state.withLockedValue { s in
            guard !s.closed else { return }
            let bytes = FrameEncoder.encode(body, framing: s.framing)
            s.budget.enqueued(bytes.count)
            output.yield(bytes)
        }
    }

    /// Waits while more than `maxOutboundBytes` of replies wait for the peer to read them.
    ///
    /// Replies are never dropped, so a client that sends requests and never reads would otherwise
    /// make its queue grow without bound; instead its requests stop being read (and the socket pushes
    /// back on it) until it takes what it is owed. Nobody else waits.
    func waitForRoom() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLockedValue { s -> Bool in
                if s.closed || s.budget.pendingBytes <= s.budget.maxPendingBytes { return true }
                s.roomWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// The writer reports bytes it handed to the peer; owed resyncs are sent once the queue drains.
    func didWrite(bytes: Int) {
        let (owed, waiters) = state.withLockedValue { s -> ([OutboundBudget.Resync], [CheckedContinuation<Void, Never>]) in
            s.budget.written(bytes)
            var waiters: [CheckedContinuation<Void, Never>] = []
            if s.budget.pendingBytes <= s.budget.maxPendingBytes {
                waiters = s.roomWaiters
                s.roomWaiters = []
            }
            return (s.budget.drainedResyncs(), waiters)
        }
        for waiter in waiters { waiter.resume() }
        for r in owed {
            send(Envelope.notification(method: "session/resync", params: Notifications.resync(sessionId: r.sessionId, version: r.version)))
        }
    }

    /// Ends the output after what is already queued, without touching the input: for a connection
    /// that is refused before anything was read from it.
    func finishOutput() {
        let (first, waiters) = state.withLockedValue { s -> (Bool, [CheckedContinuation<Void, Never>]) in
            defer {
                s.closed = true
                s.roomWaiters = []
            }
            return (!s.closed, s.roomWaiters)
        }
        for waiter in waiters { waiter.resume() }
        if first { output.finish() }
    }

    /// Closes the connection (after what is already queued).
    public func close() {
        let (first, waiters) = state.withLockedValue { s -> (Bool, [CheckedContinuation<Void, Never>]) in
            defer {
                s.closed = true
                s.roomWaiters = []
            }
            return (!s.closed, s.roomWaiters)
        }
        for waiter in waiters { waiter.resume() }
        if first {
            output.finish()
            closer()
        }
    }

    var isShutDown: Bool {
        get { state.withLockedValue { $0.shutDown } }
        set { state.withLockedValue { $0.shutDown = newValue } }
    }

    /// Marks the connection busy (handling messages) or idle; returns true when it should now close (draining and idle).
    func setBusy(_ busy: Bool) -> Bool {
        state.withLockedValue { s in
            s.busy = busy
            return s.draining && !busy
        }
    }

    /// Graceful shutdown: close now when idle, else once the messages in hand are answered.
    public func beginDrain() {
        let closeNow = state.withLockedValue { s -> Bool in
            s.draining = true
            return !s.busy
        }
        if closeNow { close() }
    }

}

/// Runs one connection: decodes frames, classifies JSON-RPC envelopes, handles each connection's
/// messages in arrival order, applies `$/cancelRequest`, and replies exactly once to every request.
public struct ConnectionRunner: Sendable {
    public let handle: ConnectionHandle
    let service: any RPCService
    let limits: ConnectionLimits
    let logger: Logger
    private let guardBox: NIOLockedValueBox<ReplyGuard>

    public init(handle: ConnectionHandle, service: any RPCService, limits: ConnectionLimits, logger: Logger) {
        self.handle = handle
        self.service = service
        self.limits = limits
        self.logger = logger
        self.guardBox = NIOLockedValueBox(ReplyGuard())
    }

    enum Work: Sendable {
        case envelope(Envelope)
        case reply(JSON)
        case close
    }

    /// Reads `inbound` until it ends or the connection closes; returns when every reply is queued.
    public func run<S: AsyncSequence & Sendable>(inbound: S) async where S.Element == [UInt8] {
        await service.connectionOpened(handle)
        let (work, queue) = AsyncStream<Work>.makeStream()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.process(work) }
            var decoder = FrameDecoder(maxMessageBytes: limits.maxMessageBytes, maxHeaderBytes: limits.maxHeaderBytes)
            do {
                reading: for try await chunk in inbound {
                    let events = decoder.feed(chunk)
                    if let f = decoder.framing { handle.framing = f }
                    // Decode the whole chunk first, so a cancel arriving with its request always wins.
                    var items: [Work] = []
                    var stop = false
                    for event in events where !stop {
                        switch InboundAction.interpret(event, parseLimits: JSONParseLimits(maxDepth: limits.maxJSONDepth)) {
                        case .dispatch(let envelope): items.append(register(envelope))
                        case .reply(let json): items.append(.reply(json))
                        case .replyAndClose(let json):
                            items.append(.reply(json))
                            items.append(.close)
                            stop = true
                        }
                    }
                    for item in items { queue.yield(item) }
                    if stop { break reading }
                    // A peer that does not read its replies is not read from either, until it does.
                    await handle.waitForRoom()
                }
            } catch {
                logger.debug("connection read ended", metadata: ["connection.id": "\(handle.id)", "error": "\(error)"])
            }
            queue.finish()
            await group.waitForAll()
        }
        await service.connectionClosed(handle)
        handle.close()
    }

    /// Checks a batch's size, registers its requests with the reply guard (so a later cancel finds
    /// them; a duplicate in-flight id is refused at once) and applies its cancels.
    private func register(_ envelope: Envelope) -> Work {
        let items: [EnvelopeItem]
        switch envelope {
        case .single(let item): items = [item]
        case .batch(let list): items = list
        case .emptyBatch: return .reply(Envelope.reply(id: .null, error: TransportErrors.emptyBatch))
        }
        if case .batch = envelope, items.count > limits.maxBatch {
            return .reply(
                Envelope.reply(
                    id: .null,
                    error: RPCError(
                        code: ErrorCode.invalidRequest,
                        message: "a batch of \(items.count) messages exceeds --max-batch \(limits.maxBatch); split it",
                        data: ["limit": .number(limits.maxBatch), "name": "maxBatch"])))
        }
        var checked: [EnvelopeItem] = []
        for item in items {
            switch item {
            case .message(.notification(CancelRequest.name, let params)):
                if let id = ReplyGuard.cancelTarget(params) { guardBox.withLockedValue { _ = $0.cancel(id) } }
                checked.append(item)
            case .message(.request(let id, _, _)):
                if let refusal = guardBox.withLockedValue({ $0.begin(id) }) {
                    checked.append(.invalid(id: id, error: refusal))
                } else {
                    checked.append(item)
                }
            default:
                checked.append(item)
            }
        }
        if case .single = envelope { return .envelope(.single(checked[0])) }
        return .envelope(.batch(checked))
    }

    private func process(_ work: AsyncStream<Work>) async {
        for await item in work {
            _ = handle.setBusy(true)
            switch item {
            case .reply(let json):
                handle.send(json)
            case .close:
                handle.close()
            case .envelope(.emptyBatch):
                handle.send(Envelope.reply(id: .null, error: TransportErrors.emptyBatch))
            case .envelope(.single(let element)):
                if let reply = await answer(element) { handle.send(reply) }
            case .envelope(.batch(let elements)):
                var replies: [JSON] = []
                for element in elements {
                    if let reply = await answer(element) { replies.append(reply) }
                }
                if !replies.isEmpty { handle.send(.array(replies)) }
            }
            if handle.setBusy(false) { handle.close() }
        }
    }

    /// The reply to one element, or nil for notifications.
    private func answer(_ element: EnvelopeItem) async -> JSON? {
        switch element {
        case .invalid(let id, let error):
            return Envelope.reply(id: id, error: error)
        case .message(.notification(let method, let params)):
            switch method {
            case CancelRequest.name: break
            case Exit.name: handle.close()
            default: await service.notification(method: method, params: params, connection: handle)
            }
            return nil
        case .message(.request(let id, let method, let params)):
            let outcome: Result<JSON, RPCError>
            if guardBox.withLockedValue({ $0.isCancelled(id) }) {
                outcome = .failure(.cancelled)
            } else if handle.isShutDown {
                outcome = .failure(
                    RPCError(code: ErrorCode.invalidRequest, message: "the connection was shut down; only 'exit' is accepted"))
            } else {
                do {
                    let result = try await service.handle(method: method, params: params, connection: handle)
                    if method == Shutdown.name { handle.isShutDown = true }
                    outcome = .success(result)
                } catch let error as RPCError {
                    outcome = .failure(error)
                } catch {
                    logger.error(
                        "request failed", metadata: ["rpc.method": "\(method)", "connection.id": "\(handle.id)", "error": "\(error)"])
                    outcome = .failure(.internalError())
                }
            }
            // A cancel that arrived while the handler ran still turns the reply into -32800.
            return guardBox.withLockedValue { $0.resolve(id, outcome) }
        }
    }
}

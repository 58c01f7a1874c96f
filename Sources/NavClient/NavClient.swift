import JSONCore
import NavFraming
import NavProtocol
import NavTransport

/// A JSON-RPC client for navd over any `ByteStream`.
///
/// Requests carry fresh integer ids and may run concurrently: each reply is matched to its
/// request by id, exactly once. Notifications are queued as they arrive and never lost while a
/// caller waits for a reply; read them with `nextNotification(timeout:)` or `notifications`.
/// Replies that match no pending request (id null, an unknown id, a second reply to one id) are
/// queued too: `nextUnmatchedReply(timeout:)`.
///
/// - Important: call `close()` when done; the client reads until the connection closes.
public actor NavClient {
    /// A notification from the daemon.
    public struct Notification: Sendable, Hashable, CustomStringConvertible {
        public var method: String
        public var params: JSON?
        public init(method: String, params: JSON?) {
            self.method = method
            self.params = params
        }
        /// `{"method":...,"params":...}`.
        public var json: JSON {
            var object: JSONObject = ["method": .string(method)]
            if let params { object["params"] = params }
            return .object(object)
        }
        public var description: String { json.serialized() }
    }

    /// One element of a batch.
    public enum BatchCall: Sendable, Hashable {
        /// A request: its reply is part of the batch's result.
        case request(String, JSON?)
        /// A notification: no reply.
        case notification(String, JSON?)
    }

    private enum ReplySlot {
        /// Sent; no reply yet. The continuation is set once someone awaits it.
        case waiting(CheckedContinuation<JSON, any Error>?)
        /// The reply came before anyone awaited it.
        case arrived(Result<JSON, RPCError>)
    }

    private let stream: any ByteStream
    /// How this client frames what it sends.
    public nonisolated let framing: Framing
    private var decoder: FrameDecoder
    private var nextRequestID: Int64 = 1
    private var nextWaiterID = 1
    private var replies: [RequestID: ReplySlot] = [:]
    /// Requests whose caller stopped waiting; their late replies are dropped.
    private var abandoned: Set<RequestID> = []
    private var notificationQueue = WaitQueue<Notification>()
    private var unmatchedQueue = WaitQueue<JSON>()
    private var closed: NavClientError?
    private var reader: Task<Void, Never>?

    /// A client over `stream`, sending with `framing`. Starts reading at once.
    ///
    /// - Parameter maxMessageBytes: the largest message accepted from the daemon.
    public init(stream: any ByteStream, framing: Framing = .ndjson, maxMessageBytes: Int = 256 << 20) async {
        self.stream = stream
        self.framing = framing
        self.decoder = FrameDecoder(maxMessageBytes: maxMessageBytes)
        let inbound = stream.inbound()
        self.reader = Task { await self.read(inbound) }
    }

    /// Connects to the daemon's socket: `socket`, else the path PROTOCOL.md section 1 names.
    ///
    /// - Throws: `NavClientError.cannotConnect` when nothing is listening there.
    public static func connect(socket: String? = nil, framing: Framing = .ndjson) async throws -> NavClient {
        let path = SocketPath.resolve(explicit: socket)
        let stream = try await UnixSocketStream.connect(path: path)
        return await NavClient(stream: stream, framing: framing)
    }

    // MARK: Requests

    /// Sends a request and waits for its result.
    ///
    /// - Throws: `NavClientError.rpc` with the daemon's error; `.connectionClosed`.
    ///   When the calling task is cancelled, `$/cancelRequest` is sent and `CancellationError` thrown.
    public func request(_ method: String, _ params: JSON? = nil) async throws -> JSON {
        let id = try await send(method, params)
        return try await reply(to: id)
    }

    /// Sends a request without waiting; `reply(to:)` collects the reply (which is kept until then).
    public func send(_ method: String, _ params: JSON? = nil) async throws -> RequestID {
        let id = try registerRequest()
        do {
            try await write(Self.message(id: id, method: method, params: params))
        } catch {
            replies[id] = nil
            throw error
        }
        return id
    }

    /// Waits for the reply to a request sent with `send(_:_:)`.
    public func reply(to id: RequestID) async throws -> JSON {
        switch replies[id] {
        case .arrived(let result)?:
            replies[id] = nil
            return try result.mapError { NavClientError.rpc($0) }.get()
        case .waiting(nil)?:
            if let closed {
                replies[id] = nil
                throw closed
            }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSON, any Error>) in
                    // Whatever happened since the check above decides, so nothing is left waiting.
                    switch replies[id] {
                    case .waiting(nil)?:
                        replies[id] = .waiting(continuation)
                    case .arrived(let result)?:
                        replies[id] = nil
                        continuation.resume(with: result.mapError { NavClientError.rpc($0) })
                    case .waiting(_?)?, nil:
                        continuation.resume(throwing: closed ?? CancellationError())
                    }
                }
            } onCancel: {
                Task { await self.abandon(id) }
            }
        case .waiting(_?)?:
            throw NavClientError.badReply("the reply to request \(id) is already awaited")
        case nil:
            throw NavClientError.badReply("no request \(id) is pending")
        }
    }

    /// Sends `$/cancelRequest` for `id`; the pending request then typically fails with -32800.
    public func cancel(_ id: RequestID) async throws {
        try await notify(CancelRequest.self, CancelRequest.Params(id: id.json))
    }

    /// Sends a notification (no reply).
    public func notify(_ method: String, _ params: JSON? = nil) async throws {
        try checkOpen()
        try await write(Self.message(id: nil, method: method, params: params))
    }

    /// Sends `calls` as one batch and returns the outcome of each request, in the order given.
    /// A batch of notifications only returns `[]` without waiting (the daemon sends nothing).
    public func batch(_ calls: [BatchCall]) async throws -> [Result<JSON, RPCError>] {
        try checkOpen()
        var ids: [RequestID] = []
        var messages: [JSON] = []
        for call in calls {
            switch call {
            case .request(let method, let params):
                let id = try registerRequest()
                ids.append(id)
                messages.append(Self.message(id: id, method: method, params: params))
            case .notification(let method, let params):
                messages.append(Self.message(id: nil, method: method, params: params))
            }
        }
        do {
            try await write(.array(messages))
        } catch {
            for id in ids { replies[id] = nil }
            throw error
        }
        var results: [Result<JSON, RPCError>] = []
        for (index, id) in ids.enumerated() {
            do {
                results.append(.success(try await reply(to: id)))
            } catch NavClientError.rpc(let error) {
                results.append(.failure(error))
            } catch {
                // Cancelled or closed: stop waiting for the rest of the batch too.
                for rest in ids[(index + 1)...] {
                    if case .waiting? = replies.removeValue(forKey: rest) { abandoned.insert(rest) }
                }
                throw error
            }
        }
        return results
    }

    /// Writes `json` as one framed message, as is (for tests of the protocol itself).
    public func send(json: JSON) async throws {
        try checkOpen()
        try await write(json)
    }

    /// Writes raw bytes, no framing added (for tests of framing and parsing).
    public func sendRaw(_ bytes: [UInt8]) async throws {
        try checkOpen()
        try await stream.write(bytes)
    }

    // MARK: Notifications and unmatched replies

    /// The next notification, in arrival order.
    ///
    /// - Throws: `.timeout` when none arrives within `timeout`; `.connectionClosed` when none will.
    public func nextNotification(timeout: Duration = .seconds(10)) async throws -> Notification {
        if let notification = await takeNotification(timeout: timeout) { return notification }
        if closed != nil { throw NavClientError.connectionClosed }
        throw NavClientError.timeout("a notification (\(timeout))")
    }

    /// Waits `duration` and throws `.unexpectedNotification` if a notification arrives meanwhile.
    public func assertNoNotification(within duration: Duration = .milliseconds(300)) async throws {
        if let notification = await takeNotification(timeout: duration) {
            throw NavClientError.unexpectedNotification(method: notification.method, params: notification.params)
        }
    }

    /// Every notification, in arrival order, until the connection closes or the iterating task is cancelled.
    ///
    /// Shares one queue with `nextNotification(timeout:)`: each notification goes to one of them.
    public nonisolated var notifications: AsyncStream<Notification> {
        AsyncStream(unfolding: { await self.takeNotification(timeout: nil) })
    }

    /// How many notifications are queued, not yet taken.
    public var queuedNotificationCount: Int { notificationQueue.bufferedCount }

    /// The next reply that matched no pending request (for example an error with id null).
    public func nextUnmatchedReply(timeout: Duration = .seconds(10)) async throws -> JSON {
        if let reply = await takeUnmatched(timeout: timeout) { return reply }
        if closed != nil { throw NavClientError.connectionClosed }
        throw NavClientError.timeout("an unmatched reply (\(timeout))")
    }

    /// Waits `duration` and throws `.badReply` if an unmatched reply arrives meanwhile.
    public func assertNoUnmatchedReply(within duration: Duration = .milliseconds(300)) async throws {
        if let reply = await takeUnmatched(timeout: duration) {
            throw NavClientError.badReply("unexpected reply \(reply.serialized())")
        }
    }

    /// Whether the connection has closed.
    public var isClosed: Bool { closed != nil }

    // MARK: Closing

    /// Closes the connection. Pending requests fail with `.connectionClosed`; queued
    /// notifications can still be taken.
    public func close() async {
        await stream.close()
        reader?.cancel()
        await reader?.value
        connectionEnded()
    }

    /// Waits until the daemon closes the connection, up to `timeout`; true when it did.
    public func waitUntilClosed(timeout: Duration = .seconds(10)) async -> Bool {
        guard let reader else { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await reader.value
                return true
            }
            group.addTask {
                do { try await Task.sleep(for: timeout) } catch {}
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    // MARK: Internals

    private func checkOpen() throws {
        if let closed { throw closed }
    }

    private func registerRequest() throws -> RequestID {
        try checkOpen()
        let id = RequestID.int(nextRequestID)
        nextRequestID += 1
        replies[id] = .waiting(nil)
        return id
    }

    private func write(_ json: JSON) async throws {
        try await stream.write(FrameEncoder.encode(json.serializedBytes(), framing: framing))
    }

    private static func message(id: RequestID?, method: String, params: JSON?) -> JSON {
        var object: JSONObject = ["jsonrpc": "2.0"]
        if let id { object["id"] = id.json }
        object["method"] = .string(method)
        if let params { object["params"] = params }
        return .object(object)
    }

    private func abandon(_ id: RequestID) async {
        guard case .waiting(let continuation)? = replies[id] else { return }
        replies[id] = nil
        abandoned.insert(id)
        continuation?.resume(throwing: CancellationError())
        if closed == nil {
            try? await write(Self.message(id: nil, method: "$/cancelRequest", params: ["id": id.json]))
        }
    }

    private func read(_ inbound: AsyncThrowingStream<[UInt8], any Error>) async {
        do {
            for try await chunk in inbound {
                for event in decoder.feed(chunk) {
                    switch event {
                    case .message(let body):
                        do {
                            dispatch(try JSON.parse(body))
                        } catch {
                            unmatchedQueue.push(["error": ["code": -32700, "message": .string("unparsable message from navd: \(error)")]])
                        }
                    case .oversized(let limit):
                        unmatchedQueue.push(["error": ["code": -32600, "message": .string("a message from navd exceeded \(limit) bytes")]])
                    case .malformedHeader(let why):
                        unmatchedQueue.push(["error": ["code": -32700, "message": .string("malformed header from navd: \(why)")]])
                        await stream.close()
                    }
                }
            }
        } catch {}
        connectionEnded()
    }

    private func dispatch(_ json: JSON) {
        switch json {
        case .array(let elements):
            for element in elements { dispatch(element) }
        case .object(let object):
            if case .string(let method)? = object["method"] {
                if object["id"] == nil {
                    notificationQueue.push(Notification(method: method, params: object["params"]))
                } else {
                    unmatchedQueue.push(json)  // the protocol has no daemon-to-client requests
                }
                return
            }
            guard let id = Self.requestID(object["id"]), object["result"] != nil || object["error"] != nil else {
                unmatchedQueue.push(json)
                return
            }
            let result: Result<JSON, RPCError>
            if let error = object["error"] {
                result = .failure(Self.rpcError(error))
            } else {
                result = .success(object["result"] ?? .null)
            }
            if abandoned.remove(id) != nil { return }
            switch replies[id] {
            case .waiting(let continuation?)?:
                replies[id] = nil
                continuation.resume(with: result.mapError { NavClientError.rpc($0) })
            case .waiting(nil)?:
                replies[id] = .arrived(result)
            case .arrived?, nil:
                unmatchedQueue.push(json)
            }
        default:
            unmatchedQueue.push(json)
        }
    }

    private static func requestID(_ json: JSON?) -> RequestID? {
        switch json {
        case .string(let s)?: return .string(s)
        case .int(let i)?: return .int(i)
        default: return nil
        }
    }

    /// The error object of a reply; a malformed one still becomes an `RPCError` that says so.
    static func rpcError(_ json: JSON) -> RPCError {
        guard let code = json["code"]?.intValue, let message = json["message"]?.stringValue else {
            return RPCError(code: ErrorCode.internalError, message: "malformed error object \(json.serialized())", data: json)
        }
        return RPCError(code: Int(code), message: message, data: json["data"])
    }

    private func connectionEnded() {
        guard closed == nil else { return }
        closed = .connectionClosed
        let pending = replies
        for (id, slot) in pending {
            if case .waiting(let continuation) = slot {
                replies[id] = nil
                continuation?.resume(throwing: NavClientError.connectionClosed)
            }
        }
        notificationQueue.finish()
        unmatchedQueue.finish()
    }

    private func makeWaiterID() -> Int {
        defer { nextWaiterID += 1 }
        return nextWaiterID
    }

    private func takeNotification(timeout: Duration?) async -> Notification? {
        if let value = notificationQueue.popBuffered() { return value }
        if notificationQueue.isFinished { return nil }
        let id = makeWaiterID()
        let value = await Self.race(
            timeout: timeout,
            wait: { await self.waitNotification(id) },
            withdraw: { await self.withdrawNotification(id) })
        notificationQueue.settle(id: id)
        return value
    }

    private func waitNotification(_ id: Int) async -> Notification? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { notificationQueue.wait(id: id, $0) }
        } onCancel: {
            Task { await self.withdrawNotification(id) }
        }
    }

    private func withdrawNotification(_ id: Int) {
        notificationQueue.withdraw(id: id)
    }

    private func takeUnmatched(timeout: Duration?) async -> JSON? {
        if let value = unmatchedQueue.popBuffered() { return value }
        if unmatchedQueue.isFinished { return nil }
        let id = makeWaiterID()
        let value = await Self.race(
            timeout: timeout,
            wait: { await self.waitUnmatched(id) },
            withdraw: { await self.withdrawUnmatched(id) })
        unmatchedQueue.settle(id: id)
        return value
    }

    private func waitUnmatched(_ id: Int) async -> JSON? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { unmatchedQueue.wait(id: id, $0) }
        } onCancel: {
            Task { await self.withdrawUnmatched(id) }
        }
    }

    private func withdrawUnmatched(_ id: Int) {
        unmatchedQueue.withdraw(id: id)
    }

    /// Runs `wait` against a timer; when the timer fires first it calls `withdraw`, which makes
    /// `wait` return nil. The answer is always `wait`'s, so a value is never taken and dropped.
    private static func race<E: Sendable>(
        timeout: Duration?,
        wait: @escaping @Sendable () async -> E?,
        withdraw: @escaping @Sendable () async -> Void
    ) async -> E? {
        guard let timeout else { return await wait() }
        return await withTaskGroup(of: E??.self) { group in
            group.addTask { .some(await wait()) }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                    await withdraw()
                } catch {}
                return .none
            }
            var answer: E?
            while let outcome = await group.next() {
                if case .some(let value) = outcome {
                    answer = value
                    break
                }
            }
            group.cancelAll()
            return answer
        }
    }
}

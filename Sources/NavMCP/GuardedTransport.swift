import Foundation
import JSONCore
import Logging
import MCP

/// A transport in front of another (standard input and output for `navctl mcp`) that answers what the SDK's
/// server cannot: a message that is not JSON gets -32700 and one that is not a request, notification or
/// response gets -32600, both with `"id": null` as JSON-RPC 2.0 requires (the server would answer with an id of
/// its own making). It also keeps the ids of the requests read and not yet answered, so that at the end of the
/// input every request read is answered before the process exits (`drained()`).
public actor GuardedTransport: Transport {
    public nonisolated let logger: Logger
    private let inner: any Transport
    private let stream: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var reader: Task<Void, Never>?
    /// The requests read and not yet answered, by id (`s:` a string id, `n:` a number).
    private var unanswered: Set<String> = []
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []

    /// `inner` behind the guard; `logger` (default: none) is the one the server logs to.
    public init(_ inner: any Transport, logger: Logger? = nil) {
        self.inner = inner
        self.logger = logger ?? Logger(label: "navd.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
        (stream, continuation) = AsyncThrowingStream.makeStream()
    }

    public func connect() async throws {
        try await inner.connect()
        let messages = await inner.receive()
        reader = Task {
            do {
                for try await data in messages { await self.received(data) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    public func disconnect() async {
        reader?.cancel()
        continuation.finish()
        await inner.disconnect()
    }

    public func send(_ data: Data) async throws {
        try await inner.send(data)
        for id in Self.answeredIds(data) { unanswered.remove(id) }
        resumeDrainWaiters()
    }

    public func receive() -> AsyncThrowingStream<Data, any Error> { stream }

    /// Returns once every request read so far has been answered (or cancelled by the client).
    public func drained() async {
        if unanswered.isEmpty { return }
        await withCheckedContinuation { drainWaiters.append($0) }
    }

    private func resumeDrainWaiters() {
        guard unanswered.isEmpty else { return }
        let waiters = drainWaiters
        drainWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// One message read: answered here when it is not one the server can answer, else passed on.
    private func received(_ data: Data) async {
        switch Self.classify(data) {
        case .reject(let code, let message):
            let error: JSON = ["code": .int(Int64(code)), "message": .string(message)]
            let reply: JSON = ["jsonrpc": "2.0", "id": .null, "error": error]
            do {
                try await inner.send(Data(reply.serialized().utf8))
            } catch {
                logger.error("cannot answer a malformed message", metadata: ["error": "\(error)"])
            }
        case .pass(let requests, let cancelled):
            unanswered.formUnion(requests)
            for id in cancelled { unanswered.remove(id) }
            resumeDrainWaiters()
            continuation.yield(data)
        }
    }

    enum Verdict: Equatable {
        /// Answered here with this error and `"id": null`.
        case reject(code: Int, message: String)
        /// Passed on; `requests` are the ids of the requests in it, `cancelled` those its cancellations name.
        case pass(requests: [String], cancelled: [String])
    }

    /// What a message read is, by JSON-RPC 2.0's rules.
    static func classify(_ data: Data) -> Verdict {
        let json: JSON
        do {
            json = try JSON.parse(data, limits: JSONParseLimits(maxDepth: 512))
        } catch {
            return .reject(code: -32700, message: "Parse error: the message is not JSON (\(error))")
        }
        switch json {
        case .object:
            return classifyOne(json)
        case .array(let items) where !items.isEmpty:
            var requests: [String] = []
            var cancelled: [String] = []
            for item in items {
                // A batch's bad members are answered by the server, each in the batch's reply.
                if case .pass(let r, let c) = classifyOne(item) {
                    requests += r
                    cancelled += c
                }
            }
            return .pass(requests: requests, cancelled: cancelled)
        case .array:
            return .reject(code: -32600, message: "Invalid Request: an empty batch")
        default:
            return .reject(code: -32600, message: "Invalid Request: a message is a JSON object (or a batch of them)")
        }
    }

    static func classifyOne(_ message: JSON) -> Verdict {
        guard case .object(let o) = message else {
            return .reject(code: -32600, message: "Invalid Request: a message is a JSON object")
        }
        let hasMethod = o["method"]?.stringValue != nil
        guard let id = o["id"] else {
            if hasMethod {
                // A notification; a cancellation ends the wait for the request it names.
                if o["method"]?.stringValue == "notifications/cancelled", let named = o["params"]?["requestId"].flatMap(key) {
                    return .pass(requests: [], cancelled: [named])
                }
                return .pass(requests: [], cancelled: [])
            }
            return .reject(code: -32600, message: "Invalid Request: neither a method nor an id")
        }
        guard let idKey = key(id) else {
            return .reject(code: -32600, message: "Invalid Request: an id is a string or an integer")
        }
        if o["result"] != nil || o["error"] != nil { return .pass(requests: [], cancelled: []) }
        return .pass(requests: [idKey], cancelled: [])
    }

    /// A request id as a key: `s:` a string, `n:` an integer; nil for anything else.
    static func key(_ id: JSON) -> String? {
        switch id {
        case .string(let s): return "s:" + s
        case .int(let i): return "n:\(i)"
        case .double(let d) where d.rounded() == d && abs(d) < 9.2e18: return "n:\(Int64(d))"
        default: return nil
        }
    }

    /// The ids of the responses in a message sent: one, or each of a batch's.
    static func answeredIds(_ data: Data) -> [String] {
        guard let json = try? JSON.parse(data, limits: JSONParseLimits(maxDepth: 512)) else { return [] }
        let messages = json.arrayValue ?? [json]
        return messages.compactMap { message in
            guard message["method"] == nil, message["result"] != nil || message["error"] != nil else { return nil }
            return message["id"].flatMap(key)
        }
    }
}

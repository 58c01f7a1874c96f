#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import JSONCore
import Logging
import NIOConcurrencyHelpers
import NavModel
import NavProtocol
import NavTransport

/// Facts about the running daemon that `initialize` and `daemon/status` report.
public final class ServerInfo: Sendable {
    public static let version = NavdVersion.current
    let startedAt: ContinuousClock.Instant
    let connections = NIOLockedValueBox(0)

    public init(startedAt: ContinuousClock.Instant = .now) { self.startedAt = startedAt }

    var uptimeMs: Int {
        let d = ContinuousClock.now - startedAt
        return Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
    }

    var pid: Int { Int(getpid()) }
}

/// The navd service: the dispatch table over the session registry. Transport-agnostic: the socket
/// server and in-process connections both drive it.
public final class NavService: RPCService {
    public let sessions: SessionRegistry
    public let info: ServerInfo
    let table: DispatchTable
    /// The table's handlers, found by name for every request.
    private let lookup: NameTable<RawHandler>
    let logger: Logger
    /// Whether each request is logged at trace level, decided once: asking the logger costs a copy of its
    /// handler on every request.
    private let tracesRequests: Bool

    /// A service answering `table`'s methods (navd answers the standard table's; a test adds methods of its own).
    public init(
        limits: ServerLimits = ServerLimits(), fonts: SessionFonts = SessionFonts(), logger: Logger = Logger(label: "navd"),
        table: DispatchTable = DispatchTable.standard()
    ) {
        self.sessions = SessionRegistry(limits: limits, fonts: fonts)
        self.info = ServerInfo()
        self.table = table
        self.lookup = NameTable(table.handlers)
        self.logger = logger
        self.tracesRequests = logger.logLevel <= .trace
    }

    /// The method names the table answers.
    public var methods: [String] { table.handlers.keys.sorted() }

    public func handle(method: String, params: JSONView?, connection: ConnectionHandle) -> RPCOutcome {
        guard let handler = lookup[method] else { return .done(.failure(RPCError.methodNotFound(method))) }
        if tracesRequests {
            logger.trace("request", metadata: ["rpc.method": "\(method)", "connection.id": "\(connection.id)"])
        }
        var ctx = RequestContext(sessions: sessions, server: info, connection: connection)
        let reply: HandlerReply
        do {
            reply = try handler(params, &ctx)
        } catch let error as RPCError {
            return .done(.failure(error))
        } catch {
            logger.error("request failed", metadata: ["rpc.method": "\(method)", "connection.id": "\(connection.id)", "error": "\(error)"])
            return .done(.failure(.internalError()))
        }
        let tickets = ctx.writes
        switch reply {
        case .serialized(let bytes) where tickets.isEmpty:
            return .serialized(bytes)
        case .serialized(let bytes):
            // A kept answer that waits for a write is still written as it is, once the write is durable.
            let pending = PendingReply()
            Self.afterCommit(tickets, logger: logger) { failure in
                pending.complete(answer: failure.map { .failure($0) } ?? .success(.serialized(bytes)))
            }
            return .later(pending)
        case .now(let result) where tickets.isEmpty:
            return .done(.success(result))
        case .now(let result):
            // The reply waits until the changes it reports are durable.
            let pending = PendingReply()
            Self.afterCommit(tickets, logger: logger) { failure in pending.complete(failure.map { .failure($0) } ?? .success(result)) }
            return .later(pending)
        case .later(let pending):
            guard !tickets.isEmpty else { return .later(pending) }
            let combined = PendingReply()
            pending.whenComplete { result in
                Self.afterCommit(tickets, logger: self.logger) { failure in
                    combined.complete(answer: failure.map { .failure($0) } ?? result)
                }
            }
            return .later(combined)
        }
    }

    /// Calls `done` once every ticket is committed: nil, or the error of the first write that failed (a
    /// request whose change could not be saved fails; the daemon log has the details).
    static func afterCommit(_ tickets: [CommitTicket], logger: Logger, _ done: @escaping @Sendable (RPCError?) -> Void) {
        let remaining = NIOLockedValueBox((count: tickets.count, failure: RPCError?.none))
        for ticket in tickets {
            ticket.whenComplete { result in
                let finished = remaining.withLockedValue { r -> (Bool, RPCError?) in
                    if case .failure(let error) = result, r.failure == nil {
                        logger.error("state write failed", metadata: ["error": "\(error)"])
                        r.failure = RPCError.internalError("the change could not be saved to the state database: \(error)")
                    }
                    r.count -= 1
                    return (r.count == 0, r.failure)
                }
                if finished.0 { done(finished.1) }
            }
        }
    }

    public func notification(method: String, params: JSONView?, connection: ConnectionHandle) {
        logger.debug("ignored notification", metadata: ["rpc.method": "\(method)", "connection.id": "\(connection.id)"])
    }

    public func connectionOpened(_ connection: ConnectionHandle) {
        // What the connection is owed per session when its outbound bound drops a notification.
        connection.observe(ConnectionResyncs())
        info.connections.withLockedValue { $0 += 1 }
    }

    public func connectionClosed(_ connection: ConnectionHandle) {
        info.connections.withLockedValue { $0 -= 1 }
        sessions.dropConnection(connection.id)
    }
}

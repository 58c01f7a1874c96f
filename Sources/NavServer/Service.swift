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
    let logger: Logger

    public init(limits: ServerLimits = ServerLimits(), logger: Logger = Logger(label: "navd")) {
        self.sessions = SessionRegistry(limits: limits)
        self.info = ServerInfo()
        self.table = DispatchTable.standard()
        self.logger = logger
    }

    /// The method names the table answers.
    public var methods: [String] { table.handlers.keys.sorted() }

    public func handle(method: String, params: JSON?, connection: ConnectionHandle) async throws -> JSON {
        guard let handler = table.handlers[method] else { throw RPCError.methodNotFound(method) }
        logger.trace("request", metadata: ["rpc.method": "\(method)", "connection.id": "\(connection.id)"])
        return try await handler(params, RequestContext(sessions: sessions, server: info, connection: connection))
    }

    public func notification(method: String, params: JSON?, connection: ConnectionHandle) async {
        logger.debug("ignored notification", metadata: ["rpc.method": "\(method)", "connection.id": "\(connection.id)"])
    }

    public func connectionOpened(_ connection: ConnectionHandle) async {
        info.connections.withLockedValue { $0 += 1 }
    }

    public func connectionClosed(_ connection: ConnectionHandle) async {
        info.connections.withLockedValue { $0 -= 1 }
        await sessions.dropConnection(connection.id)
    }
}

import JSONCore
import NavEngine
import NavModel
import NavProtocol
import NavTransport

/// What a handler may do to a session besides mutating its model: the changes it made
/// (sent as `session/didChange` when the version moved) and notifications to the session's subscribers.
public struct SessionEffects: Sendable {
    public var changes: [Change] = []
    /// Notifications for every subscriber of the session, sent after the `didChange`, before the reply.
    public var events: [(method: String, params: JSON)] = []
    public init() {}
}

/// The context a handler runs in (on the connection's event loop).
public struct RequestContext: Sendable {
    let sessions: SessionRegistry
    let server: ServerInfo
    /// The connection the request came from.
    public let connection: ConnectionHandle
    public var connectionID: Int { connection.id }
    /// The durable writes the request made; its reply waits for them. The handler gets the context `inout`,
    /// so the list is its own: a request that writes nothing allocates nothing for it.
    private(set) var writes: [CommitTicket] = []

    init(sessions: SessionRegistry, server: ServerInfo, connection: ConnectionHandle) {
        self.sessions = sessions
        self.server = server
        self.connection = connection
    }

    /// Records a durable write the reply must wait for.
    mutating func addWrite(_ ticket: CommitTicket?) {
        if let ticket { writes.append(ticket) }
    }

    /// Runs `body` on the session's model, in that session's order.
    ///
    /// - Important: when `body` raised the model's version, `session/didChange` with `effects.changes` is
    ///   handed to every subscriber's connection (a ``NavTransport/Broadcast``) before this returns, so before
    ///   the reply; then `effects.events`.
    public mutating func withSession<T>(
        _ sessionId: String,
        _ body: (inout NavigationModel, inout SessionEffects) throws(RPCError) -> T
    ) throws(RPCError) -> T {
        let (result, ticket) = try sessions.session(sessionId).run(body)
        addWrite(ticket)
        return result
    }

    /// Read-only access to a snapshot of a session's model, computed outside the session's lock.
    public func read<T>(_ sessionId: String, _ body: (NavigationModel) throws(RPCError) -> T) throws(RPCError) -> T {
        try sessions.session(sessionId).read(body)
    }

    /// A screen's back title as `title/back` answers it (serialized), computed once per model and screen.
    func backTitle(_ sessionId: String, _ screenIndex: (NavigationModel) throws(RPCError) -> Int?) throws(RPCError) -> [UInt8] {
        try sessions.session(sessionId).backTitle(screenIndex)
    }

    /// The session's top bar, laid out once per model (nil on an empty stack).
    func topBar(_ sessionId: String) throws(RPCError) -> Session.KeptBar? {
        try sessions.session(sessionId).topBar()
    }
}

/// A type-erased handler: decoded params in, encoded result out, on the connection's event loop.
///
/// Handlers throw `RPCError`; anything else becomes -32603 with the detail in the log. A handler whose work may
/// be long returns ``HandlerReply/later(_:)``.
public typealias RawHandler = @Sendable (JSONView?, inout RequestContext) throws -> HandlerReply

/// A handler's answer: now, or later from another thread.
public enum HandlerReply: Sendable {
    case now(JSON)
    /// A result already serialized: an answer kept between requests.
    case serialized([UInt8])
    case later(PendingReply)
}

/// The one dispatch table: method name -> handler.
public struct DispatchTable: Sendable {
    public private(set) var handlers: [String: RawHandler] = [:]

    public init() {}

    /// Registers `method`; its params are decoded before `handler` runs and its result encoded after.
    public mutating func register<M: RPCMethod>(
        _ method: M.Type, _ handler: @escaping @Sendable (M.Params, inout RequestContext) throws -> M.Result
    ) {
        precondition(handlers[M.name] == nil, "\(M.name) registered twice")
        let decode = M.Params.decoder
        handlers[M.name] = { (json: JSONView?, ctx: inout RequestContext) throws -> HandlerReply in
            let params = try decode(try ParamReader(json))
            return .now(try handler(params, &ctx).json)
        }
    }

    /// Registers a method whose handler answers with its result already serialized (the bytes of
    /// `M.Result`'s JSON, as `serializedBytes()` writes them), for answers kept between requests.
    public mutating func registerSerialized<M: RPCMethod>(
        _ method: M.Type, _ handler: @escaping @Sendable (M.Params, inout RequestContext) throws -> [UInt8]
    ) {
        precondition(handlers[M.name] == nil, "\(M.name) registered twice")
        let decode = M.Params.decoder
        handlers[M.name] = { (json: JSONView?, ctx: inout RequestContext) throws -> HandlerReply in
            .serialized(try handler(try decode(try ParamReader(json)), &ctx))
        }
    }

    /// Registers a method by name with raw JSON in and a reply out (for methods outside the typed registry, or
    /// whose work may go to the thread pool).
    public mutating func registerRaw(_ name: String, _ handler: @escaping RawHandler) {
        precondition(handlers[name] == nil, "\(name) registered twice")
        handlers[name] = handler
    }

    /// The table with every method navd answers.
    public static func standard() -> DispatchTable {
        var table = DispatchTable()
        table.registerSpine()
        table.registerTitleAndTint()
        table.registerLayoutAndHitTest()
        table.registerHitMethods()
        return table
    }
}

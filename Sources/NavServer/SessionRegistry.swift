import JSONCore
import Logging
import NavModel
import NavProtocol
import NavTransport

/// Named bounds of the daemon's sessions.
public struct ServerLimits: Sendable, Hashable {
    /// `--max-sessions`: the most sessions open at once.
    public var maxSessions: Int
    /// `--max-stack-depth`: the most screens one stack may hold.
    public var maxStackDepth: Int
    /// `--max-subscriptions`: the most subscriptions one connection may hold.
    public var maxSubscriptionsPerConnection: Int
    /// `--max-tree-nodes`, `--max-tree-depth`: the largest view tree `tree/hitTest` accepts.
    public var tree: TreeLimits

    public init(
        maxSessions: Int = 256, maxStackDepth: Int = 256, maxSubscriptionsPerConnection: Int = 64,
        tree: TreeLimits = TreeLimits()
    ) {
        self.maxSessions = maxSessions
        self.maxStackDepth = maxStackDepth
        self.maxSubscriptionsPerConnection = maxSubscriptionsPerConnection
        self.tree = tree
    }

    var model: ModelLimits { ModelLimits(maxStackDepth: maxStackDepth) }
}

/// One subscriber of a session.
struct Subscription: Sendable {
    let id: String
    let connection: ConnectionHandle
    let topics: Set<Topic>
}

/// One live session: its model and its subscribers. The actor gives each session one order of
/// operations; different sessions run in parallel.
actor Session {
    let id: String
    var name: String
    var model: NavigationModel
    /// Where every change is made durable (`--state-dir`), and this session's place in creation order.
    private let store: StateStore?
    private let order: Int
    private var subscribers: [String: Subscription] = [:]
    /// The diagnostics last reported (only tracked while someone subscribes to them).
    private var lastDiagnostics: [Diagnostic]?
    private(set) var closed = false

    init(id: String, name: String, model: NavigationModel, store: StateStore? = nil, order: Int = 0) {
        self.id = id
        self.name = name
        self.model = model
        self.store = store
        self.order = order
    }

    /// Queues this session's current state for the store; called inside the actor, so writes keep its order.
    func persist() -> CommitTicket? {
        store?.enqueue(
            .upsert(
                id: id, order: order, name: name, version: model.version,
                document: SessionDocument.encode(name: name, model: model).serialized()))
    }

    var subscriberCount: Int { subscribers.count }

    /// Runs `body` on the model; when it raised the version, notifies every subscriber before returning, and
    /// hands back the ticket of the write that makes the change durable (the reply waits for it).
    func run<T: Sendable>(
        _ body: @Sendable (inout NavigationModel, inout SessionEffects) throws(RPCError) -> T
    ) throws(RPCError) -> (
        T, CommitTicket?
    ) {
        guard !closed else { throw RPCError.unknownSession(id) }
        let before = model.version
        var effects = SessionEffects()
        // On a copy, so a body that throws halfway (after generating an id, say) leaves nothing behind.
        var working = model
        let result = try body(&working, &effects)
        model = working
        var ticket: CommitTicket?
        if model.version != before {
            ticket = persist()
            publish(effects.changes)
        }
        for event in effects.events {
            for s in subscribers.values { s.connection.sendNotification(method: event.method, params: event.params) }
        }
        return (result, ticket)
    }

    private func publish(_ changes: [Change]) {
        let version = model.version
        for s in subscribers.values {
            let mine = changes.filter { s.topics.contains($0.topic) }
            guard !mine.isEmpty else { continue }
            s.connection.sendNotification(
                method: "session/didChange", params: Notifications.didChange(sessionId: id, version: version, changes: mine),
                sessionId: id, version: version)
        }
        let wanting = subscribers.values.filter { $0.topics.contains(.diagnostics) }
        guard !wanting.isEmpty else { return }
        let now = currentDiagnostics()
        guard now != lastDiagnostics else { return }
        lastDiagnostics = now
        for s in wanting {
            s.connection.sendNotification(
                method: "session/diagnostics", params: Notifications.diagnostics(sessionId: id, version: version, diagnostics: now),
                sessionId: id, version: version)
        }
    }

    private func currentDiagnostics() -> [Diagnostic] {
        guard !model.screens.isEmpty else { return [] }
        return DiagnosticsEngine.diagnose(model: model, screenIndex: model.screens.count - 1)
    }

    func subscribe(_ s: Subscription) -> Int {
        subscribers[s.id] = s
        if s.topics.contains(.diagnostics), lastDiagnostics == nil { lastDiagnostics = currentDiagnostics() }
        return model.version
    }

    func unsubscribe(_ subscriptionId: String) {
        subscribers[subscriptionId] = nil
        if !subscribers.values.contains(where: { $0.topics.contains(.diagnostics) }) { lastDiagnostics = nil }
    }

    /// Closes the session: every subscriber gets `session/didClose`; the store forgets it.
    func close() -> CommitTicket? {
        closed = true
        let ticket = store?.enqueue(.delete(id: id))
        for s in subscribers.values {
            s.connection.sendNotification(method: "session/didClose", params: Notifications.didClose(sessionId: id))
        }
        subscribers = [:]
        return ticket
    }

    func snapshot() -> JSON { SessionDocument.encode(name: name, model: model) }

    func listEntry() -> SessionList.Entry {
        SessionList.Entry(sessionId: id, name: name, version: model.version, depth: model.depth, subscribers: subscribers.count)
    }
}

/// All sessions of the daemon, and who subscribes to what.
public actor SessionRegistry {
    public let limits: ServerLimits
    private var sessions: [String: Session] = [:]
    /// Creation order, so listings are stable.
    private var order: [String] = []
    private var nextSessionNumber = 1
    private var nextSubscriptionNumber = 1
    /// Creation order, kept by the store so a restart lists sessions as before.
    private var nextOrder = 0
    /// Where sessions are kept (`--state-dir`); nil keeps them in memory only.
    private var store: StateStore?
    /// subscriptionId -> (sessionId, connection id)
    private var subscriptions: [String: (sessionId: String, connectionId: Int)] = [:]

    public init(limits: ServerLimits = ServerLimits()) {
        self.limits = limits
    }

    public var count: Int { sessions.count }

    /// Keeps every session in `store` from now on.
    public func attach(_ store: StateStore) { self.store = store }

    /// Adds the sessions a store held at start, with their ids and versions, without writing them again.
    public func restore(_ stored: [StateStore.StoredSession]) throws(RPCError) {
        for s in stored {
            let (name, model) = try SessionDocument.decode(s.document, limits: limits.model)
            _ = try add(name: s.name.isEmpty ? (name.isEmpty ? nil : name) : s.name, model: model, id: s.id, persist: false)
        }
    }

    func session(_ id: String) throws(RPCError) -> Session {
        guard let s = sessions[id] else { throw RPCError.unknownSession(id) }
        return s
    }

    func withSession<T: Sendable>(
        _ sessionId: String,
        _ body: @Sendable (inout NavigationModel, inout SessionEffects) throws(RPCError) -> T
    ) async throws -> T {
        let s = try session(sessionId)
        let (result, ticket) = try await s.run(body)
        try await Self.durable(ticket)
        return result
    }

    /// Waits until a write is durable; a write that failed fails the request (the daemon log has the details).
    static func durable(_ ticket: CommitTicket?) async throws {
        guard let ticket else { return }
        do {
            try await ticket.wait()
        } catch {
            throw RPCError.internalError("the change could not be saved to the state database: \(error)")
        }
    }

    /// Adds a session; `id` keeps a restored session's id when free. With a store, the new session is queued
    /// for it before anyone can reach it, and the ticket says when it is durable.
    func add(
        name: String?, model: NavigationModel, id: String? = nil, persist: Bool = true
    ) throws(RPCError) -> (
        id: String, session: Session, ticket: CommitTicket?
    ) {
        guard sessions.count < limits.maxSessions else {
            throw RPCError.limitExceeded(
                name: "maxSessions", limit: limits.maxSessions,
                message: "too many sessions (--max-sessions \(limits.maxSessions)); close one first")
        }
        var sessionId = id ?? ""
        if sessionId.isEmpty || sessions[sessionId] != nil {
            repeat {
                sessionId = "s\(nextSessionNumber)"
                nextSessionNumber += 1
            } while sessions[sessionId] != nil
        }
        let session = Session(id: sessionId, name: name ?? sessionId, model: model, store: store, order: nextOrder)
        nextOrder += 1
        sessions[sessionId] = session
        order.append(sessionId)
        let ticket =
            persist
            ? store?.enqueue(
                .upsert(
                    id: sessionId, order: nextOrder - 1, name: name ?? sessionId, version: model.version,
                    document: SessionDocument.encode(name: name ?? sessionId, model: model).serialized())) : nil
        return (sessionId, session, ticket)
    }

    func close(_ id: String) async throws(RPCError) {
        let s = try session(id)
        sessions[id] = nil
        order.removeAll { $0 == id }
        for (sub, entry) in subscriptions where entry.sessionId == id { subscriptions[sub] = nil }
        let ticket = await s.close()
        do { try await Self.durable(ticket) } catch let error as RPCError { throw error } catch { throw RPCError.internalError() }
    }

    func all() -> [Session] { order.compactMap { sessions[$0] } }

    func subscribe(sessionId: String, connection: ConnectionHandle, topics: Set<Topic>) async throws(RPCError) -> (String, Int) {
        let s = try session(sessionId)
        let held = subscriptions.values.filter { $0.connectionId == connection.id }.count
        guard held < limits.maxSubscriptionsPerConnection else {
            throw RPCError.limitExceeded(
                name: "maxSubscriptions", limit: limits.maxSubscriptionsPerConnection,
                message: "too many subscriptions on this connection (--max-subscriptions \(limits.maxSubscriptionsPerConnection))")
        }
        let subId = "sub\(nextSubscriptionNumber)"
        nextSubscriptionNumber += 1
        subscriptions[subId] = (sessionId, connection.id)
        let version = await s.subscribe(Subscription(id: subId, connection: connection, topics: topics))
        return (subId, version)
    }

    func unsubscribe(_ subscriptionId: String, connectionId: Int) async throws(RPCError) {
        guard let entry = subscriptions[subscriptionId], entry.connectionId == connectionId else {
            throw RPCError.invalidParams(
                path: "subscriptionId", expected: "a subscription of this connection",
                message: "no subscription '\(subscriptionId)' on this connection")
        }
        subscriptions[subscriptionId] = nil
        if let s = sessions[entry.sessionId] { await s.unsubscribe(subscriptionId) }
    }

    /// Drops every subscription of a closed connection.
    func dropConnection(_ connectionId: Int) async {
        let mine = subscriptions.filter { $0.value.connectionId == connectionId }
        for (sub, entry) in mine {
            subscriptions[sub] = nil
            if let s = sessions[entry.sessionId] { await s.unsubscribe(sub) }
        }
    }
}

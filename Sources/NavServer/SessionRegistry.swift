import JSONCore
import Logging
import NavEngine
import NavModel
import NavProtocol
import NIOConcurrencyHelpers
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

/// One subscriber of a session (a class, so a mutation's fan-out loop holds one reference per subscriber).
final class Subscription: Sendable {
    let id: String
    let connection: ConnectionHandle
    let topics: Set<Topic>
    /// `topics` as one bit per topic, so a mutation groups its subscribers without hashing a set for each.
    let mask: Int

    init(id: String, connection: ConnectionHandle, topics: Set<Topic>) {
        self.id = id
        self.connection = connection
        self.topics = topics
        self.mask = Self.mask(topics)
    }

    static func mask(_ topics: Set<Topic>) -> Int {
        Topic.allCases.enumerated().reduce(0) { mask, topic in topics.contains(topic.element) ? mask | 1 << topic.offset : mask }
    }

    static let diagnosticsBit = mask([.diagnostics])
}

/// One live session: its model and its subscribers, behind one lock. A mutation runs under the lock, so each
/// session has one order of operations and its notifications are queued in version order; a read copies the
/// model under the lock (a reference count, the model is copy-on-write) and computes outside it. Different
/// sessions never contend.
final class Session: Sendable {
    let id: String
    /// Where every change is made durable (`--state-dir`), and this session's place in creation order.
    private let store: StateStore?
    private let order: Int
    private let state: NIOLockedValueBox<State>

    struct State {
        var name: String
        /// Where the session comes from, as its creator said.
        var origin: SessionOrigin?
        var model: NavigationModel
        var subscribers: [String: Subscription] = [:]
        /// The diagnostics last reported (only tracked while someone subscribes to them).
        var lastDiagnostics: [Diagnostic]?
        var closed = false
        /// Raised whenever a mutation replaces the model, so a layout computed from an older model is never
        /// kept as the current one.
        var generation = 0
        /// The top screen's laid-out bar for a generation, kept once a bar request asked for it: `bar/hitTest`
        /// at many points lays the bar out once per model, not once per point. Out of line, so an idle session
        /// pays one reference for it.
        var topBar: LaidOutTopBar?
        /// Back titles asked for since the last mutation, by screen index, serialized as `title/back`
        /// answers: the BB rules run and their answer is written once per model and screen.
        var backTitles: KeptBackTitles?
        /// The stored encodings of the screens the last write to the state directory held: the next write
        /// encodes only the screens that changed. Empty without a state directory.
        var storedScreens = SessionDocument.StoredScreens()
    }

    /// Back titles computed from the model of one generation, by screen index, serialized. Replaced, never
    /// changed.
    final class KeptBackTitles: Sendable {
        let generation: Int
        let titles: [Int: [UInt8]]
        init(generation: Int, titles: [Int: [UInt8]]) {
            self.generation = generation
            self.titles = titles
        }
    }

    /// A laid-out top bar (nil on an empty stack) and the generation of the model it was laid out from.
    final class LaidOutTopBar: Sendable {
        let generation: Int
        let bar: KeptBar?
        init(generation: Int, bar: LaidOutBar?) {
            self.generation = generation
            self.bar = bar.map(KeptBar.init)
        }
    }

    /// A laid-out bar shared by reference: a request reads `bar` where it is kept (a constant of a final
    /// class), where a `LaidOutBar` returned by value is copied, part by part, for every request.
    final class KeptBar: Sendable {
        let bar: LaidOutBar
        /// The `bar` member of every `bar/hitTest` answer on this bar, written once.
        let barMember: [UInt8]
        init(_ bar: LaidOutBar) {
            self.bar = bar
            self.barMember = BarHitTest.Result.barMember(bar.barFrame)
        }

        /// `bar/hitTest`'s answer at `point`, serialized. Asked of the kept bar, which lends `bar` to the test:
        /// read from outside, the optimizer copies it first.
        func hitTest(_ point: Point, trace: Bool) -> [UInt8] {
            Engine.hitTest(bar, point: point, trace: trace).serializedBytes(barMember: barMember)
        }
    }

    init(id: String, name: String, origin: SessionOrigin? = nil, model: NavigationModel, store: StateStore? = nil, order: Int = 0) {
        self.id = id
        self.store = store
        self.order = order
        self.state = NIOLockedValueBox(State(name: name, origin: origin, model: model))
    }

    /// The model as it is now.
    var model: NavigationModel { state.withLockedValue { $0.model } }

    /// Queues this session's current state for the store; called under the lock, so writes keep its order.
    private func persist(_ s: inout State) -> CommitTicket? {
        guard let store else { return nil }
        return store.enqueue(
            .upsert(
                id: id, order: order, name: s.name, version: s.model.version,
                document: SessionDocument.encodeStored(name: s.name, model: s.model, reusing: &s.storedScreens),
                origin: s.origin?.json.serialized()))
    }

    var subscriberCount: Int { state.withLockedValue { $0.subscribers.count } }

    /// Runs `body` on the model; when it raised the version, hands every subscriber's notification to its
    /// event loop before returning (a ``NavTransport/Broadcast``), and hands back the ticket of the write that
    /// makes the change durable (the reply waits for it).
    func run<T>(
        _ body: (inout NavigationModel, inout SessionEffects) throws(RPCError) -> T
    ) throws(RPCError) -> (T, CommitTicket?) {
        let outcome = state.withLockedValue { s -> Result<(T, CommitTicket?), RPCError> in
            guard !s.closed else { return .failure(RPCError.unknownSession(id)) }
            let before = s.model.version
            var effects = SessionEffects()
            // On a copy, so a body that throws halfway (after generating an id, say) leaves nothing behind.
            var working = s.model
            let result: T
            do throws(RPCError) { result = try body(&working, &effects) } catch { return .failure(error) }
            s.model = working
            s.generation += 1
            s.topBar = nil
            s.backTitles = nil
            var ticket: CommitTicket?
            // Handed to the subscribers' event loops before the lock is released, so versions keep their order.
            var broadcast = Broadcast(expected: s.subscribers.count)
            if s.model.version != before {
                ticket = persist(&s)
                publish(effects.changes, &s, into: &broadcast)
            }
            for event in effects.events {
                let message = Broadcast.Message(Envelope.notification(method: event.method, params: event.params).serializedBytes())
                for sub in s.subscribers.values { broadcast.add(message, to: sub.connection) }
            }
            broadcast.send()
            return .success((result, ticket))
        }
        return try outcome.get()
    }

    /// The top screen's laid-out bar (nil on an empty stack), laid out outside the lock on first use after each
    /// mutation, then shared by every request until the next one, by reference.
    func topBar() throws(RPCError) -> KeptBar? {
        // The model is copied out (a reference count per part) only when the bar must be laid out.
        let seen = state.withLockedValue { s -> CacheLookup<LaidOutTopBar> in
            if s.closed { return .failed(RPCError.unknownSession(id)) }
            if let cached = s.topBar, cached.generation == s.generation { return .hit(cached) }
            return .miss(s.model, generation: s.generation, index: 0)
        }
        switch seen {
        case .failed(let error): throw error
        case .hit(let cached): return cached.bar
        case .miss(let model, let generation, _):
            let laidOut = LaidOutTopBar(generation: generation, bar: BarLayoutEngine.layout(model: model))
            state.withLockedValue { s in
                if s.generation == generation { s.topBar = laidOut }
            }
            return laidOut.bar
        }
    }

    /// The back title of the screen `screenIndex` picks from the model (nil: no screen, so hidden as the
    /// root), serialized as `title/back` answers it: computed outside the lock on first use after each
    /// mutation, then shared until the next one. `screenIndex` runs under the session's lock, so it must be
    /// quick.
    func backTitle(_ screenIndex: (NavigationModel) throws(RPCError) -> Int?) throws(RPCError) -> [UInt8] {
        let seen = state.withLockedValue { s -> CacheLookup<[UInt8]> in
            if s.closed { return .failed(RPCError.unknownSession(id)) }
            let index: Int?
            do throws(RPCError) { index = try screenIndex(s.model) } catch { return .failed(error) }
            guard let index else { return .hit(Self.hiddenAsRoot) }
            if let cached = s.backTitles, cached.generation == s.generation, let title = cached.titles[index] { return .hit(title) }
            return .miss(s.model, generation: s.generation, index: index)
        }
        switch seen {
        case .failed(let error): throw error
        case .hit(let title): return title
        case .miss(let model, let generation, let index):
            let title = Engine.backTitle(model, screenIndex: index).json.serializedBytes()
            state.withLockedValue { s in
                guard s.generation == generation else { return }
                var titles = s.backTitles.map { $0.generation == generation ? $0.titles : [:] } ?? [:]
                titles[index] = title
                s.backTitles = KeptBackTitles(generation: generation, titles: titles)
            }
            return title
        }
    }

    /// `title/back` on an empty stack.
    private static let hiddenAsRoot = BackTitle.hidden(.root).json.serializedBytes()

    /// What a look-up in the session's answer cache found under the lock: the answer (a hit), or the model to
    /// compute it from (a miss). The rare cases are boxed, so the common one (a hit) is passed out of the lock
    /// as a reference, not copied as a whole model's worth of bytes.
    private enum CacheLookup<Answer> {
        case hit(Answer)
        indirect case miss(NavigationModel, generation: Int, index: Int)
        indirect case failed(RPCError)
    }

    /// Runs `body` on a snapshot of the model, outside the lock.
    func read<T>(_ body: (NavigationModel) throws(RPCError) -> T) throws(RPCError) -> T {
        let snapshot = state.withLockedValue { s -> NavigationModel? in s.closed ? nil : s.model }
        guard let snapshot else { throw RPCError.unknownSession(id) }
        return try body(snapshot)
    }

    /// Sends version v's notifications: each distinct topic set's `session/didChange` is serialized once and
    /// the same bytes added to the broadcast for every subscriber with that set.
    private func publish(_ changes: [Change], _ s: inout State, into broadcast: inout Broadcast) {
        let version = s.model.version
        // Serialized once per topic set, found by the set's mask: nil not yet made, .some(nil) nothing to send.
        var encoded = [Broadcast.Message??](repeating: nil, count: 1 << Topic.allCases.count)
        // What each subscriber's connection weighs against its outbound bound (``ConnectionResyncs``).
        let notice = SessionNotice(sessionId: id, version: version)
        var wantsDiagnostics = false
        for sub in s.subscribers.values {
            if sub.mask & Subscription.diagnosticsBit != 0 { wantsDiagnostics = true }
            let message: Broadcast.Message?
            if let done = encoded[sub.mask] {
                message = done
            } else {
                let mine = changes.filter { sub.topics.contains($0.topic) }
                message =
                    mine.isEmpty
                    ? nil
                    : Broadcast.Message(
                        Envelope.notification(
                            method: "session/didChange", params: Notifications.didChange(sessionId: id, version: version, changes: mine)
                        ).serializedBytes())
                encoded[sub.mask] = .some(message)
            }
            guard let message else { continue }
            broadcast.add(message, to: sub.connection, tag: notice)
        }
        guard wantsDiagnostics else { return }
        let now = Self.diagnostics(s.model)
        guard now != s.lastDiagnostics else { return }
        s.lastDiagnostics = now
        let message = Broadcast.Message(
            Envelope.notification(
                method: "session/diagnostics", params: Notifications.diagnostics(sessionId: id, version: version, diagnostics: now)
            ).serializedBytes())
        for sub in s.subscribers.values where sub.mask & Subscription.diagnosticsBit != 0 {
            broadcast.add(message, to: sub.connection, tag: notice)
        }
    }

    private static func diagnostics(_ model: NavigationModel) -> [Diagnostic] {
        guard !model.screens.isEmpty else { return [] }
        return DiagnosticsEngine.diagnose(model: model, screenIndex: model.screens.count - 1)
    }

    func subscribe(_ sub: Subscription) throws(RPCError) -> Int {
        let version = state.withLockedValue { s -> Int? in
            guard !s.closed else { return nil }
            s.subscribers[sub.id] = sub
            if sub.topics.contains(.diagnostics), s.lastDiagnostics == nil { s.lastDiagnostics = Self.diagnostics(s.model) }
            return s.model.version
        }
        guard let version else { throw RPCError.unknownSession(id) }
        return version
    }

    func unsubscribe(_ subscriptionId: String) {
        state.withLockedValue { s in
            guard let ended = s.subscribers.removeValue(forKey: subscriptionId) else { return }
            if !s.subscribers.values.contains(where: { $0.topics.contains(.diagnostics) }) { s.lastDiagnostics = nil }
            // The connection's last subscription here: its resyncs forget the session, after the notifications
            // already handed to it, so no resync for a session it no longer follows reaches it.
            if !s.subscribers.values.contains(where: { $0.connection.id == ended.connection.id }) {
                var broadcast = Broadcast(expected: 1)
                broadcast.mark(SessionForgotten(sessionId: id), at: ended.connection)
                broadcast.send()
            }
        }
    }

    /// Closes the session: every subscriber gets `session/didClose`; the store forgets it.
    func close() -> CommitTicket? {
        state.withLockedValue { s in
            s.closed = true
            let ticket = store?.enqueue(.delete(id: id))
            let message = Broadcast.Message(
                Envelope.notification(method: "session/didClose", params: Notifications.didClose(sessionId: id)).serializedBytes())
            var broadcast = Broadcast(expected: 2 * s.subscribers.count)
            // After its didClose, each subscriber's connection forgets the session: no resync for it follows.
            let forgotten = SessionForgotten(sessionId: id)
            for sub in s.subscribers.values {
                broadcast.add(message, to: sub.connection)
                broadcast.mark(forgotten, at: sub.connection)
            }
            broadcast.send()
            s.subscribers = [:]
            return ticket
        }
    }

    func snapshot() -> JSON {
        let (name, model) = state.withLockedValue { ($0.name, $0.model) }
        return SessionDocument.encode(name: name, model: model)
    }

    func listEntry() -> SessionList.Entry {
        state.withLockedValue { s in
            SessionList.Entry(
                sessionId: id, name: s.name, version: s.model.version, depth: s.model.depth, subscribers: s.subscribers.count,
                origin: s.origin)
        }
    }
}

/// All sessions of the daemon, and who subscribes to what: a map behind one lock, held only to look a session
/// up, add, close or (un)subscribe, never while a session computes.
public final class SessionRegistry: Sendable {
    public let limits: ServerLimits
    /// The fonts sessions measure text with.
    public let fonts: SessionFonts
    private let state: NIOLockedValueBox<State>

    struct State {
        var sessions: [String: Session] = [:]
        /// Creation order, so listings are stable.
        var order: [String] = []
        var nextSessionNumber = 1
        var nextSubscriptionNumber = 1
        /// Creation order, kept by the store so a restart lists sessions as before.
        var nextOrder = 0
        /// Where sessions are kept (`--state-dir`); nil keeps them in memory only.
        var store: StateStore?
        /// subscriptionId -> (sessionId, connection id)
        var subscriptions: [String: (sessionId: String, connectionId: Int)] = [:]
    }

    public init(limits: ServerLimits = ServerLimits(), fonts: SessionFonts = SessionFonts()) {
        self.limits = limits
        self.fonts = fonts
        self.state = NIOLockedValueBox(State())
    }

    public var count: Int { state.withLockedValue { $0.sessions.count } }

    /// Keeps every session in `store` from now on.
    public func attach(_ store: StateStore) { state.withLockedValue { $0.store = store } }

    /// Adds the sessions a store held at start, with their ids and versions, without writing them again.
    public func restore(_ stored: [StateStore.StoredSession]) throws(RPCError) {
        for s in stored {
            var (name, model) = try SessionDocument.decode(s.document, limits: limits.model)
            // A font file gone since the session was stored leaves the session on the calibrated tables.
            if let measured = try? fonts.measured(model.config, path: "policies.textFont.file") {
                model.config = measured
            }
            _ = try add(
                name: s.name.isEmpty ? (name.isEmpty ? nil : name) : s.name, origin: s.origin, model: model, id: s.id, persist: false)
        }
    }

    func session(_ id: String) throws(RPCError) -> Session {
        guard let s = state.withLockedValue({ $0.sessions[id] }) else { throw RPCError.unknownSession(id) }
        return s
    }

    /// Adds a session; `id` keeps a restored session's id when free. With a store, the new session is queued
    /// for it before anyone can reach it, and the ticket says when it is durable.
    func add(
        name: String?, origin: SessionOrigin? = nil, model: NavigationModel, id: String? = nil, persist: Bool = true
    ) throws(RPCError) -> (id: String, session: Session, ticket: CommitTicket?) {
        let limits = limits
        let outcome = state.withLockedValue { s -> Result<(id: String, session: Session, ticket: CommitTicket?), RPCError> in
            guard s.sessions.count < limits.maxSessions else {
                return .failure(
                    RPCError.limitExceeded(
                        name: "maxSessions", limit: limits.maxSessions,
                        message: "too many sessions (--max-sessions \(limits.maxSessions)); close one first"))
            }
            var sessionId = id ?? ""
            if sessionId.isEmpty || s.sessions[sessionId] != nil {
                repeat {
                    sessionId = "s\(s.nextSessionNumber)"
                    s.nextSessionNumber += 1
                } while s.sessions[sessionId] != nil
            }
            let session = Session(
                id: sessionId, name: name ?? sessionId, origin: origin, model: model, store: s.store, order: s.nextOrder)
            s.nextOrder += 1
            s.sessions[sessionId] = session
            s.order.append(sessionId)
            let ticket =
                persist
                ? s.store?.enqueue(
                    .upsert(
                        id: sessionId, order: s.nextOrder - 1, name: name ?? sessionId, version: model.version,
                        document: SessionDocument.encodeStored(name: name ?? sessionId, model: model),
                        origin: origin?.json.serialized())) : nil
            return .success((sessionId, session, ticket))
        }
        return try outcome.get()
    }

    /// Closes a session; the ticket says when the store has forgotten it.
    func close(_ id: String) throws(RPCError) -> CommitTicket? {
        let session = state.withLockedValue { s -> Session? in
            guard let session = s.sessions.removeValue(forKey: id) else { return nil }
            s.order.removeAll { $0 == id }
            for (sub, entry) in s.subscriptions where entry.sessionId == id { s.subscriptions[sub] = nil }
            return session
        }
        guard let session else { throw RPCError.unknownSession(id) }
        return session.close()
    }

    func all() -> [Session] { state.withLockedValue { s in s.order.compactMap { s.sessions[$0] } } }

    func subscribe(sessionId: String, connection: ConnectionHandle, topics: Set<Topic>) throws(RPCError) -> (String, Int) {
        let limits = limits
        let outcome = state.withLockedValue { s -> Result<(String, Session), RPCError> in
            guard let session = s.sessions[sessionId] else { return .failure(RPCError.unknownSession(sessionId)) }
            let held = s.subscriptions.values.filter { $0.connectionId == connection.id }.count
            guard held < limits.maxSubscriptionsPerConnection else {
                return .failure(
                    RPCError.limitExceeded(
                        name: "maxSubscriptions", limit: limits.maxSubscriptionsPerConnection,
                        message: "too many subscriptions on this connection (--max-subscriptions \(limits.maxSubscriptionsPerConnection))"))
            }
            let subId = "sub\(s.nextSubscriptionNumber)"
            s.nextSubscriptionNumber += 1
            s.subscriptions[subId] = (sessionId, connection.id)
            return .success((subId, session))
        }
        let (subId, session) = try outcome.get()
        let version = try session.subscribe(Subscription(id: subId, connection: connection, topics: topics))
        return (subId, version)
    }

    func unsubscribe(_ subscriptionId: String, connectionId: Int) throws(RPCError) {
        let session = state.withLockedValue { s -> Session?? in
            guard let entry = s.subscriptions[subscriptionId], entry.connectionId == connectionId else { return .none }
            s.subscriptions[subscriptionId] = nil
            return .some(s.sessions[entry.sessionId])
        }
        guard let session else {
            throw RPCError.invalidParams(
                path: "subscriptionId", expected: "a subscription of this connection",
                message: "no subscription '\(subscriptionId)' on this connection")
        }
        session?.unsubscribe(subscriptionId)
    }

    /// Drops every subscription of a closed connection.
    func dropConnection(_ connectionId: Int) {
        let mine = state.withLockedValue { s -> [(String, Session?)] in
            let mine = s.subscriptions.filter { $0.value.connectionId == connectionId }
            for sub in mine.keys { s.subscriptions[sub] = nil }
            return mine.map { ($0.key, s.sessions[$0.value.sessionId]) }
        }
        for (sub, session) in mine { session?.unsubscribe(sub) }
    }
}

import JSONCore
import NavProtocol
import NavTransport

/// What one connection is owed per session for the session notifications its outbound bound dropped
/// (PROTOCOL.md section 6): a slow reader loses changes only in exchange for one `session/resync`.
///
/// The connection's queue (NavTransport's ``NavTransport/OutboundBudget``) says whether a notification fits;
/// this says, per session, whether it is sent. The rule, exactly:
/// - A notification of session S at version v is **dropped** when S is awaiting a resync (an earlier
///   notification of S was dropped and its resync is not handed out yet: the drop's version is raised to v),
///   or when v is not newer than the version of the last resync handed out for S (the client's snapshot
///   covers it), or when it does not fit (S then awaits a resync at v).
/// - Otherwise it is sent, and S's last resync no longer matters.
/// - Once the queue has drained, ``drained()`` hands out each session awaiting a resync exactly once, in the
///   order they were first dropped, with its latest dropped version; notifications of S newer than that
///   version flow again.
/// - ``forget(sessionId:)`` clears S when it closes or the connection's last subscription to it ends: no
///   resync for it follows.
///
/// A session is never both awaiting a resync and holding a resync's version.
struct ResyncBudget: Sendable {
    /// One `session/resync` due: the session and the newest version the client missed.
    struct Resync: Sendable, Hashable {
        var sessionId: String
        var version: Int
    }

    /// Sessions with dropped notifications, in first-drop order, with their latest dropped version.
    private var dropped: [Resync] = []
    /// Per session, the version of the last resync handed out; older notifications are stale.
    private var resyncedAt: [String: Int] = [:]

    /// Sessions currently awaiting a resync, in first-drop order.
    var awaitingResync: [String] { dropped.map(\.sessionId) }

    /// Whether the notification of `sessionId` at `version` is sent; `fits` is whether the queue has room.
    mutating func admit(sessionId: String, version: Int, fits: Bool) -> Bool {
        if let index = dropped.firstIndex(where: { $0.sessionId == sessionId }) {
            assert(resyncedAt[sessionId] == nil, "a session awaiting a resync holds no resync's version")
            dropped[index].version = max(dropped[index].version, version)
            return false
        }
        // Checked for emptiness first: a connection that never fell behind (nearly all) hashes no session id.
        if !resyncedAt.isEmpty, let floor = resyncedAt[sessionId] {
            if version <= floor { return false }
            resyncedAt[sessionId] = nil
        }
        guard fits else {
            dropped.append(Resync(sessionId: sessionId, version: version))
            return false
        }
        return true
    }

    /// The resyncs due now that the queue has drained: each session awaiting one, once.
    mutating func drained() -> [Resync] {
        let due = dropped
        dropped = []
        for resync in due {
            precondition(resyncedAt[resync.sessionId] == nil, "a session awaiting a resync held a resync's version")
            resyncedAt[resync.sessionId] = resync.version
        }
        return due
    }

    /// Forgets `sessionId` (closed, or no longer followed on this connection): no resync will be handed out for it.
    mutating func forget(sessionId: String) {
        dropped.removeAll { $0.sessionId == sessionId }
        resyncedAt[sessionId] = nil
    }
}

/// What a droppable `session/didChange` or `session/diagnostics` is about: one per session version, shared by
/// every subscriber it goes to.
final class SessionNotice: OutboundTag {
    let sessionId: String
    let version: Int
    init(sessionId: String, version: Int) {
        self.sessionId = sessionId
        self.version = version
    }
}

/// The end of a connection's interest in a session (it closed, or the connection's last subscription to it
/// ended), in order with the notifications before it.
final class SessionForgotten: OutboundTag {
    let sessionId: String
    init(sessionId: String) { self.sessionId = sessionId }
}

/// A connection's ``ResyncBudget``, as its outbound observer: created when the connection opens and used only on
/// its event loop (the connection's outbox holds it, and only the connection's channel handler, on that loop, uses
/// the outbox).
final class ConnectionResyncs: OutboundObserver {
    private(set) var budget = ResyncBudget()

    func admit(_ tag: any OutboundTag, fits: Bool) -> Bool {
        guard let notice = tag as? SessionNotice else {
            preconditionFailure("a droppable notification without a session: \(type(of: tag))")
        }
        return budget.admit(sessionId: notice.sessionId, version: notice.version, fits: fits)
    }

    func reached(_ tag: any OutboundTag) {
        guard let forgotten = tag as? SessionForgotten else {
            preconditionFailure("a marker that is not a session forgotten: \(type(of: tag))")
        }
        budget.forget(sessionId: forgotten.sessionId)
    }

    func drained() -> [JSON] {
        budget.drained().map {
            Envelope.notification(
                method: NavProtocol.Resync.name, params: Notifications.resync(sessionId: $0.sessionId, version: $0.version))
        }
    }
}

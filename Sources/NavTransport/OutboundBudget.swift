/// Outbound flow control for one connection (PROTOCOL.md section 6): a slow reader
/// never slows anyone else, and loses changes only in exchange for one `session/resync`.
///
/// The connection reports every byte it hands to the socket (``enqueued(_:)`` for replies,
/// resyncs and other unconditional messages, ``admitNotification(sessionId:version:bytes:)``
/// for session notifications) and every byte the socket has written (``written(_:)``).
/// ``pendingBytes`` is the difference.
///
/// The rule, exactly:
/// - Replies are always admitted and counted.
/// - A notification for session S at version v is **dropped** when S is awaiting a resync
///   (an earlier notification of S was dropped and its resync is not yet handed out), or
///   when v is not newer than the version of the last resync handed out for S (the client's
///   snapshot already covers it), or when admitting it would take ``pendingBytes`` past
///   ``maxPendingBytes`` while something is pending (an idle connection always takes one
///   notification, however large). A drop remembers S with the latest dropped version.
/// - Otherwise it is admitted and counted.
/// - Once ``pendingBytes`` is at or below ``lowWaterBytes`` (half the bound),
///   ``drainedResyncs()`` hands out each remembered session exactly once, in the order
///   they were first dropped, with its latest dropped version; the connection sends one
///   `session/resync {sessionId, version}` for each (counting it with ``enqueued(_:)``).
///   From then on, notifications of S newer than that version flow again.
/// - ``forget(sessionId:)`` clears S when it closes or the connection unsubscribes.
public struct OutboundBudget: Sendable {
    /// One `session/resync` due: the session and the newest version the client missed.
    public struct Resync: Sendable, Hashable {
        public var sessionId: String
        public var version: Int
        public init(sessionId: String, version: Int) {
            self.sessionId = sessionId
            self.version = version
        }
    }

    /// The default bound on bytes handed to the socket but not yet written: 4 MiB.
    public static let defaultMaxPendingBytes = 4 << 20

    /// Notifications are dropped past this many pending bytes.
    public let maxPendingBytes: Int
    /// Resyncs are handed out once pending bytes are at or below this mark (half the bound).
    public var lowWaterBytes: Int { maxPendingBytes / 2 }
    /// Bytes handed to the socket and not yet written.
    public private(set) var pendingBytes = 0

    /// Sessions with dropped notifications, in first-drop order, with their latest dropped version.
    private var dropped: [Resync] = []
    /// Per session, the version of the last resync handed out; older notifications are stale.
    private var resyncedAt: [String: Int] = [:]

    /// Creates a budget with the given bound (at least 1 byte).
    public init(maxPendingBytes: Int = OutboundBudget.defaultMaxPendingBytes) {
        self.maxPendingBytes = max(1, maxPendingBytes)
    }

    /// Sessions currently awaiting a resync.
    public var awaitingResync: [String] { dropped.map(\.sessionId) }

    /// Counts bytes that are always sent (a reply, a resync, `session/didClose`).
    public mutating func enqueued(_ bytes: Int) {
        pendingBytes += max(0, bytes)
    }

    /// Counts bytes the socket has written.
    public mutating func written(_ bytes: Int) {
        pendingBytes = max(0, pendingBytes - max(0, bytes))
    }

    /// Decides whether a notification of `sessionId` at `version` is sent (true, and counted)
    /// or dropped (false, and remembered for a resync). See the type's rule.
    public mutating func admitNotification(sessionId: String, version: Int, bytes: Int) -> Bool {
        if let index = dropped.firstIndex(where: { $0.sessionId == sessionId }) {
            dropped[index].version = max(dropped[index].version, version)
            return false
        }
        // Checked for emptiness first: a connection that never fell behind (nearly all) hashes no session id.
        if !resyncedAt.isEmpty, let floor = resyncedAt[sessionId] {
            if version <= floor { return false }
            resyncedAt[sessionId] = nil
        }
        let size = max(0, bytes)
        if pendingBytes > 0 && pendingBytes + size > maxPendingBytes {
            dropped.append(Resync(sessionId: sessionId, version: version))
            return false
        }
        pendingBytes += size
        return true
    }

    /// The resyncs due now: empty unless pending bytes are at or below ``lowWaterBytes``;
    /// each dropped session is returned once.
    public mutating func drainedResyncs() -> [Resync] {
        guard !dropped.isEmpty, pendingBytes <= lowWaterBytes else { return [] }
        let due = dropped
        dropped = []
        for resync in due { resyncedAt[resync.sessionId] = resync.version }
        return due
    }

    /// Forgets `sessionId` (closed, or no longer subscribed): no resync will be handed out for it.
    public mutating func forget(sessionId: String) {
        dropped.removeAll { $0.sessionId == sessionId }
        resyncedAt[sessionId] = nil
    }
}

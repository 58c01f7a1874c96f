import JSONCore

/// The byte bound of one connection's outbound queue (PROTOCOL.md section 6): a slow reader never slows anyone
/// else, and its owner learns what it lost.
///
/// The connection reports every byte it queues (``enqueued(_:)``) and every byte the socket has written
/// (``written(_:)``); ``pendingBytes`` is the difference. The rule, exactly:
/// - A message that is never dropped (a reply, anything sent with ``ConnectionHandle``'s sends) is always
///   counted.
/// - A droppable notification fits (``fits(_:)``) when nothing is pending (an idle connection always takes one,
///   however large) or when it keeps ``pendingBytes`` within ``maxPendingBytes``. One that does not fit is
///   dropped, and the budget owes its owner a drain report (``dropped()``).
/// - Once ``pendingBytes`` is at or below ``lowWaterBytes`` (half the bound), ``takeDrained()`` reports the
///   drain owed, once; a drop after that owes another.
///
/// What a dropped notification was about, and what the peer is owed for it, is the owner's
/// (``OutboundObserver``): the budget counts bytes only.
public struct OutboundBudget: Sendable {
    /// The default bound on bytes handed to the socket but not yet written: 4 MiB.
    public static let defaultMaxPendingBytes = 4 << 20

    /// Droppable notifications that do not fit past this many pending bytes are dropped.
    public let maxPendingBytes: Int
    /// A drain is reported once pending bytes are at or below this mark (half the bound).
    public var lowWaterBytes: Int { maxPendingBytes / 2 }
    /// Bytes handed to the socket and not yet written.
    public private(set) var pendingBytes = 0
    /// A notification was dropped since the last drain was reported.
    public private(set) var owesDrain = false

    /// Creates a budget with the given bound (at least 1 byte).
    public init(maxPendingBytes: Int = OutboundBudget.defaultMaxPendingBytes) {
        self.maxPendingBytes = max(1, maxPendingBytes)
    }

    /// Counts bytes queued.
    public mutating func enqueued(_ bytes: Int) {
        pendingBytes += max(0, bytes)
    }

    /// Counts bytes the socket has written.
    public mutating func written(_ bytes: Int) {
        pendingBytes = max(0, pendingBytes - max(0, bytes))
    }

    /// Whether a droppable notification of `bytes` may be queued now.
    public func fits(_ bytes: Int) -> Bool {
        pendingBytes == 0 || pendingBytes + max(0, bytes) <= maxPendingBytes
    }

    /// A droppable notification did not fit and was dropped: a drain report is owed.
    public mutating func dropped() {
        precondition(pendingBytes > 0, "a notification was dropped while nothing was pending: an idle connection takes one")
        owesDrain = true
    }

    /// Whether the drain owed since a drop is due now (at or below ``lowWaterBytes``); true once per drop spell.
    public mutating func takeDrained() -> Bool {
        guard owesDrain, pendingBytes <= lowWaterBytes else { return false }
        owesDrain = false
        return true
    }

    /// Whether pending bytes are within the bound (the connection reads again).
    public var isWithinBound: Bool { pendingBytes <= maxPendingBytes }
}

/// A droppable notification's or a marker's meaning to the connection's owner: opaque to the transport, which
/// hands it back to the connection's ``OutboundObserver``.
public protocol OutboundTag: AnyObject, Sendable {}

/// What a connection's owner keeps about its droppable notifications (``Broadcast/add(_:to:tag:)``): which to
/// queue, what a drop costs, and what to send once the queue has drained. Called only on the connection's event
/// loop, in the order its deliveries are queued (the connection's outbox holds it, and the outbox is its channel
/// handler's, used only on that loop), and never while the observer is already being called.
public protocol OutboundObserver: AnyObject {
    /// A droppable notification tagged `tag` reaches the connection's queue; `fits` says whether the byte bound
    /// has room for it. Returns whether to queue it: when `fits` is false it is dropped whatever this returns, and
    /// the observer is told ``drained()`` once the queue has drained.
    func admit(_ tag: any OutboundTag, fits: Bool) -> Bool
    /// A marker (``Broadcast/mark(_:at:)``) reaches the connection's queue, after everything added before it.
    func reached(_ tag: any OutboundTag)
    /// The queue has drained to half its bound since a notification was dropped. Returns the notifications to
    /// queue now, never dropped, ahead of any delivery not queued yet.
    func drained() -> [JSON]
}

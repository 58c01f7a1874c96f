import DequeModule
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The one way into an event loop's connections from other threads: every ``Broadcast`` hands each loop its
/// connections' notifications here, in one list, and the loop queues them to the connections' outboxes in the
/// order they arrived. Every connection of the loop uses the same inbox (whoever serves connections on a loop
/// makes one inbox for it: ``UnixSocketServer`` one per loop of its group).
///
/// The order a client sees follows from arrival order alone: before a connection queues a reply it queues
/// everything that arrived here for it first (``queueArrived(for:)``), so a notification handed over while a
/// request was handled (before the handler returned) is queued ahead of that request's reply, and ahead of the
/// reply to anything a client asks after receiving it. Only the replying connection's own deliveries go
/// first: a mutator's reply is not held back while its thousand subscribers' notifications are queued (the
/// write-out task queues those, after the reply is written).
///
/// The loop then writes the connections out in a task of its own, at most a batch of them per run (the oldest
/// waiting connection's ``ConnectionLimits/writeOutBatch``), reading again between batches. A hand-over from
/// another event loop's thread (a mutation fanning out to subscribers everywhere) starts that task only once the
/// sender's loop has finished its current round of reads, so the mutator's own reply goes out before any
/// subscriber's socket is written: the notifications are already in order, only their writing waits.
public final class LoopInbox: Sendable {
    /// The loop whose connections this inbox serves.
    public let loop: any EventLoop
    /// Where other threads meet the loop, and so the one lock on a connection's path: any thread may hand over
    /// deliveries, the loop takes them.
    private let handoff = NIOLockedValueBox(Handoff())
    /// Connections with bytes queued that the write-out task has not reached yet, in the order they were woken.
    /// The loop's alone, checked on every access. A connection is added when its write-out becomes due, so it
    /// is here once, unless it wrote itself out meanwhile (at the end of a read burst of its own) and became
    /// due again: its earlier turn then finds nothing to write.
    private let waiting: NIOLoopBoundBox<Deque<ConnectionHandle>>

    struct Handoff {
        /// Deliveries not yet queued to their connections, in the order they were handed over.
        var arrived: [Broadcast.Delivery] = []
        /// The write-out task is on its way: set whenever something arrives or waits, cleared by the task once
        /// nothing does.
        var taskDue = false
        /// Work handed over from other threads (``execute(_:)``), in the order it was.
        var tasks: [@Sendable () -> Void] = []
        /// The task that runs `tasks` is on its way.
        var tasksDue = false
    }

    /// An inbox for `loop`'s connections: one per loop, shared by every connection on it.
    public init(serving loop: any EventLoop) {
        self.loop = loop
        self.waiting = .makeBoxSendingValue(Deque(), eventLoop: loop)
    }

    // MARK: From any thread

    /// Takes `deliveries` (for connections of this loop) to queue and write out soon, on this loop.
    func deliver(_ deliveries: [Broadcast.Delivery]) {
        let start = handoff.withLockedValue { h -> Bool in
            // Nearly always nothing is waiting: the broadcast's list is kept as it is, not copied.
            if h.arrived.isEmpty {
                h.arrived = deliveries
            } else {
                h.arrived.append(contentsOf: deliveries)
            }
            defer { h.taskDue = true }
            return !h.taskDue
        }
        guard start else { return }
        if let current = MultiThreadedEventLoopGroup.currentEventLoop, current !== loop {
            // After the sender's loop has handled its current reads (and written the mutator's reply).
            current.execute { self.loop.execute { self.writeOutWaiting() } }
        } else {
            loop.execute { self.writeOutWaiting() }
        }
    }

    /// Runs `task` on the loop, after the tasks handed over before it. Tasks handed over before the loop gets to
    /// them run in one of its turns, for one wake-up: a group commit completes its changes' replies one after
    /// another from the store's thread, and a wake-up each cost that many locked hand-overs and `eventfd`
    /// writes (about 7% of navd's time with 16 clients mutating durably).
    func execute(_ task: @escaping @Sendable () -> Void) {
        let start = handoff.withLockedValue { h -> Bool in
            h.tasks.append(task)
            defer { h.tasksDue = true }
            return !h.tasksDue
        }
        if start { loop.execute { self.runTasks() } }
    }

    // MARK: On the loop

    /// Runs the tasks handed over so far, in order; one handed over meanwhile starts another run.
    private func runTasks() {
        let tasks = handoff.withLockedValue { h -> [@Sendable () -> Void] in
            defer {
                h.tasks = []
                h.tasksDue = false
            }
            return h.tasks
        }
        for task in tasks { task() }
    }

    /// Queues the deliveries for `connection` that arrived so far, in arrival order, and leaves the others
    /// where they are. A connection calls it before it queues a reply. Its cost when something waits is a scan
    /// of the waiting list (a thousand subscribers' deliveries: about a microsecond), and a copy of it only
    /// when some are the connection's.
    func queueArrived(for connection: ConnectionHandle) {
        loop.assertInEventLoop()
        let mine = handoff.withLockedValue { h -> [Broadcast.Delivery] in
            guard !h.arrived.isEmpty, h.arrived.contains(where: { $0.connection === connection }) else { return [] }
            assert(h.taskDue, "deliveries arrived without a write-out task on its way")
            var mine: [Broadcast.Delivery] = []
            var rest: [Broadcast.Delivery] = []
            rest.reserveCapacity(h.arrived.count)
            for delivery in h.arrived {
                if delivery.connection === connection { mine.append(delivery) } else { rest.append(delivery) }
            }
            h.arrived = rest
            return mine
        }
        queue(mine)
    }

    /// Queues every delivery that arrived so far to its connection, in arrival order (the write-out task).
    private func queueArrived() {
        loop.assertInEventLoop()
        let arrived = handoff.withLockedValue { h -> [Broadcast.Delivery] in
            guard !h.arrived.isEmpty else { return [] }
            // The task is due (it was set with the first arrival), so the connections these wake are written out.
            assert(h.taskDue, "deliveries arrived without a write-out task on its way")
            defer { h.arrived = [] }
            return h.arrived
        }
        queue(arrived)
    }

    /// Queues each delivery to its connection's outbox, in order, and lists for the write-out task each
    /// connection that now has bytes and no burst of its own to write them.
    private func queue(_ deliveries: [Broadcast.Delivery]) {
        for delivery in deliveries {
            if delivery.connection.owner.value?.queueDelivery(delivery) == true { waiting.value.append(delivery.connection) }
        }
    }

    /// Writes `connection` out in the loop's next write-out task (its outbox had nobody due to write it).
    func wake(_ connection: ConnectionHandle) {
        loop.assertInEventLoop()
        waiting.value.append(connection)
        let start = handoff.withLockedValue { h -> Bool in
            defer { h.taskDue = true }
            return !h.taskDue
        }
        if start { loop.execute { self.writeOutWaiting() } }
    }

    /// Queues what arrived and writes out a batch of waiting connections, oldest first: as many as the oldest
    /// one's ``ConnectionLimits/writeOutBatch``. The rest wait for the loop's next round, after the reads that
    /// are ready by then: a request that arrives while a thousand subscribers are being written to is answered
    /// after one batch, not after all of them. What it broadcasts is queued to each connection at once, so a
    /// connection still waiting is written both notifications in one write.
    private func writeOutWaiting() {
        queueArrived()
        let batch = waiting.withValue { waiting -> [ConnectionHandle] in
            let count = min(waiting.count, waiting.first?.writeOutBatch ?? 0)
            defer { waiting.removeFirst(count) }
            return Array(waiting.prefix(count))
        }
        for connection in batch { connection.owner.value?.writeOut() }
        let again = handoff.withLockedValue { h -> Bool in
            // What arrived or woke while this ran found the task due (this one), so it runs again for it.
            h.taskDue = !h.arrived.isEmpty || !waiting.value.isEmpty
            return h.taskDue
        }
        if again { loop.execute { self.writeOutWaiting() } }
    }
}

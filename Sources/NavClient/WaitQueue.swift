/// A FIFO that hands each value to exactly one taker: a waiting one, else the next to ask.
///
/// Used inside `NavClient`'s isolation; it never suspends, so a value is either buffered or
/// given to a waiter, never both and never lost. Waiters are named by an id so a timeout or a
/// cancellation can withdraw exactly the waiter it belongs to, even before it registered.
struct WaitQueue<Element: Sendable> {
    private var buffer: [Element] = []
    private var head = 0
    private var waiters: [(id: Int, continuation: CheckedContinuation<Element?, Never>)] = []
    /// Waiters withdrawn before they registered.
    private var withdrawn: Set<Int> = []
    private(set) var isFinished = false

    var bufferedCount: Int { buffer.count - head }

    /// Delivers `value` to the oldest waiter, or buffers it.
    mutating func push(_ value: Element) {
        if !waiters.isEmpty {
            waiters.removeFirst().continuation.resume(returning: value)
        } else {
            buffer.append(value)
        }
    }

    /// The oldest buffered value, if any.
    mutating func popBuffered() -> Element? {
        guard head < buffer.count else { return nil }
        let value = buffer[head]
        head += 1
        if head > 64, head * 2 > buffer.count {
            buffer.removeFirst(head)
            head = 0
        }
        return value
    }

    /// Registers a waiter; resumes it at once with a buffered value, or nil when finished or withdrawn.
    mutating func wait(id: Int, _ continuation: CheckedContinuation<Element?, Never>) {
        if withdrawn.remove(id) != nil {
            continuation.resume(returning: nil)
        } else if let value = popBuffered() {
            continuation.resume(returning: value)
        } else if isFinished {
            continuation.resume(returning: nil)
        } else {
            waiters.append((id, continuation))
        }
    }

    /// Withdraws a waiter: it resumes with nil. A waiter that already got a value is left alone.
    mutating func withdraw(id: Int) {
        if let index = waiters.firstIndex(where: { $0.id == id }) {
            waiters.remove(at: index).continuation.resume(returning: nil)
        } else {
            withdrawn.insert(id)
        }
    }

    /// Forgets a withdrawal that was never needed.
    mutating func settle(id: Int) {
        withdrawn.remove(id)
    }

    /// No more values will come: waiters resume with nil; buffered values can still be taken.
    mutating func finish() {
        isFinished = true
        let pending = waiters
        waiters.removeAll()
        for waiter in pending { waiter.continuation.resume(returning: nil) }
    }
}

import NIOConcurrencyHelpers

/// A thread-safe FIFO with timed waits: each value goes to exactly one taker.
///
/// Producers may be threads (`put` never blocks or suspends). A timed-out waiter is withdrawn
/// under the same lock that delivers values, so a value is never handed to a waiter that gave up.
final class Mailbox<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var buffer: [Element] = []
        var waiters: [(id: Int, continuation: CheckedContinuation<Element?, Never>)] = []
        var withdrawn: Set<Int> = []
        var nextID = 0
        var finished = false
    }

    private let state = NIOLockedValueBox(State())

    init() {}

    func put(_ value: Element) {
        let waiter: CheckedContinuation<Element?, Never>? = state.withLockedValue { state in
            if state.waiters.isEmpty {
                state.buffer.append(value)
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        waiter?.resume(returning: value)
    }

    /// No more values: waiters get nil; buffered values can still be taken.
    func finish() {
        let waiters = state.withLockedValue { state in
            state.finished = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.continuation.resume(returning: nil) }
    }

    var isFinished: Bool { state.withLockedValue { $0.finished && $0.buffer.isEmpty } }

    /// Everything buffered now, without waiting.
    func drain() -> [Element] {
        state.withLockedValue { state in
            defer { state.buffer.removeAll() }
            return state.buffer
        }
    }

    /// The next value, or nil when none arrives within `timeout` or the mailbox is finished.
    func next(timeout: Duration) async -> Element? {
        let id: Int? = state.withLockedValue { state in
            if !state.buffer.isEmpty || state.finished { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else {
            return state.withLockedValue { state in state.buffer.isEmpty ? nil : state.buffer.removeFirst() }
        }
        let value = await withTaskGroup(of: Element??.self) { group in
            group.addTask { .some(await self.wait(id)) }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                    self.withdraw(id)
                } catch {}
                return .none
            }
            var answer: Element?
            while let outcome = await group.next() {
                if case .some(let value) = outcome {
                    answer = value
                    break
                }
            }
            group.cancelAll()
            return answer
        }
        state.withLockedValue { _ = $0.withdrawn.remove(id) }
        return value
    }

    private func wait(_ id: Int) async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                let immediate: Element?? = state.withLockedValue { state in
                    if state.withdrawn.remove(id) != nil { return .some(nil) }
                    if !state.buffer.isEmpty { return .some(state.buffer.removeFirst()) }
                    if state.finished { return .some(nil) }
                    state.waiters.append((id, continuation))
                    return .none
                }
                if case .some(let value) = immediate { continuation.resume(returning: value) }
            }
        } onCancel: {
            self.withdraw(id)
        }
    }

    private func withdraw(_ id: Int) {
        let waiter: CheckedContinuation<Element?, Never>? = state.withLockedValue { state in
            if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                return state.waiters.remove(at: index).continuation
            }
            state.withdrawn.insert(id)
            return nil
        }
        waiter?.resume(returning: nil)
    }
}

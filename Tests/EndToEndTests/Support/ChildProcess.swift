import Foundation
import NIOConcurrencyHelpers

/// A started child process whose exit can be awaited with a bound, and which is killed when dropped.
///
/// The `Process` object is touched only while starting; afterwards signals go to `pid` and the
/// exit status arrives through the termination handler into a lock-protected state.
final class ChildProcess: Sendable {
    private struct State: Sendable {
        var status: Int32?
        var waiters: [Int: CheckedContinuation<Int32?, Never>] = [:]
        var withdrawn: Set<Int> = []
        var nextID = 0
    }

    let pid: Int32
    let executable: String
    private let state: NIOLockedValueBox<State>

    /// Starts `executable` with `arguments`; stdio as given (nil: /dev/null).
    init(
        executable: String, arguments: [String], environment: [String: String]? = nil,
        standardInput: FileHandle? = nil, standardOutput: Any? = nil, standardError: Any? = nil,
        currentDirectory: String? = nil
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HarnessError("\(executable) is not built; run `swift build` first (or set NAVD_BIN / NAVCTL_BIN)")
        }
        let state = NIOLockedValueBox(State())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.standardInput = standardInput ?? FileHandle.nullDevice
        process.standardOutput = standardOutput ?? FileHandle.nullDevice
        process.standardError = standardError ?? FileHandle.nullDevice
        process.terminationHandler = { finished in
            // Shell convention: a death by signal N reads as 128 + N.
            let status = finished.terminationReason == .uncaughtSignal ? 128 + finished.terminationStatus : finished.terminationStatus
            let waiters = state.withLockedValue { state in
                state.status = status
                defer { state.waiters.removeAll() }
                return state.waiters
            }
            for waiter in waiters.values { waiter.resume(returning: status) }
        }
        try process.run()
        self.pid = process.processIdentifier
        self.executable = executable
        self.state = state
    }

    /// The exit status, if it has exited.
    var exitStatus: Int32? { state.withLockedValue { $0.status } }

    var isRunning: Bool { exitStatus == nil }

    /// Sends `signal` unless the process has already exited.
    func signal(_ signal: Int32) {
        state.withLockedValue { state in
            if state.status == nil { _ = Foundation.kill(pid, signal) }
        }
    }

    /// Waits for the exit, up to `timeout`; throws when it is still running then.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await self.exit() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let status = status ?? exitStatus else {
            throw HarnessError("\(executable) (pid \(pid)) did not exit within \(timeout)")
        }
        return status
    }

    private func exit() async -> Int32? {
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
                let done: Int32?? = state.withLockedValue { state in
                    if state.withdrawn.remove(id) != nil { return .some(nil) }
                    if let status = state.status { return .some(status) }
                    state.waiters[id] = continuation
                    return .none
                }
                if case .some(let value) = done { continuation.resume(returning: value) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Int32?, Never>? = state.withLockedValue { state in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                state.withdrawn.insert(id)
                return nil
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Kills the process (SIGKILL) and waits for it to be reaped.
    func kill() async {
        signal(SIGKILL)
        _ = try? await waitForExit(timeout: .seconds(10))
    }

    deinit {
        state.withLockedValue { state in
            if state.status == nil { _ = Foundation.kill(pid, SIGKILL) }
        }
    }
}

import Foundation
import NavClient
import NavFraming
import NavTransport

/// The real `navd` binary, started on a socket in its own temporary directory.
///
/// Start it with `DaemonProcess.start(...)`, or better `withDaemon { daemon in ... }`, which always
/// kills it and removes its directory. Dropping it kills it too.
final class DaemonProcess: Sendable {
    let directory: TemporaryDirectory
    let socketPath: String
    /// Where the daemon's stderr goes.
    let stderrPath: String
    let process: ChildProcess

    var pid: Int32 { process.pid }

    private init(directory: TemporaryDirectory, socketPath: String, stderrPath: String, process: ChildProcess) {
        self.directory = directory
        self.socketPath = socketPath
        self.stderrPath = stderrPath
        self.process = process
    }

    /// Starts navd with `--socket <socketPath>` and `arguments`, and, when `waitUntilReady`,
    /// waits until the socket accepts connections (connect attempts with a short backoff, 10 s at most).
    ///
    /// - Parameters:
    ///   - socketPath: default `<fresh temp dir>/navd.sock`.
    ///   - directory: the temporary directory to use (shared when two daemons race for one socket).
    ///   - environment: variables added to the test's own for the daemon.
    static func start(
        _ arguments: [String] = [], socketPath: String? = nil, directory: TemporaryDirectory? = nil,
        waitUntilReady: Bool = true, name: String = "navd", environment: [String: String] = [:]
    ) async throws -> DaemonProcess {
        let directory = try directory ?? TemporaryDirectory()
        let socket = socketPath ?? directory.file("navd.sock")
        let stderrPath = directory.file("\(name)-\(UUID().uuidString.prefix(8)).stderr")
        var arguments = arguments
        if !arguments.contains("--log-level"), let level = ProcessInfo.processInfo.environment["NAVD_E2E_LOG_LEVEL"] {
            arguments += ["--log-level", level]
        }
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        guard let stderr = FileHandle(forWritingAtPath: stderrPath) else {
            throw HarnessError("cannot open \(stderrPath)")
        }
        defer { try? stderr.close() }
        let process = try ChildProcess(
            executable: Paths.navd, arguments: ["--socket", socket] + arguments,
            environment: environment.isEmpty
                ? nil : ProcessInfo.processInfo.environment.merging(environment, uniquingKeysWith: { _, added in added }),
            standardError: stderr)
        let daemon = DaemonProcess(directory: directory, socketPath: socket, stderrPath: stderrPath, process: process)
        if waitUntilReady { try await daemon.waitUntilAccepting() }
        return daemon
    }

    /// How long a test waits for a daemon to start listening before it gives up. Only a daemon that never
    /// listens reaches it (one that exits is reported at once), so it is generous: under the sanitizers, with
    /// every suite's daemons starting at once on two cores, a start has taken more than ten seconds, and with
    /// other builds on the same cores one has taken a full minute.
    static let startBound = Duration.seconds(180)

    /// Waits until the socket accepts a connection: 5 ms between attempts, doubling up to 100 ms, `startBound`
    /// in all.
    func waitUntilAccepting(within bound: Duration = startBound) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: bound)
        var delay = Duration.milliseconds(5)
        while true {
            if Sockets.accepts(socketPath) { return }
            if let status = process.exitStatus {
                throw HarnessError("navd exited with status \(status) before accepting connections; stderr:\n\(stderr())")
            }
            if clock.now >= deadline {
                throw HarnessError("navd did not accept connections on \(socketPath) within \(bound); stderr:\n\(stderr())")
            }
            try await Task.sleep(for: delay)
            delay = min(delay * 2, .milliseconds(100))
        }
    }

    /// A client connected as soon as the daemon accepts: for a daemon started with
    /// `waitUntilReady: false`, so no readiness probe takes a connection slot (bounded backoff, `startBound`).
    func connectWhenReady(within bound: Duration = startBound) async throws -> NavClient {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: bound)
        var delay = Duration.milliseconds(5)
        while true {
            do {
                return try await connect()
            } catch NavClientError.cannotConnect(_, let reason) {
                if let status = process.exitStatus {
                    throw HarnessError("navd exited with status \(status); stderr:\n\(stderr())")
                }
                if clock.now >= deadline { throw HarnessError("cannot connect to \(socketPath): \(reason)") }
            }
            try await Task.sleep(for: delay)
            delay = min(delay * 2, .milliseconds(100))
        }
    }

    /// What the daemon wrote to stderr so far.
    func stderr() -> String {
        (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    }

    /// A new client connection.
    func connect(framing: Framing = .ndjson) async throws -> NavClient {
        try await NavClient.connect(socket: socketPath, framing: framing)
    }

    /// A raw connection (bytes in, frames out).
    func raw(receiveBuffer: Int32? = nil, startReading: Bool = true) throws -> RawConnection {
        try RawConnection(path: socketPath, receiveBuffer: receiveBuffer, startReading: startReading)
    }

    /// Sends SIGTERM.
    func terminate() { process.signal(SIGTERM) }

    /// Sends SIGINT.
    func interrupt() { process.signal(SIGINT) }

    /// Waits for the exit (bounded) and returns its status.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
        try await process.waitForExit(timeout: timeout)
    }

    /// Kills the daemon (if running) and removes its directory.
    func stop() async {
        await process.kill()
        directory.remove()
    }
}

/// Runs `body` with a fresh daemon, always stopping it afterwards.
func withDaemon<T>(_ arguments: [String] = [], _ body: (DaemonProcess) async throws -> T) async throws -> T {
    let daemon = try await DaemonProcess.start(arguments)
    do {
        let result = try await body(daemon)
        await daemon.stop()
        return result
    } catch {
        let log = daemon.stderr()
        await daemon.stop()
        throw HarnessError(
            "\(error)\nnavd (pid \(daemon.pid), exit \(daemon.process.exitStatus.map(String.init) ?? "running")) stderr:\n\(log)")
    }
}

/// Runs `body` with a client connected to a fresh daemon, closing and stopping both afterwards.
func withClient<T>(_ arguments: [String] = [], _ body: (NavClient, DaemonProcess) async throws -> T) async throws -> T {
    try await withDaemon(arguments) { daemon in
        let client = try await daemon.connect()
        do {
            let result = try await body(client, daemon)
            await client.close()
            return result
        } catch {
            await client.close()
            throw error
        }
    }
}

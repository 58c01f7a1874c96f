import Foundation

/// What a finished navctl run printed.
struct NavctlResult: Sendable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs the built navctl with `arguments` (and `stdin` as its input) and waits for it, up to `timeout`.
///
/// The default bound is generous, as a daemon's start is (`DaemonProcess.startBound`): only a navctl that
/// never exits reaches it, and under ThreadSanitizer, with every suite's processes running at once on two
/// cores, a navctl answering for a document in process has taken more than twenty seconds.
func runNavctl(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], timeout: Duration = .seconds(60),
    in workingDirectory: String? = nil
) async throws -> NavctlResult {
    let directory = try TemporaryDirectory()
    let outPath = directory.file("stdout")
    let errPath = directory.file("stderr")
    for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    guard let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
        throw HarnessError("cannot open navctl's output files")
    }
    var input: FileHandle?
    if let stdin {
        let inPath = directory.file("stdin")
        _ = FileManager.default.createFile(atPath: inPath, contents: Data(stdin.utf8))
        input = FileHandle(forReadingAtPath: inPath)
    }
    let child = try ChildProcess(
        executable: Paths.navctl, arguments: arguments, environment: navctlEnvironment(environment),
        standardInput: input, standardOutput: out, standardError: err, currentDirectory: workingDirectory)
    try? out.close()
    try? err.close()
    try? input?.close()
    let status: Int32
    do {
        status = try await child.waitForExit(timeout: timeout)
    } catch {
        await child.kill()
        throw error
    }
    return NavctlResult(
        status: status,
        stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

/// The environment navctl runs in: this one without `NAVD_SOCKET`, so only `--socket` chooses, and with a cache
/// folder of this test run's.
func navctlEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["NAVD_SOCKET"] = nil
    // The lint cache goes to a folder of the test run's, not the user's cache.
    environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "navd-tests-cache-\(ProcessInfo.processInfo.processIdentifier)"
    for (key, value) in extra { environment[key] = value }
    return environment
}

/// A navctl left running (e.g. `watch`), its stdout and stderr read line by line as they come.
final class NavctlProcess: Sendable {
    let process: ChildProcess
    private let stdoutLines = Mailbox<String>()
    private let stderrLines = Mailbox<String>()
    private let pipes: (out: Pipe, err: Pipe)

    init(_ arguments: [String]) throws {
        let out = Pipe()
        let err = Pipe()
        pipes = (out, err)
        Self.forwardLines(from: out, to: stdoutLines)
        Self.forwardLines(from: err, to: stderrLines)
        process = try ChildProcess(
            executable: Paths.navctl, arguments: arguments, environment: navctlEnvironment(),
            standardOutput: out, standardError: err)
    }

    /// Reads `pipe` on a thread of its own and posts each complete line.
    private static func forwardLines(from pipe: Pipe, to mailbox: Mailbox<String>) {
        let handle = pipe.fileHandleForReading
        let thread = Thread {
            var pending: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending += data
                while let newline = pending.firstIndex(of: 0x0A) {
                    mailbox.put(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
            }
            if !pending.isEmpty { mailbox.put(String(decoding: pending, as: UTF8.self)) }
            mailbox.finish()
        }
        thread.start()
    }

    /// The next stdout line.
    func nextLine(timeout: Duration = .seconds(10)) async throws -> String {
        guard let line = await stdoutLines.next(timeout: timeout) else {
            throw HarnessError("navctl printed no line within \(timeout); stderr: \(stderrLines.drain())")
        }
        return line
    }

    /// The next stderr line.
    func nextErrorLine(timeout: Duration = .seconds(10)) async throws -> String {
        guard let line = await stderrLines.next(timeout: timeout) else {
            throw HarnessError("navctl wrote nothing to stderr within \(timeout)")
        }
        return line
    }

    /// Everything printed on stdout from now until it closes (bounded).
    func remainingLines(timeout: Duration = .seconds(10)) async -> [String] {
        var lines: [String] = []
        while let line = await stdoutLines.next(timeout: timeout) { lines.append(line) }
        return lines
    }

    func interrupt() { process.signal(SIGINT) }

    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
        try await process.waitForExit(timeout: timeout)
    }
}

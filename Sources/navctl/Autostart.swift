import Foundation
import NavClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting navd on demand (`--start`, `NAVCTL_AUTOSTART=1`): a detached daemon on the resolved socket.
enum Autostart {
    /// How long to wait for a started daemon to serve.
    static let readyTimeout: Duration = .seconds(10)

    /// A refusal that a daemon would cure: nothing listening. A socket another user owns is never replaced.
    static func startable(_ reason: String) -> Bool {
        !reason.contains("belongs to uid") && !reason.contains("its directory")
    }

    /// navd next to this navctl (symlinks resolved), else on PATH.
    static func navdPath() throws -> String {
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let sibling = executable.deletingLastPathComponent().appendingPathComponent("navd").path
            if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/navd"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(message: "cannot start navd: it is neither next to navctl nor on PATH", status: ExitStatus.unreachable)
    }

    /// Starts navd on `socket` in a session of its own, so it outlives navctl and the terminal; its stdio is
    /// /dev/null. A second navctl starting one at the same moment is harmless: one daemon takes the socket's
    /// lock and the other exits.
    static func launch(socket: String) throws {
        let navd = try navdPath()
        let arguments = [navd, "--socket", socket]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if os(Linux)
            // glibc's POSIX_SPAWN_SETSID (0x80), which its Swift module hides behind _GNU_SOURCE.
            let setsid: Int32 = 0x80
        #else
            let setsid = Int32(POSIX_SPAWN_SETSID)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(setsid))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        // Nothing else of navctl's is handed down: an inherited descriptor (a pipe someone waits on for EOF)
        // would tie whoever started navctl to the daemon's lifetime.
        for fd: Int32 in 3..<1024 where fcntl(fd, F_GETFD) >= 0 { posix_spawn_file_actions_addclose(&actions, fd) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, navd, &actions, &attributes, &argv, environ)
        guard status == 0 else {
            throw Failure(message: "cannot start \(navd): \(String(cString: strerror(status)))", status: ExitStatus.unreachable)
        }
    }

    /// Connects once the started daemon serves, trying for `readyTimeout`.
    static func waitForDaemon(socket: String?, path: String) async throws -> NavClient {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: readyTimeout)
        var delay = Duration.milliseconds(10)
        while true {
            do {
                return try await NavClient.connect(socket: socket)
            } catch NavClientError.cannotConnect where clock.now < deadline {
                try await Task.sleep(for: delay)
                delay = min(delay * 2, .milliseconds(200))
            } catch NavClientError.cannotConnect(_, let reason) {
                throw Failure(
                    message: "started navd on \(path), but it did not serve within \(readyTimeout): \(reason)",
                    status: ExitStatus.unreachable)
            }
        }
    }
}

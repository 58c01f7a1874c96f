import Foundation
import JSONCore
import Testing

/// `--event-loops`: the threads that serve connections, one fewer than the processors by default.
@Suite("--event-loops on the real daemon")
struct EventLoopsEndToEndTests {
    /// The names of the daemon's event-loop threads (NIO names them `NIO-SGLTN-<group>-#<n>`).
    static func eventLoopThreads(of pid: Int32) -> [String] {
        let tasks = "/proc/\(pid)/task"
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return ids.compactMap { id in
            (try? String(contentsOfFile: "\(tasks)/\(id)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }.filter { $0.hasPrefix("NIO-SGLTN-") }
    }

    @Test(
        "the daemon serves on the threads --event-loops asks for, and by default on one fewer than the processors",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task"), "thread names are read from /proc"))
    func threadCount() async throws {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        for (arguments, expected) in [(["--event-loops", "3"], 3), ([], max(1, processors - 1))] {
            try await withDaemon(arguments) { daemon in
                // Several clients at once, answered in order each.
                var clients = [try await daemon.connect(), try await daemon.connect(), try await daemon.connect()]
                for client in clients { _ = try await client.status() }
                #expect(Self.eventLoopThreads(of: daemon.pid).count == expected, "\(arguments)")
                for client in clients { await client.close() }
                clients.removeAll()
            }
        }
    }

    @Test("--event-loops below 1 is refused before anything starts")
    func refusesZero() async throws {
        let refused = try await runChild(Paths.navd, ["--event-loops", "0", "--socket", "/tmp/navd-never.sock"])
        #expect(refused.status == 64 && refused.stderr.contains("--event-loops must be at least 1"), "\(refused)")
    }
}

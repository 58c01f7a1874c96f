import Foundation
import JSONCore
import Testing

/// `navctl --start` and `NAVCTL_AUTOSTART=1`: a daemon started on demand, detached, on the resolved socket.
@Suite("navctl starts navd on demand", .serialized)
struct AutostartEndToEndTests {
    /// navd found next to navctl: the built binaries sit side by side.
    func stop(_ pid: Int64?) {
        if let pid { kill(pid_t(pid), SIGTERM) }
    }

    @Test("--start starts a daemon that outlives navctl; without it, nothing is started and the sentence says how")
    func start() async throws {
        let dir = try TemporaryDirectory()
        let socket = dir.file("navd.sock")
        let refused = try await runNavctl(["status", "--socket", socket])
        #expect(refused.status == 3 && refused.stderr.contains("add --start"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: socket))

        let started = try await runNavctl(["status", "--json", "--start", "--socket", socket])
        #expect(started.status == 0, "\(started)")
        let pid = try JSON.parse(started.stdout)["pid"]?.intValue
        defer { stop(pid) }
        // navctl has exited; the daemon serves on, for a command without --start.
        let again = try await runNavctl(["status", "--json", "--socket", socket])
        let againPid = try JSON.parse(again.stdout)["pid"]?.intValue
        #expect(again.status == 0 && againPid == pid, "\(again)")
    }

    #if os(Linux)
        @Test("SIGTERM stops a started daemon at once: what stays is init reaping the orphan, not navd shutting down")
        func stopsAtOnce() async throws {
            let dir = try TemporaryDirectory()
            let socket = dir.file("navd.sock")
            let started = try await runNavctl(["status", "--json", "--start", "--socket", socket])
            let pid = try #require(try JSON.parse(started.stdout)["pid"]?.intValue)
            kill(pid_t(pid), SIGTERM)
            // The daemon's own shutdown ends with the socket and its lock removed, then the process exits; a process
            // that has exited is a zombie (Z) until its parent reaps it, or gone.
            var state = "R"
            for _ in 0..<1_000 {
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
                state = stat.flatMap { $0.split(separator: ")").last?.split(separator: " ").first.map(String.init) } ?? "gone"
                if state == "Z" || state == "gone" { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(state == "Z" || state == "gone", "navd exited (state \(state))")
            #expect(!FileManager.default.fileExists(atPath: socket) && !FileManager.default.fileExists(atPath: socket + ".lock"))
        }
    #endif

    @Test("NAVCTL_AUTOSTART=1 does the same; two at once start one daemon between them")
    func environmentAndRace() async throws {
        let dir = try TemporaryDirectory()
        let socket = dir.file("navd.sock")
        async let a = runNavctl(["status", "--json", "--socket", socket], environment: ["NAVCTL_AUTOSTART": "1"])
        async let b = runNavctl(["status", "--json", "--socket", socket], environment: ["NAVCTL_AUTOSTART": "1"])
        let (first, second) = try await (a, b)
        #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
        let pids = [first, second].compactMap { try? JSON.parse($0.stdout)["pid"]?.intValue }
        defer { pids.forEach { stop($0) } }
        #expect(pids.count == 2 && pids[0] == pids[1], "one daemon serves both: \(pids)")
    }
}

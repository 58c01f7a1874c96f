import Foundation
import JSONCore
import NavClient
import NavProtocol
import Testing

/// `--state-dir`: every acknowledged change survives a restart, even `kill -9`; a bad database is refused untouched.
@Suite("Durable sessions with --state-dir", .serialized)
struct StateDirEndToEndTests {
    @Test("a restart restores every session at its version, under its id and name, in creation order")
    func restart() async throws {
        let state = try TemporaryDirectory()
        let first = try await DaemonProcess.start(["--state-dir", state.path], name: "first")
        let client = try await first.connect()
        let kept = try await client.createSession(
            name: "kept", config: ["profile": "ios10", "screens": [["id": "a", "title": "Settings"], ["id": "b", "title": "General"]]])
        let other = try await client.createSession(name: "other")
        let gone = try await client.createSession(name: "gone")
        _ = try await client.push(kept.sessionId, screen: ["id": "c", "title": "About", "backAction": "custom"])
        _ = try await client.request("session/close", ["sessionId": .string(gone.sessionId)])
        let before = try await client.snapshot(kept.sessionId)
        await client.close()
        first.terminate()
        #expect(try await first.waitForExit() == 0, "navd stderr:\n\(first.stderr())")

        // The database and its journal are the daemon's user's alone.
        for file in try FileManager.default.contentsOfDirectory(atPath: state.path) {
            let mode = try FileManager.default.attributesOfItem(atPath: state.file(file))[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file): \(String(mode ?? 0, radix: 8))")
        }
        let second = try await DaemonProcess.start(["--state-dir", state.path], name: "second")
        let again = try await second.connect()
        let sessions = try await again.listSessions()
        #expect(sessions.map(\.sessionId) == [kept.sessionId, other.sessionId])
        #expect(sessions.map(\.name) == ["kept", "other"])
        #expect(try await again.snapshot(kept.sessionId) == before)
        // New sessions do not reuse a restored id.
        let fresh = try await again.createSession(name: "fresh")
        #expect(![kept.sessionId, other.sessionId].contains(fresh.sessionId))
        await again.close()
        await second.stop()
        await first.stop()
    }

    /// Pushes screens onto one session per worker until the daemon dies; returns the ids whose reply came back.
    static func pushUntilKilled(
        _ socket: String, sessions: [String], round: Int, onAcknowledged: @escaping @Sendable () -> Void
    ) async -> [String: [String]] {
        await withTaskGroup(of: (String, [String]).self) { group in
            for session in sessions {
                group.addTask {
                    var acknowledged: [String] = []
                    guard let client = try? await NavClient.connect(socket: socket) else { return (session, []) }
                    for n in 0..<10_000 {
                        let id = "r\(round)-\(n)"
                        do {
                            _ = try await client.request("stack/push", ["sessionId": .string(session), "screen": ["id": .string(id)]])
                            acknowledged.append(id)
                            onAcknowledged()
                        } catch {
                            break
                        }
                    }
                    await client.close()
                    return (session, acknowledged)
                }
            }
            var out: [String: [String]] = [:]
            for await (session, ids) in group { out[session] = ids }
            return out
        }
    }

    @Test("kill -9 at random points under a write load, three times in a row, loses no acknowledged mutation")
    func killNine() async throws {
        let state = try TemporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        var expected: [String: [String]] = [:]
        var sessions: [String] = []
        for round in 0..<3 {
            let daemon = try await DaemonProcess.start(["--state-dir", state.path, "--max-stack-depth", "100000"], name: "round\(round)")
            let client = try await daemon.connect()
            // Everything acknowledged before is there, in order.
            for session in sessions {
                let screens = try await client.stack(session).screens.map(\.id)
                let acknowledged = expected[session] ?? []
                #expect(Array(screens.prefix(acknowledged.count)) == acknowledged, "round \(round), \(session)")
                // A push written but not yet acknowledged may be there too; anything else may not.
                #expect(screens.count <= acknowledged.count + 1, "round \(round), \(session)")
                expected[session] = screens
            }
            if sessions.isEmpty {
                for i in 0..<4 { sessions.append(try await client.createSession(name: "w\(i)").sessionId) }
            }
            await client.close()
            // The kill falls at a random point once the load is under way: after the first acknowledged push, so a
            // slow machine cannot kill the daemon before it wrote anything.
            let delay = Int.random(in: 50...450, using: &generator)
            let (started, firstAck) = AsyncStream<Void>.makeStream()
            let killer = Task {
                for await _ in started { break }
                try await Task.sleep(for: .milliseconds(delay))
                daemon.process.signal(SIGKILL)
            }
            let acknowledged = await Self.pushUntilKilled(
                daemon.socketPath, sessions: sessions, round: round, onAcknowledged: { firstAck.yield() })
            firstAck.finish()
            try await killer.value
            _ = try? await daemon.waitForExit()
            var pushed = 0
            for (session, ids) in acknowledged {
                expected[session, default: []] += ids
                pushed += ids.count
            }
            #expect(pushed > 0, "the load ran before the kill")
        }
        let last = try await DaemonProcess.start(["--state-dir", state.path, "--max-stack-depth", "100000"], name: "last")
        let client = try await last.connect()
        for session in sessions {
            let screens = try await client.stack(session).screens.map(\.id)
            let acknowledged = expected[session] ?? []
            #expect(Array(screens.prefix(acknowledged.count)) == acknowledged, "\(session)")
        }
        await client.close()
        await last.stop()
    }

    @Test("a damaged, a foreign or a newer database: exit 1 naming it, and the file byte-identical afterwards")
    func refusals() async throws {
        let cases: [(String, (String) throws -> Void, String)] = [
            (
                "damaged", { try Data((0..<4096).map { UInt8($0 % 251) }).write(to: URL(fileURLWithPath: $0)) },
                "is damaged or not a database"
            ),
            (
                "foreign", { try Self.sqlite($0, "CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('mine');") },
                "is not a navd state database"
            ),
            (
                "newer",
                {
                    try Self.sqlite(
                        $0,
                        "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('format', 'navd-state'), ('schemaVersion', '99'), ('writtenBy', 'navd 9.0.0');"
                    )
                }, "has schema 99 (written by navd 9.0.0), newer than this navd's 3"
            ),
        ]
        for (name, make, message) in cases {
            let state = try TemporaryDirectory()
            let database = state.file("navd.sqlite")
            try make(database)
            let before = try Data(contentsOf: URL(fileURLWithPath: database))
            let daemon = try await DaemonProcess.start(["--state-dir", state.path], waitUntilReady: false, name: name)
            let status = try await daemon.waitForExit()
            #expect(status == 1, "\(name): \(daemon.stderr())")
            #expect(daemon.stderr().contains(database) && daemon.stderr().contains(message), "\(name): \(daemon.stderr())")
            #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "\(name): the file was changed")
            #expect(!FileManager.default.fileExists(atPath: daemon.socketPath), "\(name): no socket was made")
            await daemon.stop()
        }
    }

    @Test(
        "a database of schema 1 or 2 is migrated: its sessions come back at their versions, it says which navd wrote it, and origins are kept from then on",
        arguments: [1, 2])
    func migration(from schema: Int) async throws {
        let state = try TemporaryDirectory()
        let first = try await DaemonProcess.start(["--state-dir", state.path], name: "first")
        let client = try await first.connect()
        let kept = try await client.createSession(name: "kept", config: ["screens": [["id": "a", "title": "Settings"]]])
        _ = try await client.push(kept.sessionId, screen: ["id": "b", "title": "General"])
        let before = try await client.snapshot(kept.sessionId)
        await client.close()
        await first.stop()

        // Schema 1, as navd 0.1 wrote it (no record of the writer), or schema 2: sessions without an origin.
        let database = state.file("navd.sqlite")
        let writer =
            schema == 1 ? "DELETE FROM meta WHERE key = 'writtenBy';" : "UPDATE meta SET value = 'navd 0.2.0' WHERE key = 'writtenBy';"
        try Self.sqlite(
            database, "ALTER TABLE sessions DROP COLUMN origin; \(writer) UPDATE meta SET value = '\(schema)' WHERE key = 'schemaVersion';")
        #expect(try Self.sqliteQuery(database, "SELECT key, value FROM meta WHERE key = 'schemaVersion'") == "schemaVersion=\(schema)")

        let second = try await DaemonProcess.start(["--state-dir", state.path], name: "second")
        let again = try await second.connect()
        #expect(try await again.listSessions().map(\.name) == ["kept"])
        #expect(try await again.listSessions().map(\.origin) == [nil])
        #expect(try await again.snapshot(kept.sessionId) == before)
        let origin = SessionOrigin(workspace: "/work/app", files: ["/work/app/A.swift"], flow: "A > B", client: "test")
        let added = try await again.restore(before, name: "with origin", origin: origin)
        await again.close()
        await second.stop()
        #expect(
            try Self.sqliteQuery(database, "SELECT key, value FROM meta ORDER BY key")
                == "format=navd-state schemaVersion=3 writtenBy=navd \(NavdVersion.current)")

        let third = try await DaemonProcess.start(["--state-dir", state.path], name: "third")
        let last = try await third.connect()
        let listed = try await last.listSessions()
        #expect(listed.map(\.sessionId) == [kept.sessionId, added.sessionId])
        #expect(listed.map(\.origin) == [nil, origin])
        await last.close()
        await third.stop()
    }

    @Test("two daemons never share one state directory")
    func oneDaemonPerState() async throws {
        let state = try TemporaryDirectory()
        let first = try await DaemonProcess.start(["--state-dir", state.path], name: "first")
        let second = try await DaemonProcess.start(["--state-dir", state.path], waitUntilReady: false, name: "second")
        #expect(try await second.waitForExit() == 1)
        #expect(second.stderr().contains("another navd keeps its sessions in \(state.path)"), "\(second.stderr())")
        await second.stop()
        await first.stop()
    }

    /// The rows of a query, `key=value` pairs joined by spaces, read with the sqlite3 Python module.
    static func sqliteQuery(_ path: String, _ sql: String) throws -> String {
        let script =
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(' '.join('='.join(map(str, r)) for r in c.execute(sys.argv[2]))); c.close()"
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, sql]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HarnessError("python3 could not read \(path)") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Makes a SQLite file with the sqlite3 Python module (a real consumer of the format, not our code).
    static func sqlite(_ path: String, _ sql: String) throws {
        let script = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit(); c.close()"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, sql]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HarnessError("python3 could not make \(path)") }
    }
}

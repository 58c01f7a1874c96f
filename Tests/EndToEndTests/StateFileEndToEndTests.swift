import Foundation
import JSONCore
import NavClient
import Testing

/// `--state-file`: sessions survive a restart of the daemon.
@Suite("Sessions kept across restarts with --state-file")
struct StateFileEndToEndTests {
    @Test("a session saved on SIGTERM is restored, identical and under its id, by the next daemon")
    func restart() async throws {
        let directory = try TemporaryDirectory()
        let state = directory.file("state.json")
        let first = try await DaemonProcess.start(["--state-file", state], name: "first")
        let client = try await first.connect()
        let session = try await client.createSession(
            name: "kept", config: ["profile": "ios10", "screens": [["id": "a", "title": "Settings"], ["id": "b", "title": "General"]]])
        _ = try await client.push(session.sessionId, screen: ["id": "c", "title": "About", "backAction": "custom"])
        let before = try await client.snapshot(session.sessionId)
        await client.close()
        first.terminate()
        let status = try await first.waitForExit()
        #expect(status == 0, "navd stderr:\n\(first.stderr())")
        #expect(FileManager.default.fileExists(atPath: state))
        await first.stop()

        let second = try await DaemonProcess.start(["--state-file", state], name: "second")
        let again = try await second.connect()
        let sessions = try await again.listSessions()
        #expect(sessions.map(\.sessionId) == [session.sessionId])
        #expect(sessions.first?.name == "kept")
        #expect(try await again.snapshot(session.sessionId) == before)
        await again.close()
        await second.stop()
    }

    @Test("an unreadable state file is logged and the daemon starts empty")
    func unreadable() async throws {
        let directory = try TemporaryDirectory()
        let state = directory.file("state.json")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: state))
        let daemon = try await DaemonProcess.start(["--state-file", state])
        let client = try await daemon.connect()
        #expect(try await client.listSessions().isEmpty)
        #expect(daemon.stderr().contains("cannot restore sessions"))
        await client.close()
        await daemon.stop()
    }
}

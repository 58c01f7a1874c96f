import Foundation
import JSONCore
import NavClient
import Testing

@Suite("The daemon process: socket, ownership, signals")
struct DaemonLifecycleTests {
    @Test("starts, answers daemon/status, and exits 0 on SIGTERM removing its socket")
    func sigtermExitsCleanly() async throws {
        let daemon = try await DaemonProcess.start()
        defer { Task { await daemon.stop() } }
        let client = try await daemon.connect()
        let status = try await client.status()
        #expect(status.pid == Int(daemon.pid))
        #expect(status.connections >= 1)
        await client.close()
        daemon.terminate()
        #expect(try await daemon.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }
}

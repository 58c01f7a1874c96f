import Foundation
import JSONCore
import NavClient
import Testing

/// PROTOCOL.md section 1: the socket, one daemon per socket, stale sockets, signals.
@Suite("The daemon process: socket, ownership, signals")
struct DaemonLifecycleTests {
    /// The permission bits of `path`.
    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("answers daemon/status, then exits 0 on SIGTERM and removes its socket")
    func sigtermExitsCleanly() async throws {
        let daemon = try await DaemonProcess.start()
        let client = try await daemon.connect()
        let status = try await client.status()
        #expect(status.pid == Int(daemon.pid))
        // This client, and perhaps the harness's readiness probe if the daemon has not yet seen it close.
        #expect((1...2).contains(status.connections))
        #expect(status.sessions == 0)
        await client.close()
        daemon.terminate()
        let exitStatus = try await daemon.waitForExit()
        #expect(exitStatus == 0, "navd stderr:\n\(daemon.stderr())")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        await daemon.stop()
    }

    @Test("at --log-level trace each request is logged with its method; at the default level none is")
    func requestsLoggedAtTrace() async throws {
        for (level, logged) in [("trace", true), ("info", false)] {
            try await withDaemon(["--log-level", level]) { daemon in
                let client = try await daemon.connect()
                _ = try await client.status()
                await client.close()
                let log = daemon.stderr()
                #expect(log.contains("rpc.method=daemon/status") == logged, "--log-level \(level):\n\(log)")
            }
        }
    }

    @Test("exits 0 on SIGINT and removes its socket")
    func sigintExitsCleanly() async throws {
        let daemon = try await DaemonProcess.start()
        daemon.interrupt()
        let exitStatus = try await daemon.waitForExit()
        #expect(exitStatus == 0, "navd stderr:\n\(daemon.stderr())")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        await daemon.stop()
    }

    @Test("SIGTERM with a client connected and a session open still exits 0")
    func sigtermWithClients() async throws {
        let daemon = try await DaemonProcess.start()
        let client = try await daemon.connect()
        let session = try await client.createSession(name: "busy")
        _ = try await client.subscribe(session.sessionId)
        daemon.terminate()
        let exitStatus = try await daemon.waitForExit()
        #expect(exitStatus == 0, "navd stderr:\n\(daemon.stderr())")
        #expect(await client.waitUntilClosed())
        await client.close()
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        await daemon.stop()
    }

    @Test("creates the socket's directory 0700 and the socket 0600")
    func permissions() async throws {
        let directory = try TemporaryDirectory()
        let socket = directory.file("run/navd/navd.sock")
        let daemon = try await DaemonProcess.start(socketPath: socket, directory: directory)
        #expect(try mode(directory.file("run/navd")) == 0o700)
        #expect(try mode(socket) == 0o600)
        await daemon.stop()
    }

    @Test("a second daemon on a live socket says so on stderr and exits 1; the first carries on")
    func secondDaemonRefuses() async throws {
        let first = try await DaemonProcess.start()
        let second = try await DaemonProcess.start(
            socketPath: first.socketPath, directory: first.directory, waitUntilReady: false, name: "second")
        #expect(try await second.waitForExit() == 1)
        let lines = second.stderr().split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 1, "one clear line, got: \(lines)")
        #expect(lines.first?.contains(first.socketPath) == true, "the line names the socket: \(lines)")

        let client = try await first.connect()
        #expect(try await client.status().pid == Int(first.pid))
        await client.close()
        await first.stop()
        await second.stop()
    }

    @Test("a plain file where the socket should be is replaced")
    func staleFileReplaced() async throws {
        let directory = try TemporaryDirectory()
        let socket = directory.file("navd.sock")
        #expect(FileManager.default.createFile(atPath: socket, contents: Data("left over".utf8)))
        let daemon = try await DaemonProcess.start(socketPath: socket, directory: directory)
        let client = try await daemon.connect()
        #expect(try await client.status().pid == Int(daemon.pid))
        await client.close()
        await daemon.stop()
    }

    @Test("a socket bound by a process that is gone is replaced")
    func staleSocketReplaced() async throws {
        let directory = try TemporaryDirectory()
        let socket = directory.file("navd.sock")
        try Sockets.leaveStaleSocket(at: socket)
        #expect(FileManager.default.fileExists(atPath: socket))
        #expect(!Sockets.accepts(socket))
        let daemon = try await DaemonProcess.start(socketPath: socket, directory: directory)
        let client = try await daemon.connect()
        #expect(try await client.status().pid == Int(daemon.pid))
        await client.close()
        await daemon.stop()
    }

    @Test("the socket of a daemon killed with SIGKILL is taken over by the next one")
    func killedDaemonSocketReplaced() async throws {
        let first = try await DaemonProcess.start()
        first.process.signal(SIGKILL)
        #expect(try await first.waitForExit() == 128 + SIGKILL)
        #expect(FileManager.default.fileExists(atPath: first.socketPath))
        let second = try await DaemonProcess.start(socketPath: first.socketPath, directory: first.directory, name: "second")
        let client = try await second.connect()
        #expect(try await client.status().pid == Int(second.pid))
        await client.close()
        await second.stop()
        await first.stop()
    }

    @Test("exit closes only that connection; shutdown answers null")
    func shutdownAndExit() async throws {
        try await withDaemon { daemon in
            let a = try await daemon.connect()
            let b = try await daemon.connect()
            #expect(try await a.request("shutdown") == .null)
            let refused = await rpcError { try await a.status() }
            #expect(refused?.code == -32600, "after shutdown only exit is accepted")
            try await a.notify("exit")
            #expect(await a.waitUntilClosed())
            #expect(await a.isClosed)
            #expect(try await b.status().pid == Int(daemon.pid), "the other connection carries on")
            await a.close()
            await b.close()
        }
    }
}

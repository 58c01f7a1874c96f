import Foundation
import JSONCore
import NavClient
import Testing

/// navd started as systemd starts a socket-activated service: the listening socket already bound, passed as
/// descriptor 3 with `LISTEN_FDS=1` and `LISTEN_PID` set to navd's own pid (sd_listen_fds(3)).
@Suite("Socket activation (LISTEN_FDS)", .serialized)
struct SocketActivationEndToEndTests {
    /// A Unix stream socket bound at `path` and listening, as a `.socket` unit holds it.
    static func listeningSocket(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Sockets.streamType, 0)
        guard fd >= 0 else { throw HarnessError("socket() failed: errno \(errno)") }
        let bound = Sockets.withAddress(path) { bind(fd, $0, $1) } ?? -1
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw HarnessError("cannot bind and listen on \(path): errno \(errno)")
        }
        return fd
    }

    /// Starts navd the way systemd does: `fd` becomes descriptor 3 and the variables name navd's pid (the
    /// shell execs navd, so `$$` is navd's pid). `listenFDs` is what LISTEN_FDS says.
    static func activate(
        _ fd: Int32, listenFDs: String = "1", arguments: [String] = [], stderr: String
    ) throws -> ChildProcess {
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        guard let errors = FileHandle(forWritingAtPath: stderr) else { throw HarnessError("cannot open \(stderr)") }
        defer { try? errors.close() }
        let script =
            #"exec 3<&0 0</dev/null; n="$1"; shift; "#
            + #"export LISTEN_PID=$$ LISTEN_FDS="$n" LISTEN_FDNAMES=navd.socket; exec "$0" "$@""#
        return try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script, Paths.navd, listenFDs] + arguments,
            standardInput: FileHandle(fileDescriptor: fd, closeOnDealloc: false), standardError: errors)
    }

    @Test("it serves the passed socket, answers a client that connected before it started, and leaves the path to systemd")
    func serves() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("navd.sock")
        let fd = try Self.listeningSocket(at: path)
        defer { close(fd) }

        // Socket activation's promise: a client may connect before the daemon runs; the kernel queues it.
        let early = try RawConnection(path: path)
        try await early.send(#"{"jsonrpc":"2.0","id":1,"method":"session/create","params":{"name":"early"}}"# + "\n")

        let navd = try Self.activate(fd, stderr: dir.file("navd.stderr"))
        let reply = try await early.nextMessage(timeout: .seconds(10))
        #expect(reply["result"]?["sessionId"]?.stringValue == "s1", "\(reply)")

        let client = try await NavClient.connect(socket: path)
        let status = try await client.request("daemon/status", nil)
        #expect(status["pid"]?.intValue == Int64(navd.pid) && status["sessions"] == 1, "\(status)")
        await client.close()
        early.close()

        navd.signal(SIGTERM)
        #expect(try await navd.waitForExit() == 0)
        let log = (try? String(contentsOfFile: dir.file("navd.stderr"), encoding: .utf8)) ?? ""
        #expect(log.contains("serving the socket passed at start"), "\(log)")
        // The socket file and its lock are systemd's business: nothing was made, nothing removed.
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))

        // systemd keeps listening between runs: a second start on the same socket serves again.
        let again = try Self.activate(fd, stderr: dir.file("navd-2.stderr"))
        let second = try await NavClient.connect(socket: path)
        let secondStatus = try await second.request("daemon/status", nil)
        #expect(secondStatus["pid"]?.intValue == Int64(again.pid), "\(secondStatus)")
        await second.close()
        again.signal(SIGTERM)
        #expect(try await again.waitForExit() == 0)
    }

    @Test("two passed sockets, or a descriptor 3 that is not listening, are refused with a sentence and exit 1")
    func refusals() async throws {
        let dir = try TemporaryDirectory()
        let fd = try Self.listeningSocket(at: dir.file("navd.sock"))
        defer { close(fd) }
        let two = try Self.activate(fd, listenFDs: "2", stderr: dir.file("two.stderr"))
        #expect(try await two.waitForExit() == 1)
        let twoLog = (try? String(contentsOfFile: dir.file("two.stderr"), encoding: .utf8)) ?? ""
        #expect(twoLog.contains("2 sockets were passed (LISTEN_FDS); navd serves one"), "\(twoLog)")

        let unbound = socket(AF_UNIX, Sockets.streamType, 0)
        defer { close(unbound) }
        let idle = try Self.activate(unbound, stderr: dir.file("idle.stderr"))
        #expect(try await idle.waitForExit() == 1)
        let idleLog = (try? String(contentsOfFile: dir.file("idle.stderr"), encoding: .utf8)) ?? ""
        #expect(idleLog.contains("is not listening"), "\(idleLog)")
    }

    @Test("LISTEN_PID naming another process is not navd's: it binds --socket as usual")
    func otherProcess() async throws {
        let dir = try TemporaryDirectory()
        let socket = dir.file("own.sock")
        let navd = try ChildProcess(
            executable: Paths.navd, arguments: ["--socket", socket],
            environment: ProcessInfo.processInfo.environment.merging(["LISTEN_PID": "1", "LISTEN_FDS": "1"]) { $1 })
        defer { navd.signal(SIGKILL) }
        var attempts = 0
        while !Sockets.accepts(socket), attempts < 400 {
            attempts += 1
            try await Task.sleep(for: .milliseconds(25))
        }
        let client = try await NavClient.connect(socket: socket)
        let status = try await client.request("daemon/status", nil)
        #expect(status["pid"]?.intValue == Int64(navd.pid), "\(status)")
        await client.close()
    }
}

import Foundation
import JSONCore
import Testing

/// Nobody else gets in: the socket directory must be the daemon's user's, other users' connections are refused
/// (a second Unix user, nobody, through setpriv), and clients refuse a socket another user owns.
@Suite("Safe sockets and peer credentials", .serialized)
struct SafeSocketsEndToEndTests {
    static let nobody = "65534"

    /// Giving a directory to another user takes root.
    static let isRoot = getuid() == 0
    /// Acting as that other user: root, setpriv to switch to uid 65534, a user 65534 (nobody) to switch to, and
    /// python3 for the programs run as it.
    static let canActAsNobody =
        isRoot && getpwuid(65534) != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// Runs a command as the user nobody; returns status and output.
    static func asNobody(_ arguments: [String]) async throws -> NavctlResult {
        try await runChild("/usr/bin/setpriv", ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"] + arguments)
    }

    /// The first line `handle` gives, read on a thread of its own (the read blocks); "" when it ends first.
    static func firstLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var bytes: [UInt8] = []
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes += chunk
                }
                continuation.resume(returning: String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self))
            }
        }
    }

    /// A one-shot JSON-RPC client in Python (as nobody): sends daemon/status and prints what comes back.
    static let probe = """
        import json, socket, sys
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(sys.argv[1])
        try:
            s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"daemon/status"}\\n')
        except (BrokenPipeError, ConnectionResetError):
            pass  # a refused peer may be answered and closed before it writes
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk: break
            data += chunk
            if sys.argv[2] == "one" and data.endswith(b"\\n"): break
        print(data.decode().strip())
        """

    @Test(
        "another user's connection gets one 1007 error and is closed; --allow-uid admits it",
        .enabled(if: canActAsNobody, "runs a client as uid 65534: needs root, /usr/bin/setpriv, /usr/bin/python3 and a user 65534"))
    func peerCredentials() async throws {
        for allow in [false, true] {
            let daemon = try await DaemonProcess.start(allow ? ["--allow-uid", Self.nobody] : [])
            // The socket accepts as soon as it listens; navd restricts its mode just before it logs "listening".
            // Opening it up before that would be undone, so wait for the line.
            var waited = 0
            while !daemon.stderr().contains("listening"), waited < 400 {
                waited += 1
                try await Task.sleep(for: .milliseconds(25))
            }
            // Opened up by hand, as a careless admin might: the peer check must still hold.
            chmod((daemon.socketPath as NSString).deletingLastPathComponent, 0o711)
            chmod(daemon.socketPath, 0o666)
            let run = try await Self.asNobody(["/usr/bin/python3", "-c", Self.probe, daemon.socketPath, allow ? "one" : "all"])
            try #require(run.status == 0, "\(run)")
            let reply = try JSON.parse(run.stdout)
            if allow {
                #expect(reply["result"]?["pid"]?.intValue == Int64(daemon.pid), "\(run.stdout)")
            } else {
                #expect(
                    reply["id"] == .null && reply["error"]?["code"] == 1007 && reply["error"]?["data"]?["uid"] == 65534, "\(run.stdout)")
                #expect(daemon.stderr().contains("connection refused: not permitted") && daemon.stderr().contains("peer.uid=65534"))
                // The daemon's own user is still served.
                let client = try await daemon.connect()
                #expect(try await client.request("daemon/status")["pid"]?.intValue == Int64(daemon.pid))
                await client.close()
            }
            await daemon.stop()
        }
    }

    @Test(
        "a socket directory another user owns, or that others can write, stops navd before it serves",
        .enabled(if: isRoot, "gives a directory to uid 65534: needs root"))
    func unsafeDirectories() async throws {
        let base = try TemporaryDirectory()
        let open = base.file("open")
        mkdir(open, 0o700)
        chmod(open, 0o777)
        let theirs = base.file("theirs")
        mkdir(theirs, 0o700)
        chown(theirs, 65534, 65534)
        for (directory, reason) in [(open, "is writable by others (mode 777)"), (theirs, "it belongs to uid 65534")] {
            let daemon = try await DaemonProcess.start([], socketPath: directory + "/navd.sock", waitUntilReady: false)
            #expect(try await daemon.waitForExit() == 1)
            #expect(
                daemon.stderr().contains("refusing the socket directory \(directory)") && daemon.stderr().contains(reason),
                "\(daemon.stderr())")
            #expect(!FileManager.default.fileExists(atPath: directory + "/navd.sock"))
            await daemon.stop()
        }
    }

    @Test(
        "navctl refuses a socket another user owns: a fake daemon run by nobody is never talked to",
        .enabled(if: canActAsNobody, "runs a server as uid 65534: needs root, /usr/bin/setpriv, /usr/bin/python3 and a user 65534"))
    func clientRefusesForeignSocket() async throws {
        let base = try TemporaryDirectory()
        let theirs = base.file("theirs")
        mkdir(theirs, 0o700)
        chown(theirs, 65534, 65534)
        chmod(base.path, 0o711)
        let socket = theirs + "/navd.sock"
        let fake = """
            import socket, sys, time
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(sys.argv[1]); s.listen(1)
            print("listening", flush=True)
            time.sleep(30)
            """
        let output = Pipe()
        let server = try ChildProcess(
            executable: "/usr/bin/setpriv",
            arguments: ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "/usr/bin/python3", "-c", fake, socket],
            standardOutput: output)
        defer { server.signal(SIGKILL) }
        // The fake says when it listens (or its output ends when it fails): no polling for the socket.
        let said = await Self.firstLine(of: output.fileHandleForReading)
        try #require(said == "listening" && FileManager.default.fileExists(atPath: socket), "the fake server said \(said)")
        let run = try await runNavctl(["status", "--socket", socket])
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("belongs to uid 65534, not to you"), "\(run)")
    }
}

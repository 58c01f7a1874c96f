import Foundation
import JSONCore
import NavClient
import Testing

/// navctl against a real daemon: readable output, `--json`, exit statuses, watch.
@Suite("navctl commands against the real daemon")
struct NavctlTests {
    /// Runs navctl on `daemon`'s socket.
    func navctl(_ daemon: DaemonProcess, _ arguments: [String], stdin: String? = nil) async throws -> NavctlResult {
        // Options go after the (sub)command words.
        try await runNavctl(arguments + ["--socket", daemon.socketPath], stdin: stdin)
    }

    func json(_ result: NavctlResult) throws -> JSON {
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(result)")
        return try JSON.parse(String(lines[0]))
    }

    @Test("status: one readable line, or the raw result with --json")
    func status() async throws {
        try await withDaemon { daemon in
            let readable = try await navctl(daemon, ["status"])
            #expect(readable.status == 0, "\(readable)")
            #expect(readable.stderr.isEmpty)
            let pattern = #/^navd \S+, pid (\d+), up \d+(s|m \d+s), \d+ connections?, 0 sessions\n$/#
            let match = readable.stdout.wholeMatch(of: pattern)
            #expect(match != nil, "\(readable.stdout)")
            #expect(match.map { Int32($0.1) } == Int32(daemon.pid))

            let raw = try await navctl(daemon, ["status", "--json"])
            #expect(raw.status == 0)
            let result = try json(raw)
            #expect(result["pid"]?.intValue == Int64(daemon.pid))
            #expect(result["sessions"] == 0)
            #expect(result["uptimeMs"]?.intValue != nil)
        }
    }

    @Test("session create, list, push, stack, pop, close: readable and --json")
    func sessionLifecycle() async throws {
        try await withDaemon { daemon in
            let created = try await navctl(
                daemon,
                [
                    "session", "create", "--name", "demo", "--profile", "ios13", "--device", "375x667", "--json",
                    "--screens", #"[{"id":"root","title":"Home"}]"#,
                ])
            #expect(created.status == 0, "\(created)")
            let sessionId = try #require(try json(created)["sessionId"]?.stringValue)
            #expect(try json(created)["version"] == 0)

            let readableCreate = try await navctl(daemon, ["session", "create", "--locale", "fr"])
            #expect(readableCreate.stdout.hasPrefix("created session '"), "\(readableCreate)")
            #expect(readableCreate.stdout.hasSuffix("' at version 0\n"))

            let pushed = try await navctl(daemon, ["push", sessionId, "--title", "Details", "--id", "details"])
            #expect(pushed.status == 0, "\(pushed)")
            #expect(pushed.stdout == "pushed 'details' onto '\(sessionId)' (version 1)\n")
            let pushedJSON = try await navctl(
                daemon, ["push", sessionId, "--screen", #"{"id":"more","item":{"title":"More"}}"#, "--title", "M", "--json"])
            #expect(try json(pushedJSON) == ["screenId": "more", "version": 2])

            let stack = try await navctl(daemon, ["stack", sessionId])
            #expect(stack.status == 0)
            let stackLines = stack.stdout.split(separator: "\n").map(String.init)
            #expect(stackLines.first == "session '\(sessionId)' at version 2, 3 screens, root first:")
            #expect(stackLines.count == 5, "\(stack.stdout)")
            #expect(stackLines.last?.contains("more") == true)
            #expect(stackLines.last?.hasSuffix("(top)") == true)
            let stackJSON = try json(try await navctl(daemon, ["stack", sessionId, "--json"]))
            #expect(stackJSON["screens"]?.arrayValue?.map { $0["id"] } == ["root", "details", "more"])
            #expect(stackJSON["screens"]?.arrayValue?.last?["title"] == "M")

            let popped = try await navctl(daemon, ["pop", sessionId, "--to", "root"])
            #expect(popped.stdout == "popped 'more', 'details' from '\(sessionId)' (version 3)\n", "\(popped)")

            let list = try await navctl(daemon, ["session", "list"])
            let listLines = list.stdout.split(separator: "\n").map(String.init)
            #expect(listLines.count == 3)
            #expect(listLines.first?.split(separator: " ").map(String.init) == ["ID", "NAME", "VERSION", "DEPTH", "SUBSCRIBERS", "FROM"])
            // A session made by hand says nothing of where it comes from.
            #expect(listLines[1].split(separator: " ").map(String.init) == [sessionId, "demo", "3", "1", "0", "-"])
            let listJSON = try json(try await navctl(daemon, ["session", "list", "--json"]))
            #expect(listJSON["sessions"]?.arrayValue?.count == 2)

            let closed = try await navctl(daemon, ["session", "close", sessionId])
            #expect(closed.stdout == "closed session '\(sessionId)'\n")
            let closedJSON = try await navctl(daemon, ["session", "close", sessionId, "--json"])
            #expect(closedJSON.status == 1)
        }
    }

    @Test("snapshot to a file and restore from it, or through stdin: the same model")
    func snapshotRestore() async throws {
        try await withClient { client, daemon in
            let s = try await client.createSession(
                name: "orig", config: ["screens": [["id": "a", "title": "A"], ["id": "b", "title": "B"]]])
            let file = daemon.directory.file("snap.navd.json")
            let saved = try await navctl(daemon, ["session", "snapshot", s.sessionId, "-o", file])
            #expect(saved.status == 0, "\(saved)")
            #expect(saved.stdout == "wrote the snapshot of '\(s.sessionId)' to \(file)\n")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let document = try JSON.parse(text.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(document == (try await client.snapshot(s.sessionId)))
            // Written indented, one member a line, so that lint positions in it name real lines.
            #expect(text == document.prettySerialized() + "\n")
            #expect(text.split(separator: "\n").count > 20)
            let linted = try await runNavctl(["lint", "--format", "json", "--fail-on", "never", file])
            #expect(linted.status == 0, "\(linted)")

            let restored = try await navctl(daemon, ["session", "restore", file, "--json"])
            #expect(restored.status == 0, "\(restored)")
            let restoredId = try #require(try json(restored)["sessionId"]?.stringValue)
            #expect(try await client.snapshot(restoredId) == document)

            let piped = try await navctl(daemon, ["session", "snapshot", s.sessionId, "--json"])
            let viaStdin = try await navctl(daemon, ["session", "restore", "-", "--name", "piped"], stdin: piped.stdout)
            #expect(viaStdin.status == 0, "\(viaStdin)")
            #expect(viaStdin.stdout.hasPrefix("restored session '"))
            let printed = try await navctl(daemon, ["session", "snapshot", s.sessionId])
            #expect(try JSON.parse(printed.stdout.trimmingCharacters(in: .newlines)) == document)
            #expect(try await client.listSessions().map(\.name) == ["orig", "orig", "piped"])
        }
    }

    @Test("call: any method, params from the argument or stdin, the result as one JSON line")
    func call() async throws {
        try await withDaemon { daemon in
            let created = try await navctl(daemon, ["call", "session/create", #"{"name":"raw"}"#])
            #expect(created.status == 0, "\(created)")
            let sessionId = try #require(try json(created)["sessionId"]?.stringValue)
            let listed = try await navctl(daemon, ["call", "session/list"])
            #expect(try json(listed)["sessions"]?.arrayValue?.first?["name"] == "raw")
            let viaStdin = try await navctl(
                daemon, ["call", "stack/push", "-"], stdin: #"{"sessionId":"\#(sessionId)","screen":{"id":"x"}}"#)
            #expect(try json(viaStdin) == ["screenId": "x", "version": 1])
            let null = try await navctl(daemon, ["call", "session/close", #"{"sessionId":"\#(sessionId)"}"#])
            #expect(null.stdout == "null\n")
        }
    }

    @Test("a daemon error: the message and code on stderr, exit 1")
    func rpcErrorExit() async throws {
        try await withDaemon { daemon in
            let result = try await navctl(daemon, ["stack", "x"])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            // The daemon's pointer to a method is named as the navctl command that calls it.
            #expect(result.stderr == "navctl: no session 'x'; `navctl session list` shows the open ones (code 1001)\n")
            let bad = try await navctl(daemon, ["call", "stack/push", #"{"sessionId":"x","screen":{"title":5}}"#])
            #expect(bad.status == 1)
            #expect(bad.stderr.hasSuffix("(code -32602)\n"), "\(bad)")
            #expect(bad.stderr.contains("screen.title"))
        }
    }

    @Test(
        "bad usage exits 2 without contacting the daemon",
        arguments: [
            ["session", "create", "--profile", "ios9"],
            ["session", "create", "--device", "big"],
            ["session", "create", "--screens", "{"],
            ["push", "s1"],
            ["push", "s1", "--screen", "[1]"],
            ["call", "daemon/status", "{nope"],
            ["watch", "s1", "--topics", "stack,weather"],
            ["frobnicate"],
        ])
    func usageErrors(_ arguments: [String]) async throws {
        let result = try await runNavctl(arguments + ["--socket", "/nonexistent/navd.sock"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test("an unreachable daemon exits 3 with a hint")
    func unreachable() async throws {
        let directory = try TemporaryDirectory()
        let socket = directory.file("navd.sock")
        let result = try await runNavctl(["status", "--socket", socket])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.hasPrefix("navctl: cannot connect to \(socket): "))
        #expect(
            result.stderr.hasSuffix("is navd running? start it with `navd`, or add --start (NAVCTL_AUTOSTART=1) to start it on demand\n"))

        try Sockets.leaveStaleSocket(at: socket)
        let refused = try await runNavctl(["session", "list", "--socket", socket])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("refused"), "\(refused)")
    }

    @Test("connection options before the subcommand, as the docs write them, work as after it")
    func optionsBeforeTheSubcommand() async throws {
        try await withDaemon { daemon in
            let status = try await runNavctl(["--socket", daemon.socketPath, "--json", "status"])
            #expect(status.status == 0, "\(status)")
            #expect(try json(status)["pid"]?.intValue == Int64(daemon.pid))
            let created = try await runNavctl(["--socket=\(daemon.socketPath)", "session", "create", "--name", "front", "--json"])
            #expect(created.status == 0, "\(created)")
            let listed = try await runNavctl(["--json", "--socket", daemon.socketPath, "session", "list"])
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.contains("\"front\""), "\(listed)")
            // An option the command does not take is still refused, wherever it is written.
            let unknown = try await runNavctl(["--socket", daemon.socketPath, "devices", "--nope"])
            #expect(unknown.status == 2, "\(unknown)")
        }
    }

    @Test("a mistyped command is named, with the command meant when one is close")
    func mistypedCommands() async throws {
        for (arguments, expected) in [
            (["lnt", "examples"], "'lnt' is not a navctl command; did you mean 'navctl lint'?"),
            (["stats"], "'stats' is not a navctl command; did you mean 'navctl status'?"),
            (["session", "lst"], "'lst' is not a navctl session command; did you mean 'navctl session list'?"),
            (["frobnicate"], "'frobnicate' is not a navctl command\nSee 'navctl --help' for the commands."),
        ] {
            let result = try await runNavctl(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        // A known command's own usage errors keep the parser's message.
        let unknownOption = try await runNavctl(["session", "create", "--bogus"])
        #expect(unknownOption.status == 2)
        #expect(unknownOption.stderr.contains("Unknown option '--bogus'"), "\(unknownOption.stderr)")
    }

    @Test("the socket comes from $NAVD_SOCKET when --socket is absent")
    func socketFromEnvironment() async throws {
        try await withDaemon { daemon in
            let result = try await runNavctl(["status", "--json"], environment: ["NAVD_SOCKET": daemon.socketPath])
            #expect(result.status == 0, "\(result)")
            #expect(try json(result)["pid"]?.intValue == Int64(daemon.pid))
        }
    }

    @Test("watch prints notifications as JSON lines and exits 0 on SIGINT")
    func watchUntilInterrupted() async throws {
        try await withClient { client, daemon in
            let s = try await client.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            let watch = try NavctlProcess(["watch", s, "--topics", "stack,title", "--socket", daemon.socketPath])
            let banner = try await watch.nextErrorLine()
            #expect(banner == "watching session '\(s)' from version 0; Ctrl-C stops")
            _ = try await client.push(s, screen: ["id": "next", "title": "Next"])
            _ = try await client.pop(s)
            let first = try JSON.parse(try await watch.nextLine())
            #expect(first["method"] == "session/didChange")
            #expect(first["params"]?["version"] == 1)
            #expect(
                first["params"]?["changes"]?.arrayValue?.allSatisfy { ["stack", "title"].contains($0["kind"]?.stringValue ?? "") } == true)
            let second = try JSON.parse(try await watch.nextLine())
            #expect(second["params"]?["version"] == 2)
            watch.interrupt()
            #expect(try await watch.waitForExit() == 0)
            #expect(await watch.remainingLines().isEmpty)
        }
    }

    @Test("watch exits 0 after the watched session closes")
    func watchUntilClosed() async throws {
        try await withClient { client, daemon in
            let s = try await client.createSession().sessionId
            let watch = try NavctlProcess(["watch", s, "--socket", daemon.socketPath])
            // The banner on stderr comes once the subscription is in place.
            #expect(try await watch.nextErrorLine().hasPrefix("watching session '\(s)'"))
            try await client.closeSession(s)
            let line = try JSON.parse(try await watch.nextLine())
            #expect(line == ["method": "session/didClose", "params": ["sessionId": .string(s)]])
            #expect(try await watch.waitForExit() == 0)
        }
    }

    @Test("watch exits 3 with a message when the daemon goes away")
    func watchDaemonGone() async throws {
        let daemon = try await DaemonProcess.start()
        do {
            let client = try await daemon.connect()
            let s = try await client.createSession().sessionId
            await client.close()
            let watch = try NavctlProcess(["watch", s, "--socket", daemon.socketPath])
            #expect(try await watch.nextErrorLine().hasPrefix("watching session '\(s)'"))
            daemon.terminate()
            #expect(try await daemon.waitForExit() == 0)
            #expect(try await watch.waitForExit() == 3)
            #expect(try await watch.nextErrorLine() == "navctl: navd closed the connection; is it still running?")
        } catch {
            await daemon.stop()
            throw error
        }
        await daemon.stop()
    }
}

import Foundation
import Testing

/// navctl's bash completion, run in a real bash as bash runs it (the completion function with COMP_WORDS and
/// COMP_CWORD set): the commands that take a session id complete the running daemon's ids, and complete nothing,
/// quietly, when no daemon answers.
@Suite("Completion of session ids in bash")
struct CompletionEndToEndTests {
    /// What bash completes `words` (the last one being completed) to, with navctl on PATH, and what it printed on
    /// stderr.
    static func complete(
        _ words: [String], script: String, environment: [String: String]
    ) async throws -> (
        replies: [String], stderr: String
    ) {
        let directory = try TemporaryDirectory()
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let program = """
            source '\(script)'
            COMP_WORDS=(\(quoted.joined(separator: " ")))
            COMP_CWORD=\(words.count - 1)
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            _navctl navctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let outPath = directory.file("out")
        let errPath = directory.file("err")
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            throw HarnessError("cannot open bash's output files")
        }
        var env = navctlEnvironment(environment)
        let bin = URL(fileURLWithPath: Paths.navctl).deletingLastPathComponent().path
        env["PATH"] = bin + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        let bash = try ChildProcess(
            executable: "/bin/bash", arguments: ["--norc", "--noprofile", "-c", program], environment: env,
            standardOutput: out, standardError: err)
        try? out.close()
        try? err.close()
        let status = try await bash.waitForExit(timeout: .seconds(60))
        #expect(status == 0)
        let replies = ((try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return (replies, (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// navctl's bash completion script, written to a file of `directory`.
    static func script(in directory: TemporaryDirectory) async throws -> String {
        let generated = try await runNavctl(["--generate-completion-script", "bash"])
        #expect(generated.status == 0, "\(generated)")
        let path = directory.file("navctl.bash")
        try generated.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("session close, watch, push and --session complete the daemon's session ids")
    func sessionIds() async throws {
        let directory = try TemporaryDirectory()
        let script = try await Self.script(in: directory)
        try await withDaemon { daemon in
            for name in ["alpha", "beta"] {
                let made = try await runNavctl(["session", "create", "--name", name, "--socket", daemon.socketPath])
                #expect(made.status == 0, "\(made)")
            }
            let env = ["NAVD_SOCKET": daemon.socketPath]
            let close = try await Self.complete(["navctl", "session", "close", ""], script: script, environment: env)
            #expect(close.replies == ["s1", "s2"] && close.stderr.isEmpty, "\(close)")
            let prefixed = try await Self.complete(["navctl", "watch", "s2"], script: script, environment: env)
            #expect(prefixed.replies == ["s2"], "\(prefixed)")
            let push = try await Self.complete(["navctl", "push", ""], script: script, environment: env)
            #expect(push.replies == ["s1", "s2"], "\(push)")
            let option = try await Self.complete(["navctl", "tint", "--session", ""], script: script, environment: env)
            #expect(option.replies == ["s1", "s2"], "\(option)")
            // --socket on the command line names the daemon, whatever NAVD_SOCKET says.
            let elsewhere = ["NAVD_SOCKET": directory.file("nothing.sock")]
            let named = try await Self.complete(
                ["navctl", "session", "close", "--socket", daemon.socketPath, ""], script: script, environment: elsewhere)
            #expect(named.replies == ["s1", "s2"], "\(named)")
            // A closed session is no longer offered.
            #expect(try await runNavctl(["session", "close", "s1", "--socket", daemon.socketPath]).status == 0)
            let after = try await Self.complete(["navctl", "session", "close", ""], script: script, environment: env)
            #expect(after.replies == ["s2"], "\(after)")
        }
    }

    @Test("with no daemon on the socket, nothing is offered and nothing is printed")
    func noDaemon() async throws {
        let directory = try TemporaryDirectory()
        let script = try await Self.script(in: directory)
        let env = ["NAVD_SOCKET": directory.file("absent.sock")]
        let close = try await Self.complete(["navctl", "session", "close", ""], script: script, environment: env)
        #expect(close.replies.isEmpty && close.stderr.isEmpty, "\(close)")
        // A socket file nobody listens on (a daemon that died) is the same.
        let stale = directory.file("stale.sock")
        _ = FileManager.default.createFile(atPath: stale, contents: nil)
        let dead = try await Self.complete(["navctl", "watch", ""], script: script, environment: ["NAVD_SOCKET": stale])
        #expect(dead.replies.isEmpty && dead.stderr.isEmpty, "\(dead)")
    }
}

import ArgumentParser
import Foundation
import NavClient
import NavProtocol
import NavSource

/// `navctl`: a command line for navd.
///
/// Exit status: 0 success, 1 the daemon answered with an error, 2 bad usage,
/// 3 the daemon cannot be reached.
///
/// Adding a command: a type conforming to `AsyncParsableCommand` in its own file, with
/// `@OptionGroup var options: ConnectionOptions`; `validate()` throws `ValidationError` for bad
/// flags; `run()` calls one of NavClient's typed calls (`options.withClient { try await $0.layout(id) }`, or
/// `document.withSession` for a command that also answers `--file`) and prints with
/// `options.output.result(result.json) { readable text from the typed result }`; then one line in `subcommands`
/// below. Only `navctl call` sends a method by name.
/// Errors need no handling: `main()` maps them to stderr and the exit status.
@main
struct Navctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navctl",
        abstract: "Talk to navd, the daemon that models iOS navigation bars.",
        discussion: """
            Every command takes --socket PATH (default: $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, \
            else /tmp/navd-<uid>/navd.sock) and --json (print the raw result as one JSON line).
            Exit status: 0 ok, 1 the daemon answered with an error, 2 bad usage, 3 the daemon cannot be reached.
            """,
        version: NavdVersion.current,
        // One line per command.
        subcommands: [
            StatusCommand.self,
            SessionCommand.self,
            PushCommand.self,
            PopCommand.self,
            StackCommand.self,
            CallCommand.self,
            WatchCommand.self,
            BackTitleCommand.self,
            TintCommand.self,
            HitCommand.self,
            TapCommand.self,
            RegionsCommand.self,
            RenderCommand.self,
            PopTestCommand.self,
            TreeHitCommand.self,
            ConfigureCommand.self,
            UpdateCommand.self,
            PreviousTitleCommand.self,
            DiagnoseCommand.self,
            LayoutCommand.self,
            LintCommand.self,
            FlowsCommand.self,
            ImportCommand.self,
            DevicesCommand.self,
            LSPCommand.self,
            MCPCommand.self,
        ]
    )

    /// Parses, runs, and maps every failure to a message on stderr and the documented exit status.
    static func main() async {
        let output = Output()
        // A bare `navctl` is bad usage (status 2), with the help that says what to type.
        if CommandLine.arguments.count <= 1 {
            output.errorText(helpMessage())
            exit(withError: ExitCode(ExitStatus.usage))
        }
        do {
            // The async parse answers a shell's completion request whose values come from the daemon (session ids).
            var command = try await asyncParseAsRoot(GlobalOptions.moved(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as NavClientError {
            exit(withError: ExitCode(Failure.report(error, to: output)))
        } catch let error as Failure {
            output.error(error.message)
            exit(withError: ExitCode(error.status))
        } catch {
            if exitCode(for: error) == .validationFailure {
                if let unknown = UnknownCommand.find(in: Array(CommandLine.arguments.dropFirst())) {
                    output.errorText(unknown.message)
                } else {
                    output.errorText(fullMessage(for: error))
                }
                exit(withError: ExitCode(ExitStatus.usage))
            }
            exit(withError: error)
        }
    }
}

/// The connection options written before the subcommand, as git and kubectl take theirs (`navctl --socket PATH
/// status`): moved after it, where each command declares them.
enum GlobalOptions {
    /// The options that take a value, and the flags.
    static let valued: Set<String> = ["--socket"]
    static let flags: Set<String> = ["--json", "--start"]

    /// `arguments` with the leading connection options moved to the end (before a `--`, when there is one).
    static func moved(_ arguments: [String]) -> [String] {
        var rest = arguments[...]
        var moved: [String] = []
        while let first = rest.first {
            if flags.contains(first) || valued.contains(where: { first.hasPrefix($0 + "=") }) {
                moved.append(first)
                rest = rest.dropFirst()
            } else if valued.contains(first), rest.count >= 2 {
                moved += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        guard !moved.isEmpty, !rest.isEmpty else { return arguments }
        var out = Array(rest)
        out.insert(contentsOf: moved, at: out.firstIndex(of: "--") ?? out.endIndex)
        return out
    }
}

/// A word where a subcommand was expected that names none (`navctl lnt`), with the nearest name when one is
/// close: the parser itself only says the argument was unexpected.
struct UnknownCommand {
    var word: String
    /// The command words before it, `navctl` first.
    var path: [String]
    var suggestion: String?

    var message: String {
        let command = path.joined(separator: " ")
        var text = "Error: '\(word)' is not a \(command) command"
        if let suggestion { text += "; did you mean '\(command) \(suggestion)'?" }
        return text + "\nSee '\(command) --help' for the commands.\n"
    }

    /// The first word of `arguments` that is not a subcommand of the command the words before it name, when that
    /// command has subcommands; nil when an option comes first or every word is a command's.
    static func find(in arguments: [String]) -> UnknownCommand? {
        var command: any ParsableCommand.Type = Navctl.self
        var path = ["navctl"]
        for word in arguments {
            guard !word.hasPrefix("-"), word != "help" else { return nil }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            return UnknownCommand(word: word, path: path, suggestion: nearest(word, among: subcommands.map { $0._commandName }))
        }
        return nil
    }

    /// The name meant by `word`, when one is close: a letter or two off, or the start of exactly one name.
    static func nearest(_ word: String, among names: [String]) -> String? {
        let nearest = names.map { ($0, Suggestion.distance(Array(word.unicodeScalars), Array($0.unicodeScalars))) }.min {
            ($0.1, $0.0) < ($1.1, $1.0)
        }
        let starting = names.filter { $0.hasPrefix(word) }
        return starting.count == 1 ? starting[0] : nearest.flatMap { $0.1 <= max(1, word.count / 3) ? $0.0 : nil }
    }
}

/// The exit statuses navctl documents.
enum ExitStatus {
    static let rpcError: Int32 = 1
    static let usage: Int32 = 2
    static let unreachable: Int32 = 3
}

/// A failure navctl reports itself: a message for stderr and an exit status.
struct Failure: Error {
    var message: String
    var status: Int32

    static func usage(_ message: String) -> Failure { Failure(message: message, status: ExitStatus.usage) }

    /// The protocol methods the daemon's messages point to, as the navctl commands that call them.
    static let commandsForMethods: [(method: String, command: String)] = [
        ("session/list", "`navctl session list`"), ("stack/get", "`navctl stack SESSION`"),
        ("session/snapshot", "`navctl session snapshot`"), ("initialize's capabilities.methods", "`navctl --help`"),
    ]

    /// A daemon message as a navctl user needs it: methods named as the commands that call them.
    static func commandSentence(_ message: String) -> String {
        var out = message
        for (method, command) in commandsForMethods { out = out.replacingOccurrences(of: method, with: command) }
        return out
    }

    /// Writes the message for a client error and returns the exit status.
    static func report(_ error: NavClientError, to output: Output) -> Int32 {
        switch error {
        case .rpc(let rpc):
            output.error("\(commandSentence(rpc.message)) (code \(rpc.code))")
            return ExitStatus.rpcError
        case .cannotConnect(let path, let reason):
            output.error(
                "cannot connect to \(path): \(reason); is navd running? start it with `navd`, or add --start (NAVCTL_AUTOSTART=1) to start it on demand"
            )
            return ExitStatus.unreachable
        case .connectionClosed:
            output.error("navd closed the connection; is it still running?")
            return ExitStatus.unreachable
        case .timeout, .badReply, .unexpectedNotification:
            output.error(error.description)
            return ExitStatus.rpcError
        }
    }
}

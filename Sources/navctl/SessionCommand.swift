import ArgumentParser
import JSONCore
import NavClient
import NavLocal
import NavProtocol

/// `navctl session ...`: create, list, close, snapshot and restore sessions.
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Create, list, close, snapshot and restore sessions.",
        subcommands: [
            Create.self,
            List.self,
            Close.self,
            Snapshot.self,
            Restore.self,
        ]
    )

    /// The profiles PROTOCOL.md section 4 lists.
    static let profiles = ["ios10", "ios11", "ios13", "ios14", "ios17", "ios26"]

    /// `navctl session create`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open a new session and print its id.")

        @OptionGroup var options: ConnectionOptions
        @Option(help: "A name shown by `session list`.") var name: String?
        @Option(
            help: "The layout profile: \(SessionCommand.profiles.joined(separator: ", ")).",
            completion: .list(SessionCommand.profiles)) var profile: String?
        @OptionGroup var device: DeviceOptions
        @Option(help: "The locale, e.g. en or fr.") var locale: String?
        @Option(help: ArgumentHelp("The initial stack, a JSON array of screens.", valueName: "json")) var screens: String?

        func validate() throws {
            if let profile, !SessionCommand.profiles.contains(profile) {
                throw ValidationError("unknown profile '\(profile)'; use one of \(SessionCommand.profiles.joined(separator: ", "))")
            }
            if let screens {
                try JSONArguments.check(screens, from: "--screens")
                _ = try Self.screenList(screens)
            }
            if let locale, locale.isEmpty { throw ValidationError("--locale must not be empty") }
        }

        static func screenList(_ text: String) throws -> JSON {
            let json = try JSONArguments.parse(text, from: "--screens")
            guard case .array = json else { throw ValidationError("--screens must be a JSON array of screens, not \(json.typeName)") }
            return json
        }

        func run() async throws {
            var config = JSONObject()
            if let profile { config["profile"] = .string(profile) }
            if let device = try device.json() { config["device"] = device }
            if let locale { config["locale"] = .string(locale) }
            if let screens { config["screens"] = try Self.screenList(screens) }
            let session = try await options.withClient { [name, config] in try await $0.createSession(name: name, config: config) }
            options.output.result(session.json) { "created session '\(session.sessionId)' at version \(session.version)" }
        }
    }

    /// `navctl session list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the open sessions.")

        @OptionGroup var options: ConnectionOptions

        /// Where a session comes from, in a cell: the last file (the screen on top) and the workspace.
        static func origin(_ origin: SessionOrigin?) -> String {
            guard let origin else { return "-" }
            var parts: [String] = []
            if let file = origin.files.last {
                let relative =
                    origin.workspace.map { w in file.hasPrefix(w + "/") ? String(file.dropFirst(w.count + 1)) : file } ?? file
                parts.append(relative + (origin.files.count > 1 ? " (+\(origin.files.count - 1))" : ""))
            }
            if let workspace = origin.workspace { parts.append("in \(workspace)") }
            if let client = origin.client { parts.append("by \(client)") }
            return parts.isEmpty ? "-" : parts.joined(separator: " ")
        }

        func run() async throws {
            let sessions = try await options.withClient { try await $0.listSessions() }
            options.output.result(SessionList.Result(sessions: sessions).json) {
                if sessions.isEmpty { return "no sessions" }
                let rows =
                    [["ID", "NAME", "VERSION", "DEPTH", "SUBSCRIBERS", "FROM"]]
                    + sessions.map {
                        [
                            $0.sessionId, $0.name.isEmpty ? "-" : $0.name, String($0.version), String($0.depth), String($0.subscribers),
                            Self.origin($0.origin),
                        ]
                    }
                return Readable.table(rows)
            }
        }
    }

    /// `navctl session close ID`.
    struct Close: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Close a session; its subscribers get session/didClose.")

        @OptionGroup var options: ConnectionOptions
        @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String

        func run() async throws {
            try await options.withClient { [sessionId] in try await $0.closeSession(sessionId) }
            options.output.result(NullResult().json) { "closed session '\(sessionId)'" }
        }
    }

    /// `navctl session snapshot ID [-o FILE]`.
    struct Snapshot: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print (or save) the whole model of a session as a restorable JSON document.")

        @OptionGroup var options: ConnectionOptions
        @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String
        @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the document to this file.", valueName: "file"))
        var output: String?

        func run() async throws {
            let document = try await options.withClient { [sessionId] in try await $0.snapshot(sessionId) }
            if let output {
                do {
                    // Indented, as `import` writes documents: a person reads it, and `navctl lint` points at its lines.
                    try (document.prettySerialized() + "\n").write(toFile: output, atomically: true, encoding: .utf8)
                } catch {
                    throw Failure.usage("cannot write \(output): \(error.localizedDescription)")
                }
                if !options.json { options.output.line("wrote the snapshot of '\(sessionId)' to \(output)") }
            } else {
                options.output.line(options.json ? SessionSnapshot.Result(document: document).json.serialized() : document.serialized())
            }
        }
    }

    /// `navctl session restore FILE|-`.
    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open a new session from a snapshot document (a file, or - for stdin).")

        @OptionGroup var options: ConnectionOptions
        @Argument(help: ArgumentHelp("The snapshot document, or - to read it from stdin.", valueName: "file")) var file: String
        @Option(help: "A name for the restored session.") var name: String?

        func run() async throws {
            let source = file == "-" ? "<stdin>" : file
            let text = try JSONArguments.read(file)
            var document = try JSONArguments.parse(text, from: source, isFile: true)
            // Accept `session snapshot --json` output too: the result object that wraps the document.
            if case .object(let object) = document, object.count == 1, let inner = object["document"] {
                document = inner
            } else if case .failure(let error) = DocumentSource.loadText(text, name: source) {
                // A bad member is shown at its line and column, as `navctl lint` shows it.
                options.output.errorText(error.text)
                throw ExitCode(ExitStatus.usage)
            }
            let session = try await options.withClient { [document, name] in try await $0.restore(document, name: name) }
            options.output.result(session.json) { "restored session '\(session.sessionId)' at version \(session.version)" }
        }
    }
}

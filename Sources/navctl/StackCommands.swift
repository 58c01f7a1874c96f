import ArgumentParser
import JSONCore
import NavClient
import NavProtocol

/// `navctl push SESSION --title T [--id ID] [--screen JSON]`.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "push", abstract: "Push a screen onto a session's stack.")

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String
    @Option(help: "The screen's title.") var title: String?
    @Option(help: "The screen's id (generated when omitted).") var id: String?
    @OptionGroup var members: ScreenOptions
    @Option(help: ArgumentHelp("The screen as a JSON object; the other options override its fields.", valueName: "json"))
    var screen: String?

    func validate() throws {
        if title == nil, screen == nil, try members.members().isEmpty {
            throw ValidationError("give the screen: --title T, its options, or --screen JSON")
        }
        if let screen { try JSONArguments.check(screen, from: "--screen", object: true) }
        if let id, id.isEmpty { throw ValidationError("--id must not be empty") }
    }

    func run() async throws {
        var object = try screen.map { try JSONArguments.object($0, from: "--screen") } ?? JSONObject()
        object = object.merged(with: try members.members())
        if let id { object["id"] = .string(id) }
        if let title { object["title"] = .string(title) }
        let screen = JSON.object(object)
        let pushed = try await options.withClient { [sessionId] in try await $0.push(sessionId, screen: screen) }
        options.output.result(pushed.json) { "pushed '\(pushed.screenId)' onto '\(sessionId)' (version \(pushed.version))" }
    }
}

/// `navctl pop SESSION [--to ID|root]`.
struct PopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pop", abstract: "Pop the top screen, or every screen above --to (a screen id, or root).")

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String
    @Option(help: ArgumentHelp("Pop down to this screen id, or to the root.", valueName: "id|root")) var to: String?

    func validate() throws {
        if let to, to.isEmpty { throw ValidationError("--to must be a screen id or root") }
    }

    func run() async throws {
        let popped = try await options.withClient { [sessionId, to] in try await $0.pop(sessionId, to: to) }
        options.output.result(popped.json) {
            popped.popped.isEmpty
                ? "nothing popped from '\(sessionId)' (version \(popped.version))"
                : "popped \(popped.popped.map { "'\($0)'" }.joined(separator: ", ")) from '\(sessionId)' (version \(popped.version))"
        }
    }
}

/// `navctl stack SESSION`.
struct StackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stack", abstract: "Show a session's stack, root first.")

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String

    func run() async throws {
        let state = try await options.withClient { [sessionId] in try await $0.stack(sessionId) }
        options.output.result(state.json) { Readable.stack(sessionId, state) }
    }
}

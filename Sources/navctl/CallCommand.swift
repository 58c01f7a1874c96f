import ArgumentParser
import JSONCore
import NavClient
import NavProtocol

/// `navctl call METHOD [JSON]`: any method, raw.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Call any method with raw JSON params and print the result as one JSON line.",
        discussion: "Example: navctl call bar/hitTest '{\"sessionId\":\"s1\",\"point\":{\"x\":20,\"y\":70}}'")

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The method, e.g. daemon/status.") var method: String
    @Argument(help: ArgumentHelp("The params as JSON, or - to read them from stdin.", valueName: "json")) var params: String?

    func validate() throws {
        if method.isEmpty { throw ValidationError("the method must not be empty") }
        if let params, params != "-" { try JSONArguments.check(params, from: "params") }
    }

    func run() async throws {
        let json: JSON? = try params.map { text in
            text == "-"
                ? try JSONArguments.parse(try JSONArguments.read("-"), from: "stdin") : try JSONArguments.parse(text, from: "params")
        }
        let result: JSON
        do {
            result = try await options.withClient { try await $0.request(method, json) }
        } catch NavClientError.rpc(let error) where error.code == RPCError.methodNotFound(method).code {
            throw Failure(message: Self.unknownMethod(method), status: ExitStatus.rpcError)
        }
        options.output.line(result.serialized())
    }

    /// What to say of a method the daemon does not answer: the one probably meant, and every one there is.
    static func unknownMethod(_ method: String) -> String {
        let names = Messages.requests.map { $0.name }
        var text = "no method '\(method)'"
        if let meant = UnknownCommand.nearest(method, among: names) { text += "; did you mean '\(meant)'?" }
        return text + "\nthe methods: \(names.joined(separator: ", "))"
            + "\n(docs/protocol.md describes each; `navctl call rpc.discover` gives their params and results as OpenRPC)"
    }
}

import ArgumentParser
import JSONCore
import NavClient

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
        let result = try await options.withClient { try await $0.request(method, json) }
        options.output.line(result.serialized())
    }
}

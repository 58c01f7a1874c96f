import ArgumentParser
import Foundation
import JSONCore
import NavClient

/// `navctl render SESSION -o FILE`: the bar and its touch areas as SVG.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the top screen's bar and every touch area (with a legend) as SVG.",
        discussion: "Example: navctl render s1 -o bar.svg   (then: rsvg-convert bar.svg -o bar.png)")

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(help: "The session id (none with --file).", completion: SessionCompletion.kind) var sessionId: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the SVG; - for stdout.", valueName: "file"))
    var output: String

    func validate() throws {
        if output.isEmpty { throw ValidationError("-o needs a file name, or - for stdout") }
        _ = try document.session(sessionId)
    }

    func run() async throws {
        let svg = try await document.withSession(options, sessionId) { client, session in try await client.render(session) }
        if output == "-" {
            options.output.text(svg)
            return
        }
        do {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw Failure(message: "cannot write \(output): \(error.localizedDescription)", status: ExitStatus.rpcError)
        }
        if options.json {
            options.output.line(JSON.object(["file": .string(output), "bytes": .number(svg.utf8.count)]).serialized())
        } else {
            options.output.line("wrote the bar of '\(sessionId ?? document.file ?? "")' to \(output) (\(svg.utf8.count) bytes of SVG)")
        }
    }
}

import ArgumentParser
import JSONCore
import NavClient
import NavLocal
import NavModel

/// `navctl hit SESSION X Y [--trace]`: who receives a tap at a window point, explained in one paragraph.
struct HitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hit",
        abstract: "Explain who receives a tap at window point (X, Y) on the top screen's bar, and what it does.",
        discussion: "Example: navctl hit s1 20 40 --trace")

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(parsing: .allUnrecognized, help: PointArguments.help) var values: [String] = []
    @Flag(help: "Also list every view the hit test visited.") var trace = false

    func validate() throws { _ = try PointArguments.parse(values, file: document.isFile) }

    func run() async throws {
        let arguments = try PointArguments.parse(values, file: document.isFile)
        let point = arguments.point
        // The paragraph reads the trace (interception, forwarding, era L columns); --json shows it only when asked.
        let withTrace = trace || !options.json
        let result = try await document.withSession(options, arguments.sessionId) { client, session in
            try await client.hitTest(session, point: point, trace: withTrace)
        }
        options.output.result(result.json) {
            var text = BarReadable.explain(result, point: point)
            if trace { text += "\n" + Readable.table(BarReadable.traceRows(result.hit.trace)) }
            return text
        }
    }
}

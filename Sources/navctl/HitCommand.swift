import ArgumentParser
import JSONCore
import NavClient

/// `navctl hit SESSION X Y [--trace]`: who receives a tap at a window point, explained in one paragraph.
struct HitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hit",
        abstract: "Explain who receives a tap at window point (X, Y) on the top screen's bar, and what it does.",
        discussion: "Example: navctl hit s1 20 40 --trace")

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The session id.") var sessionId: String
    @Argument(help: "Window x, in points.") var x: Double
    @Argument(help: "Window y, in points.") var y: Double
    @Flag(help: "Also list every view the hit test visited.") var trace = false

    func validate() throws {
        guard x.isFinite, y.isFinite else { throw ValidationError("X and Y must be finite numbers") }
    }

    func run() async throws {
        // The paragraph reads the trace (interception, forwarding, era L columns); --json shows it only when asked.
        let params: JSON = [
            "sessionId": .string(sessionId), "point": ["x": .number(x), "y": .number(y)],
            "trace": .bool(trace || !options.json),
        ]
        let result = try await options.withClient { try await $0.request("bar/hitTest", params) }
        options.output.result(result) {
            var text = BarReadable.explain(result, point: (x, y))
            if trace, let steps = result["trace"]?.arrayValue { text += "\n" + BarReadable.trace(steps) }
            return text
        }
    }
}

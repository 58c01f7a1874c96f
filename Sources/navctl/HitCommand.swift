import ArgumentParser
import JSONCore
import NavClient
import NavLocal

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
        let point = try PointArguments.parse(values, file: document.isFile)
        let (x, y) = (point.x, point.y)
        // The paragraph reads the trace (interception, forwarding, era L columns); --json shows it only when asked.
        let withTrace = trace || !options.json
        let result = try await document.withSession(options, point.sessionId) { client, session in
            try await client.request(
                "bar/hitTest", ["sessionId": .string(session), "point": ["x": .number(x), "y": .number(y)], "trace": .bool(withTrace)])
        }
        options.output.result(result) {
            var text = BarReadable.explain(result, point: (x, y))
            if trace, let steps = result["trace"]?.arrayValue { text += "\n" + BarReadable.trace(steps) }
            return text
        }
    }
}

extension BarReadable {
    /// The trace as aligned rows.
    static func trace(_ steps: [JSON]) -> String {
        var rows: [[String]] = [["VERDICT", "VIEW", "FRAME", "NOTE"]]
        for s in steps {
            let f = s["frame"] ?? .null
            let frame = "(\(number(f["x"])), \(number(f["y"])), \(number(f["width"])), \(number(f["height"])))"
            rows.append([s["verdict"]?.stringValue ?? "?", s["view"]?.stringValue ?? "?", frame, s["note"]?.stringValue ?? ""])
        }
        return Readable.table(rows)
    }
}

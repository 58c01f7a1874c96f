import ArgumentParser
import JSONCore
import NavClient

/// `navctl pop-test SESSION X Y`: whether a swipe starting at window point (X, Y) begins swipe-back.
struct PopTestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pop-test",
        abstract: "Tell whether a swipe starting at window point (X, Y) begins the interactive pop (swipe-back), and why.",
        discussion: "Example: navctl pop-test s1 8 400   (exit status 0 whatever the answer; --json for scripts)")

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(parsing: .allUnrecognized, help: PointArguments.help) var values: [String] = []

    func validate() throws { _ = try PointArguments.parse(values, file: document.isFile) }

    func run() async throws {
        let point = try PointArguments.parse(values, file: document.isFile)
        let (x, y) = (point.x, point.y)
        let result = try await document.withSession(options, point.sessionId) { client, session in
            try await client.request("gesture/popTest", ["sessionId": .string(session), "start": ["x": .number(x), "y": .number(y)]])
        }
        options.output.result(result) { Self.readable(result, x: x, y: y) }
    }

    /// "begins" or "does not begin", the reason, and the recognizer in charge.
    static func readable(_ result: JSON, x: Double, y: Double) -> String {
        let begins = result["begins"]?.boolValue == true
        let point = "(\(JSON.number(x).serialized()), \(JSON.number(y).serialized()))"
        var lines = [begins ? "a swipe from \(point) begins swipe-back" : "a swipe from \(point) does not begin swipe-back"]
        if let reason = result["reason"]?.stringValue { lines.append("  why: \(reason)") }
        if let recognizer = result["recognizer"]?.stringValue, let name = recognizerNames[recognizer] {
            lines.append("  recognizer: \(name)")
        }
        return lines.joined(separator: "\n")
    }

    static let recognizerNames: [String: String] = [
        "systemEdge": "UIKit's edge swipe (interactivePopGestureRecognizer)",
        "restoredEdge": "UIKit's edge swipe, kept on by the screen's popGesture",
        "fullscreen": "the app's full-screen pan",
        "disabled": "none (popGesture disabled)",
    ]
}

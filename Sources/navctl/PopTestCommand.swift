import ArgumentParser
import JSONCore
import NavClient
import NavModel
import NavProtocol

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
        let arguments = try PointArguments.parse(values, file: document.isFile)
        let start = arguments.point
        let verdict = try await document.withSession(options, arguments.sessionId) { client, session in
            try await client.popTest(session, start: start)
        }
        options.output.result(GesturePopTest.Result(verdict).json) { Self.readable(verdict, start: start) }
    }

    /// "begins" or "does not begin", the reason, and the recognizer in charge.
    static func readable(_ verdict: PopGesture.Verdict, start: Point) -> String {
        let point = "(\(JSON.number(start.x).serialized()), \(JSON.number(start.y).serialized()))"
        var lines = [
            verdict.begins ? "a swipe from \(point) begins swipe-back" : "a swipe from \(point) does not begin swipe-back",
            "  why: \(verdict.reason)",
        ]
        if let name = recognizerName(verdict.recognizer) { lines.append("  recognizer: \(name)") }
        return lines.joined(separator: "\n")
    }

    /// The recognizer in words; nil when there was nothing to decide.
    static func recognizerName(_ recognizer: PopGesture.Recognizer) -> String? {
        switch recognizer {
        case .systemEdge: return "UIKit's edge swipe (interactivePopGestureRecognizer)"
        case .restoredEdge: return "UIKit's edge swipe, kept on by the screen's popGesture"
        case .fullscreen: return "the app's full-screen pan"
        case .disabled: return "none (popGesture disabled)"
        case .none: return nil
        }
    }
}

import ArgumentParser
import Foundation
import JSONCore
import NavClient
import NavImport
import NavProtocol

/// `navctl tree-hit FILE X Y`: which view UIKit's hitTest returns in a view tree (JSON or recursiveDescription).
struct TreeHitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree-hit",
        abstract: "Hit-test a view tree: a View JSON file, or the text of `po [[UIWindow keyWindow] recursiveDescription]`.",
        discussion: """
            X and Y are in the root view's own coordinates (window coordinates for a window dump). FILE may be - for stdin.
            Every lldb dump navctl import reads is read here too (CRLF, log prefixes, Swift po wrappers). An accessibility
            tree (XCUITest, Appium) has elements, not views: import it and use navctl hit --file instead.
            Example: navctl tree-hit dump.txt 20 40 --trace
            """)

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The tree: a JSON View object, or recursiveDescription text; - reads stdin.") var file: String
    @Argument(help: "x in the root view's coordinates.") var x: Double
    @Argument(help: "y in the root view's coordinates.") var y: Double
    @Flag(help: "Also list every view the hit test visited.") var trace = false

    func validate() throws {
        guard x.isFinite, y.isFinite else { throw ValidationError("X and Y must be finite numbers") }
        if file.isEmpty { throw ValidationError("FILE must be a path, or - for stdin") }
    }

    func run() async throws {
        let text = try JSONArguments.read(file)
        let name = file == "-" ? "<stdin>" : file
        // A JSON View object is sent as it is; an lldb dump as its cleaned recursiveDescription text, which navd parses.
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let tree: JSON
        do {
            if trimmed.hasPrefix("{") {
                // WebDriverAgent's JSON source is an element tree, not a View: refused with what to do instead.
                if let json = try? JSON.parse(text), json["type"] != nil || json["value"]?["type"] != nil {
                    _ = try NavImport.recursiveDescriptionText(text)
                }
                tree = try JSONArguments.parse(text, from: name, isFile: true)
            } else {
                tree = .string(try NavImport.recursiveDescriptionText(text))
            }
        } catch let error as NavImport.Failure {
            Output().errorText("\(name):\(max(1, error.line)): error: \(error.message)")
            throw ExitCode(ExitStatus.usage)
        }
        let params: JSONObject = ["tree": tree, "point": ["x": .number(x), "y": .number(y)], "trace": .bool(trace)]
        let result = try await options.withClient { try await $0.treeHitTest(params) }
        options.output.result(result.json) { Self.readable(result) }
    }

    static func readable(_ result: TreeHitTest.Result) -> String {
        var lines: [String] = []
        if let view = result.view {
            let id = view.id.map { " \($0)" } ?? ""
            lines.append("hit: \(view.className)\(id) at path [\(view.path.map(String.init).joined(separator: ", "))]")
        } else {
            lines.append("hit: nothing (the root does not take the point)")
        }
        if let action = result.action { lines.append("action: \(action.name)") }
        for step in result.trace ?? [] {
            let name = step.className.map { $0 == step.view ? step.view : "\($0) \(step.view)" } ?? step.view
            let note = step.note.map { " (\($0))" } ?? ""
            lines.append(String(repeating: "  ", count: step.path.count + 1) + "\(name): \(step.verdict.rawValue)\(note)")
        }
        return lines.joined(separator: "\n")
    }
}

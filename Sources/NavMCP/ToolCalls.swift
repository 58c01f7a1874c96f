import Foundation
import JSONCore
import MCP
import NavEngine
import NavLint
import NavLocal
import NavModel
import NavProtocol

/// What each tool answers: the work is navctl's own (`LintRun`, `DocumentModel`, `ModelAnswers`), the text as
/// navctl prints it.
struct ToolCalls: Sendable {
    let options: NavMCPServer.Options

    /// The result of one tools/call: the tool's text, or its failure as a result with isError.
    func call(_ name: String, _ arguments: [String: Value]?) throws(MCPError) -> CallTool.Result {
        guard let tool = NavTools.all.first(where: { $0.name == name }) else {
            let names = NavTools.all.map(\.name).joined(separator: ", ")
            throw MCPError.invalidParams("unknown tool '\(name)' (tools: \(names))")
        }
        do throws(ToolFailure) {
            let args = try Arguments(tool: name, arguments, known: NavTools.members(of: tool))
            let (texts, failed) = try answer(name, args)
            return CallTool.Result(content: texts.map { .text(text: $0, annotations: nil, _meta: nil) }, isError: failed)
        } catch {
            return CallTool.Result(content: [.text(text: error.message, annotations: nil, _meta: nil)], isError: true)
        }
    }

    /// The texts of a tool's answer, and whether it reports a failure beside them (a lint that could not read
    /// some of its paths).
    private func answer(_ name: String, _ args: Arguments) throws(ToolFailure) -> (texts: [String], failed: Bool) {
        switch name {
        case NavTools.lintPaths: return try lint(args)
        case NavTools.explainFinding: return ([try explain(args)], false)
        case NavTools.hitTest: return (try hitTest(args), false)
        case NavTools.backTitle: return ([try backTitle(args)], false)
        case NavTools.resolveTint: return ([try tint(args)], false)
        default: return ([try render(args)], false)
        }
    }

    // MARK: lint_paths

    func lint(_ args: Arguments) throws(ToolFailure) -> (texts: [String], failed: Bool) {
        let paths = try args.strings("paths")
        if let index = paths.firstIndex(of: "-") {
            throw ToolFailure("arguments.paths[\(index)]: '-' (standard input) carries this protocol; give a file or folder")
        }
        let profile = try args.string("profile")
        let format = try args.choice("format", ["text", "json"]) ?? "text"
        let report: LintReport
        var notes: [String] = []
        do throws(LintRun.Failure) {
            let profiles = try LintRun.profiles(profile, option: "arguments.profile", notes: &notes)
            report = try LintRun.lint(paths, profiles: profiles, cache: options.lintCache)
        } catch {
            throw ToolFailure(error.message)
        }
        let failed = !report.errors.isEmpty
        let noted = notes.map { "note: \($0)\n" }.joined()
        if format == "json" { return ([JSONReporter().render(report)] + (noted.isEmpty ? [] : [noted]), failed) }
        var text = noted + TextReporter().render(report)
        for error in report.errors { text += error.text + "\n" }
        if text.isEmpty { text = "no findings\n" }
        return ([text], failed)
    }

    // MARK: explain_finding

    func explain(_ args: Arguments) throws(ToolFailure) -> String {
        guard let code = try args.string("code", required: true) else { return "" }
        guard let rule = LintRule.rule(code) else {
            let codes = LintRule.all.map(\.code)
            let near = codes.filter { $0.contains(code) || code.contains($0) }
            let hint = near.isEmpty ? "codes: \(codes.joined(separator: ", "))" : "did you mean \(near.joined(separator: " or "))?"
            throw ToolFailure("arguments.code: no finding has the code '\(code)' (\(hint))")
        }
        var lines = [
            "\(rule.code) (\(rule.name)): \(rule.defaultSeverity.rawValue) by default",
            rule.shortDescription,
            rule.fullDescription,
        ]
        if !rule.rules.isEmpty { lines.append("Rules: \(rule.rules.joined(separator: ", ")) (docs/semantics.md)") }
        lines.append("Documentation: docs/semantics.md#\(rule.code)")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: The questions about a document

    /// The model of the tool's document, cut at its screen, under its profile (for the tools that take one).
    func model(_ args: Arguments, profile takesProfile: Bool) throws(ToolFailure) -> NavigationModel {
        guard let file = try args.file("document", required: true) else { throw ToolFailure("arguments.document: missing") }
        let screen = try args.string("screen")
        var profile: Profile?
        if takesProfile, let name = try args.choice("profile", NavTools.profileNames) { profile = Profile(rawValue: name) }
        return try model(file: file, screen: screen, profile: profile)
    }

    func model(file: String, screen: String?, profile: Profile?) throws(ToolFailure) -> NavigationModel {
        do throws(DocumentModel.Failure) {
            return try DocumentModel.load(file: file, screen: screen, profile: profile)
        } catch {
            throw ToolFailure(error.text)
        }
    }

    /// `method`'s result over `model`; a protocol error as navd words it, at the tool's argument when the member
    /// it names is one of `arguments` (the params passed on as the tool was given them), else with the member.
    func ask(
        _ model: NavigationModel, _ method: String, _ params: JSONObject, arguments: Set<String> = []
    ) throws(ToolFailure)
        -> JSON
    {
        do throws(RPCError) {
            return try ModelAnswers(model: model).answer(method, .object(params))
        } catch {
            guard let path = error.data?["path"]?.stringValue else { throw ToolFailure("\(method): \(error.message)") }
            let member = path.split(separator: ".").first.map(String.init) ?? path
            guard arguments.contains(member) else { throw ToolFailure("\(method): \(error.message) (at \(path))") }
            var message = error.message
            if message.hasPrefix("'\(path)': ") { message.removeFirst(path.count + 4) }
            throw ToolFailure("arguments.\(path): \(message)")
        }
    }

    func hitTest(_ args: Arguments) throws(ToolFailure) -> [String] {
        let x = try args.number("x")
        let y = try args.number("y")
        let trace = try args.bool("trace", absent: false)
        let model = try model(args, profile: true)
        // The sentence reads the trace (interception, forwarding, columns); the JSON carries it when asked.
        var result = try ask(
            model, BarHitTest.name,
            ["sessionId": .string(LocalSession.id), "point": ["x": .number(x), "y": .number(y)], "trace": .bool(true)])
        let hit: BarHitTest.Result
        do throws(RPCError) {
            hit = try BarHitTest.Result(json: result)
        } catch {
            throw ToolFailure("\(BarHitTest.name) result: \(error.message)")
        }
        let sentence = BarReadable.explain(hit, point: Point(x: x, y: y))
        if !trace, case .object(var o) = result {
            o["trace"] = nil
            result = .object(o)
        }
        return [sentence + "\n", result.serialized() + "\n"]
    }

    func backTitle(_ args: Arguments) throws(ToolFailure) -> String {
        let model = try model(args, profile: false)
        return try ask(model, TitleBack.name, ["sessionId": .string(LocalSession.id)]).serialized() + "\n"
    }

    func tint(_ args: Arguments) throws(ToolFailure) -> String {
        let color = try args.string("color")
        let file = try args.file("document", required: false)
        let screen = try args.string("screen")
        let method = try args.choice("method", ["yiq", "wcag"])
        let foreground = try args.choice("foreground", ["uikit", "automatic"])
        if color == nil, file == nil {
            throw ToolFailure("arguments: give a color, or a document for its top bar's own colour")
        }
        if screen != nil, file == nil { throw ToolFailure("arguments.screen: goes with a document") }
        var params: JSONObject = [:]
        if let color { params["color"] = .string(color) }
        if let method { params["method"] = .string(method) }
        if let foreground { params["foreground"] = .string(foreground) }
        let model: NavigationModel
        if let file {
            model = try self.model(file: file, screen: screen, profile: nil)
            params["sessionId"] = .string(LocalSession.id)
        } else {
            // Without a sessionId tint/resolve reads only its params; the engine still answers over a model.
            do throws(ModelError) {
                model = try NavigationModel()
            } catch {
                throw ToolFailure("\(error)")
            }
        }
        return try ask(model, TintResolve.name, params, arguments: ["color", "method", "foreground"]).serialized() + "\n"
    }

    func render(_ args: Arguments) throws(ToolFailure) -> String {
        let model = try model(args, profile: true)
        let result = try ask(model, BarRender.name, ["sessionId": .string(LocalSession.id), "format": "svg"])
        guard let svg = result["svg"]?.stringValue else { throw ToolFailure("\(BarRender.name) answered without an svg") }
        return svg
    }
}

/// The session id the requests over one document name; the engine holds one model, so it is not looked up.
enum LocalSession {
    static let id = "document"
}

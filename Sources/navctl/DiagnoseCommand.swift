import ArgumentParser
import JSONCore
import NavClient
import NavLocal

/// `navctl diagnose SESSION [--screen ID]` or `--file DOC`: the bugs of the seed documents in one screen's bar.
struct DiagnoseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagnose",
        abstract:
            "List what is wrong with a screen's bar: unreachable custom back actions, dead swipe-back, small or wide touch areas, low contrast.",
        discussion: """
            The top screen, or --screen as its bar looks when it is on top. Every code is explained in \
            docs/semantics.md (Diagnostics). To check every screen of a document at once, use navctl lint.
            """)

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(help: "The session id (none with --file).", completion: SessionCompletion.kind) var sessionId: String?

    func validate() throws { _ = try document.session(sessionId) }

    func run() async throws {
        let screen = document.isFile ? nil : document.screen
        let result = try await document.withSession(options, sessionId) { client, session in
            var params: JSONObject = ["sessionId": .string(session)]
            if let screen { params["screenId"] = .string(screen) }
            return try await client.request("bar/diagnose", .object(params))
        }
        options.output.result(result) { Self.readable(result["diagnostics"]?.arrayValue ?? []) }
    }

    /// One line per finding: severity, code, message, and the area concerned.
    static func readable(_ diagnostics: [JSON]) -> String {
        guard !diagnostics.isEmpty else { return "nothing to report" }
        var lines = ["\(Readable.count(diagnostics.count, "finding")):"]
        for d in diagnostics {
            var line = "\(d["severity"]?.stringValue ?? "?"): \(d["message"]?.stringValue ?? "") [\(d["code"]?.stringValue ?? "")]"
            if let rect = d["rect"], !rect.isNull {
                line += " at x \(BarReadable.number(rect["x"])), y \(BarReadable.number(rect["y"])), "
                line += "\(BarReadable.number(rect["width"])) x \(BarReadable.number(rect["height"]))"
            }
            lines.append("  " + line)
        }
        return lines.joined(separator: "\n")
    }
}

/// `navctl layout SESSION` or `--file DOC`: where each element of the top screen's bar is, touch area and drawing.
struct LayoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Show where the back button, items and title of the top screen's bar are: touch area and what is drawn.")

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(help: "The session id (none with --file).", completion: SessionCompletion.kind) var sessionId: String?

    func validate() throws { _ = try document.session(sessionId) }

    func run() async throws {
        let result = try await document.withSession(options, sessionId) { client, session in
            try await client.request("bar/layout", ["sessionId": .string(session)])
        }
        options.output.result(result) { Self.readable(result) }
    }

    static func readable(_ result: JSON) -> String {
        let bar = result["bar"] ?? .null
        let frame = { (r: JSON?) -> String in
            "\(BarReadable.number(r?["x"])), \(BarReadable.number(r?["y"])), \(BarReadable.number(r?["width"])) x \(BarReadable.number(r?["height"]))"
        }
        if result["hidden"]?.boolValue == true { return "the bar is hidden: nothing is drawn and it takes no taps" }
        var rows: [[String]] = [["ELEMENT", "TOUCH AREA (x, y, w x h)", "DRAWN (x, y, w x h)", "TEXT"]]
        for e in result["elements"]?.arrayValue ?? [] {
            var name = e["kind"]?.stringValue ?? "?"
            if let id = e["id"]?.stringValue { name += " '\(id)'" }
            rows.append([name, frame(e["frame"]), frame(e["visibleFrame"]), e["text"]?.stringValue ?? ""])
        }
        return "bar at \(frame(bar)), window coordinates:\n" + Readable.table(rows)
    }
}

import ArgumentParser
import JSONCore
import NavClient
import NavLocal
import NavModel
import NavProtocol

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
        let diagnostics = try await document.withSession(options, sessionId) { client, session in
            try await client.diagnose(session, screenId: screen)
        }
        options.output.result(BarDiagnose.Result(diagnostics).json) { Self.readable(diagnostics) }
    }

    /// One line per finding: severity, code, message, and the area concerned.
    static func readable(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "nothing to report" }
        var lines = ["\(Readable.count(diagnostics.count, "finding")):"]
        for d in diagnostics {
            var line = "\(d.severity.rawValue): \(d.message) [\(d.code)]"
            if let rect = d.rect {
                line += " at x \(BarReadable.number(rect.x)), y \(BarReadable.number(rect.y)), "
                line += "\(BarReadable.number(rect.width)) x \(BarReadable.number(rect.height))"
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
        let result = try await document.withSession(options, sessionId) { client, session in try await client.layout(session) }
        options.output.result(result.json) { Self.readable(result) }
    }

    static func readable(_ result: BarLayout.Result) -> String {
        if result.hidden { return "the bar is hidden: nothing is drawn and it takes no taps" }
        var rows: [[String]] = [["ELEMENT", "TOUCH AREA (x, y, w x h)", "DRAWN (x, y, w x h)", "TEXT"]]
        for e in result.elements {
            var name = e.kind.rawValue
            if let id = e.id { name += " '\(id)'" }
            rows.append([name, BarReadable.frame(e.frame), BarReadable.frame(e.visibleFrame), e.text ?? ""])
        }
        return "bar at \(BarReadable.frame(result.bar)), window coordinates:\n" + Readable.table(rows)
    }
}

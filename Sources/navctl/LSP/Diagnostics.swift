import NavLocal
import JSONCore
import NavLint
import NavModel
import NavSource

/// One finding to publish, whatever found it: the source linter, the document linter, or project discovery.
struct Reported: Sendable, Hashable {
    var file: String
    /// 1-based line; 1-based column in characters (Unicode code points), as the linters count.
    var line: Int
    var column: Int
    var severity: Diagnostic.Severity
    /// The rule's code; nil for a problem that is no rule's (a configuration that cannot be read).
    var code: String?
    var message: String
    /// The screen the finding concerns, and where it is declared when that is elsewhere.
    var screen: String?
    var screenLocation: SourceLocation?
    var profile: Profile?

    /// A source finding, as `navctl lint` reports it.
    init(_ located: SourceLint.LocatedFinding) {
        let f = located.finding
        self.init(
            file: f.file, line: f.position.line, column: f.position.column, severity: f.severity, code: f.code, message: f.message,
            screen: f.screenId.isEmpty ? nil : f.screenId, screenLocation: located.screenLocation, profile: f.profile)
    }

    /// A session document's finding.
    init(document f: Finding) { self.init(SourceLint.LocatedFinding(finding: f)) }

    init(
        file: String, line: Int, column: Int, severity: Diagnostic.Severity, code: String?, message: String, screen: String? = nil,
        screenLocation: SourceLocation? = nil, profile: Profile? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.code = code
        self.message = message
        self.screen = screen
        self.screenLocation = screenLocation
        self.profile = profile
    }
}

/// Findings as LSP diagnostics.
enum LSPDiagnostics {
    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        }
    }

    /// The diagnostic of a finding. `lines` gives a file's text (the open buffer, else the file on disk), to turn
    /// character columns into UTF-16 code units; `uri` names a file as the client knows it; `docsURL` is where
    /// docs/semantics.md is read, each rule under its code's heading.
    static func json(_ r: Reported, lines: (String) -> LineTable?, uri: (String) -> String, docsURL: String?) -> JSON {
        let range = (lines(r.file) ?? LineTable([], file: r.file)).lspRange(line: r.line, column: r.column)
        var o: JSONObject = [
            "range": ["start": range.start.json, "end": range.end.json],
            "severity": .number(severity(r.severity)),
        ]
        if let code = r.code {
            o["code"] = .string(code)
            if let docsURL { o["codeDescription"] = ["href": .string("\(docsURL)#\(code)")] }
        }
        o["source"] = "navd"
        o["message"] = .string(r.message)
        if let screen = r.screen {
            let at = r.screenLocation ?? SourceLocation(file: r.file, line: r.line, column: r.column)
            let declared = (lines(at.file) ?? LineTable([], file: at.file)).lspRange(line: at.line, column: at.column)
            let profile = r.profile.map { ", \($0.rawValue)" } ?? ""
            let text = r.screenLocation == nil ? "screen '\(screen)'\(profile)" : "screen '\(screen)' is declared here\(profile)"
            o["relatedInformation"] = [
                [
                    "location": ["uri": .string(uri(at.file)), "range": ["start": declared.start.json, "end": declared.end.json]],
                    "message": .string(text),
                ]
            ]
            var data: JSONObject = ["screen": .string(screen)]
            if let profile = r.profile { data["profile"] = .string(profile.rawValue) }
            o["data"] = .object(data)
        }
        return .object(o)
    }
}

import NavModel

/// GitHub Actions workflow commands, one a finding, so a job's log shows each finding as an annotation on its line:
/// `::warning file=App/Detail.swift,line=12,col=9,title=navd pop-gesture-disabled::MESSAGE`.
///
/// Errors become `error`, warnings `warning` and information `notice`. Documents that did not load are
/// annotations of their own (`error`), since a workflow log has no separate channel for them.
public struct GitHubActionsReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var out = ""
        for f in report.findings {
            out += command(
                level(f.severity), file: f.file, line: f.position.line, column: f.position.column, title: "navd \(f.code)",
                message: f.message)
        }
        for e in report.errors {
            out += command("error", file: e.file, line: e.position.line, column: e.position.column, title: "navd", message: e.message)
        }
        return out
    }

    func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "notice"
        }
    }

    func command(_ level: String, file: String, line: Int, column: Int, title: String, message: String) -> String {
        "::\(level) file=\(Self.property(file)),line=\(line),col=\(column),title=\(Self.property(title))::\(Self.data(message))\n"
    }

    /// A command's message, escaped as the runner unescapes it.
    static func data(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A property value: a message's escapes, and also `:` and `,`, which end a property.
    static func property(_ text: String) -> String {
        var out = ""
        for c in data(text).unicodeScalars {
            switch c {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

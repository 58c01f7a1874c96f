import JSONCore
import NavProtocol

/// `{"diagnostics": [{file, line, column, profile, screenId, itemId?, code, severity, message, rect?, path}],
///   "errors": [{file, line, column, message, path?}]}`, one line.
public struct JSONReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        json(report).serialized() + "\n"
    }

    public func json(_ report: LintReport) -> JSON {
        let diagnostics = report.findings.map { f -> JSON in
            var o: JSONObject = [
                "file": .string(f.file), "line": .number(f.position.line), "column": .number(f.position.column),
                "profile": .string(f.profile.rawValue), "screenId": .string(f.screenId),
            ]
            if let item = f.itemId { o["itemId"] = .string(item) }
            o["code"] = .string(f.code)
            o["severity"] = .string(f.severity.rawValue)
            o["message"] = .string(f.message)
            if let rect = f.diagnostic.rect { o["rect"] = rect.json }
            o["path"] = .string(f.path)
            return .object(o)
        }
        let errors = report.errors.map { e -> JSON in
            var o: JSONObject = [
                "file": .string(e.file), "line": .number(e.position.line), "column": .number(e.position.column),
                "message": .string(e.message),
            ]
            if let path = e.path { o["path"] = .string(path) }
            return .object(o)
        }
        return ["diagnostics": .array(diagnostics), "errors": .array(errors)]
    }
}

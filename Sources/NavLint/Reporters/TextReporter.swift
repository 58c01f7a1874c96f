/// Compiler-style lines, so editors' compile modes jump to them:
/// `FILE:LINE:COL: SEVERITY: MESSAGE [CODE] (screen 'ID', PROFILE)`; a finding about a file rather than a
/// screen ends at its code.
///
/// Documents that did not load are not part of this output: navctl prints them on stderr as
/// `FILE:LINE:COL: error: MESSAGE`.
public struct TextReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        report.findings.map { line($0) + "\n" }.joined()
    }

    public func line(_ f: Finding) -> String {
        let head = "\(f.file):\(f.position.line):\(f.position.column): \(f.severity.rawValue): \(f.message) [\(f.code)]"
        // A finding about a file rather than a screen (one that could not be read) names neither.
        return f.screenId.isEmpty ? head : "\(head) (screen '\(f.screenId)', \(f.profile.rawValue))"
    }
}

/// Compiler-style lines, so editors' compile modes jump to them:
/// `FILE:LINE:COL: SEVERITY: MESSAGE [CODE] (screen 'ID', PROFILE)`.
///
/// Documents that did not load are not part of this output: navctl prints them on stderr as
/// `FILE:LINE:COL: error: MESSAGE`.
public struct TextReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        report.findings.map { line($0) + "\n" }.joined()
    }

    public func line(_ f: Finding) -> String {
        "\(f.file):\(f.position.line):\(f.position.column): \(f.severity.rawValue): \(f.message) [\(f.code)] (screen '\(f.screenId)', \(f.profile.rawValue))"
    }
}

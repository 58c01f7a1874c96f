import NavModel

/// Everything one lint run found: the findings of the documents that loaded and the documents that did not.
public struct LintReport: Sendable {
    public var findings: [Finding]
    public var errors: [LoadError]

    public init(findings: [Finding] = [], errors: [LoadError] = []) {
        self.findings = findings
        self.errors = errors
    }

    /// Whether a finding is at or above `level` (documents that did not load are judged by the caller).
    public func fails(at level: FailOn) -> Bool {
        findings.contains { level.fails($0.severity) }
    }
}

/// One output format. Every reporter is fed the same report.
public protocol LintReporter {
    /// The whole output, ending with a newline when it is not empty.
    func render(_ report: LintReport) -> String
}

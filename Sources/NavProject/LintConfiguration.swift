import NavModel
import NavSource

/// What a `.navd.yml` says: which files to lint, which rules, at what severity, for which iOS versions
/// and device, and the bounds the readers work within.
///
/// Every member has the value an empty file gives; `LintConfiguration()` is that default.
public struct LintConfiguration: Sendable, Hashable {
    /// Paths relative to the configuration's folder; only files under one of them are linted. Empty: every file.
    public var included: [String]
    /// Paths relative to the configuration's folder, or globs (`**/Generated/**`, `*.generated.swift`).
    public var excluded: [String]
    /// Rules never reported.
    public var disabledRules: Set<String>
    /// Rules that are off by default and that this configuration turns on.
    public var optInRules: Set<String>
    /// A severity per rule code, replacing the rule's own.
    public var severities: [String: Diagnostic.Severity]
    /// The profiles to lint under; nil lets the deployment target choose (`Profile.covering(deploymentTarget:)`).
    public var profiles: [Profile]?
    /// The iOS version the app supports (`"13.0"`); overrides what the project files say.
    public var deploymentTarget: String?
    /// The `DevicePreset` to lay bars out on; nil for the linter's default.
    public var device: String?
    /// Storyboard or xib element id -> the codes not reported on it (empty: every code).
    public var suppressedElements: [String: [String]]
    /// The readers' bounds: `max-file-bytes`, `max-nesting`, `max-seconds-per-file`.
    public var limits: ReaderLimits
    /// Rule settings by name (`back-title-offset-limit: 100`).
    public var settings: [String: Double]
    /// Who picks the bar's foreground where the app sets none: UIKit (nil, the default) or the app's automatic
    /// black or white (`foreground: automatic`).
    public var foreground: Policies.ForegroundPolicy?
    /// The font bar text is measured with (`navctl lint --font-file`); nil: the calibrated tables.
    public var textFont: Policies.TextFontSetting?

    /// A configuration; each argument left out has the value an empty `.navd.yml` gives.
    public init(
        included: [String] = [], excluded: [String] = [], disabledRules: Set<String> = [], optInRules: Set<String> = [],
        severities: [String: Diagnostic.Severity] = [:], profiles: [Profile]? = nil, deploymentTarget: String? = nil,
        device: String? = nil, suppressedElements: [String: [String]] = [:], limits: ReaderLimits = ReaderLimits(),
        settings: [String: Double] = [:], foreground: Policies.ForegroundPolicy? = nil
    ) {
        self.included = included
        self.excluded = excluded
        self.disabledRules = disabledRules
        self.optInRules = optInRules
        self.severities = severities
        self.profiles = profiles
        self.deploymentTarget = deploymentTarget
        self.device = device
        self.suppressedElements = suppressedElements
        self.limits = limits
        self.settings = settings
        self.foreground = foreground
    }

    /// The name of the configuration file looked for in a folder and its ancestors.
    public static let fileName = ".navd.yml"

    /// A configuration file larger than this is refused: a configuration is a few lines, and this keeps
    /// the parser's work small whatever the file holds.
    public static let maxFileBytes = 64 * 1024

    /// Reads a `.navd.yml`. `file` names the file in errors. An empty document (or only comments) is the
    /// default configuration.
    public static func parse(_ yaml: String, file: String) throws(ConfigurationError) -> LintConfiguration {
        try ConfigurationParser(file: file, text: yaml).parse()
    }
}

/// Why a configuration file was refused, and where.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration file, as named to the parser.
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based, in Unicode scalars (as the YAML parser counts).
    public var column: Int
    /// What is wrong, and what was expected or meant.
    public var message: String

    /// An error at a place in a configuration file.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, as compilers print.
    public var description: String { "\(file):\(line):\(column): \(message)" }

    /// The error as a reader's problem, so that a lint can report it beside the others.
    public var readProblem: ReadProblem {
        ReadProblem(location: SourceLocation(file: file, line: line, column: column), message: message)
    }
}

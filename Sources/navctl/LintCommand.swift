import ArgumentParser
import Foundation
import NavLint
import NavLocal
import NavModel

/// `navctl lint PATH...`: the diagnostics of session documents, in process, as a linter prints them.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check an app's source (Swift, Objective-C, storyboards) and session documents for navigation-bar bugs.",
        discussion: """
            Source: every project under a folder (each app target of an .xcodeproj, a Package.swift, else the \
            folder) is read as one flow: its Swift, Objective-C, storyboards, xibs and asset catalogs' colour sets. \
            Pods, Carthage, .build, DerivedData, node_modules and vendor are skipped. Each finding points at the \
            line that made the setting. A .navd.yml in the folder (or the nearest folder above) configures paths, \
            rules, severities, profiles and the device; // navd:disable:next CODE switches a finding off. \
            A project's findings are kept in a cache (--cache-dir), keyed by its files' contents, the \
            configuration and this navctl, so a run over unchanged files parses none of them; --no-cache skips it.
            Documents: every screen of each stack is checked as its bar looks when that screen is on top, under \
            the document's own profile or each one --profile names. Folders are searched for *.navd.json; - reads \
            one document from standard input (--stdin-name names it in the output).
            Formats: text (FILE:LINE:COL: SEVERITY: MESSAGE [CODE] (screen 'ID', PROFILE), as compilers print, so \
            an Xcode Run Script phase shows findings inline), json ({"diagnostics": [...], "errors": [...]}), \
            sarif (SARIF 2.1.0 for code scanning), github-actions (workflow annotations) and html (one self-contained \
            page: the findings by flow and screen, each with its bar drawn, the touch areas over it and the finding's \
            region outlined, the line it points at and its rule's link; it reads every file, without the cache).
            Documents that cannot be read or loaded are reported on stderr as FILE:LINE:COL: error: MESSAGE; \
            the others are still linted.
            Exit status: 0 nothing at or above --fail-on, 1 something is, 2 bad usage or a document that \
            cannot be read or loaded.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
        case githubActions = "github-actions"
        case html

        /// What each format is, for the help and the manual's list of values.
        var defaultValueDescription: String {
            switch self {
            case .text: return "FILE:LINE:COL: SEVERITY: MESSAGE [CODE], as compilers print"
            case .json: return "{\"diagnostics\": [...], \"errors\": [...]}"
            case .sarif: return "SARIF 2.1.0, for code scanning"
            case .githubActions: return "workflow annotations"
            case .html: return "one self-contained page, each finding's bar drawn"
            }
        }
    }

    @Argument(
        help: "Folders, source files or documents to lint; - reads a document from standard input.",
        completion: .file())
    var paths: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Profiles to check under: a comma-separated list, or all (default: each document's own; for source, the deployment target's). An iOS version (ios18) stands for the profile that covers it, with a note.",
            valueName: "list|all"), completion: .list(["all"] + Profile.allCases.map(\.rawValue)))
    var profile: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The configuration file for source (default: .navd.yml in the folder or above).", valueName: "file"),
        completion: .file(extensions: ["yml", "yaml"])
    )
    var config: String?

    @OptionGroup var font: FontOptions

    @Option(name: .long, help: "Output format.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to this file instead of stdout.", valueName: "file"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The lowest severity that makes the exit status 1.", valueName: "level"))
    var failOn: FailOn = .error

    @Option(name: .long, help: ArgumentHelp("The file name reported for a document read from standard input.", valueName: "name"))
    var stdinName: String = "<stdin>"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where docs/semantics.md is published, for the rules' links (SARIF: only with this or $NAVD_DOCS_URL, else each rule's help text alone; HTML: else the copy installed with navctl).",
            valueName: "url"))
    var docsUrl: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where source findings are kept between runs (default: navd/lint under $XDG_CACHE_HOME, else ~/.cache, or ~/Library/Caches on macOS).",
            valueName: "folder"))
    var cacheDir: String?

    @Flag(name: .long, help: "Read every source file again, neither using nor keeping earlier findings.")
    var noCache = false

    @Flag(name: .long, help: "Members a session document's format does not have (unknown-member) are errors, not warnings.")
    var strict = false

    /// The cache source findings go through, unless switched off or there is no folder for it.
    func cache() -> LintCache? {
        guard !noCache, let directory = cacheDir ?? LintCache.defaultDirectory(environment: ProcessInfo.processInfo.environment)
        else { return nil }
        return LintCache(directory: directory, version: SourceLint.cacheVersion())
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one document or folder to lint (- reads standard input)") }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
        _ = try profiles()
    }

    /// The profiles asked for; nil means each document's own.
    func profiles() throws -> [Profile]? {
        do throws(LintRun.Failure) {
            return try LintRun.profiles(profile, option: "--profile")
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let out = Output()
        let profiles = try profiles()
        var notes: [String] = []
        _ = try? LintRun.profiles(profile, option: "--profile", notes: &notes)
        for note in notes { out.errorText("note: \(note)\n") }
        var report: LintReport
        do throws(LintRun.Failure) {
            // The HTML page draws each finding's stack, which the cache does not keep.
            report = try LintRun.lint(
                paths, profiles: profiles, configurationFile: config, stdinName: stdinName, cache: format == .html ? nil : cache(),
                font: font.setting)
        } catch {
            throw Failure(message: error.message, status: ExitStatus.usage)
        }
        if strict {
            for i in report.findings.indices where report.findings[i].code == LintRule.unknownMember {
                report.findings[i].diagnostic.severity = .error
            }
        }
        let reporter: any LintReporter
        switch format {
        case .text: reporter = TextReporter()
        case .json: reporter = JSONReporter()
        // A link only to where the docs are published: a file on the machine that ran the lint points nowhere on
        // code scanning, which shows each rule's help text anyway.
        case .sarif: reporter = SARIFReporter(docsURL: docsUrl ?? DocsLocation.publishedURL())
        case .githubActions: reporter = GitHubActionsReporter()
        case .html:
            reporter = HTMLReporter(docsURL: docsUrl ?? DocsLocation.semanticsURL()) { file in
                FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) }
            }
        }
        try out.emit(reporter.render(report), to: output)
        if format != .githubActions {
            for error in report.errors { out.errorText(error.text) }
        }
        if !report.errors.isEmpty { throw ExitCode(ExitStatus.usage) }
        if report.fails(at: failOn) { throw ExitCode(ExitStatus.rpcError) }
    }
}

extension FailOn: ExpressibleByArgument {
    /// What each level fails on, for the help and the manual's list of values.
    public var defaultValueDescription: String {
        switch self {
        case .error: return "errors"
        case .warning: return "warnings and errors"
        case .info: return "any finding"
        case .never: return "nothing: the exit status is 0 whatever is found"
        }
    }
}

/// Where the documentation that ships with navctl is, for the rules' links of SARIF and HTML.
enum DocsLocation {
    /// `$NAVD_DOCS_URL`: where the docs are published, when the user said.
    static func publishedURL() -> String? {
        guard let fromEnv = ProcessInfo.processInfo.environment["NAVD_DOCS_URL"], !fromEnv.isEmpty else { return nil }
        return fromEnv
    }

    /// `$NAVD_DOCS_URL`, else a `file://` URL of docs/semantics.md beside this navctl (a source checkout,
    /// or `PREFIX/share/doc/navd` of an installation), else nil.
    static func semanticsURL() -> String? {
        if let fromEnv = ProcessInfo.processInfo.environment["NAVD_DOCS_URL"], !fromEnv.isEmpty { return fromEnv }
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            for candidate in ["docs/semantics.md", "share/doc/navd/semantics.md"] {
                let url = directory.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: url.path) { return url.absoluteString }
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}

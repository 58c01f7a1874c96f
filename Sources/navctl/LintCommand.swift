import ArgumentParser
import Foundation
import JSONCore
import NavLint
import NavModel
import NavProject
import NavProtocol
import NavSource

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
            sarif (SARIF 2.1.0 for code scanning) and github-actions (workflow annotations).
            Documents that cannot be read or loaded are reported on stderr as FILE:LINE:COL: error: MESSAGE; \
            the others are still linted.
            Exit status: 0 nothing at or above --fail-on, 1 something is, 2 bad usage or a document that \
            cannot be read or loaded.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
        case githubActions = "github-actions"
    }

    @Argument(help: "Folders, source files or documents to lint; - reads a document from standard input.")
    var paths: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Profiles to check under: a comma-separated list, or all (default: each document's own; for source, the deployment target's).",
            valueName: "list|all"))
    var profile: String?

    @Option(
        name: .long, help: ArgumentHelp("The configuration file for source (default: .navd.yml in the folder or above).", valueName: "file")
    )
    var config: String?

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
            "Where docs/semantics.md is published, for SARIF's help links (default: $NAVD_DOCS_URL, else the copy installed with navctl).",
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
        guard let profile else { return nil }
        if profile == "all" { return Profile.allCases }
        var out: [Profile] = []
        for name in profile.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let p = Profile(rawValue: name) else {
                let names = Profile.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown profile '\(name)' in --profile (profiles: \(names), or all)")
            }
            if !out.contains(p) { out.append(p) }
        }
        return out
    }

    func run() throws {
        let out = Output()
        let profiles = try profiles()
        var report = LintReport()
        let (documents, sources) = try DocumentSources.expand(paths, stdinName: stdinName)
        for source in documents {
            switch source.load() {
            case .success(let document): report.findings += Linter.lint(document, profiles: profiles)
            case .failure(let error): report.errors.append(error)
            }
        }
        if !sources.isEmpty {
            var override: LintConfiguration?
            if let config {
                do {
                    override = try LintConfiguration.parse(
                        String(decoding: try Data(contentsOf: URL(fileURLWithPath: config)), as: UTF8.self), file: config)
                } catch let error as ConfigurationError {
                    throw Failure(message: "\(error.file):\(error.line):\(error.column): \(error.message)", status: ExitStatus.usage)
                } catch {
                    throw Failure(message: "\(config): cannot read the configuration file", status: ExitStatus.usage)
                }
            }
            let (projects, problems) = ProjectDiscovery.discover(sources, configuration: override)
            for problem in problems {
                let position = SourcePosition(line: problem.location.line, column: problem.location.column)
                if problem.location.file.hasSuffix(LintConfiguration.fileName) {
                    // A configuration that cannot be read stops the lint: its rules would be silently ignored.
                    report.errors.append(LoadError(file: problem.location.file, position: position, message: problem.message))
                } else {
                    // A project file that lists a file not on disk (a generated one) or cannot be read: the rest is linted.
                    report.findings.append(
                        Finding(
                            file: problem.location.file, position: position, path: "", profile: .ios17,
                            diagnostic: Diagnostic(code: LintRule.sourceNotRead, severity: .warning, message: problem.message)))
                }
            }
            let cache = cache()
            for var project in projects {
                if let profiles { project.configuration.profiles = profiles }
                report.findings += SourceLint.lint(project, cache: cache)
            }
        }
        let reporter: any LintReporter
        switch format {
        case .text: reporter = TextReporter()
        case .json: reporter = JSONReporter()
        case .sarif: reporter = SARIFReporter(docsURL: docsUrl ?? DocsLocation.semanticsURL())
        case .githubActions: reporter = GitHubActionsReporter()
        }
        try out.emit(reporter.render(report), to: output)
        if format != .githubActions {
            for error in report.errors { out.errorText(error.text) }
        }
        if !report.errors.isEmpty { throw ExitCode(ExitStatus.usage) }
        if report.fails(at: failOn) { throw ExitCode(ExitStatus.rpcError) }
    }
}

extension FailOn: ExpressibleByArgument {}

/// One document to read: a file, or standard input.
struct DocumentSource {
    var name: String
    var isStdin: Bool
    /// A folder with no `*.navd.json` below it: reported instead of read.
    var emptyFolder = false

    /// The document, or why it cannot be read or loaded.
    func load() -> Result<LintDocument, LoadError> {
        do throws(LoadError) {
            return .success(try LintDocument.load(try read(), file: name))
        } catch {
            return .failure(error)
        }
    }

    /// A document given as text (already read), loaded as `load()` does.
    static func loadText(_ text: String, name: String) -> Result<LintDocument, LoadError> {
        do throws(LoadError) {
            return .success(try LintDocument.load(Array(text.utf8), file: name))
        } catch {
            return .failure(error)
        }
    }

    /// The bytes, or a load error at 1:1 saying why the file cannot be read.
    func read() throws(LoadError) -> [UInt8] {
        if emptyFolder {
            throw LoadError(
                file: name, position: SourcePosition(line: 1, column: 1), message: "no *.navd.json documents or source files in this folder"
            )
        }
        if isStdin { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: name)))
        } catch {
            let reason = FileManager.default.fileExists(atPath: name) ? "cannot read the file" : "no such file"
            throw LoadError(file: name, position: SourcePosition(line: 1, column: 1), message: reason)
        }
    }
}

/// Expands the command line's paths: files as given, folders into their `*.navd.json` (sorted), `-` into stdin.
enum DocumentSources {
    static let suffix = ".navd.json"

    /// The documents to load, and the folders and source files to read as projects.
    static func expand(_ paths: [String], stdinName: String) throws -> (documents: [DocumentSource], sources: [String]) {
        var out: [DocumentSource] = []
        var sources: [String] = []
        for path in paths {
            if path == "-" {
                out.append(DocumentSource(name: stdinName, isStdin: true))
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let found = documents(in: path)
                out += found.map { DocumentSource(name: $0, isStdin: false) }
                // A folder is read for source too; one with neither documents nor source files is a mistake.
                if found.isEmpty, !holdsSource(path) { out.append(DocumentSource(name: path, isStdin: false, emptyFolder: true)) }
                if holdsSource(path) { sources.append(path) }
            } else if SourceLint.isSource(path) {
                sources.append(path)
            } else {
                out.append(DocumentSource(name: path, isStdin: false))
            }
        }
        return (out, sources)
    }

    /// Whether a folder holds a file a source reader takes, outside the folders a lint skips.
    static func holdsSource(_ folder: String) -> Bool {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return false }
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if ProjectDiscovery.isSkipped(folderName: name) {
                walker.skipDescendants()
                continue
            }
            if SourceLint.isSource(relative) { return true }
        }
        return false
    }

    /// Every `*.navd.json` below `folder`, as `folder/relative/path`, sorted.
    static func documents(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            // Pods, .build and the like hold other projects' documents (a package's checkouts), as for source.
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if ProjectDiscovery.isSkipped(folderName: name) {
                walker.skipDescendants()
                continue
            }
            if relative.hasSuffix(suffix) { found.append(relative) }
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return found.sorted().map { base == "." ? $0 : "\(base)/\($0)" }
    }
}

/// Where the documentation that ships with navctl is, for SARIF's help links.
enum DocsLocation {
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

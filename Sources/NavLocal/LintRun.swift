import Foundation
import JSONCore
import NavFontFiles
import NavLint
import NavModel
import NavProject
import NavSource

/// One `navctl lint` over files and folders, in process: what the command and `navctl mcp`'s `lint_paths` run.
public enum LintRun {
    /// Why a lint cannot start: a bad profile list or a configuration file that cannot be read.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String

        public init(_ message: String) { self.message = message }
    }

    /// The profiles a comma-separated list (or `all`) names; nil for no list (each document's own, for source the
    /// deployment target's). `option` names the list in the message of an unknown profile.
    public static func profiles(_ list: String?, option: String) throws(Failure) -> [Profile]? {
        var notes: [String] = []
        return try profiles(list, option: option, notes: &notes)
    }

    /// The same; an iOS version written as a profile (`ios18`) stands for the profile that covers it, with a note
    /// in `notes` saying so.
    public static func profiles(_ list: String?, option: String, notes: inout [String]) throws(Failure) -> [Profile]? {
        guard let list else { return nil }
        if list == "all" { return Profile.allCases }
        var out: [Profile] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            var profile = Profile(rawValue: name)
            if profile == nil, let standing = Profile.standing(for: name) {
                let versions = standing.coveredMajorVersions
                let range =
                    versions.upperBound == Int.max
                    ? "iOS \(versions.lowerBound) and later" : "iOS \(versions.lowerBound) to \(versions.upperBound)"
                notes.append("\(option) \(name) is checked as \(standing.rawValue), the profile of \(range)")
                profile = standing
            }
            guard let p = profile else {
                let names = Profile.allCases.map(\.rawValue).joined(separator: ", ")
                throw Failure("unknown profile '\(name)' in \(option) (profiles: \(names), or all)")
            }
            if !out.contains(p) { out.append(p) }
        }
        return out
    }

    /// A configuration file read in place of each project's `.navd.yml`.
    public static func configuration(file: String) throws(Failure) -> LintConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw Failure("\(file): cannot read the configuration file")
        }
        do throws(ConfigurationError) {
            return try LintConfiguration.parse(String(decoding: data, as: UTF8.self), file: file)
        } catch {
            throw Failure("\(error.file):\(error.line):\(error.column): \(error.message)")
        }
    }

    /// The report of `paths`: each document (`*.navd.json`, or `-` for standard input, named `stdinName`) linted
    /// under `profiles` (nil: its own), and every project found under the folders and source files read as one
    /// flow, configured by `configurationFile` (nil: each project's `.navd.yml`), through `cache` when there is
    /// one. Documents that cannot be read or loaded, and `.navd.yml` files that cannot be read, are the report's
    /// errors; the rest is still linted. Throws only for a `configurationFile` that cannot be read, and only
    /// when there is source to read.
    public static func lint(
        _ paths: [String], profiles: [Profile]?, configurationFile: String? = nil, stdinName: String = "<stdin>",
        cache: LintCache?, font: Policies.TextFontSetting? = nil
    ) throws(Failure) -> LintReport {
        var report = LintReport()
        let (documents, sources) = DocumentSources.expand(paths, stdinName: stdinName)
        for source in documents {
            switch source.load(font: font) {
            case .success(let document): report.findings += Linter.lint(document, profiles: profiles)
            case .failure(let error): report.errors += error.all
            }
        }
        guard !sources.isEmpty else { return report }
        let configuration = try configurationFile.map { file throws(Failure) in try Self.configuration(file: file) }
        let (projects, problems) = ProjectDiscovery.discover(sources, configuration: configuration)
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
        if let font {
            // Checked once here: a font that cannot be read stops the lint, as a bad --config does.
            do throws(FontFiles.Failure) {
                _ = try FontFiles.load(font)
            } catch {
                throw Failure("--font-file \(error)")
            }
        }
        // A file in several targets (an app and its extension, a debug and a release target) is read with each; a
        // finding it makes the same way in more than one is reported once, from the first.
        var reported: Set<FindingIdentity> = []
        for var project in projects {
            if let profiles { project.configuration.profiles = profiles }
            project.configuration.textFont = font
            for finding in SourceLint.lint(project, cache: cache) where reported.insert(FindingIdentity(finding)).inserted {
                report.findings.append(finding)
            }
        }
        return report
    }
}

/// What a reader of the report sees of a finding: where, under which profile, and what it says (not the flow's
/// model it was found in, nor the setting inside that model it traces back to).
private struct FindingIdentity: Hashable {
    var file: String
    var position: SourcePosition
    var profile: Profile
    var code: String
    var severity: Diagnostic.Severity
    var message: String
    var screenId: String?
    var itemId: String?
    var rect: Rect?

    init(_ finding: Finding) {
        file = finding.file
        position = finding.position
        profile = finding.profile
        let d = finding.diagnostic
        code = d.code
        severity = d.severity
        message = d.message
        screenId = d.screenId
        itemId = d.itemId
        rect = d.rect
    }
}

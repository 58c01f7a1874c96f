import Foundation
import JSONCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import NavInterfaceBuilder
import NavFontFiles
import NavLint
import NavModel
import NavObjC
import NavProject
import NavProtocol
import NavSource

#if NAVD_SWIFT_READER
    import NavSwift
#endif

/// Linting an app's source: each project's files through their readers, then the project as one flow.
public enum SourceLint {
    /// The reader for a file, by its name; nil for a file no reader takes.
    public static func reader(for path: String) -> (any SourceReader)? {
        let lower = path.lowercased()
        if lower.hasSuffix(".swift") { return swiftReader }
        if lower.hasSuffix(".m") || lower.hasSuffix(".mm") || lower.hasSuffix(".h") { return ObjCReader() }
        if lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib") { return StoryboardReader() }
        if lower.hasSuffix(".colorset/contents.json") { return ColorSetReader() }
        return nil
    }

    #if NAVD_SWIFT_READER
        static let swiftReader: any SourceReader = SwiftReader()
    #else
        /// A build without the Swift reader (NAVD_WITHOUT_SWIFT_READER) says so for each Swift file.
        static let swiftReader: any SourceReader = NotBuiltIn()

        struct NotBuiltIn: SourceReader {
            func read(_ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @Sendable () -> Double) -> SourceFacts {
                let problem = ReadProblem(
                    location: SourceLocation(file: file, line: 1, column: 1),
                    message: "not read: this navctl was built without the Swift reader")
                return SourceFacts(file: file, language: .swift, problems: [problem])
            }
        }
    #endif

    /// Whether a path names a file a reader takes.
    public static func isSource(_ path: String) -> Bool { reader(for: path) != nil }

    /// The CPU seconds the calling thread has used, for the readers' time limit (`max-seconds-per-file`): a
    /// reader reads a file on one thread from start to end, so this bounds the work a file takes, and a file
    /// that reads in time on an idle machine reads in time on a busy one (a wall clock would give findings that
    /// come and go with the machine's load).
    @Sendable public static func seconds() -> Double {
        var now = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return ProcessInfo.processInfo.systemUptime }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// One file read: its facts and the lines its `navd:` comments switch off.
    public typealias ReadFile = (facts: SourceFacts, suppressions: Suppressions)

    /// One file read from disk; nil for a file no reader takes.
    public static func read(_ path: String, limits: ReaderLimits) -> ReadFile? {
        guard reader(for: path) != nil else { return nil }
        let bytes: [UInt8]
        do {
            // The size limit is checked before the bytes are read.
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            if size > limits.maxFileBytes { return tooLarge(path, size: size, limits: limits) }
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let problem = ReadProblem(
                location: SourceLocation(file: path, line: 1, column: 1), message: "not read: the file cannot be read")
            return (SourceFacts(file: path, language: .swift, problems: [problem]), Suppressions())
        }
        return read(path, bytes: bytes, limits: limits)
    }

    /// One file read from bytes already in hand (an editor's buffer), as `read(_:limits:)` reads the file on
    /// disk; nil for a file no reader takes.
    public static func read(_ path: String, bytes: [UInt8], limits: ReaderLimits) -> ReadFile? {
        guard let reader = reader(for: path) else { return nil }
        if bytes.count > limits.maxFileBytes { return tooLarge(path, size: bytes.count, limits: limits) }
        let facts = reader.read(bytes, file: path, limits: limits, clock: seconds)
        return (facts, suppressions(facts, bytes: bytes, file: path))
    }

    /// A file's last parse, which an editor's server keeps for the next read of the file after edits (Swift
    /// files, with the Swift reader built in).
    public struct Reparse: Sendable {
        #if NAVD_SWIFT_READER
            let swift: SwiftReader.Parse
        #endif
    }

    /// Reads bytes already in hand that were `previous` before `edits`, as `read(_:bytes:limits:)` reads them,
    /// reusing the previous parse where the reader can; also returns the parse for the next read.
    public static func read(
        _ path: String, bytes: [UInt8], limits: ReaderLimits, after previous: Reparse?, edits: [ByteEdit]
    ) -> (ReadFile?, Reparse?) {
        #if NAVD_SWIFT_READER
            if path.lowercased().hasSuffix(".swift"), bytes.count <= limits.maxFileBytes {
                let (facts, parse) = SwiftReader().read(
                    bytes, file: path, limits: limits, clock: seconds, after: previous?.swift, edits: edits)
                return ((facts, suppressions(facts, bytes: bytes, file: path)), parse.map { Reparse(swift: $0) })
            }
        #endif
        return (read(path, bytes: bytes, limits: limits), nil)
    }

    /// The lines a file's `navd:` comments switch off.
    static func suppressions(_ facts: SourceFacts, bytes: [UInt8], file: String) -> Suppressions {
        guard !facts.directives.isEmpty else { return Suppressions() }
        let table = LineTable(bytes, file: file)
        return Suppressions.resolve(facts.directives, lineCount: table.lineCount) { table.text(ofLine: $0) }
    }

    /// A file over the size limit: not read, one problem that says so.
    public static func tooLarge(_ path: String, size: Int, limits: ReaderLimits) -> ReadFile {
        let problem = ReadProblem(
            location: SourceLocation(file: path, line: 1, column: 1),
            message: "not read: the file has \(size) bytes, more than max-file-bytes (\(limits.maxFileBytes))",
            limit: ReaderLimits.fileBytesName)
        return (SourceFacts(file: path, language: .swift, problems: [problem]), Suppressions())
    }

    /// A project's files read, with the configuration's profiles, device and settings.
    public static func project(_ project: Project) -> SourceProject {
        self.project(project, files: project.files.compactMap { read($0, limits: project.configuration.limits) })
    }

    /// A project whose files are already read (by `read`, from disk or from an editor's buffers), with the
    /// configuration's profiles, device and settings.
    public static func project(_ project: Project, files read: [ReadFile]) -> SourceProject {
        let configuration = project.configuration
        var files: [SourceFacts] = []
        var suppressions: [String: Suppressions] = [:]
        for (facts, suppressed) in read {
            files.append(facts)
            suppressions[facts.file] = suppressed
        }
        var config = SessionConfig()
        if let name = configuration.device, let preset = DevicePreset.named(name) { config.device = preset.device }
        if let limit = configuration.settings["back-title-offset-limit"] { config.policies.backTitleOffsetLimit = limit }
        if let foreground = configuration.foreground { config.policies.foreground = foreground }
        // LintRun has read the font once already; one that has gone since leaves the calibrated tables.
        if let font = configuration.textFont { config.textFont = try? FontFiles.load(font) }
        let profiles =
            configuration.profiles ?? Profile.covering(deploymentTarget: configuration.deploymentTarget ?? project.deploymentTarget)
        return SourceProject(
            name: project.name, files: files, profiles: profiles, config: config, suppressions: suppressions,
            defaultForegroundContrastFloor: configuration.settings["default-tint-contrast"] ?? 3)
    }

    /// The findings of one project, from `cache` when an earlier run linted the same files under the same
    /// configuration and navctl, else linted and stored there.
    public static func lint(_ project: Project, cache: LintCache?) -> [Finding] {
        guard let cache else { return lint(project).findings }
        let key = cacheKey(project, cache: cache)
        if let findings = cache.load(key) { return findings }
        let (findings, timedOut) = lint(project)
        // A file that ran out of time may not next time, on a less busy machine: that answer is not kept.
        if !timedOut { cache.store(findings, under: key) }
        return findings
    }

    /// The key of a project's findings: the whole project as discovered (its files' paths, its configuration,
    /// the deployment target) and each file's bytes; a file over the size limit by its size, as it is not read.
    public static func cacheKey(_ project: Project, cache: LintCache) -> LintCache.Key {
        var key = cache.key()
        key.add(LintCache.canonicalDescription(project))
        if let font = project.configuration.textFont { key.add("font \(FontFiles.stamp(font.file) ?? "missing")") }
        let limit = project.configuration.limits.maxFileBytes
        for path in project.files {
            key.add(path)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
            if let size, size > limit {
                key.add("size \(size)")
            } else if let data = FileManager.default.contents(atPath: path) {
                key.add(data)
            } else {
                key.add("unreadable")
            }
        }
        return key
    }

    /// What identifies this navctl: navd's version, and the executable's size and modification time, so that a
    /// rebuilt navctl never takes an older build's findings for its own.
    public static func cacheVersion() -> String {
        var version = NavdVersion.current
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath(),
            let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path)
        {
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            version += " \(executable.path) \(size) \(modified)"
        }
        return version
    }

    /// The findings of one project, as the report's findings: configured severities, disabled rules and
    /// suppressed storyboard elements applied, and every file that could not be read as one finding; and
    /// whether a file ran out of its time.
    public static func lint(_ project: Project) -> (findings: [Finding], timedOut: Bool) {
        let source = Self.project(project)
        let located = findings(project, source: source) { path in FileManager.default.contents(atPath: path).map { Array($0) } }
        return (located.map(\.finding), timedOut(source))
    }

    /// Whether a file of a project ran out of its time (`max-seconds-per-file`).
    public static func timedOut(_ source: SourceProject) -> Bool {
        source.files.contains { $0.problems.contains { $0.limit == ReaderLimits.secondsName } }
    }

    /// A report's finding, with where its screen is declared when that is elsewhere.
    public struct LocatedFinding: Sendable, Hashable {
        public var finding: Finding
        /// The declaration of the finding's screen, when the finding points elsewhere; nil for a file's problem.
        public var screenLocation: SourceLocation?

        public init(finding: Finding, screenLocation: SourceLocation? = nil) {
            self.finding = finding
            self.screenLocation = screenLocation
        }
    }

    /// The findings of a project already read (`project(_:files:)`), as the report's findings: configured
    /// severities, disabled rules and suppressed storyboard elements applied, and every file that could not be
    /// read as one finding. `contents` gives a storyboard's or xib's bytes, for its elements' ids (the file on
    /// disk, or an editor's buffer).
    public static func findings(_ project: Project, source: SourceProject, contents: (String) -> [UInt8]?) -> [LocatedFinding] {
        var memo = LintMemo()
        return findings(project, source: source, memo: &memo, contents: contents)
    }

    /// The same, reusing what `memo` kept from the last lint of the project (`SourceLinter.lint(_:memo:)`).
    public static func findings(
        _ project: Project, source: SourceProject, memo: inout LintMemo, contents: (String) -> [UInt8]?
    ) -> [LocatedFinding] {
        let configuration = project.configuration
        let profiles = source.profiles
        var out: [LocatedFinding] = []
        let namedColorSets = source.namedColorSets
        for facts in source.files {
            // A colour set no bar colour names changes no finding, whether it can be read or not.
            if facts.language == .assetCatalog, let set = ColorSetReader.colorSetName(facts.file), !namedColorSets.contains(set) {
                continue
            }
            for problem in facts.problems where !configuration.disabledRules.contains(LintRule.sourceNotRead) {
                var d = Diagnostic(code: LintRule.sourceNotRead, severity: .warning, message: problem.message)
                d.severity = configuration.severities[d.code] ?? d.severity
                out.append(
                    LocatedFinding(
                        finding: Finding(
                            file: problem.location.file,
                            position: SourcePosition(line: problem.location.line, column: problem.location.column), path: "",
                            profile: profiles.first ?? .ios17, diagnostic: d)))
            }
        }
        var elementIds: [String: LineTable] = [:]
        for finding in SourceLinter.lint(source, memo: &memo) where !configuration.disabledRules.contains(finding.code) {
            let at = finding.location
            if at.file.hasSuffix(".storyboard") || at.file.hasSuffix(".xib"), !configuration.suppressedElements.isEmpty {
                if elementIds[at.file] == nil, let bytes = contents(at.file) {
                    elementIds[at.file] = LineTable(bytes, file: at.file)
                }
                if let table = elementIds[at.file], let id = elementId(table, at: at),
                    let codes = configuration.suppressedElements[id], codes.isEmpty || codes.contains(finding.code)
                {
                    continue
                }
            }
            var d = finding.diagnostic
            d.severity = configuration.severities[d.code] ?? d.severity
            d.screenId = finding.screen
            out.append(
                LocatedFinding(
                    finding: Finding(
                        file: at.file, position: SourcePosition(line: at.line, column: at.column), path: "", profile: finding.profile,
                        diagnostic: d, stack: finding.stack),
                    screenLocation: finding.screenLocation))
        }
        return out
    }

    /// The `id` attribute of the storyboard element whose start tag begins at `at`.
    public static func elementId(_ table: LineTable, at: SourceLocation) -> String? {
        var text = ""
        for line in at.line..<min(at.line + 8, table.lineCount + 1) {
            text += " " + table.text(ofLine: line)
            if let close = text.firstIndex(of: ">"), text[..<close].contains(" id=\"") { break }
        }
        guard let start = text.range(of: " id=\"") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}

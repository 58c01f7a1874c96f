import Foundation
import JSONCore
import NavModel
import NavProtocol

/// A project's findings kept between runs of `navctl lint`, so that a second run over unchanged files reads
/// and digests them instead of parsing them.
///
/// An entry's key is a SHA-256 over everything the findings depend on: the cache's format, navd's version
/// (and the identity of the executable, so a rebuilt navctl never reads an older build's findings), the
/// configuration that applies, and each file's path and bytes. An entry that cannot be read is a miss; a
/// write goes to a temporary file renamed into place, so concurrent runs never see half an entry.
public struct LintCache: Sendable {
    /// The folder the entries live in (`navd/lint` under the user's cache folder by default).
    public var directory: String
    /// What a key starts with besides the format: navd's version and the executable's identity.
    public var version: String
    /// The most entries kept: each store beyond it removes the least recently used.
    public var maxEntries: Int

    /// The entries' format; a change of the format changes every key.
    static let format = "navd-lint-cache/2"

    public init(directory: String, version: String, maxEntries: Int = 256) {
        self.directory = directory
        self.version = version
        self.maxEntries = maxEntries
    }

    /// The user's cache folder for lint results: `$XDG_CACHE_HOME/navd/lint`, else `~/.cache/navd/lint`
    /// on Linux and `~/Library/Caches/navd/lint` on macOS; nil when there is no home to put it in.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/navd/lint" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        #if os(macOS)
            return home + "/Library/Caches/navd/lint"
        #else
            return home + "/.cache/navd/lint"
        #endif
    }

    /// A key under construction: each part is fed with its length, so no two different sequences of parts
    /// digest the same bytes.
    public struct Key: Sendable {
        var digest = SHA256()

        /// Adds a part.
        public mutating func add(_ bytes: some Collection<UInt8>) {
            digest.update(Array("\(bytes.count):".utf8))
            digest.update(bytes)
        }

        /// Adds a string part.
        public mutating func add(_ string: String) { add(Array(string.utf8)) }

        /// The key's name on disk.
        public var name: String { digest.hexDigest() }
    }

    /// A key that starts with the cache's format and version.
    public func key() -> Key {
        var key = Key()
        key.add(Self.format)
        key.add(version)
        return key
    }

    /// A value's description that is the same in every process: the members of sets and dictionaries sorted
    /// (their order changes from one process to the next), every stored property of structures and enumerations'
    /// payloads named, so a property added to a configuration is part of the key without being listed.
    public static func canonicalDescription(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return String(reflecting: value) }
        let parts = mirror.children.map { child in
            (child.label.map { "\($0)=" } ?? "") + canonicalDescription(child.value)
        }
        switch mirror.displayStyle {
        case .dictionary?, .set?: return "{" + parts.sorted().joined(separator: ",") + "}"
        default: return "(" + parts.joined(separator: ",") + ")"
        }
    }

    func path(_ key: Key) -> String { "\(directory)/\(key.name).json" }

    /// The findings stored under `key`, or nil when there are none or the entry cannot be read.
    public func load(_ key: Key) -> [Finding]? {
        let file = path(key)
        guard let data = FileManager.default.contents(atPath: file),
            let json = try? JSON.parse(Array(data)),
            case .object(let entry) = json,
            entry["format"] == .string(Self.format),
            case .array(let items)? = entry["findings"]
        else { return nil }
        var findings: [Finding] = []
        findings.reserveCapacity(items.count)
        for item in items {
            guard let finding = Self.finding(item) else { return nil }
            findings.append(finding)
        }
        // The entry was used: it moves to the back of the line for removal.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file)
        return findings
    }

    /// Stores `findings` under `key`. Failing to write (a read-only home) only costs the next run its speed.
    public func store(_ findings: [Finding], under key: Key) {
        // The findings as `navctl lint --format json` writes them.
        let entry: JSON = [
            "format": .string(Self.format), "findings": JSONReporter().json(LintReport(findings: findings))["diagnostics"] ?? [],
        ]
        let file = path(key)
        let temporary = "\(file).\(ProcessInfo.processInfo.processIdentifier).tmp"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(entry.serializedBytes()).write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, file) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return
        }
        prune()
    }

    /// Removes the least recently used entries beyond `maxEntries`.
    func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let entries = names.filter { $0.hasSuffix(".json") }
        guard entries.count > maxEntries else { return }
        let dated = entries.map { name -> (String, Date) in
            let file = "\(directory)/\(name)"
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            return (file, attributes?[.modificationDate] as? Date ?? .distantPast)
        }
        for (file, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(entries.count - maxEntries) {
            try? FileManager.default.removeItem(atPath: file)
        }
    }

    /// A finding read back from the form `JSONReporter` writes; nil when the entry is not of that form.
    static func finding(_ json: JSON) -> Finding? {
        guard case .object(let o) = json,
            case .string(let file)? = o["file"], let line = o["line"]?.intValue.map(Int.init),
            let column = o["column"]?.intValue.map(Int.init),
            case .string(let path)? = o["path"], case .string(let profileName)? = o["profile"],
            let profile = Profile(rawValue: profileName), case .string(let code)? = o["code"],
            case .string(let severityName)? = o["severity"], let severity = Diagnostic.Severity(rawValue: severityName),
            case .string(let message)? = o["message"], case .string(let screen)? = o["screenId"]
        else { return nil }
        var diagnostic = Diagnostic(code: code, severity: severity, message: message)
        // The reporter writes a finding with no screen as an empty id.
        diagnostic.screenId = screen.isEmpty ? nil : screen
        if case .string(let item)? = o["itemId"] { diagnostic.itemId = item }
        if let rect = o["rect"] {
            guard let decoded = try? Rect.decode(ParamReader(rect)) else { return nil }
            diagnostic.rect = decoded
        }
        return Finding(
            file: file, position: SourcePosition(line: line, column: column), path: path, profile: profile, diagnostic: diagnostic)
    }
}

import JSONCore
import NavModel
import NavProtocol

/// SARIF 2.1.0, one run, as code-scanning services take it.
///
/// - `tool.driver`: name, version, and a rule for every code (descriptions, default level, help).
/// - Each result: `ruleId`, `ruleIndex`, `level`, `message.text`, one physical location at the screen or item
///   in the file (the URI relative to the working directory, under `%SRCROOT%`, with `startLine` and
///   `startColumn`), `partialFingerprints` that survive edits elsewhere in the file, and `properties` with the
///   profile, screen and item.
/// - Documents that did not load are `toolExecutionNotifications` of the run's invocation, which is then not
///   `executionSuccessful`.
public struct SARIFReporter: LintReporter {
    /// Where docs/semantics.md can be read; each rule's `helpUri` is this plus `#CODE`. Nil: no `helpUri`.
    public var docsURL: String?
    public var toolVersion: String

    public init(docsURL: String?, toolVersion: String = NavdVersion.current) {
        self.docsURL = docsURL
        self.toolVersion = toolVersion
    }

    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    public func render(_ report: LintReport) -> String {
        json(report).prettySerialized() + "\n"
    }

    public func json(_ report: LintReport) -> JSON {
        let rules = LintRule.all
        var driver: JSONObject = ["name": "navd", "version": .string(toolVersion), "semanticVersion": .string(toolVersion)]
        driver["rules"] = .array(rules.map(ruleJSON))
        var run: JSONObject = ["tool": ["driver": .object(driver)]]
        run["columnKind"] = "unicodeCodePoints"
        run["results"] = .array(report.findings.map { result($0, rules: rules) })
        var invocation: JSONObject = ["executionSuccessful": .bool(report.errors.isEmpty)]
        if !report.errors.isEmpty {
            invocation["toolExecutionNotifications"] = .array(
                report.errors.map { e in
                    [
                        "level": "error", "message": ["text": .string(e.message)],
                        "locations": [location(e.file, e.position)],
                    ]
                })
        }
        run["invocations"] = [.object(invocation)]
        return ["$schema": .string(Self.schemaURI), "version": "2.1.0", "runs": [.object(run)]]
    }

    /// SARIF's level for a severity.
    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    func ruleJSON(_ rule: LintRule) -> JSON {
        var o: JSONObject = [
            "id": .string(rule.code), "name": .string(rule.name),
            "shortDescription": ["text": .string(rule.shortDescription)],
            "fullDescription": ["text": .string(rule.fullDescription)],
            "defaultConfiguration": ["level": .string(Self.level(rule.defaultSeverity))],
        ]
        if let docsURL { o["helpUri"] = .string("\(docsURL)#\(rule.code)") }
        let cites = rule.rules.joined(separator: ", ")
        o["help"] = [
            "text": .string("\(rule.fullDescription) Rules: \(cites) in docs/semantics.md."),
            "markdown": .string("\(rule.fullDescription)\n\nRules: \(cites) (docs/semantics.md, section Diagnostics)."),
        ]
        o["properties"] = ["tags": .array((["navigation-bar"] + rule.rules).map(JSON.string)), "precision": "high"]
        return .object(o)
    }

    func result(_ f: Finding, rules: [LintRule]) -> JSON {
        var o: JSONObject = ["ruleId": .string(f.code)]
        if let index = rules.firstIndex(where: { $0.code == f.code }) { o["ruleIndex"] = .number(index) }
        o["level"] = .string(Self.level(f.severity))
        o["message"] = ["text": .string(f.message)]
        o["locations"] = [location(f.file, f.position)]
        // Stable across edits elsewhere in the file: what was found, where in the flow, under which profile.
        let key = [f.code, f.file, f.screenId, f.itemId ?? "", f.profile.rawValue].joined(separator: "\u{1F}")
        o["partialFingerprints"] = ["navdFinding/v1": .string(Self.fingerprint(key))]
        var properties: JSONObject = ["profile": .string(f.profile.rawValue), "screenId": .string(f.screenId)]
        if let item = f.itemId { properties["itemId"] = .string(item) }
        // Documents' findings name their member; a source file's finding is at its line alone.
        if !f.path.isEmpty { properties["jsonPath"] = .string(f.path) }
        o["properties"] = .object(properties)
        return .object(o)
    }

    func location(_ file: String, _ position: SourcePosition) -> JSON {
        [
            "physicalLocation": [
                "artifactLocation": ["uri": .string(Self.uri(file)), "uriBaseId": "%SRCROOT%"],
                "region": ["startLine": .number(position.line), "startColumn": .number(position.column)],
            ]
        ]
    }

    /// A relative file path as a URI reference: `/` separators, each segment percent-encoded where RFC 3986 needs it.
    static func uri(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        var out = ""
        for byte in trimmed.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return out
    }

    /// 64-bit FNV-1a of the text, as 16 hex digits: deterministic on every platform.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

import NavModel
import NavSource
import Yams

/// Reads a `.navd.yml` by walking Yams' node tree, so that every error points at the key or value it is
/// about (Yams keeps a line and column on each node).
struct ConfigurationParser {
    let file: String
    let text: String

    /// Places in the text that could be an alias (`*name`) beyond which a document is refused before it is
    /// composed. The composer hashes mapping keys, which walks an alias's whole expansion: with nested
    /// anchors that is exponential, so the count of aliases is bounded before composing.
    static let maxAliases = 16
    /// Nodes the document may expand to once aliases are followed; beyond this it is refused.
    static let maxExpandedNodes = 10_000

    /// Top-level keys, as written in the file.
    static let keys = [
        "included", "excluded", "disabled-rules", "opt-in-rules", "severity", "profiles", "deployment-target", "device",
        "suppress", "limits", "settings", "foreground",
    ]
    static let limitKeys = [ReaderLimits.fileBytesName, ReaderLimits.nestingName, ReaderLimits.secondsName]
    static let suppressKeys = ["element", "rules"]

    func parse() throws(ConfigurationError) -> LintConfiguration {
        guard text.utf8.count <= LintConfiguration.maxFileBytes else {
            throw error(
                line: 1, column: 1,
                "the configuration is \(text.utf8.count) bytes, more than the \(LintConfiguration.maxFileBytes) a configuration may have")
        }
        if let (count, line, column) = AliasScan.firstExcess(in: text, limit: Self.maxAliases) {
            throw error(
                line: line, column: column,
                "the configuration uses more than \(Self.maxAliases) aliases (\(count) seen by here): refused, as alias expansion "
                    + "can make a small file unboundedly large")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch let failure as YamlError {
            throw translate(failure)
        } catch {
            throw self.error(line: 1, column: 1, "cannot read the YAML: \(error)")
        }
        guard let root else { return LintConfiguration() }
        try checkExpansion(root)
        if root.null != nil { return LintConfiguration() }
        guard case .mapping(let mapping) = root else {
            throw error(at: root, "expected a mapping of settings (`key: value` lines), found \(describe(root))")
        }
        var configuration = LintConfiguration()
        for (keyNode, value) in mapping {
            let key = try keyName(keyNode)
            switch key {
            case "included": configuration.included = try paths(value, key: key)
            case "excluded": configuration.excluded = try paths(value, key: key)
            case "disabled-rules": configuration.disabledRules = Set(try strings(value, key: key))
            case "opt-in-rules": configuration.optInRules = Set(try strings(value, key: key))
            case "severity": configuration.severities = try severities(value)
            case "profiles": configuration.profiles = try profiles(value)
            case "deployment-target": configuration.deploymentTarget = try deploymentTarget(value)
            case "device": configuration.device = try device(value)
            case "suppress": configuration.suppressedElements = try suppressions(value)
            case "limits": configuration.limits = try limits(value)
            case "settings": configuration.settings = try settings(value)
            case "foreground": configuration.foreground = try foreground(value)
            default: throw unknownKey(key, at: keyNode, known: Self.keys, in: nil)
            }
        }
        return configuration
    }

    // MARK: Keys

    private func keyName(_ node: Node) throws(ConfigurationError) -> String {
        guard case .scalar(let scalar) = node, node.null == nil else {
            throw error(at: node, "expected a key name, found \(describe(node))")
        }
        return scalar.string
    }

    private func unknownKey(_ key: String, at node: Node, known: [String], in parent: String?) -> ConfigurationError {
        let place = parent.map { " in `\($0)`" } ?? ""
        var message = "unknown key `\(key)`\(place)"
        if let suggestion = Suggestion.closest(to: key, among: known) {
            message += "; did you mean `\(suggestion)`?"
        } else {
            message += "; known keys: \(known.joined(separator: ", "))"
        }
        return error(at: node, message)
    }

    // MARK: Values

    /// A list of strings, or one string; null is an empty list.
    private func strings(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        if node.null != nil { return [] }
        switch node {
        case .scalar(let scalar): return [scalar.string]
        case .sequence(let sequence):
            var result: [String] = []
            for element in sequence {
                guard case .scalar(let scalar) = element, element.null == nil else {
                    throw error(at: element, "expected a string in the list `\(key)`, found \(describe(element))")
                }
                result.append(scalar.string)
            }
            return result
        default:
            throw error(at: node, "expected a list of strings at `\(key)`, found \(describe(node))")
        }
    }

    private func paths(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        let result = try strings(node, key: key)
        if let index = result.firstIndex(where: { $0.isEmpty }) {
            let place = node.sequence.map { $0[index] } ?? node
            throw error(at: place, "expected a path or glob in `\(key)`, found an empty string")
        }
        return result
    }

    private func scalarString(_ node: Node, key: String, expected: String) throws(ConfigurationError) -> String {
        guard case .scalar(let scalar) = node, node.null == nil else {
            throw error(at: node, "expected \(expected) at `\(key)`, found \(describe(node))")
        }
        return scalar.string
    }

    private func mapping(_ node: Node, key: String, expected: String) throws(ConfigurationError) -> Node.Mapping? {
        if node.null != nil { return nil }
        guard case .mapping(let mapping) = node else {
            throw error(at: node, "expected \(expected) at `\(key)`, found \(describe(node))")
        }
        return mapping
    }

    private func severities(_ node: Node) throws(ConfigurationError) -> [String: Diagnostic.Severity] {
        guard let mapping = try mapping(node, key: "severity", expected: "a mapping of rule codes to error, warning or info") else {
            return [:]
        }
        var result: [String: Diagnostic.Severity] = [:]
        let levels = Diagnostic.Severity.allCases.map(\.rawValue)
        for (keyNode, value) in mapping {
            let rule = try keyName(keyNode)
            let level = try scalarString(value, key: "severity.\(rule)", expected: "one of \(levels.joined(separator: ", "))")
            guard let severity = Diagnostic.Severity(rawValue: level) else {
                var message = "unknown severity `\(level)` for `\(rule)`; expected one of \(levels.joined(separator: ", "))"
                if let suggestion = Suggestion.closest(to: level, among: levels) { message += "; did you mean `\(suggestion)`?" }
                throw error(at: value, message)
            }
            result[rule] = severity
        }
        return result
    }

    private func profiles(_ node: Node) throws(ConfigurationError) -> [Profile]? {
        if node.null != nil { return nil }
        let names = Profile.allCases.map(\.rawValue) + ["all"]
        let elements: [Node]
        switch node {
        case .scalar: elements = [node]
        case .sequence(let sequence): elements = Array(sequence)
        default: throw error(at: node, "expected `all` or a list of profiles (\(names.joined(separator: ", "))), found \(describe(node))")
        }
        var chosen = Set<Profile>()
        for element in elements {
            let name = try scalarString(element, key: "profiles", expected: "a profile name")
            if name == "all" {
                chosen.formUnion(Profile.allCases)
            } else if let profile = Profile(rawValue: name) {
                chosen.insert(profile)
            } else {
                var message = "unknown profile `\(name)`; expected one of \(names.joined(separator: ", "))"
                if let suggestion = Suggestion.closest(to: name, among: names) { message += "; did you mean `\(suggestion)`?" }
                throw error(at: element, message)
            }
        }
        return Profile.allCases.filter(chosen.contains)
    }

    private func deploymentTarget(_ node: Node) throws(ConfigurationError) -> String? {
        if node.null != nil { return nil }
        let version = try scalarString(node, key: "deployment-target", expected: "an iOS version such as \"13.0\"")
        guard Version(version) != nil else {
            throw error(at: node, "expected an iOS version such as \"13.0\" at `deployment-target`, found `\(version)`")
        }
        return version
    }

    private func foreground(_ node: Node) throws(ConfigurationError) -> Policies.ForegroundPolicy? {
        if node.null != nil { return nil }
        let names = Policies.ForegroundPolicy.allCases.map(\.rawValue)
        let name = try scalarString(node, key: "foreground", expected: "uikit or automatic")
        guard let policy = Policies.ForegroundPolicy(rawValue: name) else {
            throw error(
                at: node,
                "unknown foreground `\(name)`: `uikit` (UIKit's default item and title colours) or `automatic` (black or white "
                    + "by the bar colour, an app's own policy); known values: \(names.joined(separator: ", "))")
        }
        return policy
    }

    private func device(_ node: Node) throws(ConfigurationError) -> String? {
        if node.null != nil { return nil }
        let name = try scalarString(node, key: "device", expected: "a device preset name such as iphone-14-pro")
        guard DevicePreset.named(name) != nil else {
            let names = DevicePreset.all.map(\.name)
            var message = "unknown device `\(name)`"
            if let suggestion = Suggestion.closest(to: name, among: names) {
                message += "; did you mean `\(suggestion)`?"
            } else {
                message += "; known devices: \(names.joined(separator: ", "))"
            }
            throw error(at: node, message)
        }
        return name
    }

    /// Either a list of `{element: ID, rules: [codes]}` or a mapping `ID: [codes]`; no codes means every code.
    private func suppressions(_ node: Node) throws(ConfigurationError) -> [String: [String]] {
        var result: [String: [String]] = [:]
        func add(_ element: String, _ codes: [String]) {
            if let existing = result[element] {
                // An entry that suppresses every code wins over one that names some.
                result[element] = existing.isEmpty || codes.isEmpty ? [] : Array(Set(existing + codes)).sorted()
            } else {
                result[element] = codes
            }
        }
        if node.null != nil { return [:] }
        switch node {
        case .mapping(let mapping):
            for (keyNode, value) in mapping {
                let element = try keyName(keyNode)
                add(element, try strings(value, key: "suppress.\(element)"))
            }
        case .sequence(let sequence):
            for entry in sequence {
                guard case .mapping(let fields) = entry else {
                    throw error(at: entry, "expected `{element: ID, rules: [codes]}` in `suppress`, found \(describe(entry))")
                }
                var element: String?
                var codes: [String] = []
                for (keyNode, value) in fields {
                    let key = try keyName(keyNode)
                    switch key {
                    case "element": element = try scalarString(value, key: "suppress.element", expected: "an element id")
                    case "rules": codes = try strings(value, key: "suppress.rules")
                    default: throw unknownKey(key, at: keyNode, known: Self.suppressKeys, in: "suppress")
                    }
                }
                guard let element else { throw error(at: entry, "a `suppress` entry needs an `element`") }
                add(element, codes)
            }
        default:
            throw error(
                at: node,
                "expected a list of `{element: ID, rules: [codes]}` or a mapping of ids to codes at `suppress`, "
                    + "found \(describe(node))")
        }
        return result
    }

    private func limits(_ node: Node) throws(ConfigurationError) -> ReaderLimits {
        var limits = ReaderLimits()
        guard let mapping = try mapping(node, key: "limits", expected: "a mapping of \(Self.limitKeys.joined(separator: ", "))") else {
            return limits
        }
        for (keyNode, value) in mapping {
            let key = try keyName(keyNode)
            switch key {
            case ReaderLimits.fileBytesName: limits.maxFileBytes = try positiveInteger(value, key: key)
            case ReaderLimits.nestingName: limits.maxNesting = try positiveInteger(value, key: key)
            case ReaderLimits.secondsName: limits.maxSecondsPerFile = try positiveNumber(value, key: key)
            default: throw unknownKey(key, at: keyNode, known: Self.limitKeys, in: "limits")
            }
        }
        return limits
    }

    private func settings(_ node: Node) throws(ConfigurationError) -> [String: Double] {
        guard let mapping = try mapping(node, key: "settings", expected: "a mapping of setting names to numbers") else { return [:] }
        var result: [String: Double] = [:]
        for (keyNode, value) in mapping {
            let key = try keyName(keyNode)
            result[key] = try number(value, key: "settings.\(key)")
        }
        return result
    }

    private func number(_ node: Node, key: String) throws(ConfigurationError) -> Double {
        let text = try scalarString(node, key: key, expected: "a number")
        guard let value = Double(text.replacingUnderscores), value.isFinite else {
            throw error(at: node, "expected a number at `\(key)`, found `\(text)`")
        }
        return value
    }

    private func positiveNumber(_ node: Node, key: String) throws(ConfigurationError) -> Double {
        let value = try number(node, key: key)
        guard value > 0 else { throw error(at: node, "expected a number greater than 0 at `\(key)`") }
        return value
    }

    private func positiveInteger(_ node: Node, key: String) throws(ConfigurationError) -> Int {
        let text = try scalarString(node, key: key, expected: "a whole number")
        guard let value = Int(text.replacingUnderscores) else {
            throw error(at: node, "expected a whole number at `\(key)`, found `\(text)`")
        }
        guard value > 0 else { throw error(at: node, "expected a whole number greater than 0 at `\(key)`") }
        return value
    }

    // MARK: Aliases

    /// Counts the nodes the document stands for once every alias is followed, and refuses it past
    /// `maxExpandedNodes`. The walk stops at the bound, so its work is bounded too.
    private func checkExpansion(_ root: Node) throws(ConfigurationError) {
        var stack: [Node] = [root]
        var count = 0
        while let node = stack.popLast() {
            count += 1
            if count > Self.maxExpandedNodes {
                throw error(
                    at: root, "the configuration expands to more than \(Self.maxExpandedNodes) values once its aliases are followed")
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    stack.append(key)
                    stack.append(value)
                }
            case .sequence(let sequence): stack.append(contentsOf: sequence)
            case .scalar, .alias: break
            }
        }
    }

    // MARK: Errors

    private func error(line: Int, column: Int, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: max(1, line), column: max(1, column), message: message)
    }

    private func error(at node: Node, _ message: String) -> ConfigurationError {
        error(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message)
    }

    private func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if node.null != nil { return "nothing (null)" }
            return "`\(scalar.string)`"
        }
    }

    private func translate(_ failure: YamlError) -> ConfigurationError {
        switch failure {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))" }
            if message.contains("alias") {
                message += "; a value that starts with `*` is an alias in YAML: quote globs such as \"*.generated.swift\""
            }
            return error(line: mark.line, column: mark.column, message)
        case .reader(let problem, let offset, _, _):
            let (line, column) = Self.lineAndColumn(ofUTF8Offset: offset ?? 0, in: text)
            return error(line: line, column: column, "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            return error(line: context.mark.line, column: context.mark.column, "a key appears twice in one mapping: \(names)")
        default:
            return error(line: 1, column: 1, "invalid YAML: \(failure)")
        }
    }

    static func lineAndColumn(ofUTF8Offset offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

extension String {
    /// YAML writes `4_194_304` for large numbers; Swift's parsers do not take the underscores.
    fileprivate var replacingUnderscores: String { String(filter { $0 != "_" }) }
}

/// Counts the places in a YAML text where an alias could start, without parsing it.
///
/// An alias is `*` followed by a name, at the start of a node: after a line break, a space or a tab, or
/// a flow indicator (`[`, `{`, `,`, `:`). The count may include `*`s that are not aliases (inside a
/// quoted string after a space), never fewer than the aliases: it only bounds the composer's work.
enum AliasScan {
    /// The first place where the count passes `limit`: the count there and its line and column.
    static func firstExcess(in text: String, limit: Int) -> (count: Int, line: Int, column: Int)? {
        var count = 0
        var line = 1
        var column = 0
        var previous: UInt8 = UInt8(ascii: "\n")
        var afterStar = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                // Columns count scalars, as the YAML parser does: continuation bytes add none.
                column += 1
            }
            if afterStar {
                afterStar = false
                if isAnchorByte(byte) {
                    count += 1
                    if count > limit { return (count, line, max(1, column - 1)) }
                }
            }
            if byte == UInt8(ascii: "*") && startsNode(after: previous) { afterStar = true }
            previous = byte
        }
        return nil
    }

    private static func startsNode(after byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","), UInt8(ascii: ":"):
            return true
        default:
            // A byte of a multi-byte character (a byte-order mark, a non-breaking space) counts, to stay on
            // the safe side.
            return byte >= 0x80
        }
    }

    /// A byte that can begin an anchor name: anything but white space and flow indicators.
    private static func isAnchorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","):
            return false
        default:
            return true
        }
    }
}

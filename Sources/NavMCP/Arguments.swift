import MCP

/// Why a tool call cannot be answered, as the tool result (isError) says it: a bad argument names its path
/// (`arguments.paths[1]`), a document or model error says what and where.
public struct ToolFailure: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}

/// A tool call's arguments, read member by member: each read checks the type, and every member not read
/// is refused, so a misspelt argument is reported rather than ignored.
struct Arguments {
    let tool: String
    let values: [String: Value]
    /// The members the tool takes (its schema's properties), sorted.
    let known: [String]

    init(tool: String, _ values: [String: Value]?, known: [String]) throws(ToolFailure) {
        self.tool = tool
        self.values = values ?? [:]
        self.known = known
        for key in self.values.keys.sorted() where !known.contains(key) {
            throw ToolFailure("arguments.\(key): \(tool) takes no argument '\(key)' (it takes \(known.joined(separator: ", ")))")
        }
    }

    /// A description of a value for messages: its JSON type and, when short, the value itself.
    static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "the boolean \(b)"
        case .int(let i): return "the number \(i)"
        case .double(let d): return "the number \(d)"
        case .string(let s): return "the string \"\(s)\""
        case .data: return "data"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A string member; nil when absent (or null). `nonEmpty` refuses "".
    func string(_ key: String, required: Bool = false, nonEmpty: Bool = true) throws(ToolFailure) -> String? {
        guard let value = values[key], !value.isNull else {
            if required { throw ToolFailure("arguments.\(key): missing; \(tool) needs it") }
            return nil
        }
        guard case .string(let s) = value else {
            throw ToolFailure("arguments.\(key): expected a string, got \(Self.describe(value))")
        }
        if nonEmpty, s.isEmpty { throw ToolFailure("arguments.\(key): must not be empty") }
        return s
    }

    /// A string member that must be one of `choices`.
    func choice(_ key: String, _ choices: [String]) throws(ToolFailure) -> String? {
        guard let s = try string(key) else { return nil }
        guard choices.contains(s) else {
            throw ToolFailure("arguments.\(key): '\(s)' is not one of \(choices.joined(separator: ", "))")
        }
        return s
    }

    /// A required array of non-empty strings, with at least one element.
    func strings(_ key: String) throws(ToolFailure) -> [String] {
        guard let value = values[key], !value.isNull else { throw ToolFailure("arguments.\(key): missing; \(tool) needs it") }
        guard case .array(let elements) = value else {
            throw ToolFailure("arguments.\(key): expected an array of strings, got \(Self.describe(value))")
        }
        if elements.isEmpty { throw ToolFailure("arguments.\(key): must hold at least one path") }
        var out: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let s) = element else {
                throw ToolFailure("arguments.\(key)[\(index)]: expected a string, got \(Self.describe(element))")
            }
            if s.isEmpty { throw ToolFailure("arguments.\(key)[\(index)]: must not be empty") }
            out.append(s)
        }
        return out
    }

    /// A required finite number (an integer or not).
    func number(_ key: String) throws(ToolFailure) -> Double {
        guard let value = values[key], !value.isNull else { throw ToolFailure("arguments.\(key): missing; \(tool) needs it") }
        switch value {
        case .int(let i): return Double(i)
        case .double(let d) where d.isFinite: return d
        default: throw ToolFailure("arguments.\(key): expected a finite number, got \(Self.describe(value))")
        }
    }

    /// A boolean member; `absent` when it is not given.
    func bool(_ key: String, absent: Bool) throws(ToolFailure) -> Bool {
        guard let value = values[key], !value.isNull else { return absent }
        guard case .bool(let b) = value else { throw ToolFailure("arguments.\(key): expected a boolean, got \(Self.describe(value))") }
        return b
    }

    /// A path to read: standard input carries the protocol, so `-` is refused.
    func file(_ key: String, required: Bool) throws(ToolFailure) -> String? {
        guard let path = try string(key, required: required) else { return nil }
        if path == "-" { throw ToolFailure("arguments.\(key): '-' (standard input) carries this protocol; give a file path") }
        return path
    }
}

/// A JSON value whose objects keep their members in the order they were written, so a document reads in the order
/// navd's own documents use (format first, screens last).
enum JSONValue: Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The text: objects and arrays one member a line, indented by two spaces, as the examples in navd's tree are.
    func text(indent: Int = 0) -> String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JSONValue.numberText(value)
        case .string(let value): return JSONValue.quoted(value)
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            let inner = String(repeating: " ", count: indent + 2)
            let lines = elements.map { inner + $0.text(indent: indent + 2) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let inner = String(repeating: " ", count: indent + 2)
            let lines = members.map { inner + JSONValue.quoted($0.key) + ": " + $0.value.text(indent: indent + 2) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "}"
        }
    }

    /// Whole numbers without a fraction ("44", not "44.0"), others in Swift's shortest round-tripping form. The
    /// builder never hands over a number that is not finite.
    static func numberText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }

    /// A JSON string: quotation mark, reverse solidus and control characters escaped, everything else as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

struct JSONMember: Sendable, Equatable {
    var key: String
    var value: JSONValue
}

/// Builds an object member by member, leaving out the members whose value is nil.
struct JSONObjectBuilder {
    private(set) var members: [JSONMember] = []

    mutating func add(_ key: String, _ value: JSONValue?) {
        if let value { members.append(JSONMember(key: key, value: value)) }
    }

    var value: JSONValue { .object(members) }
}

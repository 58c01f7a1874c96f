import Foundation

/// A JSON text parsed back (by Foundation's JSONDecoder, not the probe's writer), so tests check a written document
/// member by member: objects compare by their members, with literals standing for the expected value.
public indirect enum ParsedJSON: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ParsedJSON])
    case object([String: ParsedJSON])

    /// Parses `text`; throws on anything that is not JSON.
    public init(parsing text: String) throws {
        self = try JSONDecoder().decode(ParsedJSON.self, from: Data(text.utf8))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ParsedJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ParsedJSON].self))
        }
    }

    /// The member `key` of an object; nil when absent or when this is no object.
    public subscript(key: String) -> ParsedJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array; nil when out of range or when this is no array.
    public subscript(index: Int) -> ParsedJSON? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The members' names of an object, sorted; empty for anything else.
    public var keys: [String] {
        if case .object(let members) = self { return members.keys.sorted() }
        return []
    }
}

extension ParsedJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: ParsedJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ParsedJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

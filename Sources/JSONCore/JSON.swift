/// A JSON value, owned entirely by Swift: no json-c object ever escapes this module.
///
/// Objects keep their members in the order they were written, so replies and
/// transcripts are byte-for-byte reproducible.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integer that fits in 64 bits exactly.
    case int(Int64)
    /// Any other number. Never NaN or infinite.
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)
}

/// An ordered JSON object. Keys are unique; assigning an existing key replaces its value in place.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSON
        public init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member] = []

    public init() {}

    /// A literal's keys are written in the source, so they are distinct: checked in debug builds, where every
    /// test runs, and taken as they are in release builds, where the look-up for each key cost more than the
    /// rest of building the object.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(distinctKeys: elements)
    }

    /// Members whose keys the caller knows are distinct, such as names written in the source: checked in debug
    /// builds, taken as they are in release builds.
    public init(distinctKeys elements: [(String, JSON)]) {
        assert(Set(elements.map(\.0)).count == elements.count, "a JSON object repeats a key: \(elements.map(\.0))")
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    public init(_ pairs: [(String, JSON)]) {
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            // A repeated key replaces the earlier value in place, as assignment does.
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = value
            } else {
                members.append(Member(key: key, value: value))
            }
        }
    }

    /// Members already known to have distinct keys (the parser checked), kept in order without a look-up per key.
    init(uniqueMembers: [Member]) {
        self.members = uniqueMembers
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSON? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    public func contains(_ key: String) -> Bool { members.contains { $0.key == key } }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(distinctKeys: elements)) }
}

extension JSON {
    /// A number as JSON: integral values that fit in 64 bits become `.int`, so 3.0 is written `3`.
    public static func number(_ value: Double) -> JSON {
        // Integral when converting to an integer and back changes nothing (a conversion instruction, where
        // `rounded()` is a call into the C library). NaN and infinities fail the bound.
        if abs(value) < 9.0e15, Double(Int64(value)) == value { return .int(Int64(value)) }
        return .double(value)
    }

    public static func number(_ value: Int) -> JSON { .int(Int64(value)) }

    public var isNull: Bool { if case .null = self { return true } else { return false } }

    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a } else { return nil } }
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }

    /// The number as a Double, for `.int` and `.double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// The number as an integer, for `.int` and for `.double` values that are integral.
    public var intValue: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 9.2e18: return Int64(d)
        default: return nil
        }
    }

    /// Member look-up; nil when this is not an object or has no such key.
    public subscript(key: String) -> JSON? {
        get { objectValue?[key] }
        set {
            guard case .object(var o) = self else { return }
            // Let go of this value's reference first, so the members are changed in place, not copied.
            self = .null
            o[key] = newValue
            self = .object(o)
        }
    }

    /// A short name for the JSON type, for error messages: "object", "string", ...
    public var typeName: String { kind.name }

    /// The kind of value, as ``JSONView/kind`` names it.
    public var kind: JSONView.Kind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .int, .double: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }
}

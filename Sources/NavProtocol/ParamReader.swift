import JSONCore

/// Reads one JSON object of params, throwing -32602 with the JSON path of the bad field.
///
/// Absent and `null` members both read as "not given" through the `optional…` accessors;
/// `field(_:)` tells them apart for partial updates, where `null` resets a field to its default.
public struct ParamReader: Sendable {
    /// The object read when it is one of a parsed request, read where json-c parsed it. When `swiftObject` is
    /// not nil, it is the object instead, one already in Swift (a client's or a test's value, or a member
    /// copied out of the request), read as it is, and this views an empty object. A request's reader is then
    /// laid out and read as a view alone: a copy retains one document, and a read checks one pointer before
    /// it reads the view (an enum of the two, or an optional view bound at each read, cost a `bar/hitTest`
    /// request 190 to 400 instructions in copies and retains).
    private let members: JSONView
    private let swiftObject: JSONObject?
    /// The path of this object in the params ("" at the top).
    public let path: String

    /// The object read, as a Swift value.
    public var object: JSONObject {
        if let swiftObject { return swiftObject }
        return members.json.objectValue ?? JSONObject()
    }

    /// A reader over `json`; nil/absent params read as an empty object.
    public init(_ json: JSON?, path: String = "") throws(RPCError) {
        switch json {
        case nil, .null?: self.init(object: JSONObject(), path: path)
        case .object(let object)?: self.init(object: object, path: path)
        case let other?:
            throw .invalidParams(
                path: path, expected: "an object",
                message: "\(path.isEmpty ? "params" : "'\(path)'") must be an object, not \(other.typeName)")
        }
    }

    /// A reader over a viewed value (a request's params as parsed); nil/absent params read as an empty object.
    public init(_ view: JSONView?, path: String = "") throws(RPCError) {
        switch view?.kind {
        case nil, .null?: self.init(object: JSONObject(), path: path)
        case .object?: self.init(objectView: view!, path: path)
        case _?:
            throw .invalidParams(
                path: path, expected: "an object",
                message: "\(path.isEmpty ? "params" : "'\(path)'") must be an object, not \(view!.typeName)")
        }
    }

    public init(object: JSONObject, path: String) {
        self.members = JSONDocument.emptyObject.value
        self.swiftObject = object
        self.path = path
    }

    /// A reader over `view`, known to be an object.
    init(objectView view: JSONView, path: String) {
        self.members = view
        self.swiftObject = nil
        self.path = path
    }

    /// The path of a member: "point" + "x" = "point.x".
    public func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A member as given: absent, explicitly null, or a value.
    public enum Field: Sendable {
        case absent, null
        case value(JSON)
    }

    public func field(_ key: String) -> Field {
        if let swiftObject {
            guard let member = swiftObject[key] else { return .absent }
            return member.isNull ? .null : .value(member)
        }
        guard let member = members[key] else { return .absent }
        return member.isNull ? .null : .value(member.json)
    }

    public func has(_ key: String) -> Bool {
        if let swiftObject { return swiftObject.contains(key) }
        return members[key] != nil
    }

    /// The member's value, or nil when absent or null.
    public func value(_ key: String) -> JSON? {
        guard case .value(let value) = field(key) else { return nil }
        return value
    }

    /// The member as a view, or nil when absent or null. A member of an object already in Swift is written and
    /// parsed once for it: only a tree a client or a test built in Swift comes this way, never a request.
    func given(_ key: String) -> JSONView? {
        if swiftObject != nil { return value(key).map { $0.document().value } }
        guard let member = members[key], !member.isNull else { return nil }
        return member
    }

    /// The member read as a scalar (`.absent` when missing).
    private func scalar(_ key: String) -> JSONView.Scalar {
        if let swiftObject { return swiftObject[key].map(JSONView.Scalar.init) ?? .absent }
        return members.scalar(key)
    }

    func missing(_ key: String, _ expected: String) -> RPCError {
        .invalidParams(path: path(key), expected: expected, message: "'\(path(key))' is required (\(expected))")
    }

    func wrong(_ key: String, _ expected: String, _ got: JSON) -> RPCError {
        wrong(key, expected, typeName: got.typeName)
    }

    func wrong(_ key: String, _ expected: String, typeName: String) -> RPCError {
        .invalidParams(path: path(key), expected: expected, message: "'\(path(key))' must be \(expected), not \(typeName)")
    }

    // MARK: Strings

    public func optionalString(_ key: String) throws(RPCError) -> String? {
        switch scalar(key) {
        case .absent, .null: return nil
        case .string(let s): return s
        case let other: throw wrong(key, "a string", typeName: other.typeName)
        }
    }

    public func string(_ key: String) throws(RPCError) -> String {
        guard let s = try optionalString(key) else { throw missing(key, "a string") }
        return s
    }

    /// A string that must be one of `cases`' raw values.
    public func optionalEnum<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(RPCError) -> E?
    where E.RawValue == String {
        guard let s = try optionalString(key) else { return nil }
        guard let e = E(rawValue: s) else {
            let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw .invalidParams(
                path: path(key), expected: "one of \(names)", message: "'\(path(key))' must be one of \(names), not \"\(s)\"")
        }
        return e
    }

    // MARK: Numbers and booleans

    public func optionalDouble(_ key: String) throws(RPCError) -> Double? {
        switch scalar(key) {
        case .absent, .null: return nil
        case .int(let i): return Double(i)
        case .double(let d): return d
        case let other: throw wrong(key, "a number", typeName: other.typeName)
        }
    }

    public func double(_ key: String) throws(RPCError) -> Double {
        guard let d = try optionalDouble(key) else { throw missing(key, "a number") }
        return d
    }

    /// A number that must be >= `min` (e.g. a width).
    public func optionalDouble(_ key: String, atLeast min: Double) throws(RPCError) -> Double? {
        guard let d = try optionalDouble(key) else { return nil }
        guard d >= min else {
            throw .invalidParams(
                path: path(key), expected: "a number >= \(JSON.number(min).serialized())",
                message: "'\(path(key))' must be at least \(JSON.number(min).serialized())")
        }
        return d
    }

    public func optionalInt(_ key: String) throws(RPCError) -> Int? {
        let d: Double
        switch scalar(key) {
        case .absent, .null: return nil
        case .int(let i):
            if let n = Int(exactly: i) { return n }
            d = Double(i)
        case .double(let value):
            if let n = JSON.double(value).intValue.flatMap({ Int(exactly: $0) }) { return n }
            d = value
        case let other: throw wrong(key, "an integer", typeName: other.typeName)
        }
        // A number, but not one an integer can hold: say which way it misses.
        let why = d.rounded() == d ? "too large for an integer (at most \(Int64.max))" : "not a whole number"
        throw .invalidParams(
            path: path(key), expected: "an integer", message: "'\(path(key))' must be an integer: \(JSON.double(d).serialized()) is \(why)")
    }

    public func int(_ key: String) throws(RPCError) -> Int {
        guard let i = try optionalInt(key) else { throw missing(key, "an integer") }
        return i
    }

    public func optionalBool(_ key: String) throws(RPCError) -> Bool? {
        switch scalar(key) {
        case .absent, .null: return nil
        case .bool(let b): return b
        case let other: throw wrong(key, "true or false", typeName: other.typeName)
        }
    }

    public func bool(_ key: String) throws(RPCError) -> Bool {
        guard let b = try optionalBool(key) else { throw missing(key, "true or false") }
        return b
    }

    // MARK: Nested

    public func optionalObject(_ key: String) throws(RPCError) -> ParamReader? {
        if swiftObject != nil {
            guard let v = value(key) else { return nil }
            guard case .object(let object) = v else { throw wrong(key, "an object", v) }
            return ParamReader(object: object, path: path(key))
        }
        guard let v = members[key], !v.isNull else { return nil }
        guard v.kind == .object else { throw wrong(key, "an object", typeName: v.typeName) }
        return ParamReader(objectView: v, path: path(key))
    }

    public func object(_ key: String) throws(RPCError) -> ParamReader {
        guard let r = try optionalObject(key) else { throw missing(key, "an object") }
        return r
    }

    public func optionalArray(_ key: String) throws(RPCError) -> [JSON]? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v else { throw wrong(key, "an array", v) }
        return a
    }

    public func array(_ key: String) throws(RPCError) -> [JSON] {
        guard let a = try optionalArray(key) else { throw missing(key, "an array") }
        return a
    }

    /// Each element of an array member, with its indexed path ("screens[2]").
    public func optionalArray<T>(_ key: String, _ element: (JSON, String) throws(RPCError) -> T) throws(RPCError) -> [T]? {
        guard let a = try optionalArray(key) else { return nil }
        var out: [T] = []
        out.reserveCapacity(a.count)
        for (i, v) in a.enumerated() { out.append(try element(v, "\(path(key))[\(i)]")) }
        return out
    }
}

import JSONCore
import NavModel

// Wire types declared once: a type lists its fields (wire name, key path, required or optional, default, doc
// string) and its decoding, encoding, JSON Schema and result decoding all follow from that list.

// MARK: Values

/// A kind of value a field holds: how a member of this kind is read, written and described.
public protocol WireValue: Sendable {
    /// What a missing required member needs, in its error: "a string", "an integer".
    static var wireExpected: String { get }
    /// What a missing required array of these needs: "an array", "an array of strings".
    static var wireArrayExpected: String { get }
    static var wireSchema: Schema { get }
    /// The member `key` of `r`; nil when it is absent or null. A value of the wrong kind throws naming its path.
    static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Self?
    /// An element of an array, at `path` (`"screens[2]"`).
    static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Self
    var wireJSON: JSON { get }
}

extension WireValue { public static var wireArrayExpected: String { "an array" } }

extension String: WireValue {
    public static var wireExpected: String { "a string" }
    public static var wireArrayExpected: String { "an array of strings" }
    public static var wireSchema: Schema { .string }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> String? { try r.optionalString(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> String {
        guard case .string(let s) = json else { throw .invalidParams(path: path, expected: "a string") }
        return s
    }
    public var wireJSON: JSON { .string(self) }
}

extension Int: WireValue {
    public static var wireExpected: String { "an integer" }
    public static var wireArrayExpected: String { "an array of integers" }
    public static var wireSchema: Schema { .integer }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Int? { try r.optionalInt(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Int {
        guard let i = json.intValue, let n = Int(exactly: i) else { throw .invalidParams(path: path, expected: "an integer") }
        return n
    }
    public var wireJSON: JSON { .number(self) }
}

extension Double: WireValue {
    public static var wireExpected: String { "a number" }
    public static var wireSchema: Schema { .number }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Double? { try r.optionalDouble(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Double {
        guard let d = json.doubleValue else { throw .invalidParams(path: path, expected: "a number") }
        return d
    }
    public var wireJSON: JSON { .number(self) }
}

extension Bool: WireValue {
    public static var wireExpected: String { "true or false" }
    public static var wireSchema: Schema { .boolean }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Bool? { try r.optionalBool(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Bool {
        guard case .bool(let b) = json else { throw .invalidParams(path: path, expected: "true or false") }
        return b
    }
    public var wireJSON: JSON { .bool(self) }
}

/// Any JSON value, kept as given (a document, a client's capabilities, a request id).
extension JSON: WireValue {
    public static var wireExpected: String { "a value" }
    public static var wireSchema: Schema { .any }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> JSON? { r.value(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> JSON { json }
    public var wireJSON: JSON { self }
}

extension Array: WireValue where Element: WireValue {
    public static var wireExpected: String { Element.wireArrayExpected }
    public static var wireSchema: Schema { .array(Element.wireSchema) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> [Element]? {
        try r.optionalArray(key) { (v: JSON, p: String) throws(RPCError) -> Element in try Element.wireElement(v, path: p) }
    }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> [Element] {
        guard case .array(let a) = json else { throw .invalidParams(path: path, expected: "an array") }
        var out: [Element] = []
        out.reserveCapacity(a.count)
        for (i, v) in a.enumerated() { out.append(try Element.wireElement(v, path: "\(path)[\(i)]")) }
        return out
    }
    public var wireJSON: JSON { .array(map(\.wireJSON)) }
}

/// A string enumeration on the wire: its raw values, and "one of …" in errors.
public protocol WireEnum: WireValue, RawRepresentable, CaseIterable where RawValue == String {}

extension WireEnum {
    public static var wireExpected: String { "a string" }
    public static var wireSchema: Schema { .enumeration(Self.self) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Self? { try r.optionalEnum(key, Self.self) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Self {
        guard case .string(let s) = json, let e = Self(rawValue: s) else {
            throw .invalidParams(path: path, expected: "one of \(allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return e
    }
    public var wireJSON: JSON { .string(rawValue) }
}

extension Point: WireValue {
    public static var wireExpected: String { "a point {\"x\",\"y\"}" }
    public static var wireSchema: Schema { .ref(Point.self) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Point? { try r.optionalPoint(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Point {
        try Point.decode(try ParamReader.element(json, path: path))
    }
    public var wireJSON: JSON { json }
}

extension Size: WireValue {
    public static var wireExpected: String { "an object" }
    public static var wireSchema: Schema { .ref(Size.self) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Size? { try r.optionalSize(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Size {
        try Size.decode(try ParamReader.element(json, path: path))
    }
    public var wireJSON: JSON { json }
}

extension Rect: WireValue {
    public static var wireExpected: String { "an object" }
    public static var wireSchema: Schema { .ref(Rect.self) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Rect? { try r.optionalRect(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Rect {
        try Rect.decode(try ParamReader.element(json, path: path))
    }
    public var wireJSON: JSON { json }
}

/// Results write a colour as `#RRGGBB` or `#RRGGBBAA`; params that pass a colour on write it as it was given
/// (`faithful:` on the field).
extension Color: WireValue {
    public static var wireExpected: String { "a colour" }
    public static var wireSchema: Schema { .ref(Color.self) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Color? { try r.optionalColor(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Color { try Color.decode(json, path: path) }
    public var wireJSON: JSON { json }
}

extension ParamReader {
    /// A reader over an array element that must be an object.
    static func element(_ json: JSON, path: String) throws(RPCError) -> ParamReader {
        guard case .object(let o) = json else { throw .invalidParams(path: path, expected: "an object") }
        return ParamReader(object: o, path: path)
    }
}

// MARK: Objects

/// A JSON object on the wire, declared once as its list of fields.
///
/// `init()` is the value every field starts from (the defaults); decoding reads each field in the list's order
/// onto it, then `wireCheck` checks what spans fields. Encoding writes the fields in the same order, and the
/// JSON Schema lists them in it too.
public protocol WireObject: WireValue, SchemaDescribed {
    init()
    static var fields: [WireField<Self>] { get }
    /// No member beyond the fields (results, which the daemon writes); params leave it open.
    static var wireClosed: Bool { get }
    /// The schema's description of the whole object.
    static var wireDescription: String? { get }
    /// Checks across fields, after every field is read.
    mutating func wireCheck(_ r: ParamReader) throws(RPCError)
}

extension WireObject {
    public static var wireClosed: Bool { false }
    public static var wireDescription: String? { nil }
    public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {}

    /// Reads the fields of the object `r` reads.
    @inline(__always)
    public init(wire r: ParamReader) throws(RPCError) {
        self.init()
        // By index: each field's reading closure is called where it lies, without copying the field.
        let fields = Self.fields
        for i in fields.indices { try fields[i].read(r, &self) }
        try wireCheck(r)
    }

    /// The fields as a JSON object, in the list's order.
    public var wireObject: JSONObject {
        var o = JSONObject()
        for field in Self.fields { field.write(self, &o) }
        return o
    }

    public var wireJSON: JSON { .object(wireObject) }

    public static var schema: Schema {
        let object = Schema.object(fields.flatMap { $0.properties() }, closed: wireClosed)
        return wireDescription.map(object.described) ?? object
    }

    public static var wireExpected: String { "an object" }
    public static var wireSchema: Schema { schema }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Self? {
        guard let object = try r.optionalObject(key) else { return nil }
        return try Self(wire: object)
    }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Self {
        try Self(wire: try ParamReader.element(json, path: path))
    }
}

extension WireObject where Self: NamedSchema & SendableMetatype {
    /// A named object is referenced wherever it appears.
    public static var wireSchema: Schema { .ref(Self.self) }
}

extension RPCParams where Self: WireObject {
    /// Holds the field list, so a decoding does not look it up (a `swift_once` and a retain per request).
    public static var decoder: @Sendable (ParamReader) throws(RPCError) -> Self {
        let fields = Self.fields
        return { (r: ParamReader) throws(RPCError) -> Self in
            var value = Self()
            for i in fields.indices { try fields[i].read(r, &value) }
            try value.wireCheck(r)
            return value
        }
    }

    @inline(__always)
    public init(from params: ParamReader) throws(RPCError) { try self.init(wire: params) }
    public var json: JSON? { wireJSON }
}

extension RPCResult where Self: WireObject {
    public init(json: JSON) throws(RPCError) { try self.init(wire: try ParamReader.result(json)) }
    public var json: JSON { wireJSON }
}

// MARK: Fields

/// One member of a wire object: how it is read onto the value, written from it, and described.
public struct WireField<Root>: Sendable {
    /// The member's wire name.
    public let name: String
    let read: @Sendable (ParamReader, inout Root) throws(RPCError) -> Void
    let write: @Sendable (Root, inout JSONObject) -> Void
    /// The members it describes in the schema (one, but for a field standing for several), built on each use
    /// like every schema (see `ErrorCatalog.all`).
    let properties: @Sendable () -> [Schema.Property]

    /// A field with its own reading and writing, for a member no plain field describes.
    public init(
        _ name: String, read: @escaping @Sendable (ParamReader, inout Root) throws(RPCError) -> Void,
        write: @escaping @Sendable (Root, inout JSONObject) -> Void, property: @escaping @Sendable () -> Schema.Property
    ) { self.init(name, read: read, write: write, properties: { [property()] }) }

    /// A field standing for several members (a partial configuration's), read and written together.
    public init(
        _ name: String, read: @escaping @Sendable (ParamReader, inout Root) throws(RPCError) -> Void,
        write: @escaping @Sendable (Root, inout JSONObject) -> Void, properties: @escaping @Sendable () -> [Schema.Property]
    ) {
        self.name = name
        self.read = read
        self.write = write
        self.properties = properties
    }

    /// A member that must be present and not null.
    ///
    /// - Parameters:
    ///   - schema: the member's schema when it says more than its kind's (`.integer(min: 0)`).
    ///   - expected: what a missing member needs, when it says more than its kind's.
    public static func required<V: WireValue>(
        _ name: String, _ key: WritableKeyPath<Root, V> & Sendable, _ doc: String? = nil, schema: (@Sendable () -> Schema)? = nil,
        expected: String? = nil
    ) -> WireField {
        let setter = FieldSetter(key)
        return WireField(
            name,
            read: { (r: ParamReader, root: inout Root) throws(RPCError) in
                guard let value = try V.wireRead(r, name) else { throw r.missing(name, expected ?? V.wireExpected) }
                setter.set(&root, value)
            }, write: { root, o in o[name] = root[keyPath: key].wireJSON }, property: { .required(name, schema?() ?? V.wireSchema, doc) })
    }

    /// A member that must be present and may be null (nil).
    public static func nullable<V: WireValue>(
        _ name: String, _ key: WritableKeyPath<Root, V?> & Sendable, _ doc: String? = nil
    ) -> WireField {
        let setter = FieldSetter(key)
        return WireField(
            name,
            read: { (r: ParamReader, root: inout Root) throws(RPCError) in
                guard r.has(name) else { throw r.missing(name, "\(V.wireExpected) or null") }
                setter.set(&root, try V.wireRead(r, name))
            }, write: { root, o in o[name] = root[keyPath: key]?.wireJSON ?? .null },
            property: { .required(name, .nullable(V.wireSchema), doc) })
    }

    /// A member that may be absent (nil); written only when given.
    public static func optional<V: WireValue>(
        _ name: String, _ key: WritableKeyPath<Root, V?> & Sendable, _ doc: String? = nil, schema: (@Sendable () -> Schema)? = nil,
        faithful: (@Sendable (V) -> JSON)? = nil
    ) -> WireField {
        let setter = FieldSetter(key)
        return WireField(
            name, read: { (r: ParamReader, root: inout Root) throws(RPCError) in setter.set(&root, try V.wireRead(r, name)) },
            write: { root, o in if let value = root[keyPath: key] { o[name] = faithful?(value) ?? value.wireJSON } },
            property: { .optional(name, schema?() ?? V.wireSchema, doc) })
    }

    /// A member that may be absent, reading as `value` then; written only when it is not `value`, unless `always`.
    public static func defaulted<V: WireValue & Equatable>(
        _ name: String, _ key: WritableKeyPath<Root, V> & Sendable, _ value: V, _ doc: String? = nil,
        schema: (@Sendable () -> Schema)? = nil, always: Bool = false
    ) -> WireField {
        let setter = FieldSetter(key)
        return WireField(
            name, read: { (r: ParamReader, root: inout Root) throws(RPCError) in setter.set(&root, try V.wireRead(r, name) ?? value) },
            write: { root, o in
                let current = root[keyPath: key]
                if always || current != value { o[name] = current.wireJSON }
            }, property: { .optional(name, schema?() ?? V.wireSchema, doc) })
    }

    /// A member only the schema describes: read by `wireCheck` or ignored, never written.
    public static func described(_ name: String, _ doc: String? = nil, schema: @escaping @Sendable () -> Schema) -> WireField {
        WireField(name, read: { _, _ in }, write: { _, _ in }, property: { .optional(name, schema(), doc) })
    }
}

/// An object kept as given, for a partial update applied later (its reader keeps the object's path).
extension ParamReader: WireValue {
    public static var wireExpected: String { "an object" }
    public static var wireSchema: Schema { .object([]) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> ParamReader? { try r.optionalObject(key) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> ParamReader { try ParamReader.element(json, path: path) }
    public var wireJSON: JSON { .object(object) }
}

extension WireField {
    /// A session version: an integer of at least 0, required.
    public static func version(_ name: String, _ key: WritableKeyPath<Root, Int> & Sendable, _ doc: String? = nil) -> WireField {
        .required(name, key, doc, schema: { .integer(min: 0) })
    }

    /// `ifVersion`: the version a mutation expects the session at.
    public static func ifVersion(_ key: WritableKeyPath<Root, Int?> & Sendable) -> WireField { .optional("ifVersion", key) }
}

extension WireField {
    /// The members of a partial configuration (`profile`, `device`, `locale`, `appLocalizations`, `policies`,
    /// `bar`), kept as given in `given` (the whole params object; written back without its other fields) with
    /// their names in `names`; the session applies them onto its configuration.
    public static func configuration(
        _ given: WritableKeyPath<Root, ParamReader> & Sendable, _ names: WritableKeyPath<Root, [String]> & Sendable
    ) -> WireField {
        let keys = SessionConfig.keys + ["bar"]
        return WireField(
            "configuration",
            read: { (r: ParamReader, root: inout Root) throws(RPCError) in
                root[keyPath: given] = r
                root[keyPath: names] = keys.filter { r.has($0) }
            },
            write: { root, o in for member in root[keyPath: given].object where keys.contains(member.key) { o[member.key] = member.value }
            }, properties: { SessionConfig.schemaProperties })
    }
}

/// Writes a field through its key path: at the field's offset when the key path names stored properties of
/// structs (every field declared so far), a plain store; else through the key path, which costs about a hundred
/// instructions more per field (the daemon decodes every request's params through these).
struct FieldSetter<Root, Value>: Sendable {
    let key: WritableKeyPath<Root, Value> & Sendable
    /// From `MemoryLayout.offset(of:)`, whose documentation gives this use: nil unless the path is stored
    /// properties all the way, laid out inline in `Root`.
    let offset: Int?

    init(_ key: WritableKeyPath<Root, Value> & Sendable) {
        self.key = key
        self.offset = MemoryLayout<Root>.offset(of: key)
    }

    @inline(__always)
    func set(_ root: inout Root, _ value: Value) {
        guard let offset else {
            root[keyPath: key] = value
            return
        }
        withUnsafeMutableBytes(of: &root) { bytes in (bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee = value }
    }
}

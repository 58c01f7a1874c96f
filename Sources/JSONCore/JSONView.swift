#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import CJSONC

/// A document json-c parsed and checked, kept as json-c's tree and read where it lies: a request's params are
/// read off it without first being copied into ``JSON`` values.
///
/// Only ``JSONDocument/parse(_:limits:)`` makes one, with the same strictness as ``JSON/parse(_:limits:)``,
/// and every number in the tree already holds the value the text means (json-c's own saturate or lose `-0`).
/// The tree is freed with the last reference to the document.
public final class JSONDocument: Sendable {
    let root: JSONCNode
    #if DEBUG
        /// The tree as json-c writes it when the document is made. The last reference's `deinit` asserts that
        /// the tree still writes so: nothing changed it while it could be read from several threads, which is
        /// what ``JSONCNode`` being `Sendable` rests on. Debug builds only, where every test runs.
        private let writtenWhenMade: [UInt8]
    #endif

    init(root: JSONCNode) {
        self.root = root
        #if DEBUG
            writtenWhenMade = Self.written(root)
        #endif
    }

    deinit {
        #if DEBUG
            assert(Self.written(root) == writtenWhenMade, "a JSONDocument's tree changed after the document was made")
        #endif
        if let pointer = root.pointer { json_object_put(pointer) }
    }

    #if DEBUG
        /// json-c's own compact writing of the tree (it keeps the text in the root's print buffer, which no
        /// reader touches; called only before the document is shared and after it no longer is).
        private static func written(_ node: JSONCNode) -> [UInt8] {
            guard let text = json_object_to_json_string_ext(node.pointer, JSON_C_TO_STRING_PLAIN) else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
        }
    #endif

    /// The document's value.
    public var value: JSONView { JSONView(node: root, in: self) }

    /// A document of an empty object, for a holder of a view that has nothing to view.
    public static let emptyObject = JSONDocument(root: JSONCNode(pointer: json_object_new_object()))
}

/// A pointer to one json-c value of a ``JSONDocument``'s tree (nil is json-c's null).
///
/// Sendable because nothing writes the tree once its document exists: the parser finishes every change
/// (number fix-ups) before it creates the ``JSONDocument``; after that only json-c's readers are called on the
/// tree (`json_object_get_type`, `json_object_object_get_ex`, `json_object_get_object` and the inline entry
/// accessors of ``JSONCMembers``, which only read the table, `json_object_array_length`/`_get_idx`, and
/// `json_object_get_string`, `_get_int64`, `_get_double`, `_get_boolean` each only on values of its own type,
/// where none of them caches or converts), and the
/// reference count is touched once, by the document's `deinit`, when no reader is left. Concurrent readers
/// therefore never race, and a node is only reachable through a ``JSONView`` that keeps its document alive.
/// Debug builds assert it: a document's tree writes the same bytes when its last reference goes as when it
/// was made (``JSONDocument``).
struct JSONCNode: @unchecked Sendable {
    let pointer: OpaquePointer?
}

/// A read-only view of one value of a ``JSONDocument``, read where json-c parsed it.
///
/// Reading a member, a string or a number costs no copy of the rest of the document; ``json`` copies the
/// viewed value (and everything inside it) into a ``JSON`` value. A view only ever views json-c's tree: code
/// that holds a ``JSON`` value reads it directly, or, where it must hand a view on (a cold path), writes and
/// parses it once (``JSON/document()``).
public struct JSONView: Sendable, Hashable, CustomStringConvertible {
    /// The document the node belongs to, kept alive by the view.
    private let document: JSONDocument
    /// The viewed node of the document's tree (nil is json-c's null).
    private let node: JSONCNode

    init(node: JSONCNode, in document: JSONDocument) {
        self.document = document
        self.node = node
    }

    /// The kinds of JSON value.
    public enum Kind: Sendable, Hashable {
        case null, bool, number, string, array, object

        /// A short name for the kind, for error messages: "object", "string", ...
        public var name: String {
            switch self {
            case .null: return "null"
            case .bool: return "boolean"
            case .number: return "number"
            case .string: return "string"
            case .array: return "array"
            case .object: return "object"
            }
        }
    }

    public var kind: Kind {
        guard let pointer = node.pointer else { return .null }
        switch json_object_get_type(pointer) {
        case json_type_boolean: return .bool
        case json_type_int, json_type_double: return .number
        case json_type_string: return .string
        case json_type_array: return .array
        case json_type_object: return .object
        default: return .null
        }
    }

    /// A short name for the JSON type, for error messages: "object", "string", ... (as ``JSON/typeName``).
    public var typeName: String { kind.name }

    public var isNull: Bool { node.pointer == nil }

    /// The viewed value, copied into Swift.
    public var json: JSON { JSONCTreeReader.json(node.pointer) }

    public var description: String { json.serialized() }

    public static func == (a: JSONView, b: JSONView) -> Bool { a.json == b.json }
    public func hash(into hasher: inout Hasher) { json.hash(into: &hasher) }

    // MARK: Scalars

    public var stringValue: String? {
        guard let pointer = node.pointer, json_object_get_type(pointer) == json_type_string else { return nil }
        return JSONCTreeReader.string(pointer)
    }

    /// Whether this is the string `text`, compared without making a `String`.
    public func isString(_ text: StaticString) -> Bool {
        guard let pointer = node.pointer, json_object_get_type(pointer) == json_type_string,
            Int(json_object_get_string_len(pointer)) == text.utf8CodeUnitCount, let start = json_object_get_string(pointer)
        else { return false }
        return memcmp(text.utf8Start, start, text.utf8CodeUnitCount) == 0
    }

    public var boolValue: Bool? {
        guard let pointer = node.pointer, json_object_get_type(pointer) == json_type_boolean else { return nil }
        return json_object_get_boolean(pointer) != 0
    }

    /// A number as ``JSON`` (`.int` or `.double`, as the parser decided), or nil for anything else.
    public var number: JSON? {
        guard let pointer = node.pointer else { return nil }
        switch json_object_get_type(pointer) {
        case json_type_int: return .int(json_object_get_int64(pointer))
        case json_type_double: return .double(json_object_get_double(pointer))
        default: return nil
        }
    }

    /// The number as a Double (as ``JSON/doubleValue``).
    public var doubleValue: Double? { number?.doubleValue }

    /// The number as an integer, when it is one (as ``JSON/intValue``).
    public var intValue: Int64? { number?.intValue }

    // MARK: Objects and arrays

    /// The member named `key`: nil when this is not an object or has no such member (a member whose value is
    /// `null` is a view of null).
    public subscript(key: String) -> JSONView? {
        guard let pointer = node.pointer, let found = Self.member(of: pointer, key) else { return nil }
        return JSONView(node: JSONCNode(pointer: found), in: document)
    }

    /// A member's value as far as a reader of scalars needs it: what it is, and its value when it is a
    /// boolean, a number or a string. Reading it this way makes no view of the member (and so takes no
    /// reference on the document), which makes it the cheap way to read a request's scalar params.
    public enum Scalar: Sendable, Equatable {
        case absent, null
        case bool(Bool)
        case int(Int64)
        case double(Double)
        case string(String)
        case array, object

        /// The kind of value; nil for a missing member.
        public var kind: Kind? {
            switch self {
            case .absent: return nil
            case .null: return .null
            case .bool: return .bool
            case .int, .double: return .number
            case .string: return .string
            case .array: return .array
            case .object: return .object
            }
        }

        /// As ``JSONView/typeName`` ("absent" for a missing member).
        public var typeName: String { kind?.name ?? "absent" }

        /// A value already in Swift, read as a scalar (never `.absent`).
        public init(_ value: JSON) {
            switch value {
            case .null: self = .null
            case .bool(let b): self = .bool(b)
            case .int(let i): self = .int(i)
            case .double(let d): self = .double(d)
            case .string(let s): self = .string(s)
            case .array: self = .array
            case .object: self = .object
            }
        }
    }

    /// The member named `key`, read as a ``Scalar``: `.absent` when this is not an object or has no such member.
    public func scalar(_ key: String) -> Scalar {
        guard let pointer = node.pointer, let found = Self.member(of: pointer, key) else { return .absent }
        return Self.scalar(of: found)
    }

    /// This value read as a ``Scalar`` (never `.absent`).
    public var scalar: Scalar { Self.scalar(of: node.pointer) }

    private static func scalar(of node: OpaquePointer?) -> Scalar {
        guard let node else { return .null }
        // Typed getters coerce silently, so the type decides which getter is safe.
        switch json_object_get_type(node) {
        case json_type_boolean: return .bool(json_object_get_boolean(node) != 0)
        case json_type_int: return .int(json_object_get_int64(node))
        case json_type_double: return .double(json_object_get_double(node))
        case json_type_string: return .string(JSONCTreeReader.string(node))
        case json_type_array: return .array
        case json_type_object: return .object
        default: return .null
        }
    }

    /// The value of the member named `key` of `pointer` (`.some(nil)` for a member that is null), or nil when
    /// `pointer` is not an object or has no such member.
    private static func member(of pointer: OpaquePointer, _ key: String) -> OpaquePointer?? {
        guard json_object_get_type(pointer) == json_type_object, let table = json_object_get_object(pointer) else {
            return nil
        }
        if table.pointee.count <= scannedMembers,
            let found = key.utf8.withContiguousStorageIfAvailable({ member(of: pointer, named: $0) })
        {
            return found
        }
        // The document's keys hold no U+0000 (the parser rejects it in a key), so such a key is in no object;
        // as a C string it would be cut short and name another.
        if key.utf8.contains(0) { return nil }
        var found: OpaquePointer?
        let present = key.withCString { json_object_object_get_ex(pointer, $0, &found) }
        return present != 0 ? .some(found) : nil
    }

    /// Up to this many members, a member is found by comparing keys in order rather than by json-c's hashed
    /// look-up: hashing the key costs more than a few short comparisons, and a request's objects are small.
    static let scannedMembers = 8

    /// The value of `object`'s member whose key is `key`'s bytes (`.some(nil)` for a member that is null), or
    /// nil when there is none.
    private static func member(of object: OpaquePointer, named key: UnsafeBufferPointer<UInt8>) -> OpaquePointer?? {
        for member in JSONCMembers(object) where matches(member.key, key) { return .some(member.value) }
        return nil
    }

    /// Whether the C string `name` is `key`. Reads no further than `name`'s terminator, and a key holding a 0
    /// is no C string's.
    private static func matches(_ name: UnsafePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in key.indices {
            let byte = name[index]
            if byte != key[index] || byte == 0 { return false }
        }
        return name[key.count] == 0
    }

    /// Calls `body` with each member of an object in document order: its key as UTF-8 bytes (borrowed for the
    /// call) and its value. False, without calling `body`, when this is not an object.
    public func forEachMember(_ body: (_ key: UnsafeBufferPointer<UInt8>, _ value: JSONView) -> Void) -> Bool {
        guard let pointer = node.pointer, json_object_get_type(pointer) == json_type_object else { return false }
        for member in JSONCMembers(pointer) {
            // Keys hold no U+0000 (the parser rejects it in a key), so the C string is the whole key.
            body(
                UnsafeBufferPointer(start: member.key, count: strlen(member.key)),
                JSONView(node: JSONCNode(pointer: member.value), in: document))
        }
        return true
    }

    /// An array's elements; nil when this is not an array.
    public var elements: [JSONView]? {
        guard let pointer = node.pointer, json_object_get_type(pointer) == json_type_array else { return nil }
        let count = json_object_array_length(pointer)
        var list: [JSONView] = []
        list.reserveCapacity(count)
        for index in 0..<count {
            list.append(JSONView(node: JSONCNode(pointer: json_object_array_get_idx(pointer, index)), in: document))
        }
        return list
    }
}

/// Reads values of a checked json-c tree.
enum JSONCTreeReader {
    static func string(_ pointer: OpaquePointer) -> String {
        let length = Int(json_object_get_string_len(pointer))
        guard length > 0, let start = json_object_get_string(pointer) else { return "" }
        let bytes = UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self)
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Copies a checked tree into `JSON` (its numbers already hold the text's values). Children belong to
    /// their parent, so every pointer here is borrowed.
    static func json(_ pointer: OpaquePointer?) -> JSON {
        guard let pointer else { return .null }
        // Typed getters coerce silently, so the type decides which getter is safe.
        switch json_object_get_type(pointer) {
        case json_type_boolean:
            return .bool(json_object_get_boolean(pointer) != 0)
        case json_type_int:
            return .int(json_object_get_int64(pointer))
        case json_type_double:
            return .double(json_object_get_double(pointer))
        case json_type_string:
            return .string(string(pointer))
        case json_type_array:
            let count = json_object_array_length(pointer)
            var elements: [JSON] = []
            elements.reserveCapacity(count)
            for index in 0..<count { elements.append(json(json_object_array_get_idx(pointer, index))) }
            return .array(elements)
        case json_type_object:
            var list: [JSONObject.Member] = []
            list.reserveCapacity(Int(json_object_object_length(pointer)))
            for member in JSONCMembers(pointer) {
                list.append(JSONObject.Member(key: String(cString: member.key), value: json(member.value)))
            }
            return .object(JSONObject(uniqueMembers: list))
        default:
            return .null
        }
    }
}

/// The members of a json-c object in document order (json-c's table keeps its entries in insertion order),
/// read through json-c's inline entry accessors rather than a library call per step. Each key is a C string
/// owned by the table; a value is nil for JSON null.
struct JSONCMembers: Sequence, IteratorProtocol {
    private var entry: UnsafeMutablePointer<lh_entry>?

    /// The members of `object`, which must be an object.
    init(_ object: OpaquePointer) { entry = json_object_get_object(object).flatMap { lh_table_head($0) } }

    mutating func next() -> (key: UnsafePointer<UInt8>, value: OpaquePointer?)? {
        while let current = entry {
            entry = lh_entry_next(current)
            // Every entry of an object's table has a key; one without would not be a member.
            guard let key = lh_entry_k(current) else { continue }
            return (UnsafePointer(key.assumingMemoryBound(to: UInt8.self)), OpaquePointer(lh_entry_v(current)))
        }
        return nil
    }
}

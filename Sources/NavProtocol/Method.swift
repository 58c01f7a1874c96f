import JSONCore
import NavModel

/// A request method: its wire name and typed params/result.
///
/// Each method lives in its own file under `Methods/` and is listed once in `Messages.swift`. Params and
/// results go both ways: the daemon decodes params and encodes results, a client encodes params and
/// decodes results, with the same types. Both describe themselves as JSON Schemas (docs/openrpc.json).
public protocol RPCMethod: Sendable {
    associatedtype Params: RPCParams
    associatedtype Result: RPCResult
    /// The wire name, e.g. `"stack/push"`.
    static var name: String { get }
    /// One sentence: what the method does (OpenRPC `summary`).
    static var summary: String { get }
    /// The application error codes it may answer besides -32602, 1001 (params with a session) and 1004
    /// (mutations), which follow from its params.
    static var errors: [Int] { get }
}

extension RPCMethod {
    public static var errors: [Int] { [] }
}

/// Params: decoded from the request's `params` value, and encoded into one.
public protocol RPCParams: Sendable, SchemaDescribed {
    init(from params: ParamReader) throws(RPCError)
    /// The params as sent; nil sends none.
    var json: JSON? { get }
    /// `init(from:)` as a function, taken once (the daemon's dispatch table takes it when it registers a method).
    static var decoder: @Sendable (ParamReader) throws(RPCError) -> Self { get }
}

extension RPCParams {
    public static var decoder: @Sendable (ParamReader) throws(RPCError) -> Self {
        { (r: ParamReader) throws(RPCError) -> Self in try Self(from: r) }
    }
}

/// A result: encoded as the reply's `result` value, and decoded from one.
public protocol RPCResult: Sendable, SchemaDescribed {
    var json: JSON { get }
    /// Decodes a reply's `result`; a value of the wrong shape throws naming its path.
    init(json: JSON) throws(RPCError)
}

/// For methods without params.
public struct NoParams: RPCParams {
    public init() {}
    public init(from params: ParamReader) throws(RPCError) {}
    public var json: JSON? { nil }
    public static var schema: Schema { .object([]) }
}

/// For methods whose result is `null`.
public struct NullResult: RPCResult {
    public init() {}
    public init(json: JSON) throws(RPCError) {
        guard json.isNull else {
            throw .invalidParams(path: "", expected: "null", message: "the result must be null, not \(json.typeName)")
        }
    }
    public var json: JSON { .null }
    public static var schema: Schema { .null }
}

/// Params that carry a session id.
public protocol SessionParams: RPCParams {
    var sessionId: String { get }
}

/// Params of a mutation: they may carry `ifVersion`.
public protocol MutationParams: SessionParams {
    var ifVersion: Int? { get }
}

/// A notification: a message without id that is never answered.
public protocol RPCNotification: Sendable {
    associatedtype Params: RPCParams
    /// The wire name, e.g. `"session/didChange"`.
    static var name: String { get }
    static var summary: String { get }
    /// Who sends it.
    static var sender: NotificationSender { get }
}

public enum NotificationSender: String, Sendable {
    /// A client sends it to the daemon (`exit`, `$/cancelRequest`).
    case client
    /// The daemon sends it to subscribers (or, for `session/resync`, to a slow connection).
    case daemon
}

extension ParamReader {
    /// A reader over a result object (the same checks as params, so a bad reply names its path).
    public static func result(_ json: JSON) throws(RPCError) -> ParamReader {
        guard case .object(let o) = json else {
            throw .invalidParams(path: "", expected: "an object", message: "the result must be an object, not \(json.typeName)")
        }
        return ParamReader(object: o, path: "")
    }

    /// An array member whose elements are objects, each read by `element`.
    public func objects<T>(_ key: String, _ element: (ParamReader) throws(RPCError) -> T) throws(RPCError) -> [T] {
        try array(key, element)
    }

    public func array<T>(_ key: String, _ element: (ParamReader) throws(RPCError) -> T) throws(RPCError) -> [T] {
        let items = try optionalArray(key) { (v: JSON, p: String) throws(RPCError) -> T in
            guard case .object(let o) = v else { throw .invalidParams(path: p, expected: "an object") }
            return try element(ParamReader(object: o, path: p))
        }
        guard let items else { throw missing(key, "an array") }
        return items
    }

    /// An array of strings.
    public func strings(_ key: String) throws(RPCError) -> [String] {
        guard let a = try optionalStrings(key) else { throw missing(key, "an array of strings") }
        return a
    }

    public func optionalStrings(_ key: String) throws(RPCError) -> [String]? {
        try optionalArray(key) { (v: JSON, p: String) throws(RPCError) -> String in
            guard case .string(let s) = v else { throw .invalidParams(path: p, expected: "a string") }
            return s
        }
    }

    /// An array of integers (view paths).
    public func ints(_ key: String) throws(RPCError) -> [Int] {
        guard
            let a = try optionalArray(
                key,
                { (v: JSON, p: String) throws(RPCError) -> Int in
                    guard let i = v.intValue, let n = Int(exactly: i) else { throw .invalidParams(path: p, expected: "an integer") }
                    return n
                })
        else { throw missing(key, "an array of integers") }
        return a
    }

    /// A required member that is a string or null.
    public func nullableString(_ key: String) throws(RPCError) -> String? {
        guard has(key) else { throw missing(key, "a string or null") }
        return try optionalString(key)
    }

    /// A required Rect member.
    public func rect(_ key: String) throws(RPCError) -> Rect {
        try Rect.decode(try object(key))
    }

    public func optionalRect(_ key: String) throws(RPCError) -> Rect? {
        guard let r = try optionalObject(key) else { return nil }
        return try Rect.decode(r)
    }

    /// A required enumeration member.
    public func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(RPCError) -> E
    where E.RawValue == String {
        guard let e = try optionalEnum(key, type) else { throw missing(key, "a string") }
        return e
    }

    /// A required colour member.
    public func color(_ key: String) throws(RPCError) -> Color {
        guard let c = try optionalColor(key) else { throw missing(key, "a colour") }
        return c
    }
}

import JSONCore

/// A request method: its wire name and typed params/result.
///
/// Each method lives in its own file under `Methods/` and is listed once in `Messages.swift`.
public protocol RPCMethod: Sendable {
    associatedtype Params: RPCParams
    associatedtype Result: RPCResult
    /// The wire name, e.g. `"stack/push"`.
    static var name: String { get }
}

/// Params decoded from the request's `params` value.
public protocol RPCParams: Sendable {
    init(from params: ParamReader) throws(RPCError)
}

/// A result encoded as the reply's `result` value.
public protocol RPCResult: Sendable {
    var json: JSON { get }
}

/// For methods without params.
public struct NoParams: RPCParams {
    public init() {}
    public init(from params: ParamReader) throws(RPCError) {}
}

/// For methods whose result is `null`.
public struct NullResult: RPCResult {
    public init() {}
    public var json: JSON { .null }
}

extension JSON: RPCResult {
    public var json: JSON { self }
}

/// Params that carry a session id.
public protocol SessionParams: RPCParams {
    var sessionId: String { get }
}

/// Params of a mutation: they may carry `ifVersion`.
public protocol MutationParams: SessionParams {
    var ifVersion: Int? { get }
}

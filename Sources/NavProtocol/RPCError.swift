import JSONCore

/// A JSON-RPC error object. The code is open: the standard codes and navd's application codes are constants.
public struct RPCError: Error, Sendable, Hashable {
    public var code: Int
    public var message: String
    public var data: JSON?

    public init(code: Int, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var json: JSON {
        var o: JSONObject = ["code": .int(Int64(code)), "message": .string(message)]
        if let data { o["data"] = data }
        return .object(o)
    }
}

/// Error codes (PROTOCOL.md section 2).
public enum ErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let cancelled = -32800
    public static let unknownSession = 1001
    public static let unknownScreen = 1002
    public static let versionConflict = 1004
    public static let limitExceeded = 1005
    public static let notAllowed = 1006
    /// A connection from a user the daemon does not serve (not its own, nor one `--allow-uid` names).
    public static let notPermitted = 1007
}

extension RPCError {
    /// -32602 naming the offending field (`data.path`) and what was expected (`data.expected`).
    public static func invalidParams(path: String, expected: String, message: String? = nil) -> RPCError {
        let where_ = path.isEmpty ? "params" : "'\(path)'"
        return RPCError(
            code: ErrorCode.invalidParams,
            message: message ?? "\(where_) must be \(expected)",
            data: ["path": .string(path), "expected": .string(expected)])
    }

    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(
            code: ErrorCode.methodNotFound, message: "no method '\(method)'; see initialize's capabilities.methods",
            data: ["method": .string(method)])
    }

    public static func unknownSession(_ id: String) -> RPCError {
        RPCError(
            code: ErrorCode.unknownSession, message: "no session '\(id)'; session/list shows the open ones",
            data: ["sessionId": .string(id), "path": "sessionId"])
    }

    public static func limitExceeded(name: String, limit: Int, message: String? = nil) -> RPCError {
        RPCError(
            code: ErrorCode.limitExceeded, message: message ?? "limit '\(name)' (\(limit)) exceeded",
            data: ["name": .string(name), "limit": .int(Int64(limit))])
    }

    public static func internalError(_ message: String = "internal error; the daemon log has the details") -> RPCError {
        RPCError(code: ErrorCode.internalError, message: message)
    }

    public static let cancelled = RPCError(code: ErrorCode.cancelled, message: "request cancelled")
}

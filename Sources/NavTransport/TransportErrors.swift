import JSONCore
import NavProtocol

/// The errors the transport itself replies with (PROTOCOL.md sections 1 and 2).
public enum TransportErrors {
    /// -32700 for a body (or NDJSON line) that is not valid JSON; replied to id null.
    public static func parseError(_ detail: String) -> RPCError {
        RPCError(code: ErrorCode.parseError, message: "the message is not valid JSON: \(detail)")
    }

    /// -32700 for a malformed header block; the connection is closed after this reply.
    public static func malformedHeader(_ detail: String) -> RPCError {
        RPCError(code: ErrorCode.parseError, message: "malformed header block: \(detail); closing the connection")
    }

    /// -32600 with `data.limit` for a message larger than the limit; replied to id null.
    public static func oversized(limit: Int) -> RPCError {
        RPCError(
            code: ErrorCode.invalidRequest,
            message:
                "the message is larger than \(limit) bytes (--max-message-bytes) and was discarded; send smaller messages",
            data: ["limit": .int(Int64(limit)), "name": "maxMessageBytes"])
    }

    /// -32600 for `[]`.
    public static let emptyBatch = RPCError(
        code: ErrorCode.invalidRequest,
        message: "an empty batch is not a request; send at least one message in the array")

    /// -32600 for a request whose id is already in flight on this connection.
    public static func duplicateID(_ id: RequestID) -> RPCError {
        RPCError(
            code: ErrorCode.invalidRequest,
            message: "duplicate id in flight: request \(id) is still being handled; use a new id per request",
            data: ["id": id.json])
    }
}

import JSONCore
import NavProtocol

/// A JSON-RPC request id: a string, an integer, or null.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int64)
    case null

    public var json: JSON {
        switch self {
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        case .null: return .null
        }
    }

    public var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .int(let i): return String(i)
        case .null: return "null"
        }
    }
}

/// One valid incoming JSON-RPC message.
public enum IncomingMessage: Sendable, Hashable {
    /// A request: expects exactly one reply.
    case request(id: RequestID, method: String, params: JSON?)
    /// A notification: never replied to.
    case notification(method: String, params: JSON?)
}

/// One element of what arrived: a valid message, or an error that must be replied to.
public enum EnvelopeItem: Sendable, Hashable {
    case message(IncomingMessage)
    /// Not a valid Request object: reply with `error`, to `id` (null when none could be read).
    case invalid(id: RequestID, error: RPCError)
}

/// A parsed body: a single message or a batch.
public enum Envelope: Sendable, Hashable {
    case single(EnvelopeItem)
    case batch([EnvelopeItem])
    /// `[]`: answered by one -32600 error.
    case emptyBatch

    /// Classifies a parsed JSON body.
    public static func classify(_ json: JSON) -> Envelope {
        .emptyBatch
    }

    /// Reply objects.
    public static func reply(id: RequestID, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id.json, "result": result]
    }

    public static func reply(id: RequestID, error: RPCError) -> JSON {
        ["jsonrpc": "2.0", "id": id.json, "error": error.json]
    }

    public static func notification(method: String, params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}

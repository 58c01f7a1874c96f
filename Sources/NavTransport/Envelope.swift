#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import JSONCore
import NavFraming
import NavProtocol

/// A JSON-RPC request id: a string, an integer, or null.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int64)
    case null

    /// Reads an id value: a string, an integer (a number with no fractional part), or null.
    /// Returns nil for any other value (fractions, booleans, arrays, objects).
    public init?(json: JSON) {
        switch json {
        case .string(let s): self = .string(s)
        case .int(let i): self = .int(i)
        case .double(let d) where d.rounded() == d && abs(d) < 9.2e18: self = .int(Int64(d))
        case .null: self = .null
        default: return nil
        }
    }

    /// Reads an id value as ``init(json:)`` does, from a viewed value.
    public init?(view: JSONView) {
        switch view.scalar {
        case .string(let s): self = .string(s)
        case .int(let i): self = .int(i)
        case .double(let d):
            guard let id = RequestID(json: .double(d)) else { return nil }
            self = id
        case .null: self = .null
        default: return nil
        }
    }

    /// The id as it appears on the wire.
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
    /// A request: expects exactly one reply. `params` is read where it was parsed.
    case request(id: RequestID, method: String, params: JSONView?)
    /// A notification: never replied to.
    case notification(method: String, params: JSONView?)
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

    /// Classifies a parsed JSON body as strict JSON-RPC 2.0 (PROTOCOL.md section 2).
    ///
    /// Rules, checked in this order for each message:
    /// 1. it must be an object (else -32600, id null);
    /// 2. `id`, when present, must be a string, an integer or null (else -32600, id null);
    ///    from here on errors carry that id (null when absent);
    /// 3. `jsonrpc` must be exactly `"2.0"`;
    /// 4. it must not carry `result` or `error`: the daemon sends no requests, so a reply
    ///    from a client is not a valid Request object;
    /// 5. `method` must be a string;
    /// 6. `params`, when present, must be an object or an array (`null` included in "else").
    ///
    /// All failures are -32600 with a message saying what to fix and `data.path` /
    /// `data.expected` naming the member. A message without `id` is a notification.
    /// An array is a batch whose elements are classified one by one; `[]` is ``emptyBatch``.
    ///
    /// A value built in Swift is written and parsed once, and classified as a received body is.
    public static func classify(_ json: JSON) -> Envelope { classify(json.document().value) }

    /// Classifies a parsed body read in place (see ``classify(_:)-(JSON)``).
    public static func classify(_ body: JSONView) -> Envelope {
        if let elements = body.elements {
            return elements.isEmpty ? .emptyBatch : .batch(elements.map(classifyItem))
        }
        return .single(classifyItem(body))
    }

    /// Classifies one element (a message that is not a batch).
    ///
    /// A value built in Swift is written and parsed once, and classified as a received one is.
    public static func classifyItem(_ json: JSON) -> EnvelopeItem { classifyItem(json.document().value) }

    /// Classifies one element read in place.
    public static func classifyItem(_ message: JSONView) -> EnvelopeItem {
        // One pass over the members (keys are unique) instead of a look-up per member name.
        var rawID: JSONView?
        var version: JSONView?
        var hasResult = false
        var hasError = false
        var methodValue: JSONView?
        var rawParams: JSONView?
        let isObject = message.forEachMember { key, value in
            switch key.count {
            case 2 where named(key, "id"): rawID = value
            case 5 where named(key, "error"): hasError = true
            case 6 where named(key, "method"): methodValue = value
            case 6 where named(key, "params"): rawParams = value
            case 6 where named(key, "result"): hasResult = true
            case 7 where named(key, "jsonrpc"): version = value
            default: break
            }
        }
        guard isObject else {
            return .invalid(
                id: .null,
                error: invalidRequest(
                    "a request must be a JSON object, not \(article(message.typeName))", path: "", expected: "object"))
        }
        var id: RequestID? = nil
        if let rawID {
            guard let readable = RequestID(view: rawID) else {
                return .invalid(
                    id: .null,
                    error: invalidRequest(
                        "'id' must be a string, an integer or null, not \(describe(rawID))", path: "id",
                        expected: "string, integer or null"))
            }
            id = readable
        }
        let replyID = id ?? .null
        guard version?.isString("2.0") == true else {
            return .invalid(
                id: replyID, error: invalidRequest("'jsonrpc' must be \"2.0\"", path: "jsonrpc", expected: "\"2.0\""))
        }
        if hasResult || hasError {
            return .invalid(
                id: replyID,
                error: invalidRequest(
                    "this daemon sends no requests, so a reply ('result' or 'error') is not accepted; send a request with 'method'",
                    path: hasResult ? "result" : "error", expected: "a request with 'method'"))
        }
        guard let methodValue else {
            return .invalid(
                id: replyID,
                error: invalidRequest("'method' is required and must be a string", path: "method", expected: "string"))
        }
        guard let method = methodValue.stringValue else {
            return .invalid(
                id: replyID,
                error: invalidRequest(
                    "'method' must be a string, not \(describe(methodValue))", path: "method", expected: "string"))
        }
        // `"params": null` reads as no params: JSON-RPC 2.0 says params "MAY be omitted", and several
        // clients write null for "none".
        let params = rawParams?.isNull == true ? nil : rawParams
        if let params {
            switch params.kind {
            case .object, .array: break
            default:
                return .invalid(
                    id: replyID,
                    error: invalidRequest(
                        "'params' must be an object or an array (or left out), not \(describe(params))", path: "params",
                        expected: "object or array"))
            }
        }
        if let id {
            return .message(.request(id: id, method: method, params: params))
        }
        return .message(.notification(method: method, params: params))
    }

    /// Reply objects.
    public static func reply(id: RequestID, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id.json, "result": result]
    }

    /// A reply's bytes before its id, and between its id and a success result: every writer of a reply
    /// (also ``FrameEncoder``'s, which frames it in place) writes these.
    static let replyOpening: StaticString = #"{"jsonrpc":"2.0","id":"#
    static let resultMember: StaticString = #","result":"#

    /// Writes the bytes of ``reply(id:result:)`` or ``reply(id:error:)`` into `out`, without building the
    /// envelope.
    public static func writeReply(id: RequestID, _ answer: Result<JSON, RPCError>, to out: inout JSONSink) {
        switch answer {
        case .success(let result): writeReply(id: id, .value(result), to: &out)
        case .failure(let error): writeReply(id: id, error: error, to: &out)
        }
    }

    /// Writes the bytes of a success reply whose result is a value or already serialized (spliced in as it is).
    public static func writeReply(id: RequestID, _ result: RPCAnswer, to out: inout JSONSink) {
        out.raw(replyOpening)
        id.json.write(to: &out)
        out.raw(resultMember)
        switch result {
        case .value(let value): value.write(to: &out)
        case .serialized(let bytes): out.bytes(bytes)
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// Writes the bytes of ``reply(id:error:)``.
    public static func writeReply(id: RequestID, error: RPCError, to out: inout JSONSink) {
        out.raw(replyOpening)
        id.json.write(to: &out)
        out.raw(#","error":"#)
        error.json.write(to: &out)
        out.byte(UInt8(ascii: "}"))
    }

    /// An error reply.
    public static func reply(id: RequestID, error: RPCError) -> JSON {
        ["jsonrpc": "2.0", "id": id.json, "error": error.json]
    }

    /// A notification from the daemon.
    public static func notification(method: String, params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    // MARK: - Messages

    private static func invalidRequest(_ message: String, path: String, expected: String) -> RPCError {
        RPCError(
            code: ErrorCode.invalidRequest, message: message,
            data: ["path": .string(path), "expected": .string(expected)])
    }

    private static func article(_ typeName: String) -> String {
        typeName == "array" || typeName == "object" ? "an \(typeName)" : "a \(typeName)"
    }

    private static func describe(_ value: JSONView) -> String { describe(value.json) }

    /// Whether a member's key (UTF-8, of the same length) is `name`.
    private static func named(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard let start = key.baseAddress else { return name.utf8CodeUnitCount == 0 }
        return memcmp(start, name.utf8Start, name.utf8CodeUnitCount) == 0
    }

    private static func describe(_ value: JSON) -> String {
        switch value {
        case .double(let d): return "the number \(d)"
        case .null: return "null"
        default: return article(value.typeName)
        }
    }
}

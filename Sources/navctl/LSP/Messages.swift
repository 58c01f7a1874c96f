import JSONCore

/// An error a request is answered with (JSON-RPC's and LSP's codes).
struct LSPError: Error, Sendable, Hashable {
    var code: Int
    var message: String

    static let parseErrorCode = -32700
    static let invalidRequestCode = -32600
    static let methodNotFoundCode = -32601
    static let invalidParamsCode = -32602
    static let internalErrorCode = -32603
    static let serverNotInitializedCode = -32002
    static let requestCancelledCode = -32800

    static func parseError(_ message: String) -> LSPError { LSPError(code: parseErrorCode, message: message) }
    static func invalidRequest(_ message: String) -> LSPError { LSPError(code: invalidRequestCode, message: message) }
    static func methodNotFound(_ method: String) -> LSPError { LSPError(code: methodNotFoundCode, message: "method not found: \(method)") }
    static func invalidParams(_ message: String) -> LSPError { LSPError(code: invalidParamsCode, message: message) }
    static let serverNotInitialized = LSPError(
        code: serverNotInitializedCode, message: "the server is not initialized: send initialize first")

    var json: JSON { ["code": .number(code), "message": .string(message)] }
}

/// One message from the client, classified.
enum LSPMessage: Sendable {
    case request(id: JSON, method: String, params: JSON)
    case notification(method: String, params: JSON)
    /// The answer to a request the server sent.
    case response(id: JSON, result: JSON?, error: JSON?)

    /// Classifies a parsed message; an object that is none of the three is an invalid request, answered with its
    /// id when it has a usable one.
    static func classify(_ json: JSON) -> Result<LSPMessage, Refused> {
        guard let object = json.objectValue else {
            return .failure(Refused(id: .null, error: .invalidRequest("a message must be a JSON object (LSP has no batches)")))
        }
        let id = object["id"]
        let usableId: JSON? = id.flatMap { id in
            switch id {
            case .int, .string: return id
            case .double where id.intValue != nil: return id
            default: return nil
            }
        }
        if let method = object["method"] {
            guard let name = method.stringValue else {
                return .failure(Refused(id: usableId ?? .null, error: .invalidRequest("method must be a string")))
            }
            let params = object["params"] ?? .null
            // `params: null` is taken as no params: lsp-mode sends `exit` that way.
            if let params = object["params"], !params.isNull, params.objectValue == nil, params.arrayValue == nil {
                return .failure(Refused(id: usableId ?? .null, error: .invalidRequest("params must be an object or an array")))
            }
            guard id != nil else { return .success(.notification(method: name, params: params)) }
            guard let usableId else { return .failure(Refused(id: .null, error: .invalidRequest("id must be an integer or a string"))) }
            return .success(.request(id: usableId, method: name, params: params))
        }
        if let id, object["result"] != nil || object["error"] != nil {
            return .success(.response(id: id, result: object["result"], error: object["error"]))
        }
        return .failure(Refused(id: usableId ?? .null, error: .invalidRequest("a message needs a method, or a result or an error")))
    }
}

/// A message refused as it stands: the id to answer (null when it has none usable) and why.
struct Refused: Error, Sendable {
    var id: JSON
    var error: LSPError
}

/// Messages the server writes.
enum LSPWire {
    static func response(id: JSON, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: JSON, _ error: LSPError) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    static func request(id: Int, _ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": .number(id), "method": .string(method), "params": params]
    }
}

import JSONCore

/// Builders for raw JSON-RPC messages.
enum RPC {
    static func request(_ id: JSON, _ method: String, _ params: JSON? = nil) -> JSON {
        var object: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
        if let params { object["params"] = params }
        return .object(object)
    }

    static func notification(_ method: String, _ params: JSON? = nil) -> JSON {
        var object: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { object["params"] = params }
        return .object(object)
    }

    /// The error code of a reply object, if it is an error.
    static func errorCode(_ reply: JSON) -> Int64? { reply["error"]?["code"]?.intValue }
}

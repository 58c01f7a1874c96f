import JSONCore

/// The OpenRPC 1.3 document of the protocol, built from the wire types' own schemas.
///
/// `make schema` writes it to docs/openrpc.json and `rpc.discover` answers with it. Requests are OpenRPC
/// methods; notifications are methods without a result, marked `x-notification` (the OpenRPC extension of
/// that name), with `x-sender` saying whether the client or the daemon sends them. Error objects carry their
/// `data`'s schema as `x-data-schema`.
public enum OpenRPC {
    public static let specVersion = "1.3.2"

    /// The document, deterministic: methods then notifications alphabetical, components by name.
    public static func document() -> JSON {
        var components: [String: Schema] = [:]
        var methods: [JSON] = []
        for m in Messages.requests { methods.append(describe(m, &components)) }
        let notifications = (Messages.clientNotifications + Messages.serverNotifications).sorted { $0.name < $1.name }
        for n in notifications { methods.append(describe(n, &components)) }
        methods.sort { ($0["name"]?.stringValue ?? "") < ($1["name"]?.stringValue ?? "") }

        for e in ErrorCatalog.all { e.data?.components(into: &components) }
        let schemas = JSONObject(components.keys.sorted().map { ($0, components[$0]!.json) })
        let errors = JSONObject(ErrorCatalog.all.map { ($0.name, $0.json) })
        return [
            "openrpc": .string(specVersion),
            "info": [
                "title": "navd",
                "version": .string(NavdVersion.current),
                "description":
                    "JSON-RPC 2.0 over a Unix socket: headless models of iOS navigation stacks (docs/protocol.md). Errors every request may get: -32700, -32600, -32601, -32603, -32800 (components.errors).",
            ],
            "methods": .array(methods),
            "components": ["schemas": .object(schemas), "errors": .object(errors)],
        ]
    }

    static func describe<M: RPCMethod>(_ method: M.Type, _ components: inout [String: Schema]) -> JSON {
        M.Params.schema.components(into: &components)
        M.Result.schema.components(into: &components)
        var codes: [Int] = []
        if M.Params.schema.hasProperties { codes.append(ErrorCode.invalidParams) }
        if M.Params.self is any SessionParams.Type { codes.append(ErrorCode.unknownSession) }
        if M.Params.self is any MutationParams.Type { codes.append(ErrorCode.versionConflict) }
        codes += M.errors
        var seen = Set<Int>()
        let errors = codes.filter { seen.insert($0).inserted }.sorted().compactMap(ErrorCatalog.named).map { e -> JSON in
            ["$ref": .string("#/components/errors/\(e.name)")]
        }
        var o: JSONObject = [
            "name": .string(M.name),
            "summary": .string(M.summary),
            "paramStructure": "by-name",
            "params": .array(M.Params.schema.contentDescriptors),
            "result": ["name": .string(resultName(M.name)), "schema": M.Result.schema.json],
        ]
        if !errors.isEmpty { o["errors"] = .array(errors) }
        return .object(o)
    }

    static func describe<N: RPCNotification>(_ notification: N.Type, _ components: inout [String: Schema]) -> JSON {
        N.Params.schema.components(into: &components)
        return [
            "name": .string(N.name),
            "summary": .string(N.summary),
            "paramStructure": "by-name",
            "params": .array(N.Params.schema.contentDescriptors),
            "x-notification": true,
            "x-sender": .string(N.sender.rawValue),
        ]
    }

    /// `stack/push` → `stackPushResult`.
    static func resultName(_ method: String) -> String {
        var out = ""
        var upper = false
        for c in method {
            if c.isLetter || c.isNumber {
                out.append(upper ? Character(c.uppercased()) : c)
                upper = false
            } else {
                upper = true
            }
        }
        return out + "Result"
    }
}

extension Schema {
    var hasProperties: Bool {
        if case .object(let properties, _) = node { return !properties.isEmpty }
        return false
    }

    /// An object schema's members as OpenRPC content descriptors (by-name params).
    var contentDescriptors: [JSON] {
        guard case .object(let properties, _) = node else { return [] }
        return properties.map { p in
            var d: JSONObject = ["name": .string(p.name)]
            var schema = p.schema
            if let text = schema.description { d["description"] = .string(text) }
            schema.description = nil
            d["required"] = .bool(p.required)
            d["schema"] = schema.json
            return .object(d)
        }
    }
}

/// The protocol's error codes with the schema of their `data` (docs/protocol.md, "Errors").
public struct ErrorDescription: Sendable {
    public var code: Int
    /// The component's name, e.g. `InvalidParams`.
    public var name: String
    public var message: String
    public var data: Schema?

    var json: JSON {
        var o: JSONObject = ["code": .number(code), "message": .string(message)]
        if let data { o["x-data-schema"] = data.json }
        return .object(o)
    }
}

public enum ErrorCatalog {
    /// Built on each use, like every schema: a global holding schemas keeps their boxes behind pointers whose
    /// spare bits carry enum tags, which LeakSanitizer cannot follow and reports as leaks at exit.
    public static var all: [ErrorDescription] {
        [
            ErrorDescription(
                code: ErrorCode.parseError, name: "ParseError", message: "parse error (invalid JSON, malformed header)",
                data: .object(
                    [
                        .optional("offset", .integer(min: 0), "the byte where parsing failed"), .optional("limit", .integer),
                        .optional("name", .string),
                    ], closed: true)),
            ErrorDescription(
                code: ErrorCode.invalidRequest, name: "InvalidRequest",
                message: "invalid request; oversized message; batch too large; after shutdown",
                data: .object([.optional("limit", .integer), .optional("name", .string)], closed: true)),
            ErrorDescription(
                code: ErrorCode.methodNotFound, name: "MethodNotFound", message: "method not found",
                data: .object([.required("method", .string)], closed: true)),
            ErrorDescription(
                code: ErrorCode.invalidParams, name: "InvalidParams", message: "invalid params",
                data: .object(
                    [
                        .required("path", .string, "the JSON path of the offending field inside params"),
                        .required("expected", .string), .optional("line", .integer(min: 1), "for recursiveDescription text"),
                    ], closed: true)),
            ErrorDescription(
                code: ErrorCode.internalError, name: "InternalError", message: "internal error (details only in the daemon log)"),
            ErrorDescription(code: ErrorCode.cancelled, name: "RequestCancelled", message: "request cancelled"),
            ErrorDescription(
                code: ErrorCode.unknownSession, name: "UnknownSession", message: "unknown session",
                data: .object([.required("sessionId", .string), .required("path", .string)], closed: true)),
            ErrorDescription(
                code: ErrorCode.unknownScreen, name: "UnknownScreen", message: "unknown screen or item",
                data: .object([.required("path", .string), .optional("screenId", .string), .optional("itemId", .string)], closed: true)),
            ErrorDescription(
                code: ErrorCode.versionConflict, name: "VersionConflict", message: "version conflict: ifVersion did not match",
                data: .object([.required("version", .integer(min: 0), "the current version")], closed: true)),
            ErrorDescription(
                code: ErrorCode.limitExceeded, name: "LimitExceeded", message: "limit exceeded",
                data: .object(
                    [.required("limit", .integer), .required("name", .string), .optional("line", .integer(min: 1))], closed: true)),
            ErrorDescription(
                code: ErrorCode.notAllowed, name: "NotAllowed", message: "not allowed (popping the root, popping an empty stack, no bar)"),
            ErrorDescription(
                code: ErrorCode.notPermitted, name: "NotPermitted", message: "not permitted: a user the daemon does not serve",
                data: .object([.required("uid", .integer)], closed: true)),
        ]
    }

    public static func named(_ code: Int) -> ErrorDescription? { all.first { $0.code == code } }
}

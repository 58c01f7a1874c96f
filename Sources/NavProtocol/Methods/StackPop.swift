import JSONCore

/// `stack/pop`: `{sessionId, to?: screenId or "root", ifVersion?}` → `{popped:[screenId], version}`.
public enum StackPop: RPCMethod {
    public static let name = "stack/pop"
    public static let summary = "Pops the top screen, or every screen above `to` (a screen id or \"root\")."
    public static let errors = [ErrorCode.unknownScreen, ErrorCode.notAllowed]

    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        public var to: String?
        public init(sessionId: String, to: String? = nil, ifVersion: Int? = nil) {
            self.sessionId = sessionId
            self.to = to
            self.ifVersion = ifVersion
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            to = try r.optionalString("to")
        }
        public var json: JSON? {
            var o: JSONObject = ["sessionId": .string(sessionId)]
            if let to { o["to"] = .string(to) }
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            return .object(o)
        }
        public static var schema: Schema {
            .object([
                .required("sessionId", .string), .optional("to", .string, "a screen id, or \"root\""),
                .optional("ifVersion", .integer),
            ])
        }
    }

    public struct Result: RPCResult, Hashable {
        public var popped: [String]
        public var version: Int
        public init(popped: [String], version: Int) {
            self.popped = popped
            self.version = version
        }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            popped = try r.strings("popped")
            version = try r.int("version")
        }
        public var json: JSON { ["popped": .array(popped.map(JSON.string)), "version": .number(version)] }
        public static var schema: Schema {
            .object([.required("popped", .array(.string), "top first"), .required("version", .integer(min: 0))], closed: true)
        }
    }
}

import JSONCore
import NavModel

/// `stack/set`: `{sessionId, screens:[Screen], ifVersion?}` → `{version}`.
public enum StackSet: RPCMethod {
    public static let name = "stack/set"
    public static let summary = "Replaces the whole stack."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        public var screens: [JSON]
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            screens = try r.array("screens")
            for (i, s) in screens.enumerated() { _ = try Screen.decode(s, path: "screens[\(i)]") { "_" } }
        }

        /// Params from screens as JSON, checked as the daemon checks them.
        public init(sessionId: String, screens: [JSON], ifVersion: Int? = nil) throws(RPCError) {
            var o: JSONObject = ["sessionId": .string(sessionId), "screens": .array(screens)]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            try self.init(from: ParamReader(object: o, path: ""))
        }

        public var json: JSON? {
            var o: JSONObject = ["sessionId": .string(sessionId), "screens": .array(screens)]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            return .object(o)
        }

        public static var schema: Schema {
            .object([
                .required("sessionId", .string), .required("screens", .array(.ref(Screen.self)), "root first"),
                .optional("ifVersion", .integer),
            ])
        }
    }
    public typealias Result = VersionResult
}

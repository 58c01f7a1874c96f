import JSONCore
import NavModel

/// `screen/update`: `{sessionId, screenId, changes: partial Screen, ifVersion?}` → `{version}`.
public enum ScreenUpdate: RPCMethod {
    public static let name = "screen/update"
    public static let summary = "Changes members of one screen on the stack (a partial Screen)."
    public static let errors = [ErrorCode.unknownScreen]

    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        public var screenId: String
        public var changes: ParamReader

        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            screenId = try r.string("screenId")
            changes = try r.object("changes")
            var probe = Screen(id: screenId)
            try probe.apply(changes)
        }

        /// Params from a partial Screen, checked as the daemon checks them.
        public init(sessionId: String, screenId: String, changes: JSONObject, ifVersion: Int? = nil) throws(RPCError) {
            var o: JSONObject = ["sessionId": .string(sessionId), "screenId": .string(screenId), "changes": .object(changes)]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            try self.init(from: ParamReader(object: o, path: ""))
        }

        public var json: JSON? {
            var o: JSONObject = ["sessionId": .string(sessionId), "screenId": .string(screenId), "changes": .object(changes.object)]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            return .object(o)
        }

        public static var schema: Schema {
            .object([
                .required("sessionId", .string), .required("screenId", .string),
                .required("changes", .ref(Screen.self), "partial, without id: the members given replace the current ones"),
                .optional("ifVersion", .integer),
            ])
        }
    }
    public typealias Result = VersionResult
}

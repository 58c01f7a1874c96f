import JSONCore
import NavModel

/// `bar/update`: `{sessionId, screenId?, appearance: partial BarAppearance, ifVersion?}` → `{version}`.
/// Without `screenId` it updates the session-wide bar.
public enum BarUpdate: RPCMethod {
    public static let name = "bar/update"
    public static let summary = "Merges a partial BarAppearance into a screen's bar, or the session-wide bar without screenId."
    public static let errors = [ErrorCode.unknownScreen]

    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        public var screenId: String?
        public var appearance: ParamReader

        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            screenId = try r.optionalString("screenId")
            appearance = try r.object("appearance")
            var probe = BarAppearance()
            try probe.apply(appearance)
        }

        /// Params from a partial BarAppearance, checked as the daemon checks them.
        public init(sessionId: String, screenId: String? = nil, appearance: JSONObject, ifVersion: Int? = nil) throws(RPCError) {
            var o: JSONObject = ["sessionId": .string(sessionId), "appearance": .object(appearance)]
            if let screenId { o["screenId"] = .string(screenId) }
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            try self.init(from: ParamReader(object: o, path: ""))
        }

        public var json: JSON? {
            var o: JSONObject = ["sessionId": .string(sessionId)]
            if let screenId { o["screenId"] = .string(screenId) }
            o["appearance"] = .object(appearance.object)
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            return .object(o)
        }

        public static var schema: Schema {
            .object([
                .required("sessionId", .string), .optional("screenId", .string, "default: the session-wide bar"),
                .required("appearance", .ref(BarAppearance.self), "partial: the members given replace the current ones"),
                .optional("ifVersion", .integer),
            ])
        }
    }
    public typealias Result = VersionResult
}

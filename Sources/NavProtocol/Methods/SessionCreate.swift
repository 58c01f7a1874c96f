import JSONCore
import NavModel

/// `session/create`: `{name?, origin?, profile?, device?, locale?, appLocalizations?, policies?, screens?, bar?}` → `{sessionId, version}`.
public enum SessionCreate: RPCMethod {
    public static let name = "session/create"
    public static let summary = "Creates a session: a configuration and a stack of screens, at version 0."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: RPCParams {
        public var name: String?
        /// **Extension**: where the session comes from.
        public var origin: SessionOrigin?
        public var config: SessionConfig
        /// Screens as given; ids are assigned by the session when omitted.
        public var screens: [JSON]
        /// The params as given (configuration members are partial: the rest keeps its defaults).
        public var object: JSONObject

        public init(from r: ParamReader) throws(RPCError) {
            name = try r.optionalString("name")
            origin = try SessionOrigin.optional(r)
            config = SessionConfig()
            try config.apply(r)
            if let br = try r.optionalObject("bar") { try config.bar.apply(br) }
            screens = try r.optionalArray("screens") ?? []
            // Validate the screens' shape now so errors name the field before anything is created.
            for (i, s) in screens.enumerated() { _ = try Screen.decode(s, path: "screens[\(i)]") { "_" } }
            object = r.object
        }

        /// Params from configuration members (`profile`, `device`, `locale`, `appLocalizations`, `policies`,
        /// `bar`) and screens, checked as the daemon checks them.
        public init(name: String? = nil, config: JSONObject = [:], screens: [JSON]? = nil) throws(RPCError) {
            var o = config
            if let name { o["name"] = .string(name) }
            if let screens { o["screens"] = .array(screens) }
            try self.init(from: ParamReader(object: o, path: ""))
        }

        public var json: JSON? { .object(object) }

        public static var schema: Schema {
            .object(
                [.optional("name", .string), .optional("origin", .ref(SessionOrigin.self), "where the session comes from")]
                    + SessionConfig.schemaProperties + [
                        .optional("screens", .array(.ref(Screen.self)), "bottom (root) first")
                    ])
        }
    }

    public struct Result: RPCResult, Hashable {
        public var sessionId: String
        public var version: Int
        public init(sessionId: String, version: Int) {
            self.sessionId = sessionId
            self.version = version
        }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            sessionId = try r.string("sessionId")
            version = try r.int("version")
        }
        public var json: JSON { ["sessionId": .string(sessionId), "version": .number(version)] }
        public static var schema: Schema {
            .object([.required("sessionId", .string), .required("version", .integer(min: 0))], closed: true)
        }
    }
}

import JSONCore
import NavModel

/// `session/create`: `{name?, origin?, profile?, device?, locale?, appLocalizations?, policies?, screens?, bar?}` → `{sessionId, version}`.
public enum SessionCreate: RPCMethod {
    public static let name = "session/create"
    public static let summary = "Creates a session: a configuration and a stack of screens, at version 0."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: RPCParams, WireObject {
        public var name: String?
        /// **Extension**: where the session comes from.
        public var origin: SessionOrigin?
        /// The configuration: the members given over the defaults.
        public var config = SessionConfig()
        /// Screens as given; ids are assigned by the session when omitted.
        public var screens: [JSON] = []
        /// The params as given; `configured` names the configuration members among them.
        public var given = ParamReader(object: [:], path: "")
        public var configured: [String] = []

        public init() {}

        public static let fields: [WireField<Self>] = [
            .optional("name", \.name), .optional("origin", \.origin, "where the session comes from"), .configuration(\.given, \.configured),
            .defaulted("screens", \.screens, [], "bottom (root) first", schema: { .array(.ref(Screen.self)) }),
        ]

        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
            try config.apply(r)
            if let br = try r.optionalObject("bar") { try config.bar.apply(br) }
            // Validate the screens' shape now so errors name the field before anything is created.
            for (i, s) in screens.enumerated() { _ = try Screen.decode(s, path: "screens[\(i)]") { "_" } }
        }

        /// Params from configuration members (`profile`, `device`, `locale`, `appLocalizations`, `policies`,
        /// `bar`) and screens, checked as the daemon checks them.
        public init(name: String? = nil, config: JSONObject = [:], screens: [JSON]? = nil) throws(RPCError) {
            var o = config
            if let name { o["name"] = .string(name) }
            if let screens { o["screens"] = .array(screens) }
            try self.init(from: ParamReader(object: o, path: ""))
        }
    }

    public struct Result: RPCResult, WireObject, Hashable {
        public var sessionId = ""
        public var version = 0
        public init() {}
        public init(sessionId: String, version: Int) {
            self.sessionId = sessionId
            self.version = version
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("sessionId", \.sessionId), .version("version", \.version)]
    }
}

import JSONCore
import NavModel

/// `session/create`: `{name?, profile?, device?, locale?, appLocalizations?, policies?, screens?, bar?}` → `{sessionId, version}`.
public enum SessionCreate: RPCMethod {
    public static let name = "session/create"
    public struct Params: RPCParams {
        public var name: String?
        public var config: SessionConfig
        /// Screens as given; ids are assigned by the session when omitted.
        public var screens: [JSON]
        public init(from r: ParamReader) throws(RPCError) {
            name = try r.optionalString("name")
            config = SessionConfig()
            try config.apply(r)
            if let br = try r.optionalObject("bar") { try config.bar.apply(br) }
            screens = try r.optionalArray("screens") ?? []
            // Validate the screens' shape now so errors name the field before anything is created.
            for (i, s) in screens.enumerated() { _ = try Screen.decode(s, path: "screens[\(i)]") { "_" } }
        }
    }
    public struct Result: RPCResult {
        public var sessionId: String
        public var version: Int
        public init(sessionId: String, version: Int) {
            self.sessionId = sessionId
            self.version = version
        }
        public var json: JSON { ["sessionId": .string(sessionId), "version": .number(version)] }
    }
}

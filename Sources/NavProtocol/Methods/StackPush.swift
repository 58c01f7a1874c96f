import JSONCore
import NavModel

/// `stack/push`: `{sessionId, screen, ifVersion?}` → `{screenId, version}`.
public enum StackPush: RPCMethod {
    public static let name = "stack/push"
    public static let summary = "Pushes a screen onto the stack."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        /// The screen as given; `hasId` false when the session must generate one.
        public var screen: Screen
        public var hasId: Bool
        /// The screen's JSON as given.
        public var given: JSON

        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            guard let s = r.value("screen") else { throw r.missing("screen", "a screen object") }
            hasId = s["id"] != nil && s["id"] != .null
            screen = try Screen.decode(s, path: "screen") { "_" }
            given = s
        }

        /// Params from a screen as JSON (members left out keep their defaults), checked as the daemon checks them.
        public init(sessionId: String, screen: JSON, ifVersion: Int? = nil) throws(RPCError) {
            var o: JSONObject = ["sessionId": .string(sessionId), "screen": screen]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            try self.init(from: ParamReader(object: o, path: ""))
        }

        public var json: JSON? {
            var o: JSONObject = ["sessionId": .string(sessionId), "screen": given]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            return .object(o)
        }

        public static var schema: Schema {
            .object([.required("sessionId", .string), .required("screen", .ref(Screen.self)), .optional("ifVersion", .integer)])
        }
    }

    public struct Result: RPCResult, Hashable {
        public var screenId: String
        public var version: Int
        public init(screenId: String, version: Int) {
            self.screenId = screenId
            self.version = version
        }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            screenId = try r.string("screenId")
            version = try r.int("version")
        }
        public var json: JSON { ["screenId": .string(screenId), "version": .number(version)] }
        public static var schema: Schema {
            .object([.required("screenId", .string), .required("version", .integer(min: 0))], closed: true)
        }
    }
}

import JSONCore
import NavModel

/// `stack/push`: `{sessionId, screen, ifVersion?}` → `{screenId, version}`.
public enum StackPush: RPCMethod {
    public static let name = "stack/push"
    public static let summary = "Pushes a screen onto the stack."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: MutationParams, WireObject {
        public var sessionId = ""
        public var ifVersion: Int?
        /// The screen as given; `hasId` false when the session must generate one.
        public var screen = Screen(id: "_")
        public var hasId = false
        /// The screen's JSON as given.
        public var given: JSON = .null

        public init() {}

        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .required("screen", \.given, schema: { .ref(Screen.self) }, expected: "a screen object"),
            .ifVersion(\.ifVersion),
        ]

        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
            hasId = given["id"] != nil && given["id"] != .null
            screen = try Screen.decode(given, path: "screen") { "_" }
        }

        /// Params from a screen as JSON (members left out keep their defaults), checked as the daemon checks them.
        public init(sessionId: String, screen: JSON, ifVersion: Int? = nil) throws(RPCError) {
            var o: JSONObject = ["sessionId": .string(sessionId), "screen": screen]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            try self.init(from: ParamReader(object: o, path: ""))
        }
    }

    public struct Result: RPCResult, WireObject, Hashable {
        public var screenId = ""
        public var version = 0
        public init() {}
        public init(screenId: String, version: Int) {
            self.screenId = screenId
            self.version = version
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("screenId", \.screenId), .version("version", \.version)]
    }
}

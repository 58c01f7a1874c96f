import JSONCore
import NavModel

/// `stack/push`: `{sessionId, screen, ifVersion?}` → `{screenId, version}`.
public enum StackPush: RPCMethod {
    public static let name = "stack/push"
    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        /// The screen as given; `hasId` false when the session must generate one.
        public var screen: Screen
        public var hasId: Bool
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            guard let s = r.value("screen") else { throw r.missing("screen", "a screen object") }
            hasId = s["id"] != nil && s["id"] != .null
            screen = try Screen.decode(s, path: "screen") { "_" }
        }
    }
    public struct Result: RPCResult {
        public var screenId: String
        public var version: Int
        public init(screenId: String, version: Int) {
            self.screenId = screenId
            self.version = version
        }
        public var json: JSON { ["screenId": .string(screenId), "version": .number(version)] }
    }
}

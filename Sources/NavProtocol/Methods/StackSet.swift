import JSONCore
import NavModel

/// `stack/set`: `{sessionId, screens:[Screen], ifVersion?}` → `{version}`.
public enum StackSet: RPCMethod {
    public static let name = "stack/set"
    public static let summary = "Replaces the whole stack."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: MutationParams, WireObject {
        public var sessionId = ""
        public var ifVersion: Int?
        public var screens: [JSON] = []
        public init() {}

        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId),
            .required("screens", \.screens, "root first", schema: { .array(.ref(Screen.self)) }, expected: "an array"),
            .ifVersion(\.ifVersion),
        ]

        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
            for (i, s) in screens.enumerated() { _ = try Screen.decode(s, path: "screens[\(i)]") { "_" } }
        }

        /// Params from screens as JSON, checked as the daemon checks them.
        public init(sessionId: String, screens: [JSON], ifVersion: Int? = nil) throws(RPCError) {
            var o: JSONObject = ["sessionId": .string(sessionId), "screens": .array(screens)]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            try self.init(from: ParamReader(object: o, path: ""))
        }
    }
    public typealias Result = VersionResult
}

import JSONCore
import NavModel

/// `screen/update`: `{sessionId, screenId, changes: partial Screen, ifVersion?}` → `{version}`.
public enum ScreenUpdate: RPCMethod {
    public static let name = "screen/update"
    public static let summary = "Changes members of one screen on the stack (a partial Screen)."
    public static let errors = [ErrorCode.unknownScreen]

    public struct Params: MutationParams, WireObject {
        public var sessionId = ""
        public var ifVersion: Int?
        public var screenId = ""
        public var changes = ParamReader(object: [:], path: "")

        public init() {}

        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .required("screenId", \.screenId),
            .required(
                "changes", \.changes, "partial, without id: the members given replace the current ones", schema: { .ref(Screen.self) }),
            .ifVersion(\.ifVersion),
        ]

        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
            var probe = Screen(id: screenId)
            try probe.apply(changes)
        }

        /// Params from a partial Screen, checked as the daemon checks them.
        public init(sessionId: String, screenId: String, changes: JSONObject, ifVersion: Int? = nil) throws(RPCError) {
            var o: JSONObject = ["sessionId": .string(sessionId), "screenId": .string(screenId), "changes": .object(changes)]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            try self.init(from: ParamReader(object: o, path: ""))
        }
    }
    public typealias Result = VersionResult
}

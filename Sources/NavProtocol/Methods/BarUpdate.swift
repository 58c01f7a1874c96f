import JSONCore
import NavModel

/// `bar/update`: `{sessionId, screenId?, appearance: partial BarAppearance, ifVersion?}` → `{version}`.
/// Without `screenId` it updates the session-wide bar.
public enum BarUpdate: RPCMethod {
    public static let name = "bar/update"
    public static let summary = "Merges a partial BarAppearance into a screen's bar, or the session-wide bar without screenId."
    public static let errors = [ErrorCode.unknownScreen]

    public struct Params: MutationParams, WireObject {
        public var sessionId = ""
        public var ifVersion: Int?
        public var screenId: String?
        public var appearance = ParamReader(object: [:], path: "")

        public init() {}

        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .optional("screenId", \.screenId, "default: the session-wide bar"),
            .required(
                "appearance", \.appearance, "partial: the members given replace the current ones", schema: { .ref(BarAppearance.self) }),
            .ifVersion(\.ifVersion),
        ]

        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
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
    }
    public typealias Result = VersionResult
}

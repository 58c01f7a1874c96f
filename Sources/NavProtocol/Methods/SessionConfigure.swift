import JSONCore
import NavModel

/// `session/configure`: a partial configuration → `{version}`.
public enum SessionConfigure: RPCMethod {
    public static let name = "session/configure"
    public static let summary = "Changes members of the session's configuration (profile, device, locale, policies, bar)."

    public struct Params: MutationParams, WireObject {
        public var sessionId = ""
        public var ifVersion: Int?
        /// The raw params; applied onto the session's current configuration.
        public var reader = ParamReader(object: [:], path: "")
        /// The configuration members given, by name.
        public var fields: [String] = []

        public init() {}

        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .configuration(\.reader, \.fields), .ifVersion(\.ifVersion),
        ]

        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
            var probe = SessionConfig()
            try probe.apply(r)
        }

        /// Params from partial configuration members, checked as the daemon checks them.
        public init(sessionId: String, changes: JSONObject, ifVersion: Int? = nil) throws(RPCError) {
            var o = changes
            o["sessionId"] = .string(sessionId)
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            try self.init(from: ParamReader(object: o, path: ""))
        }

        /// Applies the given members to `config`.
        public func apply(to config: inout SessionConfig) throws(RPCError) {
            try config.apply(reader)
            if let br = try reader.optionalObject("bar") { try config.bar.apply(br) }
        }
    }
    public typealias Result = VersionResult
}

/// `{version}`.
public struct VersionResult: RPCResult, WireObject, Hashable {
    public var version = 0
    public init() {}
    public init(version: Int) { self.version = version }
    public static let wireClosed = true
    public static let fields: [WireField<Self>] = [.version("version", \.version, "the session's new version")]
}

/// Params that are only `{sessionId}`.
public struct SessionIdParams: SessionParams, WireObject {
    public var sessionId = ""
    public init() {}
    public init(sessionId: String) { self.sessionId = sessionId }
    public static let fields: [WireField<Self>] = [.required("sessionId", \.sessionId)]
}

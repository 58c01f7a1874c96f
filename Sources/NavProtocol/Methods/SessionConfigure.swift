import JSONCore
import NavModel

/// `session/configure`: a partial configuration → `{version}`.
public enum SessionConfigure: RPCMethod {
    public static let name = "session/configure"
    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        /// The raw params; applied onto the session's current configuration.
        public var reader: ParamReader
        public var fields: [String]
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            reader = r
            fields = SessionConfig.keys.filter { r.has($0) } + (r.has("bar") ? ["bar"] : [])
            var probe = SessionConfig()
            try probe.apply(r)
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
public struct VersionResult: RPCResult {
    public var version: Int
    public init(version: Int) { self.version = version }
    public var json: JSON { ["version": .number(version)] }
}

/// Params that are only `{sessionId}`.
public struct SessionIdParams: SessionParams {
    public var sessionId: String
    public init(from r: ParamReader) throws(RPCError) { sessionId = try r.string("sessionId") }
}

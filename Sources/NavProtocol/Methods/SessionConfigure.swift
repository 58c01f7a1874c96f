import JSONCore
import NavModel

/// `session/configure`: a partial configuration → `{version}`.
public enum SessionConfigure: RPCMethod {
    public static let name = "session/configure"
    public static let summary = "Changes members of the session's configuration (profile, device, locale, policies, bar)."

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

        public var json: JSON? { .object(reader.object) }

        public static var schema: Schema {
            .object([.required("sessionId", .string)] + SessionConfig.schemaProperties + [.optional("ifVersion", .integer)])
        }
    }
    public typealias Result = VersionResult
}

/// `{version}`.
public struct VersionResult: RPCResult, Hashable {
    public var version: Int
    public init(version: Int) { self.version = version }
    public init(json: JSON) throws(RPCError) { version = try ParamReader.result(json).int("version") }
    public var json: JSON { ["version": .number(version)] }
    public static var schema: Schema { .object([.required("version", .integer(min: 0), "the session's new version")], closed: true) }
}

/// Params that are only `{sessionId}`.
public struct SessionIdParams: SessionParams {
    public var sessionId: String
    public init(sessionId: String) { self.sessionId = sessionId }
    public init(from r: ParamReader) throws(RPCError) { sessionId = try r.string("sessionId") }
    public var json: JSON? { ["sessionId": .string(sessionId)] }
    public static var schema: Schema { .object([.required("sessionId", .string)]) }
}

import JSONCore

/// `daemon/status`: `{version, pid, uptimeMs, connections, sessions}`.
public enum DaemonStatus: RPCMethod {
    public static let name = "daemon/status"
    public static let summary = "The daemon's version, pid, uptime and counts of connections and sessions."
    public typealias Params = NoParams

    public struct Result: RPCResult, Hashable {
        public var version: String
        public var pid: Int
        public var uptimeMs: Int
        public var connections: Int
        public var sessions: Int
        public init(version: String, pid: Int, uptimeMs: Int, connections: Int, sessions: Int) {
            self.version = version
            self.pid = pid
            self.uptimeMs = uptimeMs
            self.connections = connections
            self.sessions = sessions
        }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            version = try r.string("version")
            pid = try r.int("pid")
            uptimeMs = try r.int("uptimeMs")
            connections = try r.int("connections")
            sessions = try r.int("sessions")
        }
        public var json: JSON {
            [
                "version": .string(version), "pid": .number(pid), "uptimeMs": .number(uptimeMs),
                "connections": .number(connections), "sessions": .number(sessions),
            ]
        }
        public static var schema: Schema {
            .object(
                [
                    .required("version", .string), .required("pid", .integer), .required("uptimeMs", .integer(min: 0)),
                    .required("connections", .integer(min: 0)), .required("sessions", .integer(min: 0)),
                ], closed: true)
        }
    }
}

import JSONCore

/// `daemon/status`: `{version, pid, uptimeMs, connections, sessions}`.
public enum DaemonStatus: RPCMethod {
    public static let name = "daemon/status"
    public static let summary = "The daemon's version, pid, uptime and counts of connections and sessions."
    public typealias Params = NoParams

    public struct Result: RPCResult, WireObject, Hashable {
        public var version = ""
        public var pid = 0
        public var uptimeMs = 0
        public var connections = 0
        public var sessions = 0
        public init() {}
        public init(version: String, pid: Int, uptimeMs: Int, connections: Int, sessions: Int) {
            self.version = version
            self.pid = pid
            self.uptimeMs = uptimeMs
            self.connections = connections
            self.sessions = sessions
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("version", \.version), .required("pid", \.pid), .version("uptimeMs", \.uptimeMs),
            .version("connections", \.connections), .version("sessions", \.sessions),
        ]
    }
}

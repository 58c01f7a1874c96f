import JSONCore

/// `daemon/status`: `{version, pid, uptimeMs, connections, sessions}`.
public enum DaemonStatus: RPCMethod {
    public static let name = "daemon/status"
    public typealias Params = NoParams
    public struct Result: RPCResult {
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
        public var json: JSON {
            [
                "version": .string(version), "pid": .number(pid), "uptimeMs": .number(uptimeMs),
                "connections": .number(connections), "sessions": .number(sessions),
            ]
        }
    }
}

import JSONCore

/// `session/list` → `{sessions:[{sessionId, name, version, depth, subscribers}]}`.
public enum SessionList: RPCMethod {
    public static let name = "session/list"
    public typealias Params = NoParams
    public struct Entry: Sendable {
        public var sessionId: String
        public var name: String
        public var version: Int
        public var depth: Int
        public var subscribers: Int
        public init(sessionId: String, name: String, version: Int, depth: Int, subscribers: Int) {
            self.sessionId = sessionId
            self.name = name
            self.version = version
            self.depth = depth
            self.subscribers = subscribers
        }
    }
    public struct Result: RPCResult {
        public var sessions: [Entry]
        public init(sessions: [Entry]) { self.sessions = sessions }
        public var json: JSON {
            [
                "sessions": .array(
                    sessions.map {
                        [
                            "sessionId": .string($0.sessionId), "name": .string($0.name), "version": .number($0.version),
                            "depth": .number($0.depth), "subscribers": .number($0.subscribers),
                        ]
                    })
            ]
        }
    }
}

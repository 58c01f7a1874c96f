import JSONCore

/// `session/list` → `{sessions:[{sessionId, name, version, depth, subscribers, origin?}]}`.
public enum SessionList: RPCMethod {
    public static let name = "session/list"
    public static let summary = "The open sessions, in creation order."
    public typealias Params = NoParams

    public struct Entry: Sendable, Hashable, WireObject {
        public var sessionId = ""
        public var name = ""
        public var version = 0
        public var depth = 0
        public var subscribers = 0
        /// **Extension**: where the session comes from, when its creator said.
        public var origin: SessionOrigin?
        public init() {}
        public init(sessionId: String, name: String, version: Int, depth: Int, subscribers: Int, origin: SessionOrigin? = nil) {
            self.sessionId = sessionId
            self.name = name
            self.version = version
            self.depth = depth
            self.subscribers = subscribers
            self.origin = origin
        }
        public init(from r: ParamReader) throws(RPCError) { try self.init(wire: r) }
        public var json: JSON { wireJSON }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .required("name", \.name), .version("version", \.version), .version("depth", \.depth),
            .version("subscribers", \.subscribers), .optional("origin", \.origin, "where the session comes from, when its creator said"),
        ]
    }

    public struct Result: RPCResult, WireObject, Hashable {
        public var sessions: [Entry] = []
        public init() {}
        public init(sessions: [Entry]) { self.sessions = sessions }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("sessions", \.sessions)]
    }
}

import JSONCore

/// `session/list` → `{sessions:[{sessionId, name, version, depth, subscribers, origin?}]}`.
public enum SessionList: RPCMethod {
    public static let name = "session/list"
    public static let summary = "The open sessions, in creation order."
    public typealias Params = NoParams

    public struct Entry: Sendable, Hashable {
        public var sessionId: String
        public var name: String
        public var version: Int
        public var depth: Int
        public var subscribers: Int
        /// **Extension**: where the session comes from, when its creator said.
        public var origin: SessionOrigin?
        public init(sessionId: String, name: String, version: Int, depth: Int, subscribers: Int, origin: SessionOrigin? = nil) {
            self.sessionId = sessionId
            self.name = name
            self.version = version
            self.depth = depth
            self.subscribers = subscribers
            self.origin = origin
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            name = try r.string("name")
            version = try r.int("version")
            depth = try r.int("depth")
            subscribers = try r.int("subscribers")
            origin = try SessionOrigin.optional(r)
        }
        public var json: JSON {
            var o: JSONObject = [
                "sessionId": .string(sessionId), "name": .string(name), "version": .number(version),
                "depth": .number(depth), "subscribers": .number(subscribers),
            ]
            if let origin { o["origin"] = origin.json }
            return .object(o)
        }
        public static var schema: Schema {
            .object(
                [
                    .required("sessionId", .string), .required("name", .string), .required("version", .integer(min: 0)),
                    .required("depth", .integer(min: 0)), .required("subscribers", .integer(min: 0)),
                    .optional("origin", .ref(SessionOrigin.self), "where the session comes from, when its creator said"),
                ], closed: true)
        }
    }

    public struct Result: RPCResult, Hashable {
        public var sessions: [Entry]
        public init(sessions: [Entry]) { self.sessions = sessions }
        public init(json: JSON) throws(RPCError) { sessions = try ParamReader.result(json).objects("sessions", Entry.init(from:)) }
        public var json: JSON { ["sessions": .array(sessions.map(\.json))] }
        public static var schema: Schema { .object([.required("sessions", .array(Entry.schema))], closed: true) }
    }
}

import JSONCore
import NavModel

/// `session/subscribe`: `{sessionId, topics?}` → `{subscriptionId, version}`.
public enum SessionSubscribe: RPCMethod {
    public static let name = "session/subscribe"
    public static let summary = "Subscribes this connection to a session's notifications, for some topics or all."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: SessionParams {
        public var sessionId: String
        public var topics: Set<Topic>
        public init(sessionId: String, topics: Set<Topic> = Set(Topic.allCases)) {
            self.sessionId = sessionId
            self.topics = topics
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            let names = Topic.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            let list = try r.optionalArray("topics") { (v: JSON, p: String) throws(RPCError) -> Topic in
                guard case .string(let s) = v, let t = Topic(rawValue: s) else {
                    throw .invalidParams(path: p, expected: "one of \(names)")
                }
                return t
            }
            topics = list.map(Set.init) ?? Set(Topic.allCases)
        }
        public var json: JSON? {
            var o: JSONObject = ["sessionId": .string(sessionId)]
            if topics != Set(Topic.allCases) {
                o["topics"] = .array(Topic.allCases.filter(topics.contains).map { .string($0.rawValue) })
            }
            return .object(o)
        }
        public static var schema: Schema {
            .object([
                .required("sessionId", .string),
                .optional("topics", .array(.enumeration(Topic.self)), "default: all"),
            ])
        }
    }

    public struct Result: RPCResult, Hashable {
        public var subscriptionId: String
        public var version: Int
        public init(subscriptionId: String, version: Int) {
            self.subscriptionId = subscriptionId
            self.version = version
        }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            subscriptionId = try r.string("subscriptionId")
            version = try r.int("version")
        }
        public var json: JSON { ["subscriptionId": .string(subscriptionId), "version": .number(version)] }
        public static var schema: Schema {
            .object([.required("subscriptionId", .string), .required("version", .integer(min: 0))], closed: true)
        }
    }
}

/// `session/unsubscribe`: `{subscriptionId}` → `null`.
public enum SessionUnsubscribe: RPCMethod {
    public static let name = "session/unsubscribe"
    public static let summary = "Ends one of this connection's subscriptions."

    public struct Params: RPCParams {
        public var subscriptionId: String
        public init(subscriptionId: String) { self.subscriptionId = subscriptionId }
        public init(from r: ParamReader) throws(RPCError) { subscriptionId = try r.string("subscriptionId") }
        public var json: JSON? { ["subscriptionId": .string(subscriptionId)] }
        public static var schema: Schema { .object([.required("subscriptionId", .string)]) }
    }
    public typealias Result = NullResult
}

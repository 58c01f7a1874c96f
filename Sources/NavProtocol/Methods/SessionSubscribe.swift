import JSONCore
import NavModel

/// `session/subscribe`: `{sessionId, topics?}` → `{subscriptionId, version}`.
public enum SessionSubscribe: RPCMethod {
    public static let name = "session/subscribe"
    public static let summary = "Subscribes this connection to a session's notifications, for some topics or all."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: SessionParams, WireObject {
        public var sessionId = ""
        public var topics = Set(Topic.allCases)
        public init() {}
        public init(sessionId: String, topics: Set<Topic> = Set(Topic.allCases)) {
            self.sessionId = sessionId
            self.topics = topics
        }
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .defaulted("topics", \.topics, Set(Topic.allCases), "default: all"),
        ]
    }

    public struct Result: RPCResult, WireObject, Hashable {
        public var subscriptionId = ""
        public var version = 0
        public init() {}
        public init(subscriptionId: String, version: Int) {
            self.subscriptionId = subscriptionId
            self.version = version
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("subscriptionId", \.subscriptionId), .version("version", \.version)]
    }
}

/// `session/unsubscribe`: `{subscriptionId}` → `null`.
public enum SessionUnsubscribe: RPCMethod {
    public static let name = "session/unsubscribe"
    public static let summary = "Ends one of this connection's subscriptions."

    public struct Params: RPCParams, WireObject {
        public var subscriptionId = ""
        public init() {}
        public init(subscriptionId: String) { self.subscriptionId = subscriptionId }
        public static let fields: [WireField<Self>] = [.required("subscriptionId", \.subscriptionId)]
    }
    public typealias Result = NullResult
}

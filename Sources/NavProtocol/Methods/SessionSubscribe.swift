import JSONCore
import NavModel

/// `session/subscribe`: `{sessionId, topics?}` → `{subscriptionId, version}`.
public enum SessionSubscribe: RPCMethod {
    public static let name = "session/subscribe"
    public struct Params: SessionParams {
        public var sessionId: String
        public var topics: Set<Topic>
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
    }
    public struct Result: RPCResult {
        public var subscriptionId: String
        public var version: Int
        public init(subscriptionId: String, version: Int) {
            self.subscriptionId = subscriptionId
            self.version = version
        }
        public var json: JSON { ["subscriptionId": .string(subscriptionId), "version": .number(version)] }
    }
}

/// `session/unsubscribe`: `{subscriptionId}` → `null`.
public enum SessionUnsubscribe: RPCMethod {
    public static let name = "session/unsubscribe"
    public struct Params: RPCParams {
        public var subscriptionId: String
        public init(from r: ParamReader) throws(RPCError) { subscriptionId = try r.string("subscriptionId") }
    }
    public typealias Result = NullResult
}

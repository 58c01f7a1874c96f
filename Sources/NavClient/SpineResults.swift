import JSONCore

/// `daemon/status`.
public struct DaemonStatus: Sendable, Hashable {
    public var version: String
    public var pid: Int
    public var uptimeMs: Int
    public var connections: Int
    public var sessions: Int
}

/// A session id with the version it is at (`session/create`, `session/restore`).
public struct SessionRef: Sendable, Hashable {
    public var sessionId: String
    public var version: Int
}

/// One row of `session/list`.
public struct SessionSummary: Sendable, Hashable {
    public var sessionId: String
    public var name: String?
    public var version: Int
    public var depth: Int
    public var subscribers: Int
}

/// `session/subscribe`.
public struct SubscriptionRef: Sendable, Hashable {
    /// As the daemon gave it; pass it back to `unsubscribe`.
    public var subscriptionId: JSON
    public var version: Int
}

/// `stack/push`.
public struct PushResult: Sendable, Hashable {
    public var screenId: String
    public var version: Int
}

/// `stack/pop`.
public struct PopResult: Sendable, Hashable {
    public var popped: [String]
    public var version: Int
}

/// `stack/get`: the screens, root first.
public struct StackState: Sendable, Hashable {
    public var screens: [JSON]
    public var version: Int
}

/// Reads fields of a result object, failing with `NavClientError.badReply` naming the method and field.
struct ResultReader {
    let method: String
    let object: JSONObject

    init(_ method: String, _ json: JSON) throws {
        guard case .object(let object) = json else {
            throw NavClientError.badReply("\(method) returned \(json.typeName), expected an object")
        }
        self.method = method
        self.object = object
    }

    func value(_ key: String) throws -> JSON {
        guard let value = object[key] else { throw NavClientError.badReply("\(method) result has no '\(key)'") }
        return value
    }

    func string(_ key: String) throws -> String {
        guard let s = try value(key).stringValue else { throw wrong(key, "a string") }
        return s
    }

    func optionalString(_ key: String) throws -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw wrong(key, "a string or null")
        }
    }

    func int(_ key: String) throws -> Int {
        guard let i = try value(key).intValue else { throw wrong(key, "an integer") }
        return Int(i)
    }

    func array(_ key: String) throws -> [JSON] {
        guard let a = try value(key).arrayValue else { throw wrong(key, "an array") }
        return a
    }

    private func wrong(_ key: String, _ expected: String) -> NavClientError {
        .badReply("\(method) result '\(key)' is \(object[key]?.typeName ?? "absent"), expected \(expected)")
    }
}

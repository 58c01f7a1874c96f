import JSONCore

/// `daemon/status`.
public struct DaemonInfo: Sendable, Hashable {
    public var version: String
    public var pid: Int
    public var uptimeMs: Int
    public var connections: Int
    public var sessions: Int

    /// Decodes a `daemon/status` result.
    public init(from json: JSON) throws {
        let r = try ResultReader("daemon/status", json)
        if case .string(let s)? = r.object["version"] {
            version = s
        } else {
            version = try r.value("version").serialized()
        }
        pid = try r.int("pid")
        uptimeMs = try r.int("uptimeMs")
        connections = try r.int("connections")
        sessions = try r.int("sessions")
    }
}

/// A session id with the version it is at (`session/create`, `session/restore`).
public struct SessionRef: Sendable, Hashable {
    public var sessionId: String
    public var version: Int

    /// Decodes a `session/create` or `session/restore` result.
    public init(from json: JSON, method: String = "session/create") throws {
        let r = try ResultReader(method, json)
        sessionId = try r.string("sessionId")
        version = try r.int("version")
    }
}

/// One row of `session/list`.
public struct SessionSummary: Sendable, Hashable {
    public var sessionId: String
    public var name: String?
    public var version: Int
    public var depth: Int
    public var subscribers: Int

    /// Decodes one row of `session/list`.
    public init(from json: JSON) throws {
        let s = try ResultReader("session/list", json)
        sessionId = try s.string("sessionId")
        name = try s.optionalString("name")
        version = try s.int("version")
        depth = try s.int("depth")
        subscribers = try s.int("subscribers")
    }

    /// Decodes a whole `session/list` result.
    public static func list(from json: JSON) throws -> [SessionSummary] {
        try ResultReader("session/list", json).array("sessions").map { try SessionSummary(from: $0) }
    }
}

/// `session/subscribe`.
public struct SubscriptionRef: Sendable, Hashable {
    /// As the daemon gave it; pass it back to `unsubscribe`.
    public var subscriptionId: JSON
    public var version: Int

    /// Decodes a `session/subscribe` result.
    public init(from json: JSON) throws {
        let r = try ResultReader("session/subscribe", json)
        subscriptionId = try r.value("subscriptionId")
        version = try r.int("version")
    }
}

/// `stack/push`.
public struct PushResult: Sendable, Hashable {
    public var screenId: String
    public var version: Int

    /// Decodes a `stack/push` result.
    public init(from json: JSON) throws {
        let r = try ResultReader("stack/push", json)
        screenId = try r.string("screenId")
        version = try r.int("version")
    }
}

/// `stack/pop`.
public struct PopResult: Sendable, Hashable {
    public var popped: [String]
    public var version: Int

    /// Decodes a `stack/pop` result.
    public init(from json: JSON) throws {
        let r = try ResultReader("stack/pop", json)
        popped = try r.array("popped").map { id -> String in
            guard let s = id.stringValue else { throw NavClientError.badReply("stack/pop 'popped' holds \(id.typeName)") }
            return s
        }
        version = try r.int("version")
    }
}

/// `stack/get`: the screens, root first.
public struct StackState: Sendable, Hashable {
    public var screens: [JSON]
    public var version: Int

    /// Decodes a `stack/get` result.
    public init(from json: JSON) throws {
        let r = try ResultReader("stack/get", json)
        screens = try r.array("screens")
        version = try r.int("version")
    }
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

import JSONCore

/// Typed calls for the spine: daemon, sessions, subscriptions and the stack.
extension NavClient {
    /// `initialize`: the daemon's capabilities.
    public func initialize(clientName: String = "NavClient", clientVersion: String? = nil) async throws -> JSON {
        var info: JSONObject = ["name": .string(clientName)]
        if let clientVersion { info["version"] = .string(clientVersion) }
        return try await request("initialize", ["clientInfo": .object(info)])
    }

    /// `shutdown`.
    public func shutdown() async throws {
        _ = try await request("shutdown")
    }

    /// `daemon/status`.
    public func status() async throws -> DaemonStatus {
        let r = try ResultReader("daemon/status", try await request("daemon/status"))
        let version: String
        if case .string(let s)? = r.object["version"] {
            version = s
        } else {
            version = try r.value("version").serialized()
        }
        return DaemonStatus(
            version: version, pid: try r.int("pid"), uptimeMs: try r.int("uptimeMs"),
            connections: try r.int("connections"), sessions: try r.int("sessions"))
    }

    /// `session/create`. `config` may hold `profile`, `device`, `locale`, `appLocalizations`, `policies`, `screens`.
    public func createSession(name: String? = nil, config: JSONObject = [:]) async throws -> SessionRef {
        var params = config
        if let name { params["name"] = .string(name) }
        let r = try ResultReader("session/create", try await request("session/create", .object(params)))
        return SessionRef(sessionId: try r.string("sessionId"), version: try r.int("version"))
    }

    /// `session/configure`: returns the new version.
    public func configureSession(_ sessionId: String, _ changes: JSONObject, ifVersion: Int? = nil) async throws -> Int {
        var params = changes
        params["sessionId"] = .string(sessionId)
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        return try ResultReader("session/configure", try await request("session/configure", .object(params))).int("version")
    }

    /// `session/list`.
    public func listSessions() async throws -> [SessionSummary] {
        let r = try ResultReader("session/list", try await request("session/list"))
        return try r.array("sessions").map { row in
            let s = try ResultReader("session/list", row)
            return SessionSummary(
                sessionId: try s.string("sessionId"), name: try s.optionalString("name"), version: try s.int("version"),
                depth: try s.int("depth"), subscribers: try s.int("subscribers"))
        }
    }

    /// `session/snapshot`: the restorable document.
    public func snapshot(_ sessionId: String) async throws -> JSON {
        try ResultReader("session/snapshot", try await request("session/snapshot", ["sessionId": .string(sessionId)]))
            .value("document")
    }

    /// `session/restore`: a new session from a snapshot document.
    public func restore(_ document: JSON, name: String? = nil) async throws -> SessionRef {
        var params: JSONObject = ["document": document]
        if let name { params["name"] = .string(name) }
        let r = try ResultReader("session/restore", try await request("session/restore", .object(params)))
        return SessionRef(sessionId: try r.string("sessionId"), version: try r.int("version"))
    }

    /// `session/close`.
    public func closeSession(_ sessionId: String) async throws {
        _ = try await request("session/close", ["sessionId": .string(sessionId)])
    }

    /// `session/subscribe`; `topics` nil means all.
    public func subscribe(_ sessionId: String, topics: [String]? = nil) async throws -> SubscriptionRef {
        var params: JSONObject = ["sessionId": .string(sessionId)]
        if let topics { params["topics"] = .array(topics.map { .string($0) }) }
        let r = try ResultReader("session/subscribe", try await request("session/subscribe", .object(params)))
        return SubscriptionRef(subscriptionId: try r.value("subscriptionId"), version: try r.int("version"))
    }

    /// `session/unsubscribe`.
    public func unsubscribe(_ subscription: SubscriptionRef) async throws {
        _ = try await request("session/unsubscribe", ["subscriptionId": subscription.subscriptionId])
    }

    /// `stack/push`.
    public func push(_ sessionId: String, screen: JSON, ifVersion: Int? = nil) async throws -> PushResult {
        var params: JSONObject = ["sessionId": .string(sessionId), "screen": screen]
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        let r = try ResultReader("stack/push", try await request("stack/push", .object(params)))
        return PushResult(screenId: try r.string("screenId"), version: try r.int("version"))
    }

    /// `stack/pop`: one screen, or down to `to` (a screen id or `"root"`).
    public func pop(_ sessionId: String, to: String? = nil, ifVersion: Int? = nil) async throws -> PopResult {
        var params: JSONObject = ["sessionId": .string(sessionId)]
        if let to { params["to"] = .string(to) }
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        let r = try ResultReader("stack/pop", try await request("stack/pop", .object(params)))
        let popped = try r.array("popped").map { id -> String in
            guard let s = id.stringValue else { throw NavClientError.badReply("stack/pop 'popped' holds \(id.typeName)") }
            return s
        }
        return PopResult(popped: popped, version: try r.int("version"))
    }

    /// `stack/set`: returns the new version.
    public func setStack(_ sessionId: String, screens: [JSON], ifVersion: Int? = nil) async throws -> Int {
        var params: JSONObject = ["sessionId": .string(sessionId), "screens": .array(screens)]
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        return try ResultReader("stack/set", try await request("stack/set", .object(params))).int("version")
    }

    /// `stack/get`.
    public func stack(_ sessionId: String) async throws -> StackState {
        let r = try ResultReader("stack/get", try await request("stack/get", ["sessionId": .string(sessionId)]))
        return StackState(screens: try r.array("screens"), version: try r.int("version"))
    }

    /// `screen/update`: returns the new version.
    public func updateScreen(_ sessionId: String, screenId: String, changes: JSON, ifVersion: Int? = nil) async throws -> Int {
        var params: JSONObject = ["sessionId": .string(sessionId), "screenId": .string(screenId), "changes": changes]
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        return try ResultReader("screen/update", try await request("screen/update", .object(params))).int("version")
    }

    /// `bar/update`: the session-wide bar when `screenId` is nil. Returns the new version.
    public func updateBar(_ sessionId: String, screenId: String? = nil, appearance: JSON, ifVersion: Int? = nil) async throws -> Int {
        var params: JSONObject = ["sessionId": .string(sessionId), "appearance": appearance]
        if let screenId { params["screenId"] = .string(screenId) }
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        return try ResultReader("bar/update", try await request("bar/update", .object(params))).int("version")
    }
}

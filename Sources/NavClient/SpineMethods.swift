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
    public func status() async throws -> DaemonInfo {
        try DaemonInfo(from: try await request("daemon/status"))
    }

    /// `session/create`. `config` may hold `profile`, `device`, `locale`, `appLocalizations`, `policies`, `screens`.
    public func createSession(name: String? = nil, config: JSONObject = [:]) async throws -> SessionRef {
        var params = config
        if let name { params["name"] = .string(name) }
        return try SessionRef(from: try await request("session/create", .object(params)))
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
        try SessionSummary.list(from: try await request("session/list"))
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
        return try SessionRef(from: try await request("session/restore", .object(params)), method: "session/restore")
    }

    /// `session/close`.
    public func closeSession(_ sessionId: String) async throws {
        _ = try await request("session/close", ["sessionId": .string(sessionId)])
    }

    /// `session/subscribe`; `topics` nil means all.
    public func subscribe(_ sessionId: String, topics: [String]? = nil) async throws -> SubscriptionRef {
        var params: JSONObject = ["sessionId": .string(sessionId)]
        if let topics { params["topics"] = .array(topics.map { .string($0) }) }
        return try SubscriptionRef(from: try await request("session/subscribe", .object(params)))
    }

    /// `session/unsubscribe`.
    public func unsubscribe(_ subscription: SubscriptionRef) async throws {
        _ = try await request("session/unsubscribe", ["subscriptionId": subscription.subscriptionId])
    }

    /// `stack/push`.
    public func push(_ sessionId: String, screen: JSON, ifVersion: Int? = nil) async throws -> PushResult {
        var params: JSONObject = ["sessionId": .string(sessionId), "screen": screen]
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        return try PushResult(from: try await request("stack/push", .object(params)))
    }

    /// `stack/pop`: one screen, or down to `to` (a screen id or `"root"`).
    public func pop(_ sessionId: String, to: String? = nil, ifVersion: Int? = nil) async throws -> PopResult {
        var params: JSONObject = ["sessionId": .string(sessionId)]
        if let to { params["to"] = .string(to) }
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        return try PopResult(from: try await request("stack/pop", .object(params)))
    }

    /// `stack/set`: returns the new version.
    public func setStack(_ sessionId: String, screens: [JSON], ifVersion: Int? = nil) async throws -> Int {
        var params: JSONObject = ["sessionId": .string(sessionId), "screens": .array(screens)]
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        return try ResultReader("stack/set", try await request("stack/set", .object(params))).int("version")
    }

    /// `stack/get` (the same as `stack(_:)`, named after the method).
    public func getStack(_ sessionId: String) async throws -> StackState {
        try await stack(sessionId)
    }

    /// `stack/get`.
    public func stack(_ sessionId: String) async throws -> StackState {
        try StackState(from: try await request("stack/get", ["sessionId": .string(sessionId)]))
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

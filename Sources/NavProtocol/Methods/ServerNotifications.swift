import JSONCore
import NavModel

// The notifications the daemon sends (docs/protocol.md, "Notifications").

/// `session/didChange`: `{sessionId, version, changes:[Change]}`.
public enum DidChange: RPCNotification {
    public static let name = "session/didChange"
    public static let summary = "A mutation changed the session: its changes that match the subscriber's topics."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, Hashable {
        public var sessionId: String
        public var version: Int
        public var changes: [Change]
        public init(sessionId: String, version: Int, changes: [Change]) {
            self.sessionId = sessionId
            self.version = version
            self.changes = changes
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            version = try r.int("version")
            changes = try r.objects("changes", Change.decode)
        }
        public var json: JSON? {
            ["sessionId": .string(sessionId), "version": .number(version), "changes": .array(changes.map(\.json))]
        }
        public static var schema: Schema {
            .object(
                [.required("sessionId", .string), .required("version", .integer(min: 0)), .required("changes", .array(.ref(Change.self)))],
                closed: true)
        }
    }
}

/// `session/didClose`: `{sessionId}`.
public enum DidClose: RPCNotification {
    public static let name = "session/didClose"
    public static let summary = "The session was closed."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, Hashable {
        public var sessionId: String
        public init(sessionId: String) { self.sessionId = sessionId }
        public init(from r: ParamReader) throws(RPCError) { sessionId = try r.string("sessionId") }
        public var json: JSON? { ["sessionId": .string(sessionId)] }
        public static var schema: Schema { .object([.required("sessionId", .string)], closed: true) }
    }
}

/// Params `{sessionId, version}`.
public struct SessionVersionParams: RPCParams, Hashable {
    public var sessionId: String
    public var version: Int
    public init(sessionId: String, version: Int) {
        self.sessionId = sessionId
        self.version = version
    }
    public init(from r: ParamReader) throws(RPCError) {
        sessionId = try r.string("sessionId")
        version = try r.int("version")
    }
    public var json: JSON? { ["sessionId": .string(sessionId), "version": .number(version)] }
    public static var schema: Schema {
        .object([.required("sessionId", .string), .required("version", .integer(min: 0))], closed: true)
    }
}

/// `session/resync`: `{sessionId, version}`: changes were dropped for this slow client; fetch a snapshot.
public enum Resync: RPCNotification {
    public static let name = "session/resync"
    public static let summary = "Changes were dropped for this slow connection; fetch a snapshot."
    public static let sender = NotificationSender.daemon
    public typealias Params = SessionVersionParams
}

/// `navigation/backRequested`: `{sessionId, screenId, version}`.
public enum BackRequested: RPCNotification {
    public static let name = "navigation/backRequested"
    public static let summary = "The back button was tapped on a screen whose backAction is \"custom\"."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, Hashable {
        public var sessionId: String
        public var screenId: String
        public var version: Int
        public init(sessionId: String, screenId: String, version: Int) {
            self.sessionId = sessionId
            self.screenId = screenId
            self.version = version
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            screenId = try r.string("screenId")
            version = try r.int("version")
        }
        public var json: JSON? { ["sessionId": .string(sessionId), "screenId": .string(screenId), "version": .number(version)] }
        public static var schema: Schema {
            .object(
                [.required("sessionId", .string), .required("screenId", .string), .required("version", .integer(min: 0))], closed: true)
        }
    }
}

/// `navigation/itemTapped`: `{sessionId, screenId, itemId, version}`.
public enum ItemTapped: RPCNotification {
    public static let name = "navigation/itemTapped"
    public static let summary = "A bar item's action was tapped."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, Hashable {
        public var sessionId: String
        public var screenId: String
        public var itemId: String
        public var version: Int
        public init(sessionId: String, screenId: String, itemId: String, version: Int) {
            self.sessionId = sessionId
            self.screenId = screenId
            self.itemId = itemId
            self.version = version
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            screenId = try r.string("screenId")
            itemId = try r.string("itemId")
            version = try r.int("version")
        }
        public var json: JSON? {
            ["sessionId": .string(sessionId), "screenId": .string(screenId), "itemId": .string(itemId), "version": .number(version)]
        }
        public static var schema: Schema {
            .object(
                [
                    .required("sessionId", .string), .required("screenId", .string), .required("itemId", .string),
                    .required("version", .integer(min: 0)),
                ], closed: true)
        }
    }
}

/// `session/diagnostics`: `{sessionId, version, diagnostics:[Diagnostic]}`, sent when the set changes.
public enum SessionDiagnostics: RPCNotification {
    public static let name = "session/diagnostics"
    public static let summary = "The top screen's diagnostics changed."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, Hashable {
        public var sessionId: String
        public var version: Int
        public var diagnostics: [Diagnostic]
        public init(sessionId: String, version: Int, diagnostics: [Diagnostic]) {
            self.sessionId = sessionId
            self.version = version
            self.diagnostics = diagnostics
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            version = try r.int("version")
            diagnostics = try r.objects("diagnostics", Diagnostic.decode)
        }
        public var json: JSON? {
            ["sessionId": .string(sessionId), "version": .number(version), "diagnostics": .array(diagnostics.map(\.json))]
        }
        public static var schema: Schema {
            .object(
                [
                    .required("sessionId", .string), .required("version", .integer(min: 0)),
                    .required("diagnostics", .array(.ref(Diagnostic.self))),
                ], closed: true)
        }
    }
}

import JSONCore
import NavModel

// The notifications the daemon sends (docs/protocol.md, "Notifications").

/// `session/didChange`: `{sessionId, version, changes:[Change]}`.
public enum DidChange: RPCNotification {
    public static let name = "session/didChange"
    public static let summary = "A mutation changed the session: its changes that match the subscriber's topics."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, WireObject, Hashable {
        public var sessionId = ""
        public var version = 0
        public var changes: [Change] = []
        public init() {}
        public init(sessionId: String, version: Int, changes: [Change]) {
            self.sessionId = sessionId
            self.version = version
            self.changes = changes
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .version("version", \.version), .required("changes", \.changes),
        ]
    }
}

/// `session/didClose`: `{sessionId}`.
public enum DidClose: RPCNotification {
    public static let name = "session/didClose"
    public static let summary = "The session was closed."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, WireObject, Hashable {
        public var sessionId = ""
        public init() {}
        public init(sessionId: String) { self.sessionId = sessionId }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("sessionId", \.sessionId)]
    }
}

/// Params `{sessionId, version}`.
public struct SessionVersionParams: RPCParams, WireObject, Hashable {
    public var sessionId = ""
    public var version = 0
    public init() {}
    public init(sessionId: String, version: Int) {
        self.sessionId = sessionId
        self.version = version
    }
    public static let wireClosed = true
    public static let fields: [WireField<Self>] = [.required("sessionId", \.sessionId), .version("version", \.version)]
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

    public struct Params: RPCParams, WireObject, Hashable {
        public var sessionId = ""
        public var screenId = ""
        public var version = 0
        public init() {}
        public init(sessionId: String, screenId: String, version: Int) {
            self.sessionId = sessionId
            self.screenId = screenId
            self.version = version
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .required("screenId", \.screenId), .version("version", \.version),
        ]
    }
}

/// `navigation/itemTapped`: `{sessionId, screenId, itemId, version}`.
public enum ItemTapped: RPCNotification {
    public static let name = "navigation/itemTapped"
    public static let summary = "A bar item's action was tapped."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, WireObject, Hashable {
        public var sessionId = ""
        public var screenId = ""
        public var itemId = ""
        public var version = 0
        public init() {}
        public init(sessionId: String, screenId: String, itemId: String, version: Int) {
            self.sessionId = sessionId
            self.screenId = screenId
            self.itemId = itemId
            self.version = version
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .required("screenId", \.screenId), .required("itemId", \.itemId),
            .version("version", \.version),
        ]
    }
}

/// `session/diagnostics`: `{sessionId, version, diagnostics:[Diagnostic]}`, sent when the set changes.
public enum SessionDiagnostics: RPCNotification {
    public static let name = "session/diagnostics"
    public static let summary = "The top screen's diagnostics changed."
    public static let sender = NotificationSender.daemon

    public struct Params: RPCParams, WireObject, Hashable {
        public var sessionId = ""
        public var version = 0
        public var diagnostics: [Diagnostic] = []
        public init() {}
        public init(sessionId: String, version: Int, diagnostics: [Diagnostic]) {
            self.sessionId = sessionId
            self.version = version
            self.diagnostics = diagnostics
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .version("version", \.version), .required("diagnostics", \.diagnostics),
        ]
    }
}

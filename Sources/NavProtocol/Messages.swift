/// Every method and notification of the protocol, alphabetical.
///
/// - Important: the server's dispatch table must hold exactly `Messages.methods`; a test checks it,
///   and another checks that docs/protocol.md describes each one.
public enum Messages {
    /// Request (and client notification) methods the daemon answers.
    public static let methods: [String] = [
        "$/cancelRequest",
        "bar/diagnose",
        "bar/hitRegions",
        "bar/hitTest",
        "bar/layout",
        "bar/render",
        "bar/tap",
        "bar/update",
        "daemon/status",
        "exit",
        "gesture/popTest",
        "initialize",
        "screen/update",
        "session/close",
        "session/configure",
        "session/create",
        "session/list",
        "session/restore",
        "session/snapshot",
        "session/subscribe",
        "session/unsubscribe",
        "shutdown",
        "stack/get",
        "stack/pop",
        "stack/push",
        "stack/set",
        "tint/resolve",
        "title/back",
        "title/previous",
        "tree/hitTest",
    ]

    /// Notifications the daemon sends.
    public static let notifications: [String] = [
        "navigation/backRequested",
        "navigation/itemTapped",
        "session/diagnostics",
        "session/didChange",
        "session/didClose",
        "session/resync",
    ]
}

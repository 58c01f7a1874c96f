import JSONCore
import NavModel

// Change records and the results they embed, as `session/didChange` carries them.

extension Change {
    public var json: JSON {
        switch self {
        case .stack(let op, let screens):
            return ["kind": "stack", "op": .string(op.rawValue), "screens": .array(screens.map(JSON.string))]
        case .items(let s):
            return [
                "kind": "items", "screenId": .string(s.screenId), "title": s.title.map(JSON.string) ?? .null,
                "titleView": s.titleView?.json ?? .null, "leftItems": .array(s.leftItems.map(\.json)),
                "rightItems": .array(s.rightItems.map(\.json)),
            ]
        case .tint(let screenId, let bar, let fg, let policy):
            return [
                "kind": "tint", "screenId": .string(screenId), "barTintColor": bar?.json ?? .null, "foreground": fg.json,
                "foregroundPolicy": .string(policy.rawValue),
            ]
        case .title(let screenId, let backTitle):
            return ["kind": "title", "screenId": .string(screenId), "backTitle": backTitle.json]
        case .screen(let screenId):
            return ["kind": "screen", "screenId": .string(screenId)]
        case .config(let fields):
            return ["kind": "config", "fields": .array(fields.map(JSON.string))]
        }
    }
}

/// Notification params (PROTOCOL.md section 6), through the notifications' own types.
public enum Notifications {
    public static func didChange(sessionId: String, version: Int, changes: [Change]) -> JSON {
        DidChange.Params(sessionId: sessionId, version: version, changes: changes).json ?? .null
    }
    public static func didClose(sessionId: String) -> JSON { DidClose.Params(sessionId: sessionId).json ?? .null }
    public static func resync(sessionId: String, version: Int) -> JSON {
        Resync.Params(sessionId: sessionId, version: version).json ?? .null
    }
    public static func diagnostics(sessionId: String, version: Int, diagnostics: [Diagnostic]) -> JSON {
        SessionDiagnostics.Params(sessionId: sessionId, version: version, diagnostics: diagnostics).json ?? .null
    }
}

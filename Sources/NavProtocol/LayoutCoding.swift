import JSONCore
import NavModel

// JSON for the bar layout and hit-test results (bar/layout, bar/hitTest, bar/hitRegions, bar/tap).

extension HitTarget {
    /// `{kind, screenId?, itemId?}`.
    public var json: JSON {
        var o: JSONObject = ["kind": .string(kind.rawValue)]
        if let screenId { o["screenId"] = .string(screenId) }
        if let itemId { o["itemId"] = .string(itemId) }
        return .object(o)
    }
}

extension HitAction {
    /// `{kind:"pop", to}`, `{kind:"customBack"}`, `{kind:"itemAction", itemId}` or `{kind:"none"}`.
    public var json: JSON {
        switch self {
        case .pop(let to): return ["kind": "pop", "to": .string(to)]
        case .customBack: return ["kind": "customBack"]
        case .itemAction(let id): return ["kind": "itemAction", "itemId": .string(id)]
        case .none: return ["kind": "none"]
        }
    }
}

extension BarHitResult {
    /// PROTOCOL.md `HitResult`, plus `reason` (why nothing happens), `hitView` (the view UIKit's hitTest
    /// returned) and `slopPoint` (where the touch slop moved the point); `trace` only when asked.
    public func json(trace includeTrace: Bool) -> JSON {
        var o: JSONObject = ["target": target.json, "action": action.json]
        if let reason { o["reason"] = .string(reason.rawValue) }
        if let hitView { o["hitView"] = .string(hitView) }
        if let slopPoint { o["slopPoint"] = slopPoint.json }
        if includeTrace { o["trace"] = .array(trace.map(\.json)) }
        return .object(o)
    }
}

extension HitRegion {
    /// `{target, action, frame}` plus `reason`, `hitView` and `viaSlop` when they apply.
    public var json: JSON {
        var o: JSONObject = ["target": target.json, "action": action.json, "frame": frame.json]
        if let reason { o["reason"] = .string(reason.rawValue) }
        if let hitView { o["hitView"] = .string(hitView) }
        if viaSlop { o["viaSlop"] = true }
        return .object(o)
    }
}

extension LayoutElement {
    /// `{kind, id?, frame, visibleFrame}` plus `side` and `text`.
    public var json: JSON {
        var o: JSONObject = ["kind": .string(kind.rawValue)]
        if let id { o["id"] = .string(id) }
        o["frame"] = frame.json
        o["visibleFrame"] = visibleFrame.json
        o["side"] = .string(side.rawValue)
        if let text { o["text"] = .string(text) }
        return .object(o)
    }
}

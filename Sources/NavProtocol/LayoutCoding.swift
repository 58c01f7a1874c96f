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

// The same JSON written straight to bytes, for `bar/hitTest`, which answers every request at a new point:
// each `write(to:)` appends exactly what `json.serializedBytes()` would, without building the values first.

extension BarHitTest.Result {
    /// The bytes of `json.serializedBytes()`. A trace, which only people ask for, goes through `json`.
    public func serializedBytes() -> [UInt8] {
        guard !includeTrace else { return json.serializedBytes() }
        var out: [UInt8] = []
        out.reserveCapacity(192)
        JSONBytes.raw(#"{"target":"#, to: &out)
        hit.target.write(to: &out)
        JSONBytes.member("action", to: &out)
        hit.action.write(to: &out)
        if let reason = hit.reason {
            JSONBytes.member("reason", to: &out)
            JSONBytes.string(reason.rawValue, to: &out)
        }
        if let hitView = hit.hitView {
            JSONBytes.member("hitView", to: &out)
            JSONBytes.string(hitView, to: &out)
        }
        if let slopPoint = hit.slopPoint {
            JSONBytes.member("slopPoint", to: &out)
            slopPoint.write(to: &out)
        }
        if let bar {
            JSONBytes.member("bar", to: &out)
            bar.write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}

extension HitTarget {
    func write(to out: inout [UInt8]) {
        JSONBytes.raw(#"{"kind":"#, to: &out)
        JSONBytes.string(kind.rawValue, to: &out)
        if let screenId {
            JSONBytes.member("screenId", to: &out)
            JSONBytes.string(screenId, to: &out)
        }
        if let itemId {
            JSONBytes.member("itemId", to: &out)
            JSONBytes.string(itemId, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension HitAction {
    func write(to out: inout [UInt8]) {
        switch self {
        case .pop(let to):
            JSONBytes.raw(#"{"kind":"pop","to":"#, to: &out)
            JSONBytes.string(to, to: &out)
        case .customBack: JSONBytes.raw(#"{"kind":"customBack""#, to: &out)
        case .itemAction(let id):
            JSONBytes.raw(#"{"kind":"itemAction","itemId":"#, to: &out)
            JSONBytes.string(id, to: &out)
        case .none: JSONBytes.raw(#"{"kind":"none""#, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension Point {
    func write(to out: inout [UInt8]) {
        JSONBytes.raw(#"{"x":"#, to: &out)
        JSONBytes.number(x, to: &out)
        JSONBytes.member("y", to: &out)
        JSONBytes.number(y, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}

extension Rect {
    func write(to out: inout [UInt8]) {
        JSONBytes.raw(#"{"x":"#, to: &out)
        JSONBytes.number(x, to: &out)
        JSONBytes.member("y", to: &out)
        JSONBytes.number(y, to: &out)
        JSONBytes.member("width", to: &out)
        JSONBytes.number(width, to: &out)
        JSONBytes.member("height", to: &out)
        JSONBytes.number(height, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}

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
        out.append(contentsOf: #"{"target":"#.utf8)
        hit.target.write(to: &out)
        out.append(contentsOf: #","action":"#.utf8)
        hit.action.write(to: &out)
        if let reason = hit.reason { writeMember("reason", .string(reason.rawValue), to: &out) }
        if let hitView = hit.hitView { writeMember("hitView", .string(hitView), to: &out) }
        if let slopPoint = hit.slopPoint {
            out.append(contentsOf: #","slopPoint":"#.utf8)
            slopPoint.write(to: &out)
        }
        if let bar {
            out.append(contentsOf: #","bar":"#.utf8)
            bar.write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}

extension HitTarget {
    func write(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"kind":"#.utf8)
        JSON.string(kind.rawValue).write(to: &out)
        if let screenId { writeMember("screenId", .string(screenId), to: &out) }
        if let itemId { writeMember("itemId", .string(itemId), to: &out) }
        out.append(UInt8(ascii: "}"))
    }
}

extension HitAction {
    func write(to out: inout [UInt8]) {
        switch self {
        case .pop(let to):
            out.append(contentsOf: #"{"kind":"pop""#.utf8)
            writeMember("to", .string(to), to: &out)
        case .customBack: out.append(contentsOf: #"{"kind":"customBack""#.utf8)
        case .itemAction(let id):
            out.append(contentsOf: #"{"kind":"itemAction""#.utf8)
            writeMember("itemId", .string(id), to: &out)
        case .none: out.append(contentsOf: #"{"kind":"none""#.utf8)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension Point {
    func write(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"x":"#.utf8)
        JSON.number(x).write(to: &out)
        writeMember("y", .number(y), to: &out)
        out.append(UInt8(ascii: "}"))
    }
}

extension Rect {
    func write(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"x":"#.utf8)
        JSON.number(x).write(to: &out)
        writeMember("y", .number(y), to: &out)
        writeMember("width", .number(width), to: &out)
        writeMember("height", .number(height), to: &out)
        out.append(UInt8(ascii: "}"))
    }
}

/// `,"key":value`; `key` needs no escaping.
private func writeMember(_ key: StaticString, _ value: JSON, to out: inout [UInt8]) {
    out.append(UInt8(ascii: ","))
    out.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { out.append(contentsOf: $0) }
    out.append(contentsOf: #"":"#.utf8)
    value.write(to: &out)
}

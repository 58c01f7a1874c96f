import JSONCore
import NavModel

// JSON for the bar layout and hit-test results (bar/layout, bar/hitTest, bar/hitRegions, bar/tap).

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
    /// `bar/hitTest`'s result without `bar` (BarHitTest.Result declares the members); `trace` only when asked.
    public func json(trace includeTrace: Bool) -> JSON { BarHitTest.Result(self, includeTrace: includeTrace).wireJSON }
}

// The same JSON written straight to bytes, for `bar/hitTest`, which answers every request at a new point:
// each `write(to:)` appends exactly what `json.serializedBytes()` would, without building the values first.
// Building the values and writing them through `JSON.write(to:)` instead costs about 19,300 more instructions
// a request (43,100 to 62,500, `scripts/request_instructions.py`, callgrind); BarMethodsTests checks these
// bytes against the declared encoding's.

extension BarHitTest.Result {
    /// The bytes of `json.serializedBytes()`. A trace, which only people ask for, goes through `json`.
    public func serializedBytes() -> [UInt8] {
        serializedBytes(barMember: nil)
    }

    /// The bytes `serializedBytes()` writes for the `bar` member of a bar with this frame (`,"bar":{…}`): the
    /// same for every point of one bar, so a caller that answers many points writes them once.
    public static func barMember(_ frame: Rect) -> [UInt8] {
        JSONBytes.make(capacity: 128) { out in
            out.member("bar")
            frame.write(to: &out)
        }
    }

    /// `serializedBytes()`, with the `bar` member as `barMember(_:)` wrote it for this result's `bar`.
    public func serializedBytes(barMember: [UInt8]?) -> [UInt8] {
        guard !includeTrace else { return json.serializedBytes() }
        // An answer without a trace is about 200 bytes; a longer one moves on to more room.
        return JSONBytes.make(capacity: 512) { out in
            out.raw(#"{"target":"#)
            hit.target.write(to: &out)
            out.member("action")
            hit.action.write(to: &out)
            if let reason = hit.reason {
                out.member("reason")
                out.raw(reason.quoted)
            }
            if let hitView = hit.hitView {
                out.member("hitView")
                out.string(hitView)
            }
            if let slopPoint = hit.slopPoint {
                out.member("slopPoint")
                slopPoint.write(to: &out)
            }
            if let barMember {
                out.bytes(barMember)
            } else if let bar {
                out.member("bar")
                bar.write(to: &out)
            }
            out.byte(UInt8(ascii: "}"))
        }
    }
}

extension HitTarget {
    func write(to out: inout JSONSink) {
        out.raw(#"{"kind":"#)
        out.raw(kind.quoted)
        if let screenId {
            out.member("screenId")
            out.string(screenId)
        }
        if let itemId {
            out.member("itemId")
            out.string(itemId)
        }
        out.byte(UInt8(ascii: "}"))
    }
}

extension HitAction {
    func write(to out: inout JSONSink) {
        switch self {
        case .pop(let to):
            out.raw(#"{"kind":"pop","to":"#)
            out.string(to)
        case .customBack: out.raw(#"{"kind":"customBack""#)
        case .itemAction(let id):
            out.raw(#"{"kind":"itemAction","itemId":"#)
            out.string(id)
        case .none: out.raw(#"{"kind":"none""#)
        }
        out.byte(UInt8(ascii: "}"))
    }
}

extension Point {
    func write(to out: inout JSONSink) {
        out.raw(#"{"x":"#)
        out.number(x)
        out.member("y")
        out.number(y)
        out.byte(UInt8(ascii: "}"))
    }
}

extension Rect {
    func write(to out: inout JSONSink) {
        out.raw(#"{"x":"#)
        out.number(x)
        out.member("y")
        out.number(y)
        out.member("width")
        out.number(width)
        out.member("height")
        out.number(height)
        out.byte(UInt8(ascii: "}"))
    }
}

// The names of the answer's fixed values as JSON strings, written as they are rather than built and escaped
// for every answer. A test checks each against its raw value.

extension HitTarget.Kind {
    /// The raw value as a JSON string.
    public var quoted: StaticString {
        switch self {
        case .backButton: #""backButton""#
        case .barItem: #""barItem""#
        case .titleView: #""titleView""#
        case .title: #""title""#
        case .bar: #""bar""#
        case .content: #""content""#
        case .none: #""none""#
        case .searchField: #""searchField""#
        }
    }
}

extension HitReason {
    /// The raw value as a JSON string.
    public var quoted: StaticString {
        switch self {
        case .deadZone: #""deadZone""#
        case .swallowed: #""swallowed""#
        case .disabled: #""disabled""#
        case .inert: #""inert""#
        case .backActionNone: #""backActionNone""#
        case .outsideBar: #""outsideBar""#
        case .belowBar: #""belowBar""#
        case .hiddenBar: #""hiddenBar""#
        case .search: #""search""#
        }
    }
}

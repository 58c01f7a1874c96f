import JSONCore
import NavModel

// JSON -> the model values results carry whose JSON is written by hand (the inverse of LayoutCoding, ChangeCoding
// and ResultCoding+Title), so a client reads a reply into the same types the daemon wrote it from. The values
// declared as wire objects (WireModel.swift) read themselves.

extension HitAction {
    public static func decode(_ r: ParamReader) throws(RPCError) -> HitAction {
        switch try r.string("kind") {
        case "pop": return .pop(to: try r.string("to"))
        case "customBack": return .customBack
        case "itemAction": return .itemAction(try r.string("itemId"))
        case "none": return .none
        case let other:
            throw .invalidParams(
                path: r.path("kind"), expected: "one of \"pop\", \"customBack\", \"itemAction\", \"none\"",
                message: "'\(r.path("kind"))' is not an action kind: \"\(other)\"")
        }
    }
}

extension BarHitResult {
    public static func decode(_ r: ParamReader) throws(RPCError) -> BarHitResult { try BarHitTest.Result(wire: r).hit }
}

extension TintResult {
    public static func decode(_ r: ParamReader) throws(RPCError) -> TintResult {
        let contrast = try r.object("contrast")
        return TintResult(
            background: try r.color("background"), foreground: try r.color("foreground"),
            method: try r.enumeration("method", Policies.TintMethod.self), luminance: try r.double("luminance"),
            contrastBlack: try contrast.double("black"), contrastWhite: try contrast.double("white"),
            source: try r.enumeration("source", Source.self), declared: try r.optionalColor("declared"),
            // The extensions default to what a daemon without them answered: the automatic foreground.
            foregroundPolicy: try r.optionalEnum("foregroundPolicy", Policies.ForegroundPolicy.self) ?? .automatic,
            automaticForeground: try r.optionalColor("automaticForeground"), titleColor: try r.optionalColor("titleColor"))
    }
}

extension Change {
    public static func decode(_ r: ParamReader) throws(RPCError) -> Change {
        switch try r.string("kind") {
        case "stack":
            return .stack(op: try r.enumeration("op", StackOp.self), screens: try r.strings("screens"))
        case "items":
            let screenId = try r.string("screenId")
            func items(_ key: String, _ side: String) throws(RPCError) -> [BarItem] {
                guard let v = r.value(key) else { return [] }
                return try BarItem.decodeList(v, path: r.path(key), side: side)
            }
            return .items(
                ItemsState(
                    screenId: screenId, title: try r.optionalString("title"), titleView: try r.optionalSize("titleView"),
                    leftItems: try items("leftItems", "left"), rightItems: try items("rightItems", "right")))
        case "tint":
            return .tint(
                screenId: try r.string("screenId"), barTintColor: try r.optionalColor("barTintColor"),
                foreground: try r.color("foreground"),
                foregroundPolicy: try r.optionalEnum("foregroundPolicy", Policies.ForegroundPolicy.self) ?? .automatic)
        case "title":
            return .title(screenId: try r.string("screenId"), backTitle: try BackTitle.decode(try r.object("backTitle")))
        case "screen":
            return .screen(screenId: try r.string("screenId"))
        case "config":
            return .config(fields: try r.strings("fields"))
        case let other:
            throw .invalidParams(
                path: r.path("kind"), expected: "one of \"stack\", \"items\", \"tint\", \"title\", \"screen\", \"config\"",
                message: "'\(r.path("kind"))' is not a change kind: \"\(other)\"")
        }
    }
}

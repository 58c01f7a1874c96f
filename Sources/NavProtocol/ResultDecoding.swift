import JSONCore
import NavModel

// JSON -> the model values results carry, the inverse of LayoutCoding, ViewCoding, ChangeCoding and
// ResultCoding+Title, so a client reads a reply into the same types the daemon wrote it from.

extension HitTarget {
    public static func decode(_ r: ParamReader) throws(RPCError) -> HitTarget {
        HitTarget(
            kind: try r.enumeration("kind", Kind.self), screenId: try r.optionalString("screenId"), itemId: try r.optionalString("itemId"))
    }
}

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

extension TraceStep {
    public static func decode(_ r: ParamReader) throws(RPCError) -> TraceStep {
        TraceStep(
            view: try r.string("view"), frame: try r.rect("frame"), verdict: try r.enumeration("verdict", Verdict.self),
            path: try r.ints("path"), note: try r.optionalString("note"), className: try r.optionalString("class"))
    }
}

extension BarHitResult {
    public static func decode(_ r: ParamReader) throws(RPCError) -> BarHitResult {
        BarHitResult(
            target: try HitTarget.decode(try r.object("target")), action: try HitAction.decode(try r.object("action")),
            trace: r.has("trace") ? try r.objects("trace", TraceStep.decode) : [],
            reason: try r.optionalEnum("reason", HitReason.self), hitView: try r.optionalString("hitView"),
            slopPoint: try r.optionalPoint("slopPoint"))
    }
}

extension HitRegion {
    public static func decode(_ r: ParamReader) throws(RPCError) -> HitRegion {
        HitRegion(
            target: try HitTarget.decode(try r.object("target")), action: try HitAction.decode(try r.object("action")),
            frame: try r.rect("frame"), reason: try r.optionalEnum("reason", HitReason.self), hitView: try r.optionalString("hitView"),
            viaSlop: try r.optionalBool("viaSlop") ?? false)
    }
}

extension LayoutElement {
    public static func decode(_ r: ParamReader) throws(RPCError) -> LayoutElement {
        LayoutElement(
            kind: try r.enumeration("kind", Kind.self), id: try r.optionalString("id"), side: try r.enumeration("side", Side.self),
            frame: try r.rect("frame"), visibleFrame: try r.rect("visibleFrame"), text: try r.optionalString("text"))
    }
}

extension PreviousTitle {
    public static func decode(_ r: ParamReader) throws(RPCError) -> PreviousTitle {
        PreviousTitle(
            title: try r.nullableString("title"), previousScreenId: try r.nullableString("previousScreenId"),
            reason: try r.string("reason"))
    }
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

extension Diagnostic {
    public static func decode(_ r: ParamReader) throws(RPCError) -> Diagnostic {
        Diagnostic(
            code: try r.string("code"), severity: try r.enumeration("severity", Severity.self), message: try r.string("message"),
            screenId: try r.optionalString("screenId"), itemId: try r.optionalString("itemId"), rect: try r.optionalRect("rect"))
    }
}

extension PopGesture.Verdict {
    public static func decode(_ r: ParamReader) throws(RPCError) -> PopGesture.Verdict {
        PopGesture.Verdict(
            begins: try r.bool("begins"), reason: try r.string("reason"), rule: try r.string("rule"),
            recognizer: try r.enumeration("recognizer", PopGesture.Recognizer.self))
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

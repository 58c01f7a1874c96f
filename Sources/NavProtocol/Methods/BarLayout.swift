import JSONCore
import NavModel

/// `bar/layout`: `{sessionId}` → `{bar: Rect, elements:[{kind, id?, frame, visibleFrame, side, text?}]}` for
/// the top screen, plus `screenId`, `profile`, `hidden`, `columns` (era L) and `slop` when on.
public enum BarLayout: RPCMethod {
    public static let name = "bar/layout"
    public typealias Params = SessionIdParams

    public struct Result: RPCResult {
        public var layout: LaidOutBar
        public init(_ layout: LaidOutBar) { self.layout = layout }
        public var json: JSON {
            var o: JSONObject = [
                "bar": layout.barFrame.json,
                "elements": .array(layout.elements.map(\.json)),
                "screenId": .string(layout.screenId),
                "profile": .string(layout.profile.rawValue),
                "hidden": .bool(layout.hidden),
            ]
            if !layout.columns.isEmpty {
                o["columns"] = .array(
                    layout.columns.map { c in
                        ["frame": c.frame.json, "target": .string(BarHitTesting.describe(c.role))]
                    })
            }
            if let slop = layout.slop { o["slop"] = ["above": .number(slop.above), "below": .number(slop.below)] }
            return .object(o)
        }
    }
}

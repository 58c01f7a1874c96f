import JSONCore
import NavModel

/// `bar/layout`: `{sessionId}` → `{bar: Rect, elements:[{kind, id?, frame, visibleFrame, side, text?}]}` for
/// the top screen, plus `screenId`, `profile`, `hidden`, `columns` (era L) and `slop` when on.
public enum BarLayout: RPCMethod {
    public static let name = "bar/layout"
    public static let summary = "The elements of the top screen's bar: their touch frames, drawn frames and sides."
    public static let errors = [ErrorCode.notAllowed]
    public typealias Params = SessionIdParams

    /// An x-column the era-L bar assigns touches by (HT-10).
    public struct Column: Sendable, Hashable {
        public var frame: Rect
        /// What the column's touches reach, e.g. `"backButton"`, `"item:save"`.
        public var target: String
        public init(frame: Rect, target: String) {
            self.frame = frame
            self.target = target
        }
    }

    /// The layout as the wire carries it.
    public struct Result: RPCResult {
        public var bar: Rect
        public var elements: [LayoutElement]
        public var screenId: String
        public var profile: Profile
        public var hidden: Bool
        public var columns: [Column]
        public var slop: TouchSlop?
        /// The font file that measured the bar's text; nil: the calibrated tables.
        public var metrics: MeasuredWith?

        public init(
            bar: Rect, elements: [LayoutElement], screenId: String, profile: Profile, hidden: Bool, columns: [Column] = [],
            slop: TouchSlop? = nil, metrics: MeasuredWith? = nil
        ) {
            self.bar = bar
            self.elements = elements
            self.screenId = screenId
            self.profile = profile
            self.hidden = hidden
            self.columns = columns
            self.slop = slop
            self.metrics = metrics
        }

        public init(_ layout: LaidOutBar) {
            self.init(
                bar: layout.barFrame, elements: layout.elements, screenId: layout.screenId, profile: layout.profile,
                hidden: layout.hidden,
                columns: layout.columns.map { Column(frame: $0.frame, target: BarHitTesting.describe($0.role)) },
                slop: layout.slop, metrics: layout.textFont.map(MeasuredWith.init))
        }

        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            bar = try r.rect("bar")
            elements = try r.objects("elements", LayoutElement.decode)
            screenId = try r.string("screenId")
            profile = try r.enumeration("profile", Profile.self)
            hidden = try r.bool("hidden")
            columns =
                r.has("columns")
                ? try r.objects("columns") { (c: ParamReader) throws(RPCError) -> Column in
                    Column(frame: try c.rect("frame"), target: try c.string("target"))
                } : []
            slop = try r.optionalObject("slop").map { (s: ParamReader) throws(RPCError) -> TouchSlop in
                TouchSlop(above: try s.double("above"), below: try s.double("below"))
            }
            metrics = try r.optionalObject("metrics").map(MeasuredWith.decode)
        }

        public var json: JSON {
            var o: JSONObject = [
                "bar": bar.json,
                "elements": .array(elements.map(\.json)),
                "screenId": .string(screenId),
                "profile": .string(profile.rawValue),
                "hidden": .bool(hidden),
            ]
            if !columns.isEmpty {
                o["columns"] = .array(columns.map { c in ["frame": c.frame.json, "target": .string(c.target)] })
            }
            if let slop { o["slop"] = ["above": .number(slop.above), "below": .number(slop.below)] }
            if let metrics { o["metrics"] = metrics.json }
            return .object(o)
        }

        public static var schema: Schema {
            .object(
                [
                    .required("bar", .ref(Rect.self), "the bar's frame"),
                    .required("elements", .array(.ref(LayoutElement.self)), "leading to trailing"),
                    .required("screenId", .string), .required("profile", .enumeration(Profile.self)),
                    .required("hidden", .boolean),
                    .optional(
                        "columns",
                        .array(.object([.required("frame", .ref(Rect.self)), .required("target", .string)], closed: true)),
                        "ios10 only: the x-columns the bar assigns touches by (HT-10)"),
                    .optional(
                        "slop", .object([.required("above", .number), .required("below", .number)], closed: true),
                        "when the touch slop is on"),
                    .optional(
                        "metrics", .ref(MeasuredWith.self),
                        "the font file that measured the bar's text; absent: the calibrated tables (textMetrics)"),
                ], closed: true)
        }
    }
}

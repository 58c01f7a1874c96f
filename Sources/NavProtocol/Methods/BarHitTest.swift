import JSONCore
import NavModel

/// `bar/hitTest`: `{sessionId, point, trace?}` → HitResult for a window point on the top screen's bar.
public enum BarHitTest: RPCMethod {
    public static let name = "bar/hitTest"
    public static let summary = "Who receives a tap at a window point on the top screen's bar, and what it does."
    public static let errors = [ErrorCode.notAllowed]

    public struct Params: SessionParams, WireObject {
        public var sessionId = ""
        /// Window coordinates.
        public var point = Point(x: 0, y: 0)
        public var trace = false
        public init() {}
        public init(sessionId: String, point: Point, trace: Bool = false) {
            self.sessionId = sessionId
            self.point = point
            self.trace = trace
        }
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .required("point", \.point, "window coordinates"),
            .defaulted("trace", \.trace, false, "default false: also return every step"),
        ]
    }

    /// PROTOCOL.md `HitResult` and the bar's frame: the members of `BarHitResult` (the `HitResult` of `bar/tap`,
    /// without `bar`), plus `reason` (why nothing happens), `hitView` (the view UIKit's hitTest returned) and
    /// `slopPoint` (where the touch slop moved the point); `trace` only when asked.
    public struct Result: RPCResult, WireObject {
        public var hit: BarHitResult
        public var includeTrace: Bool
        /// The bar's frame (window), so a reader can say where the point lies relative to it (extension `bar`).
        public var bar: Rect?
        // No initial values: the daemon makes one of these for every bar/hitTest, and would build them first.
        public init() { self.init(BarHitResult(target: HitTarget(), action: .none), includeTrace: false) }
        public init(_ hit: BarHitResult, includeTrace: Bool, bar: Rect? = nil) {
            self.hit = hit
            self.includeTrace = includeTrace
            self.bar = bar
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("target", \.hit.target), .required("action", \.hit.action), .optional("reason", \.hit.reason, "why nothing happens"),
            .optional("hitView", \.hit.hitView, "the id of the view UIKit's hitTest returned"),
            .optional("slopPoint", \.hit.slopPoint, "where the touch slop moved the point (HT-9)"),
            WireField(
                "trace",
                read: { (r: ParamReader, result: inout Result) throws(RPCError) in
                    result.includeTrace = r.has("trace")
                    result.hit.trace = try [TraceStep].wireRead(r, "trace") ?? []
                }, write: { result, o in if result.includeTrace { o["trace"] = result.hit.trace.wireJSON } },
                property: { .optional("trace", .array(.ref(TraceStep.self)), "only when asked") }),
            .optional("bar", \.bar, "the bar's frame"),
        ]
    }
}

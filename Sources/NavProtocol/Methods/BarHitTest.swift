import JSONCore
import NavModel

/// `bar/hitTest`: `{sessionId, point, trace?}` → HitResult for a window point on the top screen's bar.
public enum BarHitTest: RPCMethod {
    public static let name = "bar/hitTest"
    public static let summary = "Who receives a tap at a window point on the top screen's bar, and what it does."
    public static let errors = [ErrorCode.notAllowed]

    public struct Params: SessionParams {
        public var sessionId: String
        /// Window coordinates.
        public var point: Point
        public var trace: Bool
        public init(sessionId: String, point: Point, trace: Bool = false) {
            self.sessionId = sessionId
            self.point = point
            self.trace = trace
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            point = try r.point("point")
            trace = try r.optionalBool("trace") ?? false
        }
        public var json: JSON? {
            var o: JSONObject = ["sessionId": .string(sessionId), "point": point.json]
            if trace { o["trace"] = true }
            return .object(o)
        }
        public static var schema: Schema {
            .object([
                .required("sessionId", .string), .required("point", .ref(Point.self), "window coordinates"),
                .optional("trace", .boolean, "default false: also return every step"),
            ])
        }
    }

    public struct Result: RPCResult {
        public var hit: BarHitResult
        public var includeTrace: Bool
        /// The bar's frame (window), so a reader can say where the point lies relative to it (extension `bar`).
        public var bar: Rect?
        public init(_ hit: BarHitResult, includeTrace: Bool, bar: Rect? = nil) {
            self.hit = hit
            self.includeTrace = includeTrace
            self.bar = bar
        }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            hit = try BarHitResult.decode(r)
            includeTrace = r.has("trace")
            bar = try r.optionalRect("bar")
        }
        public var json: JSON {
            var o = hit.json(trace: includeTrace)
            if let bar { o["bar"] = bar.json }
            return o
        }
        public static var schema: Schema {
            .object(BarHitResult.properties + [.optional("bar", .ref(Rect.self), "the bar's frame")], closed: true)
        }
    }
}

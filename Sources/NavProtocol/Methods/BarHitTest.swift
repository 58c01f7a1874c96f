import JSONCore
import NavModel

/// `bar/hitTest`: `{sessionId, point, trace?}` → HitResult for a window point on the top screen's bar.
public enum BarHitTest: RPCMethod {
    public static let name = "bar/hitTest"

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
        public var json: JSON {
            var o = hit.json(trace: includeTrace)
            if let bar { o["bar"] = bar.json }
            return o
        }
    }
}

import JSONCore
import NavModel

/// `gesture/popTest`: whether a swipe starting at a window point begins the interactive pop of the top screen.
///
/// Params `{sessionId, start: Point}`. Result `{begins, reason, rule, recognizer}`: PROTOCOL.md's two fields plus
/// the SEMANTICS rule that settled the answer and the recognizer in charge.
public enum GesturePopTest: RPCMethod {
    public static let name = "gesture/popTest"
    public static let summary = "Whether a swipe starting at a window point begins the interactive pop of the top screen."

    public struct Params: SessionParams {
        public var sessionId: String
        /// Window coordinates.
        public var start: Point

        public init(sessionId: String, start: Point) {
            self.sessionId = sessionId
            self.start = start
        }

        public init(from r: ParamReader) throws(RPCError) {
            self.sessionId = try r.string("sessionId")
            self.start = try r.point("start")
        }

        public var json: JSON? { ["sessionId": .string(sessionId), "start": start.json] }
        public static var schema: Schema {
            .object([.required("sessionId", .string), .required("start", .ref(Point.self), "window coordinates")])
        }
    }

    public struct Result: RPCResult {
        public var verdict: PopGesture.Verdict
        public init(_ verdict: PopGesture.Verdict) { self.verdict = verdict }
        public init(json: JSON) throws(RPCError) { verdict = try PopGesture.Verdict.decode(try ParamReader.result(json)) }
        public var json: JSON {
            [
                "begins": .bool(verdict.begins), "reason": .string(verdict.reason), "rule": .string(verdict.rule),
                "recognizer": .string(verdict.recognizer.rawValue),
            ]
        }
        public static var schema: Schema {
            .object(
                [
                    .required("begins", .boolean), .required("reason", .string, "a sentence naming the rule"),
                    .required("rule", .string, "the SEMANTICS rule id that settled it, e.g. POP-3"),
                    .required("recognizer", .enumeration(PopGesture.Recognizer.self)),
                ], closed: true)
        }
    }
}

import JSONCore
import NavModel

/// `gesture/popTest`: whether a swipe starting at a window point begins the interactive pop of the top screen.
///
/// Params `{sessionId, start: Point}`. Result `{begins, reason, rule, recognizer}`: PROTOCOL.md's two fields plus
/// the SEMANTICS rule that settled the answer and the recognizer in charge.
public enum GesturePopTest: RPCMethod {
    public static let name = "gesture/popTest"
    public static let summary = "Whether a swipe starting at a window point begins the interactive pop of the top screen."

    public struct Params: SessionParams, WireObject {
        public var sessionId = ""
        /// Window coordinates.
        public var start = Point(x: 0, y: 0)

        public init() {}

        public init(sessionId: String, start: Point) {
            self.sessionId = sessionId
            self.start = start
        }

        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .required("start", \.start, "window coordinates"),
        ]
    }

    public struct Result: RPCResult, WireObject {
        public var verdict = PopGesture.Verdict(begins: false, reason: "", rule: "", recognizer: .none)
        public init() {}
        public init(_ verdict: PopGesture.Verdict) { self.verdict = verdict }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("begins", \.verdict.begins), .required("reason", \.verdict.reason, "a sentence naming the rule"),
            .required("rule", \.verdict.rule, "the SEMANTICS rule id that settled it, e.g. POP-3"),
            .required("recognizer", \.verdict.recognizer),
        ]
    }
}

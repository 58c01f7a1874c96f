import JSONCore
import NavModel

/// `bar/diagnose`: `{sessionId, screenId?}` → `{diagnostics:[Diagnostic]}` for the top (or named) screen's bar.
public enum BarDiagnose: RPCMethod {
    public static let name = "bar/diagnose"

    public struct Params: SessionParams {
        public var sessionId: String
        /// Nil: the top screen.
        public var screenId: String?
        public init(sessionId: String, screenId: String? = nil) {
            self.sessionId = sessionId
            self.screenId = screenId
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            screenId = try r.optionalString("screenId")
        }
    }

    public struct Result: RPCResult {
        public var diagnostics: [Diagnostic]
        public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
        public var json: JSON { ["diagnostics": .array(diagnostics.map(\.json))] }
    }
}

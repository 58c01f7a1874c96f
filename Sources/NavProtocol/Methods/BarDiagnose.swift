import JSONCore
import NavModel

/// `bar/diagnose`: `{sessionId, screenId?}` → `{diagnostics:[Diagnostic]}` for the top (or named) screen's bar.
public enum BarDiagnose: RPCMethod {
    public static let name = "bar/diagnose"
    public static let summary = "The diagnostics of the top (or named) screen's bar, as it looks when that screen is on top."
    public static let errors = [ErrorCode.unknownScreen, ErrorCode.notAllowed]
    public typealias Params = ScreenQueryParams

    public struct Result: RPCResult, WireObject {
        public var diagnostics: [Diagnostic] = []
        public init() {}
        public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("diagnostics", \.diagnostics)]
    }
}

import JSONCore
import NavModel

/// `title/back`: `{sessionId, screenId?}` → BackTitle of that screen (default: the top screen).
public enum TitleBack: RPCMethod {
    public static let name = "title/back"
    public static let summary = "What the back button of a screen (default: the top) says, and why."
    public static let errors = [ErrorCode.unknownScreen]
    public typealias Params = ScreenQueryParams
    public typealias Result = BackTitle
}

/// Params of a query about one screen of a session: `{sessionId, screenId?}` (no screenId: the top).
public struct ScreenQueryParams: SessionParams, WireObject {
    public var sessionId = ""
    /// The screen asked about; nil for the top screen.
    public var screenId: String?
    public init() {}
    public init(sessionId: String, screenId: String? = nil) {
        self.sessionId = sessionId
        self.screenId = screenId
    }
    public static let fields: [WireField<Self>] = [
        .required("sessionId", \.sessionId), .optional("screenId", \.screenId, "default: the top screen"),
    ]
}

extension BackTitle: RPCResult {
    public init(json: JSON) throws(RPCError) {
        let r = try ParamReader.result(json)
        // Every member is required in a result (the decoder for snapshots defaults them).
        for key in ["title", "display", "source", "truncated", "menu"] where !r.has(key) {
            throw .invalidParams(path: key, expected: "a BackTitle member", message: "the result has no '\(key)'")
        }
        self = try BackTitle.decode(r)
    }
}

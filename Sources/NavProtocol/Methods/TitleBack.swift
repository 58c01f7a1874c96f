import JSONCore
import NavModel

/// `title/back`: `{sessionId, screenId?}` → BackTitle of that screen (default: the top screen).
public enum TitleBack: RPCMethod {
    public static let name = "title/back"
    public typealias Params = ScreenQueryParams
    public typealias Result = BackTitle
}

/// Params of a query about one screen of a session: `{sessionId, screenId?}` (no screenId: the top).
public struct ScreenQueryParams: SessionParams {
    public var sessionId: String
    /// The screen asked about; nil for the top screen.
    public var screenId: String?
    public init(from r: ParamReader) throws(RPCError) {
        sessionId = try r.string("sessionId")
        screenId = try r.optionalString("screenId")
    }
}

extension BackTitle: RPCResult {}

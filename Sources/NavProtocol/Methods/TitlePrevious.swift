import JSONCore
import NavModel

/// `title/previous`: `{sessionId, screenId?}` → `{title, previousScreenId, reason}` for that screen
/// (default: the top screen).
public enum TitlePrevious: RPCMethod {
    public static let name = "title/previous"
    public typealias Params = ScreenQueryParams
    public typealias Result = PreviousTitle
}

extension PreviousTitle: RPCResult {}

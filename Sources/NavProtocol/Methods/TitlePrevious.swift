import JSONCore
import NavModel

/// `title/previous`: `{sessionId, screenId?}` → `{title, previousScreenId, reason}` for that screen
/// (default: the top screen).
public enum TitlePrevious: RPCMethod {
    public static let name = "title/previous"
    public static let summary = "The title of the screen below a screen (default: the top), as the bar reads it."
    public static let errors = [ErrorCode.unknownScreen]
    public typealias Params = ScreenQueryParams
    public typealias Result = PreviousTitle
}

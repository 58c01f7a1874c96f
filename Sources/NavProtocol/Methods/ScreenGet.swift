import JSONCore
import NavModel

/// `screen/get`: `{sessionId, screenId?}` → that screen (default: the top), as the session document writes it.
public enum ScreenGet: RPCMethod {
    public static let name = "screen/get"
    public static let summary = "One screen of the stack (default: the top), every member written out, as the session document writes it."
    public static let errors = [ErrorCode.unknownScreen, ErrorCode.notAllowed]
    public typealias Params = ScreenQueryParams

    /// The screen, written as the session document (and `stack/get`) writes it.
    public struct Result: RPCResult, Hashable {
        public var screen: Screen
        public init(_ screen: Screen) { self.screen = screen }
        public init(json: JSON) throws(RPCError) { screen = try Screen.decode(json, path: "") { "" } }
        public var json: JSON { screen.json }
        public static var schema: Schema { Schema.ref(Screen.self).described("every member written out") }
    }
}

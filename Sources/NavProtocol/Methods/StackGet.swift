import JSONCore
import NavModel

/// `stack/get`: `{sessionId}` → `{screens:[Screen], version}`.
public enum StackGet: RPCMethod {
    public static let name = "stack/get"
    public static let summary = "The screens on the stack, root first, every member written out."
    public typealias Params = SessionIdParams

    public struct Result: RPCResult, WireObject, Hashable {
        public var screens: [Screen] = []
        public var version = 0
        public init() {}
        public init(screens: [Screen], version: Int) {
            self.screens = screens
            self.version = version
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("screens", \.screens), .version("version", \.version)]
    }
}

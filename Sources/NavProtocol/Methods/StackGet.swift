import JSONCore
import NavModel

/// `stack/get`: `{sessionId}` → `{screens:[Screen], version}`.
public enum StackGet: RPCMethod {
    public static let name = "stack/get"
    public typealias Params = SessionIdParams
    public struct Result: RPCResult {
        public var screens: [Screen]
        public var version: Int
        public init(screens: [Screen], version: Int) {
            self.screens = screens
            self.version = version
        }
        public var json: JSON { ["screens": .array(screens.map(\.json)), "version": .number(version)] }
    }
}

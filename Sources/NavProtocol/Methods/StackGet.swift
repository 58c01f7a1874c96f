import JSONCore
import NavModel

/// `stack/get`: `{sessionId}` → `{screens:[Screen], version}`.
public enum StackGet: RPCMethod {
    public static let name = "stack/get"
    public static let summary = "The screens on the stack, root first, every member written out."
    public typealias Params = SessionIdParams

    public struct Result: RPCResult, Hashable {
        public var screens: [Screen]
        public var version: Int
        public init(screens: [Screen], version: Int) {
            self.screens = screens
            self.version = version
        }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            let list = try r.array("screens")
            var screens: [Screen] = []
            for (i, s) in list.enumerated() {
                screens.append(try Screen.decode(s, path: "screens[\(i)]") { "" })
            }
            self.screens = screens
            version = try r.int("version")
        }
        public var json: JSON { ["screens": .array(screens.map(\.json)), "version": .number(version)] }
        public static var schema: Schema {
            .object([.required("screens", .array(.ref(Screen.self))), .required("version", .integer(min: 0))], closed: true)
        }
    }
}

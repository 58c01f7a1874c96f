import JSONCore
import NavModel

/// `stack/set`: `{sessionId, screens:[Screen], ifVersion?}` → `{version}`.
public enum StackSet: RPCMethod {
    public static let name = "stack/set"
    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        public var screens: [JSON]
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            screens = try r.array("screens")
            for (i, s) in screens.enumerated() { _ = try Screen.decode(s, path: "screens[\(i)]") { "_" } }
        }
    }
    public typealias Result = VersionResult
}

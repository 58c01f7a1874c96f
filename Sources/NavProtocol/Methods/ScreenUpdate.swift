import JSONCore
import NavModel

/// `screen/update`: `{sessionId, screenId, changes: partial Screen, ifVersion?}` → `{version}`.
public enum ScreenUpdate: RPCMethod {
    public static let name = "screen/update"
    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        public var screenId: String
        public var changes: ParamReader
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            screenId = try r.string("screenId")
            changes = try r.object("changes")
            var probe = Screen(id: screenId)
            try probe.apply(changes)
        }
    }
    public typealias Result = VersionResult
}

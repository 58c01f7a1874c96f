import JSONCore
import NavModel

/// `bar/update`: `{sessionId, screenId?, appearance: partial BarAppearance, ifVersion?}` → `{version}`.
/// Without `screenId` it updates the session-wide bar.
public enum BarUpdate: RPCMethod {
    public static let name = "bar/update"
    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        public var screenId: String?
        public var appearance: ParamReader
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            screenId = try r.optionalString("screenId")
            appearance = try r.object("appearance")
            var probe = BarAppearance()
            try probe.apply(appearance)
        }
    }
    public typealias Result = VersionResult
}

import JSONCore
import NavModel

/// `bar/hitRegions`: `{sessionId}` → `{regions:[{target, action, frame, reason?, hitView?, viaSlop?}]}`:
/// every touchable area of the top screen's bar, top to bottom then left to right.
public enum BarHitRegions: RPCMethod {
    public static let name = "bar/hitRegions"
    public static let summary = "Every touchable area of the top screen's bar, top to bottom then left to right."
    public static let errors = [ErrorCode.notAllowed]
    public typealias Params = SessionIdParams

    public struct Result: RPCResult {
        public var regions: [HitRegion]
        public init(_ regions: [HitRegion]) { self.regions = regions }
        public init(json: JSON) throws(RPCError) { regions = try ParamReader.result(json).objects("regions", HitRegion.decode) }
        public var json: JSON { ["regions": .array(regions.map(\.json))] }
        public static var schema: Schema { .object([.required("regions", .array(.ref(HitRegion.self)))], closed: true) }
    }
}

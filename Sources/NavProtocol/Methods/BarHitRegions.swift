import JSONCore
import NavModel

/// `bar/hitRegions`: `{sessionId}` → `{regions:[{target, action, frame, reason?, hitView?, viaSlop?}]}`:
/// every touchable area of the top screen's bar, top to bottom then left to right.
public enum BarHitRegions: RPCMethod {
    public static let name = "bar/hitRegions"
    public typealias Params = SessionIdParams

    public struct Result: RPCResult {
        public var regions: [HitRegion]
        public init(_ regions: [HitRegion]) { self.regions = regions }
        public var json: JSON { ["regions": .array(regions.map(\.json))] }
    }
}

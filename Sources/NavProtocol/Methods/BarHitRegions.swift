import JSONCore
import NavModel

/// `bar/hitRegions`: `{sessionId}` → `{regions:[{target, action, frame, reason?, hitView?, viaSlop?}]}`:
/// every touchable area of the top screen's bar, top to bottom then left to right.
public enum BarHitRegions: RPCMethod {
    public static let name = "bar/hitRegions"
    public static let summary = "Every touchable area of the top screen's bar, top to bottom then left to right."
    public static let errors = [ErrorCode.notAllowed]
    public typealias Params = SessionIdParams

    public struct Result: RPCResult, WireObject {
        public var regions: [HitRegion] = []
        public init() {}
        public init(_ regions: [HitRegion]) { self.regions = regions }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("regions", \.regions)]
    }
}

import JSONCore
import NavModel

/// `bar/tap`: `{sessionId, point, ifVersion?}` → `{hit, performed, version}`: hit-tests the point and performs
/// the action (a pop changes the stack; customBack and itemAction notify subscribers).
public enum BarTap: RPCMethod {
    public static let name = "bar/tap"
    public static let summary = "Hit-tests a window point on the top screen's bar and performs what the tap does."
    public static let errors = [ErrorCode.notAllowed]

    public struct Params: MutationParams, WireObject {
        public var sessionId = ""
        public var ifVersion: Int?
        /// Window coordinates.
        public var point = Point(x: 0, y: 0)
        public init() {}
        public init(sessionId: String, point: Point, ifVersion: Int? = nil) {
            self.sessionId = sessionId
            self.point = point
            self.ifVersion = ifVersion
        }
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .required("point", \.point, "window coordinates"), .ifVersion(\.ifVersion),
        ]
    }

    public struct Result: RPCResult, WireObject {
        public var hit = BarHitResult(target: HitTarget(kind: .none), action: .none)
        public var performed = false
        public var version = 0
        public init() {}
        public init(hit: BarHitResult, performed: Bool, version: Int) {
            self.hit = hit
            self.performed = performed
            self.version = version
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("hit", \.hit, "without trace"), .required("performed", \.performed), .required("version", \.version),
        ]
    }

    /// `navigation/backRequested` params.
    public static func backRequested(sessionId: String, screenId: String, version: Int) -> JSON {
        BackRequested.Params(sessionId: sessionId, screenId: screenId, version: version).json ?? .null
    }

    /// `navigation/itemTapped` params.
    public static func itemTapped(sessionId: String, screenId: String, itemId: String, version: Int) -> JSON {
        ItemTapped.Params(sessionId: sessionId, screenId: screenId, itemId: itemId, version: version).json ?? .null
    }
}

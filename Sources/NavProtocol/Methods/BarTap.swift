import JSONCore
import NavModel

/// `bar/tap`: `{sessionId, point, ifVersion?}` → `{hit, performed, version}`: hit-tests the point and performs
/// the action (a pop changes the stack; customBack and itemAction notify subscribers).
public enum BarTap: RPCMethod {
    public static let name = "bar/tap"

    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        /// Window coordinates.
        public var point: Point
        public init(sessionId: String, point: Point, ifVersion: Int? = nil) {
            self.sessionId = sessionId
            self.point = point
            self.ifVersion = ifVersion
        }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            point = try r.point("point")
            ifVersion = try r.optionalInt("ifVersion")
        }
    }

    public struct Result: RPCResult {
        public var hit: BarHitResult
        public var performed: Bool
        public var version: Int
        public init(hit: BarHitResult, performed: Bool, version: Int) {
            self.hit = hit
            self.performed = performed
            self.version = version
        }
        public var json: JSON {
            ["hit": hit.json(trace: false), "performed": .bool(performed), "version": .number(version)]
        }
    }

    /// `navigation/backRequested` params.
    public static func backRequested(sessionId: String, screenId: String, version: Int) -> JSON {
        ["sessionId": .string(sessionId), "screenId": .string(screenId), "version": .number(version)]
    }

    /// `navigation/itemTapped` params.
    public static func itemTapped(sessionId: String, screenId: String, itemId: String, version: Int) -> JSON {
        ["sessionId": .string(sessionId), "screenId": .string(screenId), "itemId": .string(itemId), "version": .number(version)]
    }
}

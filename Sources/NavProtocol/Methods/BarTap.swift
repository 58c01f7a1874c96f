import JSONCore
import NavModel

/// `bar/tap`: `{sessionId, point, ifVersion?}` → `{hit, performed, version}`: hit-tests the point and performs
/// the action (a pop changes the stack; customBack and itemAction notify subscribers).
public enum BarTap: RPCMethod {
    public static let name = "bar/tap"
    public static let summary = "Hit-tests a window point on the top screen's bar and performs what the tap does."
    public static let errors = [ErrorCode.notAllowed]

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
        public var json: JSON? {
            var o: JSONObject = ["sessionId": .string(sessionId), "point": point.json]
            if let ifVersion { o["ifVersion"] = .number(ifVersion) }
            return .object(o)
        }
        public static var schema: Schema {
            .object([
                .required("sessionId", .string), .required("point", .ref(Point.self), "window coordinates"),
                .optional("ifVersion", .integer),
            ])
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
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            hit = try BarHitResult.decode(try r.object("hit"))
            performed = try r.bool("performed")
            version = try r.int("version")
        }
        public var json: JSON {
            ["hit": hit.json(trace: false), "performed": .bool(performed), "version": .number(version)]
        }
        public static var schema: Schema {
            .object(
                [
                    .required("hit", .ref(BarHitResult.self), "without trace"), .required("performed", .boolean),
                    .required("version", .integer),
                ], closed: true)
        }
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

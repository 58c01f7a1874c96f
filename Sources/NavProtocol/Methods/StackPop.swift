import JSONCore

/// `stack/pop`: `{sessionId, to?: screenId or "root", ifVersion?}` → `{popped:[screenId], version}`.
public enum StackPop: RPCMethod {
    public static let name = "stack/pop"
    public struct Params: MutationParams {
        public var sessionId: String
        public var ifVersion: Int?
        public var to: String?
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            ifVersion = try r.optionalInt("ifVersion")
            to = try r.optionalString("to")
        }
    }
    public struct Result: RPCResult {
        public var popped: [String]
        public var version: Int
        public init(popped: [String], version: Int) {
            self.popped = popped
            self.version = version
        }
        public var json: JSON { ["popped": .array(popped.map(JSON.string)), "version": .number(version)] }
    }
}

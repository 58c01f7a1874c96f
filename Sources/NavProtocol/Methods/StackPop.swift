import JSONCore

/// `stack/pop`: `{sessionId, to?: screenId or "root", ifVersion?}` → `{popped:[screenId], version}`.
public enum StackPop: RPCMethod {
    public static let name = "stack/pop"
    public static let summary = "Pops the top screen, or every screen above `to` (a screen id or \"root\")."
    public static let errors = [ErrorCode.unknownScreen, ErrorCode.notAllowed]

    public struct Params: MutationParams, WireObject {
        public var sessionId = ""
        public var ifVersion: Int?
        public var to: String?
        public init() {}
        public init(sessionId: String, to: String? = nil, ifVersion: Int? = nil) {
            self.sessionId = sessionId
            self.to = to
            self.ifVersion = ifVersion
        }
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .optional("to", \.to, "a screen id, or \"root\""), .ifVersion(\.ifVersion),
        ]
    }

    public struct Result: RPCResult, WireObject, Hashable {
        public var popped: [String] = []
        public var version = 0
        public init() {}
        public init(popped: [String], version: Int) {
            self.popped = popped
            self.version = version
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("popped", \.popped, "top first"), .version("version", \.version)]
    }
}

import JSONCore
import NavModel

/// `bar/render`: `{sessionId, format?: "svg"}` → `{svg}`: the top screen's bar and every touch area, as SVG.
public enum BarRender: RPCMethod {
    public static let name = "bar/render"
    public static let summary = "The top screen's bar with every touch area drawn over it, as a standalone SVG document."
    public static let errors = [ErrorCode.notAllowed]

    public struct Params: SessionParams, WireObject {
        public var sessionId = ""
        public init() {}
        public init(sessionId: String) { self.sessionId = sessionId }
        public static let fields: [WireField<Self>] = [
            .required("sessionId", \.sessionId), .described("format", "the only format, and the default") { .oneOf(["svg"]) },
        ]
        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
            if let format = try r.optionalString("format"), format != "svg" {
                throw .invalidParams(
                    path: r.path("format"), expected: "\"svg\"",
                    message: "'format' must be \"svg\" (the only format), not \"\(format)\"")
            }
        }
    }

    public struct Result: RPCResult, WireObject {
        public var svg = ""
        public init() {}
        public init(svg: String) { self.svg = svg }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("svg", \.svg)]
    }
}

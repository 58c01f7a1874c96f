import JSONCore
import NavModel

/// `bar/render`: `{sessionId, format?: "svg"}` → `{svg}`: the top screen's bar and every touch area, as SVG.
public enum BarRender: RPCMethod {
    public static let name = "bar/render"
    public static let summary = "The top screen's bar with every touch area drawn over it, as a standalone SVG document."
    public static let errors = [ErrorCode.notAllowed]

    public struct Params: SessionParams {
        public var sessionId: String
        public init(sessionId: String) { self.sessionId = sessionId }
        public init(from r: ParamReader) throws(RPCError) {
            sessionId = try r.string("sessionId")
            if let format = try r.optionalString("format"), format != "svg" {
                throw .invalidParams(
                    path: r.path("format"), expected: "\"svg\"",
                    message: "'format' must be \"svg\" (the only format), not \"\(format)\"")
            }
        }
        public var json: JSON? { ["sessionId": .string(sessionId)] }
        public static var schema: Schema {
            .object([.required("sessionId", .string), .optional("format", .oneOf(["svg"]), "the only format, and the default")])
        }
    }

    public struct Result: RPCResult {
        public var svg: String
        public init(svg: String) { self.svg = svg }
        public init(json: JSON) throws(RPCError) { svg = try ParamReader.result(json).string("svg") }
        public var json: JSON { ["svg": .string(svg)] }
        public static var schema: Schema { .object([.required("svg", .string)], closed: true) }
    }
}

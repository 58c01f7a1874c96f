import JSONCore

/// `rpc.discover`: the OpenRPC document of this protocol (docs/openrpc.json), as the OpenRPC service discovery
/// convention names it.
public enum RPCDiscover: RPCMethod {
    public static let name = "rpc.discover"
    public static let summary = "The OpenRPC 1.3 document of this protocol: every method and notification with its schemas."
    public typealias Params = NoParams

    public struct Result: RPCResult, Hashable {
        public var document: JSON
        public init(document: JSON) { self.document = document }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            _ = try r.string("openrpc")
            _ = try r.array("methods")
            document = json
        }
        public var json: JSON { document }
        public static var schema: Schema {
            Schema.object([
                .required("openrpc", .string), .required("info", .object([])), .required("methods", .array(.object([]))),
                .optional("components", .object([])),
            ]).described("an OpenRPC document (https://spec.open-rpc.org, meta-schema at https://meta.open-rpc.org)")
        }
    }
}

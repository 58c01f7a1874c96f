import JSONCore

/// `initialize`: optional handshake; returns the server's capabilities.
public enum Initialize: RPCMethod {
    public static let name = "initialize"
    public struct Params: RPCParams {
        public var clientInfo: JSON?
        public var capabilities: JSON?
        public init(from r: ParamReader) throws(RPCError) {
            clientInfo = r.value("clientInfo")
            capabilities = r.value("capabilities")
            if let c = clientInfo, c.objectValue == nil { throw .invalidParams(path: "clientInfo", expected: "an object") }
        }
    }
    public typealias Result = JSON
}

/// `shutdown`: the client is done with this connection; replies `null`. Later requests get -32600.
public enum Shutdown: RPCMethod {
    public static let name = "shutdown"
    public typealias Params = NoParams
    public typealias Result = NullResult
}

/// `exit` (notification): closes this connection only.
public enum Exit {
    public static let name = "exit"
}

/// `$/cancelRequest` (notification): `{id}` of a pending request, which then replies -32800.
public enum CancelRequest {
    public static let name = "$/cancelRequest"
}

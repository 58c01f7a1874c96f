/// `session/close` → `null`; subscribers get `session/didClose`.
public enum SessionClose: RPCMethod {
    public static let name = "session/close"
    public typealias Params = SessionIdParams
    public typealias Result = NullResult
}

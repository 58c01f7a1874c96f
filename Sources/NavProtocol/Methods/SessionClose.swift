/// `session/close` → `null`; subscribers get `session/didClose`.
public enum SessionClose: RPCMethod {
    public static let name = "session/close"
    public static let summary = "Closes a session; every subscriber first gets session/didClose."
    public typealias Params = SessionIdParams
    public typealias Result = NullResult
}

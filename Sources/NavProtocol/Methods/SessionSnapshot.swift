import JSONCore

/// `session/snapshot` → `{document}`: the whole model, restorable with `session/restore`.
public enum SessionSnapshot: RPCMethod {
    public static let name = "session/snapshot"
    public typealias Params = SessionIdParams
    public typealias Result = JSON
}

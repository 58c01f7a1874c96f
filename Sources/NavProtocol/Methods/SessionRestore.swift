import JSONCore

/// `session/restore`: `{document, name?}` → `{sessionId, version}` (a new session).
public enum SessionRestore: RPCMethod {
    public static let name = "session/restore"
    public struct Params: RPCParams {
        public var document: JSON
        public var name: String?
        public init(from r: ParamReader) throws(RPCError) {
            guard let d = r.value("document") else { throw r.missing("document", "a document from session/snapshot") }
            document = d
            name = try r.optionalString("name")
        }
    }
    public typealias Result = SessionCreate.Result
}

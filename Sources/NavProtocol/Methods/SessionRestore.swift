import JSONCore

/// `session/restore`: `{document, name?}` → `{sessionId, version}` (a new session).
public enum SessionRestore: RPCMethod {
    public static let name = "session/restore"
    public static let summary = "A new session from a session/snapshot document, at the document's version."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: RPCParams {
        public var document: JSON
        public var name: String?
        public init(document: JSON, name: String? = nil) {
            self.document = document
            self.name = name
        }
        public init(from r: ParamReader) throws(RPCError) {
            guard let d = r.value("document") else { throw r.missing("document", "a document from session/snapshot") }
            document = d
            name = try r.optionalString("name")
        }
        public var json: JSON? {
            var o: JSONObject = ["document": document]
            if let name { o["name"] = .string(name) }
            return .object(o)
        }
        public static var schema: Schema {
            .object([.required("document", .ref(SessionDocumentSchema.self)), .optional("name", .string)])
        }
    }
    public typealias Result = SessionCreate.Result
}

import JSONCore

/// `session/restore`: `{document, name?, origin?}` → `{sessionId, version}` (a new session).
public enum SessionRestore: RPCMethod {
    public static let name = "session/restore"
    public static let summary = "A new session from a session/snapshot document, at the document's version."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: RPCParams {
        public var document: JSON
        public var name: String?
        /// **Extension**: where the session comes from.
        public var origin: SessionOrigin?
        public init(document: JSON, name: String? = nil, origin: SessionOrigin? = nil) {
            self.document = document
            self.name = name
            self.origin = origin
        }
        public init(from r: ParamReader) throws(RPCError) {
            guard let d = r.value("document") else { throw r.missing("document", "a document from session/snapshot") }
            document = d
            name = try r.optionalString("name")
            origin = try SessionOrigin.optional(r)
        }
        public var json: JSON? {
            var o: JSONObject = ["document": document]
            if let name { o["name"] = .string(name) }
            if let origin { o["origin"] = origin.json }
            return .object(o)
        }
        public static var schema: Schema {
            .object([
                .required("document", .ref(SessionDocumentSchema.self)), .optional("name", .string),
                .optional("origin", .ref(SessionOrigin.self), "where the session comes from"),
            ])
        }
    }
    public typealias Result = SessionCreate.Result
}

import JSONCore

/// `session/restore`: `{document, name?, origin?}` → `{sessionId, version}` (a new session).
public enum SessionRestore: RPCMethod {
    public static let name = "session/restore"
    public static let summary = "A new session from a session/snapshot document, at the document's version."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: RPCParams, WireObject {
        public var document: JSON = .null
        public var name: String?
        /// **Extension**: where the session comes from.
        public var origin: SessionOrigin?
        public init() {}
        public init(document: JSON, name: String? = nil, origin: SessionOrigin? = nil) {
            self.document = document
            self.name = name
            self.origin = origin
        }
        public static let fields: [WireField<Self>] = [
            .required("document", \.document, schema: { .ref(SessionDocumentSchema.self) }, expected: "a document from session/snapshot"),
            .optional("name", \.name), .optional("origin", \.origin, "where the session comes from"),
        ]
    }
    public typealias Result = SessionCreate.Result
}

import JSONCore

/// `session/snapshot` → `{document}`: the whole model, restorable with `session/restore`.
public enum SessionSnapshot: RPCMethod {
    public static let name = "session/snapshot"
    public static let summary = "The whole session as one document, restorable by session/restore to an identical model."
    public typealias Params = SessionIdParams

    public struct Result: RPCResult, WireObject, Hashable {
        public var document: JSON = .null
        public init() {}
        public init(document: JSON) { self.document = document }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("document", \.document, schema: { .ref(SessionDocumentSchema.self) }, expected: "a session document")
        ]
    }
}

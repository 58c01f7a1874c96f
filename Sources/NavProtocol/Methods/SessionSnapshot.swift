import JSONCore

/// `session/snapshot` → `{document}`: the whole model, restorable with `session/restore`.
public enum SessionSnapshot: RPCMethod {
    public static let name = "session/snapshot"
    public static let summary = "The whole session as one document, restorable by session/restore to an identical model."
    public typealias Params = SessionIdParams

    public struct Result: RPCResult, Hashable {
        public var document: JSON
        public init(document: JSON) { self.document = document }
        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            guard let d = r.value("document") else { throw .invalidParams(path: "document", expected: "a session document") }
            document = d
        }
        public var json: JSON { ["document": document] }
        public static var schema: Schema { .object([.required("document", .ref(SessionDocumentSchema.self))], closed: true) }
    }
}

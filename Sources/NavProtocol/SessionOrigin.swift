import JSONCore

/// **Extension**: where a session comes from, as its creator says: the workspace, the files and the flow a
/// session was read from (`navctl lsp` gives one per flow of the workspace). Kept with the session, listed by
/// `session/list`, never interpreted by the daemon.
public struct SessionOrigin: Sendable, Hashable, NamedSchema {
    public static let schemaName = "SessionOrigin"
    /// At most this many files are kept: a flow is a few screens, a longer list is not an origin.
    public static let maxFiles = 256

    /// The workspace folder (a path).
    public var workspace: String?
    /// The files the session's screens are declared in, root first, each once.
    public var files: [String]
    /// The flow's name: its screens from the root, joined by " > ".
    public var flow: String?
    /// The program that keeps the session current (`navctl lsp`).
    public var client: String?

    public init(workspace: String? = nil, files: [String] = [], flow: String? = nil, client: String? = nil) {
        self.workspace = workspace
        self.files = files
        self.flow = flow
        self.client = client
    }

    public init(from r: ParamReader) throws(RPCError) {
        workspace = try r.optionalString("workspace")
        flow = try r.optionalString("flow")
        client = try r.optionalString("client")
        files =
            try r.optionalArray("files") { (value: JSON, path: String) throws(RPCError) -> String in
                guard case .string(let s) = value else {
                    throw .invalidParams(path: path, expected: "a string", message: "'\(path)' must be a string, not \(value.typeName)")
                }
                return s
            } ?? []
        guard files.count <= Self.maxFiles else {
            throw .invalidParams(
                path: r.path("files"), expected: "at most \(Self.maxFiles) files",
                message: "'\(r.path("files"))' names \(files.count) files; an origin names at most \(Self.maxFiles)")
        }
    }

    /// The origin in a params object's member `key`, when given.
    public static func optional(_ r: ParamReader, _ key: String = "origin") throws(RPCError) -> SessionOrigin? {
        guard let o = try r.optionalObject(key) else { return nil }
        return try SessionOrigin(from: o)
    }

    public var json: JSON {
        var o: JSONObject = [:]
        if let workspace { o["workspace"] = .string(workspace) }
        if !files.isEmpty { o["files"] = .array(files.map(JSON.string)) }
        if let flow { o["flow"] = .string(flow) }
        if let client { o["client"] = .string(client) }
        return .object(o)
    }

    public static var schema: Schema {
        .object(
            [
                .optional("workspace", .string, "the workspace folder"),
                .optional("files", .array(.string), "the files the screens are declared in, root first"),
                .optional("flow", .string, "the flow: its screens from the root, joined by \" > \""),
                .optional("client", .string, "the program that keeps the session current"),
            ])
    }
}

import JSONCore

/// **Extension**: where a session comes from, as its creator says: the workspace, the files and the flow a
/// session was read from (`navctl lsp` gives one per flow of the workspace). Kept with the session, listed by
/// `session/list`, never interpreted by the daemon.
public struct SessionOrigin: Sendable, Hashable, NamedSchema, WireObject {
    public static let schemaName = "SessionOrigin"
    /// At most this many files are kept: a flow is a few screens, a longer list is not an origin.
    public static let maxFiles = 256

    /// The workspace folder (a path).
    public var workspace: String?
    /// The files the session's screens are declared in, root first, each once.
    public var files: [String] = []
    /// The flow's name: its screens from the root, joined by " > ".
    public var flow: String?
    /// The program that keeps the session current (`navctl lsp`).
    public var client: String?

    public init() {}

    public init(workspace: String? = nil, files: [String] = [], flow: String? = nil, client: String? = nil) {
        self.workspace = workspace
        self.files = files
        self.flow = flow
        self.client = client
    }

    public static let fields: [WireField<SessionOrigin>] = [
        .optional("workspace", \.workspace, "the workspace folder"),
        WireField(
            "files",
            read: { (r: ParamReader, origin: inout SessionOrigin) throws(RPCError) in
                origin.files =
                    try r.optionalArray("files") { (value: JSON, path: String) throws(RPCError) -> String in
                        guard case .string(let s) = value else {
                            throw .invalidParams(
                                path: path, expected: "a string", message: "'\(path)' must be a string, not \(value.typeName)")
                        }
                        return s
                    } ?? []
            }, write: { origin, o in if !origin.files.isEmpty { o["files"] = origin.files.wireJSON } },
            property: { .optional("files", .array(.string), "the files the screens are declared in, root first") }),
        .optional("flow", \.flow, "the flow: its screens from the root, joined by \" > \""),
        .optional("client", \.client, "the program that keeps the session current"),
    ]

    public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
        guard files.count <= Self.maxFiles else {
            throw .invalidParams(
                path: r.path("files"), expected: "at most \(Self.maxFiles) files",
                message: "'\(r.path("files"))' names \(files.count) files; an origin names at most \(Self.maxFiles)")
        }
    }

    public init(from r: ParamReader) throws(RPCError) { try self.init(wire: r) }

    /// The origin in a params object's member `key`, when given.
    public static func optional(_ r: ParamReader, _ key: String = "origin") throws(RPCError) -> SessionOrigin? { try wireRead(r, key) }

    public var json: JSON { wireJSON }
}

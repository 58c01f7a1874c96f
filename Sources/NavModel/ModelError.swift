/// Why the model refused a request. The server maps each case to one protocol error.
public enum ModelError: Error, Sendable, Hashable {
    /// No screen (or item) with that id; `path` names the request field that carried it.
    case unknownScreen(id: String, path: String)
    case unknownItem(id: String, path: String)
    /// Two screens with one id, or a pushed id already on the stack.
    case duplicateScreen(id: String, path: String)
    /// `ifVersion` did not match.
    case versionConflict(current: Int)
    /// A named limit was exceeded.
    case limitExceeded(name: String, limit: Int)
    /// The operation is not allowed in this state (e.g. popping the root screen).
    case notAllowed(String)
}

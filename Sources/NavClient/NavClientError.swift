import JSONCore
import NavProtocol

/// Why a client call failed.
public enum NavClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The socket could not be reached: no file, nobody listening, no permission, bad path.
    case cannotConnect(path: String, reason: String)
    /// The daemon answered with a JSON-RPC error.
    case rpc(RPCError)
    /// The connection is closed (by `close()` or by the daemon); no reply will come.
    case connectionClosed
    /// Nothing arrived in time; the string says what was awaited.
    case timeout(String)
    /// The daemon's reply did not have the expected shape.
    case badReply(String)
    /// A notification arrived where none was expected.
    case unexpectedNotification(method: String, params: JSON?)

    public var description: String {
        switch self {
        case .cannotConnect(let path, let reason): return "cannot connect to \(path): \(reason)"
        case .rpc(let error): return "\(error.message) (code \(error.code))"
        case .connectionClosed: return "the connection to navd is closed"
        case .timeout(let what): return "timed out waiting for \(what)"
        case .badReply(let detail): return "unexpected reply from navd: \(detail)"
        case .unexpectedNotification(let method, let params):
            return "unexpected notification \(method) \(params?.serialized() ?? "")"
        }
    }

    /// The RPC error, when this is one.
    public var rpcError: RPCError? {
        if case .rpc(let e) = self { return e }
        return nil
    }
}

import JSONCore
import NavModel
import NavProtocol

/// All sessions of the daemon.
public final class SessionRegistry: Sendable {
    public init() {}

    func withSession<T: Sendable>(
        _ sessionId: String,
        _ body: @Sendable (inout NavigationModel, inout SessionEffects) throws(RPCError) -> T
    ) async throws -> T {
        throw RPCError.unknownSession(sessionId)
    }
}

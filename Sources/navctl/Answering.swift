import JSONCore
import NavClient
import NavEngine
import NavProtocol

/// What a command asks its questions of: the daemon over its socket, or the engine in process for a document.
/// Both answer a method's params with the result the daemon's reply carries, and fail with the same errors.
protocol Answering: Sendable {
    func request(_ method: String, _ params: JSON?) async throws -> JSON
}

extension NavClient: Answering {}

/// The engine answering for one document's model (`--file`): a JSON-RPC error is thrown as the daemon's
/// reply would make NavClient throw it, so the output and exit status are the same.
struct LocalAnswers: Answering {
    /// The session id the commands name in their requests; the engine holds one model, so it is not looked up.
    static let sessionId = "document"

    let answers: ModelAnswers

    func request(_ method: String, _ params: JSON?) async throws -> JSON {
        do {
            return try answers.answer(method, params)
        } catch {
            throw NavClientError.rpc(error)
        }
    }
}

import JSONCore
import NavClient
import NavEngine
import NavProtocol

/// The engine answering for one document's model (`--file`), through NavClient's typed calls as the daemon
/// answers them: the params as they would be sent, the result decoded from what the daemon would reply, and a
/// JSON-RPC error thrown as the daemon's reply would make NavClient throw it, so the output and exit status are
/// the same.
struct LocalAnswers: NavCalls {
    /// The session id the commands name in their requests; the engine holds one model, so it is not looked up.
    static let sessionId = "document"

    let answers: ModelAnswers

    func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) async throws -> M.Result {
        let reply: JSON
        do {
            reply = try answers.answer(M.name, params.json)
        } catch {
            throw NavClientError.rpc(error)
        }
        return try M.decodeResult(reply)
    }
}

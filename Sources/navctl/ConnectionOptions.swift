import ArgumentParser
import JSONCore
import NavClient

/// The options every command shares: where the daemon is and how to print.
struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The daemon's socket (default: $NAVD_SOCKET, $XDG_RUNTIME_DIR/navd/navd.sock, /tmp/navd-<uid>/navd.sock).",
            valueName: "path"))
    var socket: String?

    @Flag(name: .long, help: "Print the raw JSON result on one line, for scripts.")
    var json = false

    var output: Output { Output(json: json) }

    /// Connects, runs `body`, and closes the connection whatever happens.
    func withClient<T>(_ body: (NavClient) async throws -> T) async throws -> T {
        let client = try await NavClient.connect(socket: socket)
        do {
            let result = try await body(client)
            await client.close()
            return result
        } catch {
            await client.close()
            throw error
        }
    }

    /// A mutation on its own connection, with `ifVersion` when given; prints `sentence (version N)`.
    func mutate(_ method: String, _ params: JSONObject, ifVersion: Int?, _ sentence: String) async throws {
        var all = params
        if let ifVersion { all["ifVersion"] = .number(ifVersion) }
        let result = try await withClient { [all] in try await $0.request(method, .object(all)) }
        output.result(result) { "\(sentence) (version \(result["version"]?.intValue.map(String.init) ?? "?"))" }
    }

    /// One request on its own connection: the raw result.
    func request(_ method: String, _ params: JSON? = nil) async throws -> JSON {
        try await withClient { try await $0.request(method, params) }
    }
}

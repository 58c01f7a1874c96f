import ArgumentParser
import Foundation
import JSONCore
import NavClient
import NavProtocol

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

    @Flag(
        name: .long,
        help: "Start navd on the socket when nothing answers there, wait until it serves, then go on (also NAVCTL_AUTOSTART=1).")
    var start = false

    var output: Output { Output(json: json) }

    /// Whether to start a daemon when none answers: `--start`, or `NAVCTL_AUTOSTART=1`.
    var startsDaemon: Bool { start || ProcessInfo.processInfo.environment["NAVCTL_AUTOSTART"] == "1" }

    /// Connects (starting navd first when asked and nothing answers), runs `body`, and closes the connection
    /// whatever happens.
    func withClient<T>(_ body: (NavClient) async throws -> T) async throws -> T {
        let client = try await connect()
        do {
            let result = try await body(client)
            await client.close()
            return result
        } catch {
            await client.close()
            throw error
        }
    }

    /// A mutation on its own connection, returning the session's new version; prints `sentence (version N)`, or
    /// the `{version}` result with --json.
    func mutate(_ sentence: String, _ body: (NavClient) async throws -> Int) async throws {
        let result = VersionResult(version: try await withClient(body))
        output.result(result.json) { "\(sentence) (version \(result.version))" }
    }

    /// A connection to the daemon; with `--start`, a daemon is started when none answers (as `emacsclient -a ''`).
    func connect() async throws -> NavClient {
        do {
            return try await NavClient.connect(socket: socket)
        } catch NavClientError.cannotConnect(let path, let reason) where startsDaemon && Autostart.startable(reason) {
            try Autostart.launch(socket: path)
            return try await Autostart.waitForDaemon(socket: socket, path: path)
        }
    }
}

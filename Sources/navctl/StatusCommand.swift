import ArgumentParser
import NavClient
import NavProtocol

/// `navctl status`: the daemon's version, pid, uptime and counts.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the daemon's version, pid, uptime, connections and sessions.")

    @OptionGroup var options: ConnectionOptions

    func run() async throws {
        let result = try await options.request("daemon/status")
        let status = try DaemonStatus.decodeResult(result)
        options.output.result(result) { Readable.status(status) }
    }
}

import ArgumentParser
import NavClient
import NavProtocol

/// `navctl status`: the daemon's version, pid, uptime and counts.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the daemon's version, pid, uptime, connections and sessions.")

    @OptionGroup var options: ConnectionOptions

    func run() async throws {
        let status = try await options.withClient { try await $0.status() }
        options.output.result(status.json) { Readable.status(status) }
    }
}

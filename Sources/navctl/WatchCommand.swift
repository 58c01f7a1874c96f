import ArgumentParser
import Foundation
import JSONCore
import NavClient
import NavModel
import NavProtocol

/// `navctl watch SESSION [--topics a,b]`: notifications as JSON lines until interrupted.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Subscribe to a session and print its notifications as JSON lines until Ctrl-C.",
        discussion: "Each line is {\"method\":...,\"params\":...}. Stops with status 0 on Ctrl-C or when the session closes.")

    /// The topics `session/subscribe` takes (PROTOCOL.md's five, and `model`, which carries screen and configuration changes).
    static let topicNames = ["stack", "items", "tint", "title", "diagnostics", "model"]

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String
    @Option(
        help: ArgumentHelp("Comma-separated topics: \(WatchCommand.topicNames.joined(separator: ",")) (default all).", valueName: "a,b"))
    var topics: String?

    var topicList: [String]? {
        topics.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    func validate() throws {
        guard let topicList else { return }
        if topicList.isEmpty { throw ValidationError("--topics needs at least one of \(Self.topicNames.joined(separator: ","))") }
        for topic in topicList where !Self.topicNames.contains(topic) {
            throw ValidationError("unknown topic '\(topic)'; use \(Self.topicNames.joined(separator: ","))")
        }
    }

    /// Why watching stopped.
    enum End: Sendable { case interrupted, sessionClosed, connectionLost }

    func run() async throws {
        let client = try await options.connect()
        let subscription: SessionSubscribe.Result
        do {
            subscription = try await client.subscribe(sessionId, topics: topicList?.compactMap(Topic.init(rawValue:)))
        } catch {
            await client.close()
            throw error
        }
        let output = options.output
        let sessionId = self.sessionId
        // Ctrl-C stops watching cleanly instead of killing the process mid-line. The source is made and resumed
        // only once watching has begun: libdispatch must never release a source that is still suspended.
        signal(SIGINT, SIG_IGN)
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        defer { interrupts.cancel() }
        let watcher = Task { () -> End in
            for await notification in client.notifications {
                output.line(notification.json.serialized())
                if notification.params(of: DidClose.self)?.sessionId == sessionId {
                    return .sessionClosed
                }
            }
            return Task.isCancelled ? .interrupted : .connectionLost
        }
        interrupts.setEventHandler { watcher.cancel() }
        interrupts.resume()
        // Said once Ctrl-C is handled, so an interrupt right after it still stops cleanly.
        if !options.json {
            output.note("watching session '\(sessionId)' from version \(subscription.version); Ctrl-C stops")
        }
        let end = await watcher.value
        await client.close()
        if end == .connectionLost { throw NavClientError.connectionClosed }
    }
}

import ArgumentParser
import Foundation
import JSONCore
import NavClient

/// Shell completion of a session id: the sessions of the daemon that answers on the socket the command line names
/// (`--socket PATH`, else `$NAVD_SOCKET` and the default), asked with one `session/list`. Nothing when no daemon
/// answers, or when it does not answer within `patience`: a shell waits for this while the user waits for it.
enum SessionCompletion {
    /// How long a completion waits for the daemon before it gives nothing.
    static let patience = Duration.milliseconds(800)

    /// The completion for an argument or option that takes a session id.
    static var kind: CompletionKind {
        .custom { words, _, prefix in await ids(words: words, prefix: prefix) }
    }

    /// The running daemon's session ids that start with `prefix`, in creation order; none when it does not answer.
    static func ids(words: [String], prefix: String) async -> [String] {
        let socket = socketOption(in: words)
        let listed = await withTaskGroup(of: [String]?.self) { group in
            group.addTask { try? await list(socket: socket) }
            group.addTask {
                try? await Task.sleep(for: patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        return (listed ?? []).filter { $0.hasPrefix(prefix) }
    }

    /// The value of the last `--socket PATH` or `--socket=PATH` among `words`, as the command will be parsed. Bash
    /// splits a word at `=` (COMP_WORDBREAKS), so `--socket=PATH` may come as the three words `--socket`, `=`, `PATH`.
    static func socketOption(in words: [String]) -> String? {
        var socket: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" { break }
            if word == "--socket", index + 1 < words.count {
                if words[index + 1] == "=", index + 2 < words.count {
                    socket = words[index + 2]
                    index += 3
                } else {
                    socket = words[index + 1]
                    index += 2
                }
                continue
            }
            if word.hasPrefix("--socket=") { socket = String(word.dropFirst("--socket=".count)) }
            index += 1
        }
        return socket.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func list(socket: String?) async throws -> [String] {
        let client = try await NavClient.connect(socket: socket)
        do {
            let result = try await client.request("session/list")
            await client.close()
            return (result["sessions"]?.arrayValue ?? []).compactMap { $0["sessionId"]?.stringValue }
        } catch {
            await client.close()
            throw error
        }
    }
}

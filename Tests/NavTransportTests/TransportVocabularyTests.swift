import Foundation
import Testing

/// NavTransport is JSON-RPC and nothing more: framing, envelopes, a connection's queue and its byte bound. What
/// a notification is about (a session, its versions, what a slow reader is owed) is its owner's, and a word of
/// that vocabulary in the module's sources means it leaked back in.
@Suite("NavTransport's vocabulary")
struct TransportVocabularyTests {
    /// Words of the server's vocabulary: its sessions, what a slow reader of one is owed, its notifications.
    static let serverWords = ["session", "resync", "didchange", "didclose"]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/NavTransport")
    }

    @Test("no source of NavTransport speaks of sessions or their resyncs")
    func noServerWords() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.sources, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        // The module's known files are read, so a move of the folder fails here instead of passing on nothing.
        #expect(files.map(\.lastPathComponent).contains("Connection.swift"))
        #expect(files.map(\.lastPathComponent).contains("OutboundBudget.swift"))
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let lowered = line.lowercased()
                for word in Self.serverWords where lowered.contains(word) {
                    Issue.record("\(file.lastPathComponent):\(number + 1) speaks of '\(word)': \(line)")
                }
            }
        }
    }
}

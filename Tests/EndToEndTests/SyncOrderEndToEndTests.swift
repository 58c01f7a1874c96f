import Foundation
import JSONCore
import Testing

/// Whether the daemon's calls can be recorded here.
private let syncRecording: Bool = {
    #if os(Linux)
        return ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil
    #else
        return false
    #endif
}()

/// With `--state-dir`, the reply to a mutation leaves only after the sync that makes its change durable. `kill -9`
/// cannot show a missing sync (the kernel keeps the written pages), so the daemon runs with a preloaded library
/// (Tests/Fixtures/sync-record) that records, in the order they happen, each request read from a socket, each
/// write to SQLite's write-ahead log, each fsync or fdatasync, and each reply written to a socket.
@Suite(
    "The sync before a durable reply",
    .enabled(if: syncRecording, "needs LD_PRELOAD (Linux) and a build without ThreadSanitizer, which intercepts the same calls")
)
struct SyncOrderEndToEndTests {

    /// One recorded call.
    enum Call: Equatable {
        case read(ids: [Int])
        case walWrite
        case sync(path: String)
        case reply(ids: [Int])
    }

    static func parse(_ log: String) -> [Call] {
        log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            let ids = fields.dropFirst().compactMap { Int($0) }
            switch fields.first {
            case "Q": return .read(ids: ids)
            case "W": return .walWrite
            case "S": return .sync(path: fields.dropFirst().joined(separator: " "))
            case "R": return .reply(ids: ids)
            default: return nil
            }
        }
    }

    /// Builds the recording library with the machine's C compiler.
    static func buildRecorder(into directory: TemporaryDirectory) throws -> String {
        let source = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/sync-record/sync_record.c").path
        let library = directory.file("libsync_record.so")
        let compiler = ProcessInfo.processInfo.environment["CC"].flatMap { $0.isEmpty ? nil : $0 } ?? "cc"
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = [compiler, "-shared", "-fPIC", "-O1", "-o", library, source, "-ldl", "-lpthread"]
        try build.run()
        build.waitUntilExit()
        guard build.terminationStatus == 0 else { throw HarnessError("\(compiler) could not build \(source)") }
        return library
    }

    /// Sends `count` requests lock-step on a connection of its own, with ids from `firstID`: every fifth a read,
    /// the others a push and a pop in turn. Returns the mutations' ids and the reads'.
    static func drive(
        _ daemon: DaemonProcess, session: String, firstID: Int, count: Int
    ) async throws -> (
        mutations: [Int], reads: [Int]
    ) {
        let connection = try daemon.raw()
        defer { connection.close() }
        var mutations: [Int] = []
        var reads: [Int] = []
        for n in 0..<count {
            let id = firstID + n
            let request: JSON
            if n % 5 == 4 {
                request = RPC.request(.number(id), "title/back", ["sessionId": .string(session)])
                reads.append(id)
            } else if mutations.count % 2 == 0 {
                request = RPC.request(.number(id), "stack/push", ["sessionId": .string(session), "screen": ["title": "Pushed"]])
                mutations.append(id)
            } else {
                request = RPC.request(.number(id), "stack/pop", ["sessionId": .string(session)])
                mutations.append(id)
            }
            try await connection.sendLine(request)
            let reply = try await connection.nextMessage()
            #expect(reply["id"]?.intValue == Int64(id))
            #expect(reply["error"] == nil, "\(reply)")
        }
        return (mutations, reads)
    }

    /// Where request `id` was read and its reply written, in `calls`.
    static func span(of id: Int, in calls: [Call]) -> Range<Int>? {
        let read = calls.firstIndex { if case .read(let ids) = $0 { ids.contains(id) } else { false } }
        let reply = calls.firstIndex { if case .reply(let ids) = $0 { ids.contains(id) } else { false } }
        guard let read, let reply, read < reply else { return nil }
        return (read + 1)..<reply
    }

    static func isLogSync(_ call: Call) -> Bool {
        if case .sync(let path) = call { return path.hasSuffix("-wal") }
        return false
    }

    @Test("every reply to a mutation follows a sync of the log that holds its change; a read's follows no write")
    func syncBeforeReply() async throws {
        let scratch = try TemporaryDirectory()
        let library = try Self.buildRecorder(into: scratch)
        let log = scratch.file("calls.log")
        let daemon = try await DaemonProcess.start(
            ["--state-dir", scratch.file("state")], environment: ["LD_PRELOAD": library, "SYNC_RECORD_LOG": log])
        let connections = 3
        var sessions: [String] = []
        let setup = try daemon.raw()
        for k in 0..<connections {
            try await setup.sendLine(RPC.request(.number(900 + k), "session/create", ["screens": [["title": "Root"]]]))
            let reply = try await setup.nextMessage()
            sessions.append(try #require(reply["result"]?["sessionId"]?.stringValue))
        }
        setup.close()
        // First one connection alone: all the log writes between a request and its reply are its own commit's.
        let alone = try await Self.drive(daemon, session: sessions[0], firstID: 1_000, count: 30)
        // Then three at once, with ids no other connection uses: commits hold several connections' changes.
        let together = try await withThrowingTaskGroup(of: ([Int], [Int]).self) { group in
            for (k, session) in sessions.enumerated() {
                group.addTask { try await Self.drive(daemon, session: session, firstID: 2_000 + 1_000 * k, count: 30) }
            }
            var all: ([Int], [Int]) = ([], [])
            for try await (m, r) in group {
                all.0 += m
                all.1 += r
            }
            return all
        }
        await daemon.stop()
        let calls = Self.parse(try String(contentsOfFile: log, encoding: .utf8))
        #expect(calls.contains(where: Self.isLogSync))

        for id in alone.mutations {
            guard let span = Self.span(of: id, in: calls) else {
                Issue.record("mutation \(id) has no read followed by a reply")
                continue
            }
            // Its commit wrote the log, then synced it, and only then was the reply written.
            let lastWrite = calls[span].lastIndex(of: .walWrite)
            let lastSync = calls[span].lastIndex(where: Self.isLogSync)
            #expect(lastWrite != nil, "mutation \(id): nothing written to the log between its request and its reply")
            #expect(
                lastWrite.map { write in lastSync.map { $0 > write } ?? false } ?? false,
                "mutation \(id): its reply went out with the log written at \(lastWrite ?? -1), synced at \(lastSync ?? -1)")
        }
        for id in alone.reads {
            // The control: with nothing else changing, a read's reply follows no write.
            guard let span = Self.span(of: id, in: calls) else {
                Issue.record("read \(id) has no read followed by a reply")
                continue
            }
            #expect(!calls[span].contains(.walWrite), "read \(id): the log was written while it was answered")
        }
        for id in together.0 {
            guard let span = Self.span(of: id, in: calls) else {
                Issue.record("mutation \(id) has no read followed by a reply")
                continue
            }
            // Another connection's commit may be written after this one's sync, so the check is that a write to
            // the log and then its sync happened between the request and the reply.
            let firstWrite = calls[span].firstIndex(of: .walWrite)
            #expect(
                firstWrite.map { write in calls[span].lastIndex(where: Self.isLogSync).map { $0 > write } ?? false } ?? false,
                "mutation \(id): no write and sync of the log between its request and its reply")
        }
        #expect(alone.mutations.count == 24)
        #expect(together.0.count == 72 && together.1.count == 18)
    }
}

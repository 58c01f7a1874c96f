import Foundation
import JSONCore
import NavClient
import Testing

/// PROTOCOL.md section 6: subscriptions, topics, ordering, slow subscribers.
@Suite("Subscriptions and notification order on the real daemon")
struct SpineSubscriptionTests {
    /// The kinds of the changes of a didChange.
    func kinds(_ notification: NavClient.Notification) -> [String] {
        notification.params?["changes"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
    }

    @Test("a subscriber gets session/didChange with the version and the changes, top-bar changes recomputed")
    func didChange() async throws {
        try await withDaemon { daemon in
            let owner = try await daemon.connect()
            let watcher = try await daemon.connect()
            let s = try await owner.createSession(config: ["screens": [["id": "root", "title": "Settings"]]]).sessionId
            let subscription = try await watcher.subscribe(s)
            #expect(subscription.version == 0)
            _ = try await owner.push(s, screen: ["id": "general", "title": "General"])
            let note = try await watcher.nextNotification()
            #expect(note.method == "session/didChange")
            #expect(note.params?["sessionId"] == .string(s))
            #expect(note.params?["version"] == 1)
            let changes = note.params?["changes"]?.arrayValue ?? []
            #expect(changes.first == ["kind": "stack", "op": "push", "screens": ["general"]])
            let title = changes.first { $0["kind"] == "title" }
            #expect(title?["screenId"] == "general")
            #expect(title?["backTitle"]?["title"] == "Settings")
            #expect(kinds(note).contains("items"))

            _ = try await owner.updateScreen(s, screenId: "root", changes: ["title": "Prefs"])
            let retitled = try await watcher.nextNotification()
            #expect(retitled.params?["version"] == 2)
            let backTitle = retitled.params?["changes"]?.arrayValue?.first { $0["kind"] == "title" }
            #expect(backTitle?["backTitle"]?["title"] == "Prefs", "editing the previous title carries the recomputed back title")

            #expect(try await owner.listSessions().first?.subscribers == 1)
            try await watcher.unsubscribe(subscription)
            _ = try await owner.pop(s)
            try await watcher.assertNoNotificationDue()
            #expect(try await owner.listSessions().first?.subscribers == 0)
            await owner.close()
            await watcher.close()
        }
    }

    @Test("topics: a subscriber gets only the changes of its topics, and nothing when none match")
    func topics() async throws {
        try await withDaemon { daemon in
            let owner = try await daemon.connect()
            let stackOnly = try await daemon.connect()
            let everything = try await daemon.connect()
            let s = try await owner.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            _ = try await stackOnly.subscribe(s, topics: [.stack])
            _ = try await everything.subscribe(s)

            _ = try await owner.push(s, screen: ["id": "a", "title": "A"])
            let stackNote = try await stackOnly.nextNotification()
            #expect(kinds(stackNote) == ["stack"])
            #expect(stackNote.params?["version"] == 1)
            let fullNote = try await everything.nextNotification()
            #expect(kinds(fullNote).first == "stack")
            #expect(kinds(fullNote).count > 1)

            _ = try await owner.updateScreen(s, screenId: "a", changes: ["item": ["rightItems": [["id": "done", "title": "Done"]]]])
            let itemsNote = try await everything.nextNotification()
            #expect(kinds(itemsNote).contains("items"))
            #expect(itemsNote.params?["version"] == 2)
            try await stackOnly.assertNoNotificationDue()

            _ = try await owner.pop(s)
            #expect(try await stackOnly.nextNotification().params?["version"] == 3, "versions skip with topics")
            await owner.close()
            await stackOnly.close()
            await everything.close()
        }
    }

    @Test("a subscriber that mutates gets version v's didChange before the reply that made v")
    func ownChangeBeforeReply() async throws {
        try await withDaemon { daemon in
            let owner = try await daemon.connect()
            let s = try await owner.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            let raw = try daemon.raw()
            try await raw.sendLine(RPC.request(0, "session/subscribe", ["sessionId": .string(s)]))
            #expect(try await raw.nextMessage()["id"] == 0)
            for n in 1...20 {
                let push = RPC.request(
                    .int(Int64(n)), "stack/push", ["sessionId": .string(s), "screen": ["id": .string("p\(n)"), "title": .string("P\(n)")]])
                try await raw.sendLine(push)
                let first = try await raw.nextMessage()
                let second = try await raw.nextMessage()
                #expect(first["method"] == "session/didChange", "\(first.serialized())")
                #expect(first["params"]?["version"] == .int(Int64(n)))
                #expect(second["id"] == .int(Int64(n)))
                #expect(second["result"]?["version"] == .int(Int64(n)))
            }
            raw.close()
            await owner.close()
        }
    }

    /// With `--write-out-batch 1` the daemon writes one connection out, then reads, then the next: writers'
    /// mutations land between the writes of every broadcast.
    @Test(
        "with many writers, every subscriber sees each version once, in order",
        arguments: [[], ["--write-out-batch", "1"]])
    func versionsInOrder(_ arguments: [String]) async throws {
        try await withDaemon(arguments) { daemon in
            let setup = try await daemon.connect()
            let s = try await setup.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            let watchers = try await [daemon.connect(), daemon.connect(), daemon.connect()]
            for watcher in watchers { _ = try await watcher.subscribe(s) }
            let writers = 4
            let perWriter = 15
            try await withThrowingTaskGroup(of: Void.self) { group in
                for w in 0..<writers {
                    group.addTask {
                        let client = try await daemon.connect()
                        for n in 0..<perWriter {
                            _ = try await client.updateScreen(s, screenId: "root", changes: ["title": .string("w\(w)-\(n)")])
                        }
                        await client.close()
                    }
                }
                try await group.waitForAll()
            }
            for watcher in watchers {
                var versions: [Int64] = []
                for _ in 0..<(writers * perWriter) {
                    let note = try await watcher.nextNotification()
                    #expect(note.method == "session/didChange")
                    versions.append(note.params?["version"]?.intValue ?? -1)
                }
                #expect(versions == Array(1...Int64(writers * perWriter)))
                try await watcher.assertNoNotificationDue()
                await watcher.close()
            }
            await setup.close()
        }
    }

    @Test("--write-out-batch below 1 is refused before anything starts")
    func writeOutBatchBelowOne() async throws {
        let refused = try await runChild(Paths.navd, ["--write-out-batch", "0", "--socket", "/tmp/navd-never.sock"])
        #expect(refused.status == 64 && refused.stderr.contains("--write-out-batch must be at least 1"), "\(refused)")
    }

    @Test("a subscriber that never reads does not slow others, and gets exactly one session/resync when it reads again")
    func slowSubscriber() async throws {
        try await withDaemon(["--max-outbound-bytes", "4096"]) { daemon in
            let owner = try await daemon.connect()
            let s = try await owner.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            let fast = try await daemon.connect()
            _ = try await fast.subscribe(s)

            let slow = try daemon.raw(receiveBuffer: 4096, startReading: false)
            try await slow.sendLine(RPC.request(1, "session/subscribe", ["sessionId": .string(s)]))

            // Small notifications, many of them: while the socket buffers still take them the daemon's
            // queue stays near empty; once they are full, the queue passes the 4 KiB bound once.
            let long = String(repeating: "x", count: 150)
            let updates = 1500
            for n in 1...updates {
                _ = try await owner.updateScreen(s, screenId: "root", changes: ["title": .string("\(n)\(long)")])
                // The fast subscriber keeps up, in order, while the slow one reads nothing.
                #expect(try await fast.nextNotification().params?["version"] == .int(Int64(n)))
            }

            slow.startReading()
            var lastVersion: Int64 = 0
            var resyncs: [JSON] = []
            var sawSubscribeReply = false
            var trace: [String] = []
            // Read until a didChange made after the resync arrives.
            _ = try await owner.updateScreen(s, screenId: "root", changes: ["title": "after"])
            let finalVersion = Int64(updates + 1)
            while lastVersion < finalVersion {
                let message = try await slow.nextMessage()
                if message["id"] == 1 {
                    sawSubscribeReply = true
                    continue
                }
                let version = message["params"]?["version"]?.intValue ?? -1
                trace.append("\(message["method"]?.stringValue ?? "?")@\(version)")
                #expect(version >= lastVersion, "versions never go back: \(version) after \(lastVersion)")
                switch message["method"]?.stringValue {
                case "session/didChange"?:
                    #expect(version > lastVersion)
                case "session/resync"?:
                    resyncs.append(message)
                    #expect(message["params"]?["sessionId"] == .string(s))
                default:
                    Issue.record("unexpected \(message.serialized())")
                }
                lastVersion = version
            }
            #expect(sawSubscribeReply)
            #expect(resyncs.count == 1, "exactly one resync, got \(resyncs.count): \(trace)")
            try await slow.expectNothingBeforeBarrier()
            slow.close()
            await owner.close()
            await fast.close()
        }
    }

    @Test("a slow subscriber of a session that closes gets session/didClose and no session/resync after it")
    func slowSubscriberOfClosedSession() async throws {
        try await withDaemon(["--max-outbound-bytes", "4096"]) { daemon in
            let owner = try await daemon.connect()
            let s = try await owner.createSession(config: ["screens": [["id": "root", "title": "Root"]]]).sessionId
            let slow = try daemon.raw(receiveBuffer: 4096, startReading: false)
            try await slow.sendLine(RPC.request(1, "session/subscribe", ["sessionId": .string(s)]))
            // As above: enough notifications that the slow connection's queue passes its bound and drops some.
            let long = String(repeating: "x", count: 150)
            for n in 1...1500 { _ = try await owner.updateScreen(s, screenId: "root", changes: ["title": .string("\(n)\(long)")]) }
            try await owner.closeSession(s)
            slow.startReading()
            var trace: [String] = []
            var closed = false
            // Everything up to the reply to a request sent after reading resumed: the barrier.
            try await slow.sendLine(RPC.request(2, "daemon/status"))
            while true {
                let message = try await slow.nextMessage()
                if message["id"] == 2 { break }
                if message["id"] != nil { continue }
                let method = message["method"]?.stringValue ?? "?"
                trace.append(method)
                if method == "session/didClose" { closed = true }
                if method == "session/resync" {
                    #expect(!closed, "a resync of a closed session after its didClose: \(trace.suffix(5))")
                }
            }
            #expect(closed, "\(trace.suffix(5))")
            slow.close()
            await owner.close()
        }
    }

    @Test("a subscriber hears only its own sessions")
    func sessionsAreSeparate() async throws {
        try await withDaemon { daemon in
            let owner = try await daemon.connect()
            let watcher = try await daemon.connect()
            let a = try await owner.createSession(config: ["screens": [["id": "root"]]]).sessionId
            let b = try await owner.createSession(config: ["screens": [["id": "root"]]]).sessionId
            _ = try await watcher.subscribe(a)
            _ = try await owner.push(b, screen: ["id": "elsewhere"])
            _ = try await owner.push(a, screen: ["id": "here"])
            let note = try await watcher.nextNotification()
            #expect(note.params?["sessionId"] == .string(a))
            #expect(note.params?["changes"]?.arrayValue?.first?["screens"] == ["here"])
            try await watcher.assertNoNotificationDue()
            await owner.close()
            await watcher.close()
        }
    }

    @Test("subscribing to an unknown session is 1001")
    func subscribeUnknown() async throws {
        try await withClient { client, _ in
            let error = await rpcError { try await client.subscribe("nope") }
            #expect(error?.code == 1001)
        }
    }

    @Test("NavClient: notifications queue while requests are in flight and none are lost")
    func clientQueuesNotifications() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: ["screens": [["id": "root"]]]).sessionId
            _ = try await client.subscribe(s)
            for n in 1...30 { _ = try await client.push(s, screen: ["id": .string("n\(n)")]) }
            var versions: [Int64] = []
            for await note in client.notifications {
                versions.append(note.params?["version"]?.intValue ?? -1)
                if versions.count == 30 { break }
            }
            #expect(versions == Array(1...30))
            try await client.assertNoNotificationDue()
            try await client.assertNoUnmatchedReplyDue()
        }
    }
}

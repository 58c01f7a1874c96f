import Foundation
import JSONCore
import NavProtocol
import NavTransport
import Testing

@testable import NavServer

/// A raw client that keeps each reply line as the bytes navd wrote, so a test can see where a kept answer's
/// bytes went.
final class RawLineClient: Sendable {
    let stream: InProcessStream
    let lines: AsyncThrowingStream<[UInt8], any Error>

    init(service: NavService) {
        stream = InProcessStream(service: service)
        lines = stream.lines { $0 }
    }

    func send(_ text: String) async throws {
        try await stream.write(Array((text + "\n").utf8))
    }
}

/// Replies whose result navd keeps already serialized (`title/back`, `bar/hitTest`) go out as those bytes, also
/// when the reply waits for a durable write (`--state-dir`) and inside a batch's array: nothing parses them back.
@Suite("Kept answers spliced into replies as bytes", .serialized)
struct SplicedReplyTests {
    /// A service keeping its sessions in a fresh state directory, as `navd --state-dir` does.
    static func durableService(table: DispatchTable = .standard()) throws -> (NavService, StateStore, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navd-spliced-\(UUID().uuidString.prefix(8))").path
        let (store, stored) = try StateStore.open(directory: directory)
        #expect(stored.isEmpty)
        let service = NavService(table: table)
        service.sessions.attach(store)
        return (service, store, directory)
    }

    static let create =
        #"{"jsonrpc":"2.0","id":1,"method":"session/create","params":{"screens":[{"id":"root","title":"Root"},{"id":"next","title":"Next"}]}}"#

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The result's bytes of a single reply line `{"jsonrpc":"2.0","id":N,"result":…}`.
    static func resultBytes(_ line: [UInt8], id: Int) throws -> String {
        let prefix = #"{"jsonrpc":"2.0","id":\#(id),"result":"#
        let text = text(line)
        try #require(text.hasPrefix(prefix) && text.hasSuffix("}"), "\(text)")
        return String(text.dropFirst(prefix.count).dropLast())
    }

    @Test("a kept answer given by a request that also wrote waits for the commit, then goes out as kept")
    func keptAfterWrite() async throws {
        // A method that makes the real `screen/update` change (a durable write with a state directory) and answers
        // with the real kept `title/back` answer: the one way a kept answer comes with a write to wait for.
        var table = DispatchTable.standard()
        let update = try #require(table.handlers[ScreenUpdate.name])
        table.registerRaw("test/renameThenBackTitle") { params, ctx in
            let sessionId = try ParamReader(params).string("sessionId")
            let changes: JSON = ["sessionId": .string(sessionId), "screenId": "root", "changes": ["title": "Home"]]
            _ = try update(changes.document().value, &ctx)
            #expect(!ctx.writes.isEmpty, "the change is a durable write the reply waits for")
            return .serialized(try ctx.backTitle(sessionId) { _ in 1 })
        }
        let (service, store, directory) = try Self.durableService(table: table)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = RawLineClient(service: service)
        var replies = client.lines.makeAsyncIterator()
        try await client.send(Self.create)
        let created = try JSON.parse(try #require(try await replies.next()))
        let sessionId = try #require(created["result"]?["sessionId"]?.stringValue)
        let commitsBefore = store.commits.withLockedValue { $0 }

        try await client.send(#"{"jsonrpc":"2.0","id":2,"method":"test/renameThenBackTitle","params":{"sessionId":"\#(sessionId)"}}"#)
        let waited = try #require(try await replies.next())
        #expect(store.commits.withLockedValue { $0 } > commitsBefore, "the reply came after the change was committed")
        // The same bytes a plain title/back gets now: the test method kept them, after its change.
        try await client.send(#"{"jsonrpc":"2.0","id":3,"method":"title/back","params":{"sessionId":"\#(sessionId)"}}"#)
        let plain = try #require(try await replies.next())
        let kept = try Self.resultBytes(plain, id: 3)
        #expect(try Self.resultBytes(waited, id: 2) == kept)
        #expect(try JSON.parse(kept)["title"] == "Home")
        await store.close()
    }

    @Test("a batch's array holds kept answers as they were written, with errors and a write's reply in order")
    func batchOfKeptAnswersAndErrors() async throws {
        let (service, store, directory) = try Self.durableService()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = RawLineClient(service: service)
        var replies = client.lines.makeAsyncIterator()
        try await client.send(Self.create)
        let created = try JSON.parse(try #require(try await replies.next()))
        let sid = try #require(created["result"]?["sessionId"]?.stringValue)

        let batch = [
            #"{"jsonrpc":"2.0","id":10,"method":"title/back","params":{"sessionId":"\#(sid)"}}"#,
            #"{"jsonrpc":"2.0","id":11,"method":"screen/update","params":{"sessionId":"\#(sid)","screenId":"root","changes":{"title":"Home"}}}"#,
            #"{"jsonrpc":"2.0","id":12,"method":"title/back","params":{"sessionId":"\#(sid)"}}"#,
            #"{"jsonrpc":"2.0","id":13,"method":"bar/hitTest","params":{"sessionId":"\#(sid)","point":{"x":30,"y":20}}}"#,
            #"{"jsonrpc":"2.0","id":14}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":99}}"#,
            #"{"jsonrpc":"2.0","id":15,"method":"title/back","params":{"sessionId":"no-such-session"}}"#,
        ]
        try await client.send("[" + batch.joined(separator: ",") + "]")
        let array = Self.text(try #require(try await replies.next()))

        // Each kept answer, asked for alone afterwards, is the same bytes as its element of the array.
        try await client.send(#"{"jsonrpc":"2.0","id":20,"method":"title/back","params":{"sessionId":"\#(sid)"}}"#)
        let backTitle = try Self.resultBytes(try #require(try await replies.next()), id: 20)
        try await client.send(#"{"jsonrpc":"2.0","id":21,"method":"bar/hitTest","params":{"sessionId":"\#(sid)","point":{"x":30,"y":20}}}"#)
        let hit = try Self.resultBytes(try #require(try await replies.next()), id: 21)
        #expect(array.contains(#"{"jsonrpc":"2.0","id":12,"result":\#(backTitle)}"#), "\(array)")
        #expect(array.contains(#"{"jsonrpc":"2.0","id":13,"result":\#(hit)}"#), "\(array)")

        let elements = try #require(try JSON.parse(array).arrayValue)
        #expect(elements.map { $0["id"] } == [10, 11, 12, 13, 14, 15])
        #expect(elements[0]["result"]?["title"] == "Root")
        #expect(elements[1]["result"]?["version"] != nil)
        #expect(elements[2]["result"]?["title"] == "Home")
        #expect(elements[4]["error"]?["code"] == .int(Int64(ErrorCode.invalidRequest)))
        #expect(elements[5]["error"]?["code"] == .int(Int64(ErrorCode.unknownSession)))
        #expect(store.commits.withLockedValue { $0 } > 0)
        await store.close()
    }
}

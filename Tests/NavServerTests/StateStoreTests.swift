import Foundation
import JSONCore
import NavModel
import NavProtocol
import Testing

@testable import NavServer

@Suite("The state store", .serialized)
struct StateStoreTests {
    func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navd-store-\(UUID().uuidString.prefix(8))").path
        return path
    }

    @Test("concurrent changes share commits, and a reopened store holds the last of each session, in creation order")
    func groupCommit() async throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (store, empty) = try StateStore.open(directory: dir)
        #expect(empty.isEmpty)
        var tickets: [CommitTicket] = []
        for n in 0..<300 {
            let id = "s\(n % 3)"
            tickets.append(
                store.enqueue(
                    .upsert(
                        id: id, order: n % 3, name: id, version: n, document: Array(#"{"screens":[],"version":\#(n)}"#.utf8), origin: nil)))
        }
        tickets.append(store.enqueue(.delete(id: "s1")))
        for t in tickets { try await t.wait() }
        let commits = store.commits.withLockedValue { $0 }
        #expect(commits >= 1 && commits < 100, "\(commits) commits for 301 changes")
        await store.close()

        let (again, sessions) = try StateStore.open(directory: dir)
        #expect(sessions.map(\.id) == ["s0", "s2"])
        #expect(sessions.map { $0.document["version"] } == [297, 299])
        await again.close()
    }

    @Test("every stored string keeps an embedded U+0000 and characters beyond the BMP across a reopen")
    func exactStrings() async throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (store, _) = try StateStore.open(directory: dir)
        let id = "s\u{0}1🧭"
        let name = "inbox\u{0}tail 🧭 受信"
        let document: JSON = ["screens": [["id": "a\u{0}b", "title": "x\u{0}y 😀"]], "version": 1]
        let origin = SessionOrigin(workspace: "/w\u{0}s 🧭", files: ["/w/a\u{0}b.swift", "/w/受信.swift"], flow: "A > B\u{0}", client: "c😀")
        try await store.enqueue(
            .upsert(id: id, order: 0, name: name, version: 1, document: document.serializedBytes(), origin: origin.json.serialized())
        ).wait()
        await store.close()
        let (again, sessions) = try StateStore.open(directory: dir)
        #expect(sessions.map(\.id) == [id])
        #expect(sessions.map(\.name) == [name])
        #expect(sessions.first?.document == document)
        #expect(sessions.first?.origin == origin)
        await again.close()
    }

    @Test("the state directory, and each missing parent, is made 0700")
    func permissions() async throws {
        let top = try directory()
        let dir = top + "/nested/state"
        defer { try? FileManager.default.removeItem(atPath: top) }
        let (store, _) = try StateStore.open(directory: dir)
        await store.close()
        for path in [top, top + "/nested", dir] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700, "\(path)")
        }
    }

    @Test("a second store on one directory is refused while the first is open, and allowed after it closes")
    func lock() async throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (first, _) = try StateStore.open(directory: dir)
        #expect(throws: StateStore.Failure.self) { _ = try StateStore.open(directory: dir) }
        await first.close()
        let (second, _) = try StateStore.open(directory: dir)
        await second.close()
    }
}

import JSONCore
import Testing

@testable import NavTransport

@Suite("BatchReplies")
struct BatchRepliesTests {
    let items: [EnvelopeItem] = [
        .message(.request(id: .int(1), method: "a", params: nil)),
        .message(.notification(method: "n", params: nil)),
        .invalid(id: .null, error: TransportErrors.emptyBatch),
        .message(.request(id: .int(2), method: "b", params: nil)),
    ]

    @Test(
        "the array is released once, when the last due reply arrives, in batch order",
        arguments: [[0, 2, 3], [3, 2, 0], [2, 0, 3]])
    func releasedInOrder(_ finishOrder: [Int]) throws {
        var batch = BatchReplies(items)
        #expect(!batch.isSilent)
        var released: [String] = []
        for index in finishOrder {
            let reply = JSON.object(["id": .int(Int64(index))]).serializedBytes()
            if let all = batch.add(reply, at: index) { released.append(String(decoding: all, as: UTF8.self)) }
        }
        #expect(released == [#"[{"id":0},{"id":2},{"id":3}]"#])
        #expect(try released.map { try JSON.parse($0) } == [[["id": 0], ["id": 2], ["id": 3]]])
        #expect(batch.outstanding == 0)
        #expect(batch.add(Array("{}".utf8), at: 0) == nil)
    }

    @Test("notifications and repeated indices are not replies")
    func notDue() {
        var batch = BatchReplies(items)
        let reply = Array("{}".utf8)
        #expect(batch.add(reply, at: 1) == nil)
        #expect(batch.add(reply, at: 0) == nil)
        #expect(batch.add(reply, at: 0) == nil)
        #expect(batch.outstanding == 2)
        #expect(batch.add(reply, at: 99) == nil)
    }

    @Test("a batch of notifications gets no reply")
    func silent() throws {
        let batch = BatchReplies([
            .message(.notification(method: "a", params: nil)),
            .message(.notification(method: "b", params: try JSONDocument.parse("[1]").value)),
        ])
        #expect(batch.isSilent)
        #expect(batch.outstanding == 0)
    }
}

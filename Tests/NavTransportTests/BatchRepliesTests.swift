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
    func releasedInOrder(_ finishOrder: [Int]) {
        var batch = BatchReplies(items)
        #expect(!batch.isSilent)
        var released: [JSON] = []
        for index in finishOrder {
            if let reply = batch.add(.int(Int64(index)), at: index) { released.append(reply) }
        }
        #expect(released == [[0, 2, 3]])
        #expect(batch.outstanding == 0)
        #expect(batch.add(0, at: 0) == nil)
    }

    @Test("notifications and repeated indices are not replies")
    func notDue() {
        var batch = BatchReplies(items)
        #expect(batch.add(1, at: 1) == nil)
        #expect(batch.add(0, at: 0) == nil)
        #expect(batch.add(0, at: 0) == nil)
        #expect(batch.outstanding == 2)
        #expect(batch.add(9, at: 99) == nil)
    }

    @Test("a batch of notifications gets no reply")
    func silent() {
        let batch = BatchReplies([
            .message(.notification(method: "a", params: nil)), .message(.notification(method: "b", params: JSONView([1]))),
        ])
        #expect(batch.isSilent)
        #expect(batch.outstanding == 0)
    }
}

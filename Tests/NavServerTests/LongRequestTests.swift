import JSONCore
import NavProtocol
import Testing
@testable import NavServer

@Suite("Requests answered on the thread pool keep the connection's order")
struct LongRequestTests {
    func request(_ id: Int, _ method: String, _ params: JSON = [:]) -> JSON {
        ["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params]
    }

    @Test("a listing of thousands of sessions is answered in order with the requests around it")
    func largeListing() async throws {
        let service = NavService(limits: ServerLimits(maxSessions: 1_200))
        let client = RawClient(service: service)
        var replies = client.lines.makeAsyncIterator()
        let count = DispatchTable.offloadedListings + 10
        for i in 0..<count { try await client.send(request(i, "session/create", ["name": .string("n\(i)")])) }
        for _ in 0..<count { _ = try await replies.next() }
        // The listing goes to the pool; the requests after it still come back after it, in order.
        try await client.send(request(-1, "daemon/status"))
        try await client.send(request(-2, "session/list"))
        try await client.send(request(-3, "daemon/status"))
        try await client.send(request(-4, "session/list"))
        let ids = try await [replies.next(), replies.next(), replies.next(), replies.next()].map { $0?["id"] }
        #expect(ids == [-1, -2, -3, -4])
        let listing = try #require(
            try await {
                try await client.send(request(-5, "session/list"))
                return try await replies.next()
            }())
        let sessions = listing["result"]?["sessions"]?.arrayValue ?? []
        #expect(sessions.count == count)
        #expect(sessions.first?["name"] == "n0")
        #expect(sessions.last?["name"] == .string("n\(count - 1)"))
    }
}

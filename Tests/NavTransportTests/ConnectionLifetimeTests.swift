import JSONCore
import NIOConcurrencyHelpers
import NavProtocol
import NavTransport
import Testing

/// Remembers the connections it saw, weakly.
final class WatchingService: RPCService {
    private let seen = NIOLockedValueBox<[WeakHandle]>([])
    private let closedCount = NIOLockedValueBox(0)
    private let closings = AsyncStream<Void>.makeStream()
    /// One element each time the server closes a connection.
    var closes: AsyncStream<Void> { closings.stream }

    struct WeakHandle: Sendable {
        weak var handle: ConnectionHandle?
    }

    func handle(method: String, params: JSONView?, connection: ConnectionHandle) -> RPCOutcome {
        .done(.success(["echo": .string(method)]))
    }
    func notification(method: String, params: JSONView?, connection: ConnectionHandle) {}
    func connectionOpened(_ connection: ConnectionHandle) {
        seen.withLockedValue { $0.append(WeakHandle(handle: connection)) }
    }
    func connectionClosed(_ connection: ConnectionHandle) {
        closedCount.withLockedValue { $0 += 1 }
        closings.continuation.yield()
    }

    var opened: Int { seen.withLockedValue { $0.count } }
    var closed: Int { closedCount.withLockedValue { $0 } }
    var alive: Int { seen.withLockedValue { $0.filter { $0.handle != nil }.count } }
}

@Suite("A connection's lifetime")
struct ConnectionLifetimeTests {
    @Test(
        "a closed connection is freed: its handler, handle and buffers do not keep each other alive", .timeLimit(.minutes(1)))
    func freedAfterClose() async throws {
        let service = WatchingService()
        for _ in 0..<3 {
            let stream = InProcessStream(service: service)
            try await stream.write(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x0A])
            var inbound = stream.inbound().makeAsyncIterator()
            let reply = try await inbound.next()
            #expect(reply.map { String(decoding: $0, as: UTF8.self).contains("ping") } == true)
            await stream.close()
        }
        // The server end closes after the client's: wait for it to say so, three times.
        var closes = service.closes.makeAsyncIterator()
        for _ in 0..<3 { await closes.next() }
        #expect(service.opened == 3)
        #expect(service.closed == 3)
        // Being freed sends no event: the last references go as the event loop finishes the close, so look a
        // bounded number of times.
        for _ in 0..<500 where service.alive > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(service.alive == 0)
    }
}

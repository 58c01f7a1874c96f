import JSONCore
import NIOConcurrencyHelpers
import Testing

@testable import NavTransport

/// Keeps the handle of the last connection it saw.
private final class HandleKeepingService: RPCService {
    private let last = NIOLockedValueBox<ConnectionHandle?>(nil)
    var handle: ConnectionHandle? { last.withLockedValue { $0 } }

    func handle(method: String, params: JSONView?, connection: ConnectionHandle) -> RPCOutcome {
        .done(.success(["echo": .string(method)]))
    }
    func notification(method: String, params: JSONView?, connection: ConnectionHandle) {}
    func connectionOpened(_ connection: ConnectionHandle) { last.withLockedValue { $0 = connection } }
    func connectionClosed(_ connection: ConnectionHandle) {}
}

/// A socket channel reports its writes through its writability (water marks of one byte), not a promise per
/// write; the connection's outbound bound must still see every reply leave.
@Suite("Write reports on a socket")
struct WriteReportsTests {
    @Test("every reply the socket takes is counted as written, so the outbound bound never fills")
    func repliesLeaveTheBound() async throws {
        let service = HandleKeepingService()
        // Two hundred replies of about 50 bytes pass a 2 KiB bound ten times over, were any left counted.
        let stream = InProcessStream(service: service, limits: ConnectionLimits(maxOutboundBytes: 2048))
        var inbound = stream.inbound().makeAsyncIterator()
        for id in 1...200 {
            try await stream.write(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#.utf8) + [0x0A])
            var received: [UInt8] = []
            while !received.contains(0x0A), let chunk = try await inbound.next() { received += chunk }
            #expect(String(decoding: received, as: UTF8.self).contains(#""id":\#(id)"#))
            // Both ends run on one event loop: the reply was read after the server's write returned.
            #expect(service.handle?.pendingOutboundBytes == 0)
        }
        await stream.close()
    }
}

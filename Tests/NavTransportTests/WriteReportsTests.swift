#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import JSONCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
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
            #expect(try await service.handle?.pendingOutboundBytes() == 0)
        }
        await stream.close()
    }

    /// A peer that stops reading makes the socket refuse writes; replies then queue in the channel behind
    /// the first one, and each carries its own completion. Every one must still be counted out once the
    /// peer reads again.
    @Test("replies queued behind a full socket are counted out as they leave")
    func repliesBehindABacklog() async throws {
        let service = HandleKeepingService()
        let (serverFD, peer) = try #require(InProcessStream.socketPair())
        // A small send buffer fills after a few dozen replies.
        var size: Int32 = 4096
        setsockopt(serverFD, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        RPCChannelHandler(
                            id: 1, inbox: LoopInbox(serving: channel.eventLoop), service: service,
                            limits: ConnectionLimits(maxOutboundBytes: 1 << 20), logger: Logger(label: "test")))
                }
            }
            .withConnectedSocket(serverFD).get()
        let count = 600
        var requests: [UInt8] = []
        for id in 1...count { requests += Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#.utf8) + [0x0A] }
        let sent = requests.withUnsafeBytes { write(peer, $0.baseAddress, $0.count) }
        #expect(sent == requests.count)
        // The peer reads nothing until the server holds replies it could not write.
        var held = 0
        for _ in 0..<2000 where held < 16 << 10 {
            held = try await service.handle?.pendingOutboundBytes() ?? 0
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(held >= 16 << 10, "the socket never refused a write")
        // Now read every reply, in order.
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while received.count(where: { $0 == 0x0A }) < count {
            let n = buffer.withUnsafeMutableBytes { read(peer, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            received += buffer[0..<n]
        }
        let lines = received.split(separator: 0x0A)
        #expect(lines.count == count)
        for (index, line) in lines.enumerated() where !String(decoding: line, as: UTF8.self).contains(#""id":\#(index + 1),"#) {
            Issue.record("reply \(index + 1) out of order")
            break
        }
        // Every reply left the socket, so nothing may stay counted.
        var pending = -1
        for _ in 0..<2000 where pending != 0 {
            pending = try await service.handle?.pendingOutboundBytes() ?? -1
            if pending != 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(pending == 0)
        close(peer)
        try? await channel.closeFuture.get()
    }
}

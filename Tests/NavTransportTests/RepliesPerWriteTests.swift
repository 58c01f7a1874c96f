import JSONCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NavTransport
import Testing

/// Requests that arrive together are answered in order, and their replies leave in writes of
/// `repliesPerWrite`, the last write taking what is left at the end of the burst.
@Suite("Replies per write")
struct RepliesPerWriteTests {
    /// Feeds `count` requests in one read (or, `oneReadEach`, in a burst of reads of one request each, which
    /// are answered as they are read) and returns the replies of each write the handler made, by id.
    func writes(count: Int, repliesPerWrite: Int, oneReadEach: Bool = false) throws -> [[Int]] {
        let loop = EmbeddedEventLoop()
        let handler = RPCChannelHandler(
            id: 1, inbox: LoopInbox(serving: loop), service: WatchingService(), limits: ConnectionLimits(repliesPerWrite: repliesPerWrite),
            logger: Logger(label: "test"), writeReports: .promises)
        let channel = EmbeddedChannel(handler: handler, loop: loop)
        channel.pipeline.fireChannelActive()
        let requests = (1...count).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# + "\n" }
        if oneReadEach {
            for request in requests { channel.pipeline.fireChannelRead(ByteBuffer(string: request)) }
            channel.pipeline.fireChannelReadComplete()
        } else {
            try channel.writeInbound(ByteBuffer(string: requests.joined()))
        }
        var result: [[Int]] = []
        while let written = try channel.readOutbound(as: ByteBuffer.self) {
            let ids = String(buffer: written).split(separator: "\n").map { line -> Int in
                guard case .object(let reply) = try? JSON.parse(String(line)), case .int(let id)? = reply["id"] else { return -1 }
                return Int(id)
            }
            result.append(ids)
        }
        _ = try? channel.finish()
        return result
    }

    @Test("ten requests read at once leave in writes of four, four and two")
    func writesOfFour() throws {
        #expect(try writes(count: 10, repliesPerWrite: 4) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]])
    }

    @Test("reads of one request each, answered as they are read, leave in the same writes")
    func answeredAsRead() throws {
        #expect(try writes(count: 10, repliesPerWrite: 4, oneReadEach: true) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]])
        #expect(try writes(count: 5, repliesPerWrite: 2, oneReadEach: true) == [[1, 2], [3, 4], [5]])
        #expect(try writes(count: 3, repliesPerWrite: 1_000, oneReadEach: true) == [[1, 2, 3]])
    }

    /// Counts the requests it answers.
    final class CountingService: RPCService {
        private let count = NIOLockedValueBox(0)
        var answered: Int { count.withLockedValue { $0 } }
        func handle(method: String, params: JSONView?, connection: ConnectionHandle) -> RPCOutcome {
            count.withLockedValue { $0 += 1 }
            return .done(.success(["echo": .string(method)]))
        }
        func notification(method: String, params: JSONView?, connection: ConnectionHandle) {}
        func connectionOpened(_ connection: ConnectionHandle) {}
        func connectionClosed(_ connection: ConnectionHandle) {}
    }

    @Test("a read's only message is answered as it is read; a read of several waits for the read's end")
    func whenAnswered() throws {
        let loop = EmbeddedEventLoop()
        let service = CountingService()
        let handler = RPCChannelHandler(
            id: 1, inbox: LoopInbox(serving: loop), service: service, limits: ConnectionLimits(), logger: Logger(label: "test"),
            writeReports: .promises)
        let channel = EmbeddedChannel(handler: handler, loop: loop)
        channel.pipeline.fireChannelActive()
        func request(_ id: Int) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"# + "\n" }

        channel.pipeline.fireChannelRead(ByteBuffer(string: request(1)))
        #expect(service.answered == 1)
        // Nothing leaves before the read ends.
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        channel.pipeline.fireChannelReadComplete()
        #expect(try channel.readOutbound(as: ByteBuffer.self) != nil)

        // Two in one read: queued (a cancel read with its request must still find it unanswered).
        channel.pipeline.fireChannelRead(ByteBuffer(string: request(2) + request(3)))
        #expect(service.answered == 1)
        channel.pipeline.fireChannelReadComplete()
        #expect(service.answered == 3)
        _ = try? channel.finish()
    }

    @Test("a burst no larger than the setting leaves in one write")
    func oneWrite() throws {
        #expect(try writes(count: 4, repliesPerWrite: 4) == [[1, 2, 3, 4]])
        #expect(try writes(count: 10, repliesPerWrite: 1_000) == [Array(1...10)])
    }

    @Test("one reply per write at 1, and a setting below 1 reads as 1")
    func oneEach() throws {
        #expect(try writes(count: 3, repliesPerWrite: 1) == [[1], [2], [3]])
        #expect(ConnectionLimits(repliesPerWrite: 0).repliesPerWrite == 1)
    }
}

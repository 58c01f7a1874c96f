#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A connection to an `RPCService` in the same process: a socket pair, whose server end is served by the same
/// ``RPCChannelHandler`` as a socket connection (framing, envelope, ordering, back-pressure), without a path
/// on disk. For test rigs that embed the server, and navctl's `--file`.
public final class InProcessStream: ByteStream {
    private let client: EventLoopFuture<any Channel>
    private let incoming: AsyncThrowingStream<[UInt8], any Error>

    /// The last id given to a connection opened without one. Ids count down from -1, so they are distinct (a
    /// server keeps subscriptions per connection id: two connections with one id would share them, and the first
    /// to close would end the other's) and never meet a socket server's, which count up from 1.
    private static let lastUnnamedId = NIOLockedValueBox(0)

    /// Opens a connection to `service`, served on `inbox`'s event loop (connections sharing a loop share its
    /// inbox); nil picks a loop of NIO's shared group and gives this connection an inbox of its own there. `id`
    /// names the connection to the service (nil: a fresh negative id).
    public init(
        service: any RPCService, limits: ConnectionLimits = ConnectionLimits(), id: Int? = nil,
        logger: Logger = Logger(label: "navd.inprocess"), inbox: LoopInbox? = nil
    ) {
        let id =
            id
            ?? Self.lastUnnamedId.withLockedValue {
                $0 -= 1
                return $0
            }
        let inbox = inbox ?? LoopInbox(serving: MultiThreadedEventLoopGroup.singleton.next())
        // Both ends on one event loop: a request and its reply never cross threads inside the pair.
        let loop = inbox.loop
        let (incoming, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        self.incoming = incoming
        guard let (serverFD, clientFD) = Self.socketPair() else {
            continuation.finish(throwing: IOError(errnoCode: errno, reason: "socketpair"))
            client = loop.makeFailedFuture(IOError(errnoCode: errno, reason: "socketpair"))
            return
        }
        _ = ClientBootstrap(group: loop)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        RPCChannelHandler(id: id, inbox: inbox, service: service, limits: limits, logger: logger))
                }
            }
            .withConnectedSocket(serverFD)
        client = ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ForwardingHandler(continuation))
                }
            }
            .withConnectedSocket(clientFD)
    }

    /// A connected pair of Unix stream sockets, or nil (with `errno` set).
    static func socketPair() -> (Int32, Int32)? {
        var fds: [Int32] = [-1, -1]
        #if canImport(Darwin)
            let kind = SOCK_STREAM
        #else
            let kind = Int32(SOCK_STREAM.rawValue)
        #endif
        guard socketpair(AF_UNIX, kind, 0, &fds) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    public func write(_ bytes: [UInt8]) async throws {
        let channel = try await client.get()
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    public func inbound() -> AsyncThrowingStream<[UInt8], any Error> {
        incoming
    }

    /// Finishes sending; returns once the server has answered what it was sent and closed its end.
    public func close() async {
        guard let channel = try? await client.get() else { return }
        try? await channel.close(mode: .output)
        // A client that stops reading would keep the server's end open; the client end closes on the server's EOF.
        try? await channel.closeFuture.get()
    }
}

/// Hands the client end's inbound bytes to an async stream.
private final class ForwardingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation) { self.continuation = continuation }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        continuation.yield(Array(unwrapInboundIn(data).readableBytesView))
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        continuation.finish(throwing: error)
        context.close(promise: nil)
    }
}

import NIOCore
import NIOPosix
import NavTransport

/// The framework's floor navd is measured against: a SwiftNIO server on the same kind of Unix socket, on the
/// same event-loop threads, that frames the same bytes (Content-Length) and writes every frame straight back,
/// flushing once per read burst. It does no JSON and no model work, so navd's figure divided by its figure is
/// the share SwiftNIO leaves to navd's own work. The physical limit, the same without SwiftNIO, is
/// bench/c/echo.c.
enum EchoServer {
    static func run(socket path: String) throws {
        // As many event loops as navd has by default: the same threads.
        EventLoops.use(EventLoops.defaultCount)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(EchoHandler()) }
            }
        let channel = try bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true).wait()
        try channel.closeFuture.wait()
    }
}

/// Splits the inbound bytes at Content-Length frames and echoes each frame whole.
final class EchoHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var pending: ByteBuffer?
    private var wrote = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if pending != nil {
            pending!.writeBuffer(&bytes)
        } else {
            pending = bytes
        }
        while let frame = nextFrame() {
            context.write(wrapOutboundOut(frame), promise: nil)
            wrote = true
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if wrote {
            wrote = false
            context.flush()
        }
    }

    /// The next whole frame (headers and body), or nil when it has not all arrived.
    private func nextFrame() -> ByteBuffer? {
        guard var buffer = pending else { return nil }
        let view = buffer.readableBytesView
        // "Content-Length: N\r\n\r\n"
        guard let headerEnd = Self.find([13, 10, 13, 10], in: view) else { return nil }
        var length = 0
        var index = view.startIndex
        while index < headerEnd, view[index] != UInt8(ascii: ":") { index += 1 }
        index += 1
        while index < headerEnd {
            let byte = view[index]
            if byte >= 48 && byte <= 57 { length = length * 10 + Int(byte - 48) }
            index += 1
        }
        let total = headerEnd + 4 - view.startIndex + length
        guard buffer.readableBytes >= total else { return nil }
        let frame = buffer.readSlice(length: total)
        pending = buffer.readableBytes == 0 ? nil : buffer
        return frame
    }

    private static func find(_ needle: [UInt8], in view: ByteBufferView) -> Int? {
        guard view.count >= needle.count else { return nil }
        var i = view.startIndex
        let last = view.endIndex - needle.count
        while i <= last {
            if view[i] == needle[0] && view[i + 1] == needle[1] && view[i + 2] == needle[2] && view[i + 3] == needle[3] {
                return i
            }
            i += 1
        }
        return nil
    }
}

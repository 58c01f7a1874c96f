#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import NIOCore
import NIOPosix
import NavTransport

/// A `ByteStream` over a Unix domain socket, built on SwiftNIO's async channel.
///
/// The channel lives inside one task that owns it through `executeThenClose`: a reader forwards
/// inbound bytes to `inbound()`, a writer drains the queue `write` fills, in order.
/// Every stored property is an immutable `Sendable` value, so the type is `Sendable` by construction.
public final class UnixSocketStream: ByteStream {
    /// One queued write and the continuation that learns when the bytes went out.
    private struct PendingWrite: Sendable {
        var bytes: [UInt8]
        var done: CheckedContinuation<Void, any Error>
    }

    private let channel: any Channel
    private let outgoing: AsyncStream<PendingWrite>.Continuation
    private let incoming: AsyncThrowingStream<[UInt8], any Error>
    private let pump: Task<Void, Never>

    /// The socket path this stream is connected to.
    public let path: String

    private init(
        path: String, channel: any Channel, outgoing: AsyncStream<PendingWrite>.Continuation,
        incoming: AsyncThrowingStream<[UInt8], any Error>, pump: Task<Void, Never>
    ) {
        self.path = path
        self.channel = channel
        self.outgoing = outgoing
        self.incoming = incoming
        self.pump = pump
    }

    /// Connects to the socket at `path`.
    ///
    /// - Throws: `NavClientError.cannotConnect` naming the path and the reason
    ///   (no such file, connection refused, permission denied, path too long).
    public static func connect(
        path: String, eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> UnixSocketStream {
        if let refusal = Self.ownershipRefusal(path) {
            throw NavClientError.cannotConnect(path: path, reason: refusal)
        }
        let asyncChannel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            asyncChannel = try await ClientBootstrap(group: eventLoopGroup)
                .connect(unixDomainSocketPath: path) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw NavClientError.cannotConnect(path: path, reason: Self.reason(for: error))
        }

        let (outStream, outContinuation) = AsyncStream<PendingWrite>.makeStream()
        let (inStream, inContinuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        let pump = Task {
            await Self.run(asyncChannel, writes: outStream, writesContinuation: outContinuation, reads: inContinuation)
        }
        return UnixSocketStream(
            path: path, channel: asyncChannel.channel, outgoing: outContinuation, incoming: inStream, pump: pump)
    }

    /// Why a socket must not be trusted: it, or its directory, belongs to another user, who could be posing as
    /// navd. Nil when both are this user's (or when the socket does not exist: connecting says so).
    static func ownershipRefusal(_ path: String) -> String? {
        let me = getuid()
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_uid != me {
            return
                "the socket belongs to uid \(info.st_uid), not to you (uid \(me)); refusing it, since another user's program could be posing as navd"
        }
        let directory = path.lastIndex(of: "/").map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        var dirInfo = stat()
        if stat(directory, &dirInfo) == 0, dirInfo.st_uid != me, dirInfo.st_mode & 0o1000 == 0 {
            return
                "its directory \(directory) belongs to uid \(dirInfo.st_uid), not to you (uid \(me)); refusing it, since that user could replace the socket"
        }
        return nil
    }

    /// Owns the channel until both directions are done.
    private static func run(
        _ asyncChannel: NIOAsyncChannel<ByteBuffer, ByteBuffer>,
        writes: AsyncStream<PendingWrite>,
        writesContinuation: AsyncStream<PendingWrite>.Continuation,
        reads: AsyncThrowingStream<[UInt8], any Error>.Continuation
    ) async {
        do {
            try await asyncChannel.executeThenClose { inbound, outbound in
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        do {
                            for try await buffer in inbound {
                                reads.yield(Array(buffer.readableBytesView))
                            }
                            reads.finish()
                        } catch {
                            reads.finish(throwing: error)
                        }
                        // The peer is gone: no write can succeed any more.
                        writesContinuation.finish()
                    }
                    group.addTask {
                        var failure: (any Error)?
                        for await pending in writes {
                            if let failure {
                                pending.done.resume(throwing: failure)
                                continue
                            }
                            do {
                                try await outbound.write(ByteBuffer(bytes: pending.bytes))
                                pending.done.resume()
                            } catch {
                                failure = error
                                pending.done.resume(throwing: NavClientError.connectionClosed)
                            }
                        }
                    }
                }
            }
        } catch {
            reads.finish(throwing: error)
        }
    }

    public func write(_ bytes: [UInt8]) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            if case .terminated = outgoing.yield(PendingWrite(bytes: bytes, done: done)) {
                done.resume(throwing: NavClientError.connectionClosed)
            }
        }
    }

    public func inbound() -> AsyncThrowingStream<[UInt8], any Error> {
        incoming
    }

    public func close() async {
        outgoing.finish()
        try? await channel.close()
        await pump.value
    }

    /// A short, human reason for a connect failure.
    static func reason(for error: any Error) -> String {
        if let io = error as? IOError {
            return describe(errno: io.errnoCode)
        }
        if let socketError = error as? SocketAddressError {
            switch socketError {
            case .unixDomainSocketPathTooLong: return "the socket path is too long for a Unix socket"
            default: return "not a usable socket path (\(socketError))"
            }
        }
        if let connection = error as? NIOConnectionError, let first = connection.connectionErrors.first {
            return reason(for: first.error)
        }
        return "\(error)"
    }

    static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "no such socket file"
        case ECONNREFUSED: return "connection refused (nothing is listening on the socket)"
        case EACCES, EPERM: return "permission denied"
        case ENOTSOCK: return "not a socket"
        case ENOTDIR: return "a component of the path is not a directory"
        default: return String(cString: strerror(code))
        }
    }
}

import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import JSONCore
import NavProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves an `RPCService` on a Unix domain socket: one task per connection, each connection's
/// messages in order, errors contained per connection.
public final class UnixSocketServer: Sendable {
    public let path: String
    /// A socket already bound and listening that the server takes over instead of binding `path` (socket
    /// activation: systemd passes it as descriptor 3).
    let listeningDescriptor: Int32?
    let limits: ConnectionLimits
    let maxConnections: Int
    /// The users whose connections are served: the daemon's own, and those `--allow-uid` names.
    let allowedUsers: Set<UInt32>
    let logger: Logger
    private let state = NIOLockedValueBox(State())
    private let heapTrimmer = HeapTrimmer()

    struct State {
        var serverChannel: (any Channel)?
        var connections: [Int: ConnectionHandle] = [:]
        /// One task per accepted connection, until it has closed.
        var tasks: [Int: Task<Void, Never>] = [:]
        var nextTask = 1
        var nextId = 1
        var stopping = false
    }

    public init(
        path: String, listeningDescriptor: Int32? = nil, limits: ConnectionLimits, maxConnections: Int = 256,
        allowedUsers: Set<UInt32> = [], logger: Logger
    ) {
        self.path = path
        self.listeningDescriptor = listeningDescriptor
        self.limits = limits
        self.maxConnections = maxConnections
        self.allowedUsers = allowedUsers.union([getuid()])
        self.logger = logger
    }

    /// The user at the other end of a Unix socket connection: SO_PEERCRED on Linux, LOCAL_PEERCRED (what
    /// getpeereid reads) on macOS. Nil when the system does not say.
    static func peerUser(of channel: any Channel) async -> UInt32? {
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        #if os(Linux)
            let credentials: PeerCredentials? = try? await provider.unsafeGetSocketOption(
                level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED)
            ).get()
            return credentials?.uid
        #elseif canImport(Darwin)
            let credentials: xucred? = try? await provider.unsafeGetSocketOption(
                level: SocketOptionLevel(0), name: SocketOptionName(LOCAL_PEERCRED)
            ).get()
            return credentials?.cr_uid
        #else
            return nil
        #endif
    }

    /// Binds the socket (which must not exist), or takes over `listeningDescriptor`, calls `onListening`, and
    /// serves until `stop()`; returns once every connection has answered what it had in hand and closed.
    public func run(service: any RPCService, onListening: @Sendable () throws -> Void = {}) async throws {
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            // A client may finish sending (shut down its write side) and still read its replies.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
        let accept: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            channel.eventLoop.makeCompletedFuture {
                // The connection is handed to its own task at once: a connection left waiting in the
                // accept sequence when the server stops would be dropped without being closed.
                let connection = try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                self.start(connection, service: service)
            }
        }
        let server: NIOAsyncChannel<Void, Never>
        if let listeningDescriptor {
            server = try await bootstrap.bind(listeningDescriptor, childChannelInitializer: accept)
        } else {
            server = try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false, childChannelInitializer: accept)
        }
        let stopEarly = state.withLockedValue { s -> Bool in
            s.serverChannel = server.channel
            return s.stopping
        }
        if stopEarly { server.channel.close(promise: nil) }
        try onListening()
        logger.info("listening", metadata: ["socket.path": "\(path)"])
        do {
            try await server.executeThenClose { inbound in
                for try await _ in inbound {}
            }
        } catch {
            logger.debug("accepting ended", metadata: ["error": "\(error)"])
        }
        // Stopped accepting: let every connection answer what it holds and close.
        while let next = state.withLockedValue({ $0.tasks.first?.value }) {
            await next.value
        }
    }

    private func start(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, service: any RPCService) {
        state.withLockedValue { s in
            let key = s.nextTask
            s.nextTask += 1
            s.tasks[key] = Task {
                await self.serve(connection, service: service)
                _ = self.state.withLockedValue { $0.tasks.removeValue(forKey: key) }
            }
        }
    }

    /// Stops accepting; open connections close once idle.
    public func stop() {
        let (channel, handles) = state.withLockedValue { s -> ((any Channel)?, [ConnectionHandle]) in
            s.stopping = true
            return (s.serverChannel, Array(s.connections.values))
        }
        channel?.close(promise: nil)
        for h in handles { h.beginDrain() }
    }

    private func serve(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, service: any RPCService) async {
        let channel = connection.channel
        // The channel is registered in the same event-loop turn that handed it over; one hop onto its
        // loop makes sure that has happened before anything is written to it or shut down.
        _ = try? await channel.eventLoop.submit {}.get()
        let (outStream, outContinuation) = AsyncStream<[UInt8]>.makeStream()
        let id = state.withLockedValue { s -> Int in
            defer { s.nextId += 1 }
            return s.nextId
        }
        let handle = ConnectionHandle(id: id, maxOutboundBytes: limits.maxOutboundBytes, output: outContinuation) {
            // Closing the output ends the writer, which writes what is queued and then closes the
            // channel; shutting the input down as well ends a read that is waiting for bytes.
            channel.eventLoop.execute {
                if channel.isActive { channel.close(mode: .input, promise: nil) } else { channel.close(promise: nil) }
            }
        }
        // Only the daemon's own user (and those --allow-uid names) is served: checked first, before the
        // connection counts against any limit.
        let peer = await Self.peerUser(of: channel)
        let permitted = peer.map { allowedUsers.contains($0) } ?? false
        // Admission and registration happen under one lock, so stop() drains every admitted connection.
        enum Admission { case admitted, full, stopping, notPermitted }
        let admission = state.withLockedValue { s -> Admission in
            if !permitted { return .notPermitted }
            if s.stopping { return .stopping }
            if s.connections.count >= maxConnections { return .full }
            s.connections[id] = handle
            return .admitted
        }
        let refused = admission != .admitted
        switch admission {
        case .admitted: break
        case .full:
            logger.warning("connection refused: limit", metadata: ["connection.id": "\(id)", "limit": "\(maxConnections)"])
            handle.send(
                Envelope.reply(
                    id: .null,
                    error: .limitExceeded(
                        name: "maxConnections", limit: maxConnections, message: "too many connections (--max-connections \(maxConnections))"
                    )))
            handle.finishOutput()
        case .stopping:
            logger.debug("connection refused: shutting down", metadata: ["connection.id": "\(id)"])
            handle.finishOutput()
        case .notPermitted:
            let who = peer.map { "uid \($0)" } ?? "a user the system does not name"
            logger.warning(
                "connection refused: not permitted",
                metadata: ["connection.id": "\(id)", "peer.uid": "\(peer.map(String.init) ?? "unknown")"])
            handle.send(
                Envelope.reply(
                    id: .null,
                    error: RPCError(
                        code: ErrorCode.notPermitted,
                        message:
                            "not permitted: this navd serves only its own user; \(who) is not allowed (the daemon's owner can admit it with --allow-uid)",
                        data: peer.map { JSON.object(["uid": .int(Int64($0))]) })))
            handle.finishOutput()
        }
        logger.debug("connection opened", metadata: ["connection.id": "\(id)"])
        do {
            try await connection.executeThenClose { inbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        // Each write completes once its bytes are in the socket, so nothing queued is lost
                        // when the connection closes, and the outbound budget counts what the peer has not
                        // taken yet.
                        for await bytes in outStream {
                            try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
                            handle.didWrite(bytes: bytes.count)
                        }
                    }
                    if !refused {
                        let runner = ConnectionRunner(handle: handle, service: service, limits: limits, logger: logger)
                        await runner.run(inbound: inbound.map { Array(buffer: $0) })
                    }
                    try await group.next()
                    group.cancelAll()
                }
            }
        } catch {
            logger.debug("connection ended with an error", metadata: ["connection.id": "\(id)", "error": "\(error)"])
        }
        handle.close()
        state.withLockedValue { _ = $0.connections.removeValue(forKey: id) }
        logger.debug("connection closed", metadata: ["connection.id": "\(id)"])
        heapTrimmer.connectionClosed()
    }
}

/// Hands the heap's free pages back to the system a second after connections close, at most once a second.
/// glibc keeps what a burst of clients freed in its arenas, so without this a daemon's resident size stays at
/// its peak long after the clients have left (`make soak` measures it). macOS's allocator returns free pages
/// by itself.
final class HeapTrimmer: Sendable {
    private let scheduled = NIOLockedValueBox(false)

    func connectionClosed() {
        #if os(Linux)
            let first = scheduled.withLockedValue { pending -> Bool in
                defer { pending = true }
                return !pending
            }
            guard first else { return }
            Task.detached { [scheduled] in
                try? await Task.sleep(for: .seconds(1))
                scheduled.withLockedValue { $0 = false }
                _ = HeapTrimmer.mallocTrim?(0)
            }
        #endif
    }

    #if os(Linux)
        /// glibc's `malloc_trim`, looked up at run time: Glibc's Swift module does not export malloc.h.
        private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        }()
    #endif
}

#if os(Linux)
    /// Linux's `struct ucred` (pid, uid, gid: three 32-bit fields, 12 bytes), which Glibc's Swift module does not
    /// export without `_GNU_SOURCE`; `SO_PEERCRED` fills exactly this layout.
    struct PeerCredentials: Sendable {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }
#endif

extension Array where Element == UInt8 {
    init(buffer: ByteBuffer) {
        self = buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? []
    }
}

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

/// The event-loop threads that serve connections (socket and in-process alike): NIO's shared group.
public enum EventLoops {
    /// One fewer than the processors the process may use, and at least one. Every peer of a Unix socket runs
    /// on the same machine, and needs a processor to write its requests and read its replies: with as many
    /// busy loops as processors, a client waiting for its turn on one held every reply it had not read for a
    /// scheduler tick (4 ms here), which was navd's p99 with 64 clients on two cores (docs/performance.md).
    public static var defaultCount: Int { max(1, System.coreCount - 1) }

    /// Serves connections on `count` threads. Must be called before anything serves a connection: NIO fixes
    /// the shared group's size when it first starts it.
    public static func use(_ count: Int) {
        NIOSingletons.groupLoopCountSuggestion = max(1, count)
    }

    /// Starts the shared group on a task of its own, so that what the caller sets up next runs while its
    /// threads start: NIO starts them one after another, waiting for each, the first time the group is asked
    /// for, and whoever asks next waits for that to finish. Call after ``use(_:)``.
    public static func startInBackground() {
        Task.detached { _ = MultiThreadedEventLoopGroup.singleton }
    }
}

/// Serves an `RPCService` on a Unix domain socket: each connection's messages handled on its event loop, in
/// order (``RPCChannelHandler``), errors contained per connection.
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
        /// Every accepted connection's channel, until it has closed.
        var channels: [Int: any Channel] = [:]
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
    static func peerUser(of channel: any Channel) -> EventLoopFuture<UInt32?> {
        guard let provider = channel as? any SocketOptionProvider else { return channel.eventLoop.makeSucceededFuture(nil) }
        #if os(Linux)
            let credentials: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
                level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
            return credentials.map { Optional($0.uid) }.recover { _ in nil }
        #elseif canImport(Darwin)
            let credentials: EventLoopFuture<xucred> = provider.unsafeGetSocketOption(
                level: SocketOptionLevel(0), name: SocketOptionName(LOCAL_PEERCRED))
            return credentials.map { Optional($0.cr_uid) }.recover { _ in nil }
        #else
            return channel.eventLoop.makeSucceededFuture(nil)
        #endif
    }

    /// Binds the socket (which must not exist), or takes over `listeningDescriptor`, calls `onListening`, and
    /// serves until `stop()`; returns once every connection has answered what it had in hand and closed.
    public func run(service: any RPCService, onListening: @Sendable () throws -> Void = {}) async throws {
        let group = MultiThreadedEventLoopGroup.singleton
        // One inbox per loop, made once: every connection of a loop is handed its notifications through it.
        let inboxes = group.makeIterator().map { LoopInbox(serving: $0) }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            // A client may finish sending (shut down its write side) and still read its replies.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                Self.peerUser(of: channel).flatMapThrowing { peer in
                    guard let inbox = inboxes.first(where: { $0.loop === channel.eventLoop }) else {
                        preconditionFailure("a connection on an event loop outside the server's group")
                    }
                    try self.admit(channel, inbox: inbox, peer: peer, service: service)
                }
            }
        let server: any Channel
        if let listeningDescriptor {
            server = try await bootstrap.withBoundSocket(listeningDescriptor).get()
        } else {
            server = try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false).get()
        }
        let stopEarly = state.withLockedValue { s -> Bool in
            s.serverChannel = server
            return s.stopping
        }
        if stopEarly { server.close(promise: nil) }
        try onListening()
        logger.info("listening", metadata: ["socket.path": "\(path)"])
        try? await server.closeFuture.get()
        // Stopped accepting: let every connection answer what it holds and close.
        while let next = state.withLockedValue({ $0.channels.first?.value }) {
            try? await next.closeFuture.get()
        }
    }

    /// Admits a new connection or refuses it (with a reply saying why), and installs its handler. Runs on the
    /// channel's event loop.
    private func admit(_ channel: any Channel, inbox: LoopInbox, peer: UInt32?, service: any RPCService) throws {
        // Only the daemon's own user (and those --allow-uid names) is served: checked first, before the
        // connection counts against any limit.
        let permitted = peer.map { allowedUsers.contains($0) } ?? false
        // Admission and registration happen under one lock, so stop() drains every admitted connection.
        enum Admission { case admitted, full, stopping, notPermitted }
        let (id, admission) = state.withLockedValue { s -> (Int, Admission) in
            let id = s.nextId
            s.nextId += 1
            if !permitted { return (id, .notPermitted) }
            if s.stopping { return (id, .stopping) }
            if s.connections.count >= maxConnections { return (id, .full) }
            s.channels[id] = channel
            return (id, .admitted)
        }
        var refusal: JSON?? = .none
        switch admission {
        case .admitted: break
        case .full:
            logger.warning("connection refused: limit", metadata: ["connection.id": "\(id)", "limit": "\(maxConnections)"])
            refusal = .some(
                Envelope.reply(
                    id: .null,
                    error: .limitExceeded(
                        name: "maxConnections", limit: maxConnections, message: "too many connections (--max-connections \(maxConnections))"
                    )))
        case .stopping:
            logger.debug("connection refused: shutting down", metadata: ["connection.id": "\(id)"])
            refusal = .some(nil)
        case .notPermitted:
            let who = peer.map { "uid \($0)" } ?? "a user the system does not name"
            logger.warning(
                "connection refused: not permitted",
                metadata: ["connection.id": "\(id)", "peer.uid": "\(peer.map(String.init) ?? "unknown")"])
            refusal = .some(
                Envelope.reply(
                    id: .null,
                    error: RPCError(
                        code: ErrorCode.notPermitted,
                        message:
                            "not permitted: this navd serves only its own user; \(who) is not allowed (the daemon's owner can admit it with --allow-uid)",
                        data: peer.map { JSON.object(["uid": .int(Int64($0))]) })))
        }
        let handler = RPCChannelHandler(id: id, inbox: inbox, service: service, limits: limits, logger: logger, refusal: refusal)
        if admission == .admitted {
            state.withLockedValue { $0.connections[id] = handler.handle }
        }
        logger.debug("connection opened", metadata: ["connection.id": "\(id)"])
        channel.closeFuture.whenComplete { _ in
            self.state.withLockedValue { s in
                s.connections[id] = nil
                s.channels[id] = nil
            }
            self.logger.debug("connection closed", metadata: ["connection.id": "\(id)"])
            self.heapTrimmer.connectionClosed()
        }
        try channel.pipeline.syncOperations.addHandler(handler)
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
}

/// Hands the heap's free pages back to the system a second after connections close, at most once a second.
/// glibc keeps what a burst of clients freed in its arenas, so without this a daemon's resident size stays at
/// its peak long after the clients have left (`make soak` measures it). macOS's allocator returns free pages
/// by itself.
final class HeapTrimmer: Sendable {
    private let scheduled = NIOLockedValueBox(false)

    init() {
        #if os(Linux)
            _ = HeapTrimmer.fixedMmapThreshold
        #endif
    }

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
        /// Large blocks (128 KiB and up) always come from mmap and go straight back to the system when freed.
        /// By default glibc raises that threshold every time such a block is freed, up to 32 MiB, so after a
        /// burst of large outbound buffers (slow readers near --max-outbound-bytes) blocks of that size are
        /// carved from the heap instead and fragment it: the daemon then stays larger after the clients have
        /// left than trimming can undo. Setting the threshold once turns that adjustment off.
        private static let fixedMmapThreshold: Void = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            // M_MMAP_THRESHOLD is -3 in glibc's malloc.h, which Glibc's Swift module does not export.
            _ = mallopt(-3, 128 * 1024)
        }()

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

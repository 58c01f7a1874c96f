import ArgumentParser
import Logging
import NavModel
import NavServer
import NavTransport
import ServiceLifecycle
import UnixSignals

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct Navd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navd",
        abstract: "Keeps live models of iOS navigation stacks and answers questions about them over JSON-RPC.",
        discussion: """
            navd serves JSON-RPC 2.0 on a Unix socket. Clients (navctl, editor extensions, test rigs) create \
            sessions, push screens, and ask who receives a tap on the navigation bar, what colour a bar's items \
            and title get on a bar colour, and what the back button will say; subscribers are told when a bar changes.

            The socket is --socket, else $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, else \
            /tmp/navd-<uid>/navd.sock. Its directory is made 0700 and the socket 0600. One daemon serves \
            a socket: a second one exits with status 1; a socket left by a crashed daemon is replaced.

            Try it:
              navd &
              navctl status
              navctl session create --name demo
            Or type JSON-RPC, one message per line:
              socat - UNIX-CONNECT:<socket>
              {"jsonrpc":"2.0","id":1,"method":"daemon/status"}

            Started by systemd with a listening socket (LISTEN_FDS, LISTEN_PID; see contrib/systemd), navd \
            serves that socket instead and leaves its path to systemd.

            SIGTERM or SIGINT: stop accepting, answer what is in hand, remove the socket, exit 0.
            """,
        version: ServerInfo.version
    )

    @Option(name: .long, help: ArgumentHelp("The socket to serve.", valueName: "path"))
    var socket: String?

    @Option(
        name: .long, help: ArgumentHelp("trace, debug, info, notice, warning, error or critical (logs go to stderr).", valueName: "level"))
    var logLevel: String = "info"

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Largest message accepted; larger ones get -32600 and are skipped.", valueName: "bytes"))
    var maxMessageBytes: Int = 8 << 20

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Unwritten bytes a slow client may accumulate before its notifications are dropped for a session/resync.", valueName: "bytes"))
    var maxOutboundBytes: Int = 4 << 20

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Most sessions open at once.", valueName: "n"))
    var maxSessions: Int = 256

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Most screens on one stack.", valueName: "n"))
    var maxStackDepth: Int = 256

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Most client connections at once.", valueName: "n"))
    var maxConnections: Int = 256

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Most messages in one batch.", valueName: "n"))
    var maxBatch: Int = 1_000

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Most subscriptions one connection may hold.", valueName: "n"))
    var maxSubscriptions: Int = 64

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Deepest JSON nesting accepted in a message.", valueName: "n"))
    var maxJsonDepth: Int = 128

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Largest Content-Length header block; a larger one is malformed.", valueName: "bytes"))
    var maxHeaderBytes: Int = 8 << 10

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "While requests that arrived together are answered, write the replies out each time this many are ready.",
            valueName: "n"))
    var repliesPerWrite: Int = ConnectionLimits.defaultRepliesPerWrite

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Connections a thread writes out (a broadcast's subscribers, say) before it reads again.", valueName: "n"))
    var writeOutBatch: Int = ConnectionLimits.defaultWriteOutBatch

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Threads that serve connections. Default: one fewer than the processors, at least one, so local clients keep one.",
            valueName: "n"))
    var eventLoops: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Most views in a tree sent to tree/hitTest.", valueName: "n"))
    var maxTreeNodes: Int = 10_000

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Deepest view nesting in a tree sent to tree/hitTest.", valueName: "n"))
    var maxTreeDepth: Int = 256

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep every session in a SQLite database in this directory: a mutation's reply is sent once it is durable, and a restart restores every session at its version.",
            valueName: "dir")
    )
    var stateDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Measure bar text with this font file (.ttf, .otf, .ttc) in every session whose policies name none (policies.textFont).",
            valueName: "path"))
    var fontFile: String?

    @Option(
        name: .long, help: ArgumentHelp("The face of --font-file to use in a collection: its index or its name.", valueName: "face"))
    var fontFace: String?

    @Option(
        name: .customLong("allow-uid"),
        help: ArgumentHelp(
            "Also serve this user's connections (repeatable); every other user but the daemon's own is refused.", valueName: "uid"))
    var allowUIDs: [UInt32] = []

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        for (name, value, minimum) in [
            ("--max-message-bytes", maxMessageBytes, 64), ("--max-outbound-bytes", maxOutboundBytes, 1024),
            ("--max-sessions", maxSessions, 1), ("--max-stack-depth", maxStackDepth, 1),
            ("--max-connections", maxConnections, 1), ("--max-batch", maxBatch, 1),
            ("--max-subscriptions", maxSubscriptions, 1), ("--max-json-depth", maxJsonDepth, 2),
            ("--max-tree-nodes", maxTreeNodes, 1), ("--max-tree-depth", maxTreeDepth, 1),
            ("--max-header-bytes", maxHeaderBytes, 64), ("--replies-per-write", repliesPerWrite, 1),
            ("--write-out-batch", writeOutBatch, 1), ("--event-loops", eventLoops ?? 1, 1),
        ] where value < minimum {
            throw ValidationError("\(name) must be at least \(minimum)")
        }
    }

    func run() async throws {
        // Before anything starts NIO's shared group, which fixes its size then.
        EventLoops.use(eventLoops ?? EventLoops.defaultCount)
        // The event loops start while the state, the socket's lock, the service and the signal handlers are
        // set up; none of those needs them, and the server finds them running.
        EventLoops.startInBackground()
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "navd")
        let path = SocketPath.resolve(explicit: socket)

        // The state comes first: a damaged, foreign or newer database stops navd before any socket exists.
        var state: (store: StateStore, sessions: [StateStore.StoredSession])?
        if let stateDir {
            // The database and its journal are the daemon's user's alone.
            umask(0o077)
            do {
                state = try StateStore.open(directory: stateDir)
            } catch {
                writeStandardError("navd: \(error.message)\n")
                throw ExitCode(1)
            }
        }

        // A socket passed by systemd (or any supervisor that follows its convention) is served as it is: the
        // supervisor owns its path, so nothing is locked, made or removed there.
        let activation: SocketActivation?
        let guardian: SocketGuard?
        do {
            activation = try SocketActivation.inherited()
            guardian = activation == nil ? try SocketGuard(socketPath: path) : nil
        } catch {
            // Either failure is a sentence starting "navd: ".
            writeStandardError("\(error)\n")
            throw ExitCode(1)
        }
        let servedPath = activation.map { $0.path.isEmpty ? path : $0.path } ?? path
        if let activation {
            logger.info("serving the socket passed at start", metadata: ["socket.path": "\(servedPath)", "fd": "\(activation.descriptor)"])
        }

        // Everything navd creates from here on (the socket, the state file) is its owner's alone; the
        // socket is born 0600 rather than made so after a window in which others could connect.
        umask(0o177)

        let fonts = SessionFonts(fallback: fontFile.map { SessionFonts.setting(file: $0, face: fontFace) })
        if let problem = fonts.fallbackProblem() {
            writeStandardError("navd: --font-file \(problem)\n")
            guardian?.release()
            throw ExitCode(1)
        }
        let service = NavService(
            limits: ServerLimits(
                maxSessions: maxSessions, maxStackDepth: maxStackDepth, maxSubscriptionsPerConnection: maxSubscriptions,
                tree: TreeLimits(maxTreeNodes: maxTreeNodes, maxTreeDepth: maxTreeDepth)),
            fonts: fonts, logger: logger)
        if let state {
            // Attached first: the restored sessions keep writing to it.
            service.sessions.attach(state.store)
            do {
                try service.sessions.restore(state.sessions)
            } catch {
                writeStandardError("navd: cannot restore the sessions of \(state.store.path): \(error.message)\n")
                guardian?.release()
                throw ExitCode(1)
            }
            logger.info("restored sessions", metadata: ["sessions": "\(state.sessions.count)", "state.database": "\(state.store.path)"])
        }
        let server = UnixSocketServer(
            path: servedPath, listeningDescriptor: activation?.descriptor,
            limits: ConnectionLimits(
                maxMessageBytes: maxMessageBytes, maxOutboundBytes: maxOutboundBytes, maxBatch: maxBatch,
                maxJSONDepth: maxJsonDepth, maxHeaderBytes: maxHeaderBytes, repliesPerWrite: repliesPerWrite,
                writeOutBatch: writeOutBatch),
            maxConnections: maxConnections, allowedUsers: Set(allowUIDs), logger: logger)
        let daemon = DaemonService(server: server, service: service, socketGuard: guardian, logger: logger)
        // Trap the signals before the socket exists: a client that sees the socket may signal at once.
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [.init(service: daemon)], logger: logger))
        do {
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                tasks.addTask {
                    for await signal in signals {
                        logger.info("signal received, shutting down", metadata: ["signal": "\(signal)"])
                        await group.triggerGracefulShutdown()
                    }
                }
                try await tasks.next()
                tasks.cancelAll()
            }
        } catch {
            logger.error("navd stopped", metadata: ["error": "\(error)"])
            daemon.releaseSocket()
            throw ExitCode(1)
        }
        await state?.store.close()
        daemon.releaseSocket()
        logger.info("stopped")
    }
}

func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

import Logging
import NavServer
import NavTransport
import ServiceLifecycle

/// The socket server as a `Service`: serves until graceful shutdown, then stops accepting and
/// lets each connection answer what it has in hand.
final class DaemonService: Service, Sendable, CustomStringConvertible {
    let server: UnixSocketServer
    let service: NavService
    /// Nil when the socket was passed at start: its path is the supervisor's.
    let socketGuard: SocketGuard?
    let logger: Logger

    init(server: UnixSocketServer, service: NavService, socketGuard: SocketGuard?, logger: Logger) {
        self.server = server
        self.service = service
        self.socketGuard = socketGuard
        self.logger = logger
    }

    /// The name ServiceLifecycle logs the service by. Said outright, it also spares the start the runtime's
    /// conformance searches (each a walk over every conformance in the binary) that describing the object
    /// by reflection would make.
    var description: String { "navd socket server" }

    func run() async throws {
        let socketGuard = self.socketGuard
        try await withGracefulShutdownHandler {
            try await server.run(service: service) { try socketGuard?.restrictSocket() }
        } onGracefulShutdown: {
            self.logger.info("shutting down")
            self.server.stop()
        }
    }

    /// Removes the socket file and releases the lock (a passed socket's file is left to its supervisor).
    func releaseSocket() { socketGuard?.release() }
}

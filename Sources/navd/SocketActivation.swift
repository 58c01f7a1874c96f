#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening socket handed over at start, as systemd passes one (`sd_listen_fds(3)`): descriptor 3, with
/// `LISTEN_PID` naming this process and `LISTEN_FDS` counting the descriptors. launchd and inetd-style
/// supervisors that follow the same convention work the same way.
struct SocketActivation {
    /// The first passed descriptor (`SD_LISTEN_FDS_START`).
    static let firstDescriptor: Int32 = 3

    /// The passed socket, already bound and listening.
    let descriptor: Int32
    /// Its path, read back from the socket (empty when it has none).
    let path: String

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { "navd: " + message }
    }

    /// The socket passed to this process, or nil when none was (no `LISTEN_PID`, or one naming another
    /// process, which is what a child of an activated process sees). The variables are removed either way,
    /// so nothing navd starts mistakes them for its own.
    static func inherited() throws(Failure) -> SocketActivation? {
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        guard let pidText = getenv("LISTEN_PID").map({ String(cString: $0) }) else { return nil }
        guard let pid = Int32(pidText), pid == getpid() else { return nil }
        let countText = getenv("LISTEN_FDS").map { String(cString: $0) } ?? ""
        guard let count = Int(countText), count >= 1 else {
            throw Failure(message: "LISTEN_PID names this process but LISTEN_FDS is \"\(countText)\", not a count of passed sockets")
        }
        guard count == 1 else {
            throw Failure(message: "\(count) sockets were passed (LISTEN_FDS); navd serves one: give its socket unit one ListenStream")
        }
        let fd = firstDescriptor
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFSOCK else {
            throw Failure(message: "descriptor \(fd), passed as a listening socket (LISTEN_FDS), is not a socket")
        }
        var type: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0, type == Self.streamType else {
            throw Failure(message: "the passed socket (descriptor \(fd)) is not a stream socket: use ListenStream=, not ListenDatagram=")
        }
        var listening: Int32 = 0
        length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening != 0 else {
            throw Failure(message: "the passed socket (descriptor \(fd)) is not listening: navd needs Accept=no")
        }
        var address = sockaddr_un()
        length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0, Int32(address.sun_family) == AF_UNIX else {
            throw Failure(message: "the passed socket (descriptor \(fd)) is not a Unix domain socket: navd serves a path, not a port")
        }
        let path = withUnsafeBytes(of: address.sun_path) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Not inherited by anything navd starts.
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        return SocketActivation(descriptor: fd, path: path)
    }

    private static var streamType: Int32 {
        #if os(Linux)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain POSIX Unix-socket calls for the harness: probing, and leaving stale sockets behind.
enum Sockets {
    #if canImport(Glibc)
        static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        static let streamType = SOCK_STREAM
    #endif

    /// Calls `body` with a `sockaddr_un` for `path`.
    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        #if canImport(Darwin)
            address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// A connected socket, or the errno of the failure.
    static func connect(_ path: String, receiveBuffer: Int32? = nil) -> Result<Int32, HarnessError> {
        let fd = socket(AF_UNIX, streamType, 0)
        guard fd >= 0 else { return .failure(HarnessError("socket() failed: errno \(errno)")) }
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if var size = receiveBuffer {
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let rc = withAddress(path) { systemConnect(fd, $0, $1) } ?? -1
        if rc != 0 {
            let code = errno
            close(fd)
            return .failure(HarnessError("connect(\(path)) failed: errno \(code)"))
        }
        return .success(fd)
    }

    /// `send(2)` that reports a closed peer as an error instead of raising SIGPIPE.
    static func write(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
        #else
            return Darwin.send(fd, pointer, count, 0)
        #endif
    }

    /// Whether something accepts connections on `path` right now.
    static func accepts(_ path: String) -> Bool {
        switch connect(path) {
        case .success(let fd):
            close(fd)
            return true
        case .failure:
            return false
        }
    }

    /// Binds a socket at `path` and closes it without unlinking: what a crashed daemon leaves.
    static func leaveStaleSocket(at path: String) throws {
        let fd = socket(AF_UNIX, streamType, 0)
        guard fd >= 0 else { throw HarnessError("socket() failed: errno \(errno)") }
        defer { close(fd) }
        let rc = withAddress(path) { bind(fd, $0, $1) } ?? -1
        guard rc == 0 else { throw HarnessError("bind(\(path)) failed: errno \(errno)") }
    }
}

/// `connect(2)`, named apart from the enum's own `connect`.
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
        return Glibc.connect(fd, address, length)
    #else
        return Darwin.connect(fd, address, length)
    #endif
}

import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns the socket path for the daemon's lifetime: a 0700 directory, an exclusive lock on
/// `<socket>.lock` (so exactly one daemon serves a path), and removal of a stale socket file.
final class SocketGuard: Sendable {
    enum Failure: Error, CustomStringConvertible {
        case alreadyServed(String)
        case system(String)

        var description: String {
            switch self {
            case .alreadyServed(let path): return "navd: another navd is already serving \(path)"
            case .system(let message): return "navd: \(message)"
            }
        }
    }

    let socketPath: String
    let lockPath: String
    private let lockFD: Int32
    private let released = NIOLockedValueBox(false)

    init(socketPath: String) throws(Failure) {
        self.socketPath = socketPath
        self.lockPath = socketPath + ".lock"
        // Checked before anything is created, so a refused path leaves nothing behind.
        let limit = Self.maxSocketPathBytes
        guard socketPath.utf8.count <= limit else {
            throw .system(
                "the socket path \(socketPath) is \(socketPath.utf8.count) bytes long; a Unix socket path may have at most \(limit): choose a shorter --socket"
            )
        }
        let directory = Self.directory(of: socketPath)
        try Self.makeDirectory(directory)
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .system("cannot open \(lockPath): \(Self.errorText())") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let e = errno
            close(fd)
            if e == EWOULDBLOCK { throw .alreadyServed(socketPath) }
            throw .system("cannot lock \(lockPath): \(Self.errorText(e))")
        }
        // Holding the lock, any socket file left at the path is stale: a daemon that died.
        if unlink(socketPath) != 0, errno != ENOENT {
            let text = Self.errorText()
            close(fd)
            throw .system("cannot remove the stale socket \(socketPath): \(text)")
        }
        self.lockFD = fd
    }

    /// The longest socket path the system takes: `sun_path` less its terminating NUL (107 on Linux, 103 on macOS).
    static var maxSocketPathBytes: Int {
        MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
    }

    /// Restricts the socket file to its owner.
    func restrictSocket() throws(Failure) {
        if chmod(socketPath, 0o600) != 0 { throw .system("cannot chmod \(socketPath): \(Self.errorText())") }
    }

    /// Removes the socket and the lock file, then releases the lock (once).
    func release() {
        let first = released.withLockedValue { r -> Bool in
            defer { r = true }
            return !r
        }
        guard first else { return }
        unlink(socketPath)
        unlink(lockPath)
        close(lockFD)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// Creates the directory (and parents) 0700. An existing socket directory must be the daemon's user's and
    /// writable by nobody else, as tmux and the Emacs server require: otherwise another user could move the
    /// socket aside and put their own at its path.
    static func makeDirectory(_ dir: String, isSocketDirectory: Bool = true) throws(Failure) {
        var st = stat()
        if lstat(dir, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else { throw .system("\(dir) exists and is not a directory") }
            guard isSocketDirectory else { return }
            if st.st_uid != getuid() {
                throw .system("refusing the socket directory \(dir): it belongs to uid \(st.st_uid), not to this user (uid \(getuid()))")
            }
            if st.st_mode & 0o022 != 0 {
                throw .system(
                    "refusing the socket directory \(dir): it is writable by \(st.st_mode & 0o002 != 0 ? "others" : "its group") (mode \(String(st.st_mode & 0o777, radix: 8))); make it 0700"
                )
            }
            return
        }
        let parent = directory(of: dir)
        if parent != dir, parent != "/", parent != "." { try makeDirectory(parent, isSocketDirectory: false) }
        if mkdir(dir, 0o700) != 0, errno != EEXIST { throw .system("cannot create \(dir): \(errorText())") }
        if chmod(dir, 0o700) != 0 { throw .system("cannot chmod \(dir): \(errorText())") }
    }

    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}

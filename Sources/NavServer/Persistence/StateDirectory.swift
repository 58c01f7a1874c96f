#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The state directory: made 0700 when missing, as the socket directory is.
enum StateDirectory {
    static func prepare(_ directory: String) throws(StateStore.Failure) {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw StateStore.Failure(message: "--state-dir \(directory) is not a directory")
            }
            return
        }
        guard errno == ENOENT else {
            throw StateStore.Failure(message: "cannot use --state-dir \(directory): \(String(cString: strerror(errno)))")
        }
        // Each missing parent too, each 0700.
        var path = directory.hasPrefix("/") ? "/" : ""
        for part in directory.split(separator: "/") {
            path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + part
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw StateStore.Failure(message: "cannot create --state-dir \(directory): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Takes `directory`'s lock, so two daemons never share one state; the lock lasts until the returned
    /// descriptor is closed (by the store's `close`, or by the process's end).
    static func lock(_ directory: String) throws(StateStore.Failure) -> Int32 {
        let path = directory.hasSuffix("/") ? directory + "lock" : directory + "/lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StateStore.Failure(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
        // A lock released a moment ago can still be held for an instant by a process that was forked while
        // the descriptor was open and has not reached exec yet, so a busy lock is tried again for up to a second.
        var attempts = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            attempts += 1
            guard errno == EWOULDBLOCK, attempts < 50 else {
                close(fd)
                throw StateStore.Failure(message: "another navd keeps its sessions in \(directory); give each daemon its own --state-dir")
            }
            usleep(20_000)
        }
        return fd
    }

    static func unlock(_ fd: Int32) { close(fd) }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}

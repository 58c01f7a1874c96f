#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// A blocking Unix socket client connection with a Content-Length frame reader: the subscribers and mutators
/// of the fan-out measures, driven from one thread with poll(2). The request-path load is bench/c/loadgen.c.
final class RawConnection {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where each read(2) lands, kept between reads: allocating and clearing 64 KiB for every read cost the
    /// generator more than a small request's round trip.
    private var chunk = [UInt8](repeating: 0, count: 65536)

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket() failed") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() where i < raw.count - 1 { raw[i] = b }
        }
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else {
            close(fd)
            throw BenchError("cannot connect to \(path)")
        }
    }

    deinit { close(fd) }

    /// Writes every byte (blocking).
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard n > 0 else { throw BenchError("write failed") }
            offset += n
        }
    }

    /// Reads what is available (one read(2), blocking), then returns how many whole frames are buffered
    /// and takes them out; `body` sees each frame's body.
    func receive(_ body: ([UInt8]) -> Void = { _ in }) throws -> Int {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        guard n > 0 else { throw BenchError("the server closed the connection") }
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: chunk[0..<n])
        var frames = 0
        while let (bodyStart, length) = nextFrame() {
            body(Array(buffer[bodyStart..<(bodyStart + length)]))
            start = bodyStart + length
            frames += 1
        }
        if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
        return frames
    }

    /// Reads until one whole frame arrives and returns its body.
    func receiveOne() throws -> [UInt8] {
        var result: [UInt8]?
        while result == nil {
            _ = try receive { if result == nil { result = $0 } }
        }
        return result!
    }

    private func nextFrame() -> (Int, Int)? {
        var i = start
        let end = buffer.count
        while i + 3 < end {
            if buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 { break }
            i += 1
        }
        guard i + 3 < end else { return nil }
        var length = 0
        var j = start
        while j < i, buffer[j] != UInt8(ascii: ":") { j += 1 }
        while j < i {
            let b = buffer[j]
            if b >= 48 && b <= 57 { length = length * 10 + Int(b - 48) }
            j += 1
        }
        let bodyStart = i + 4
        guard end - bodyStart >= length else { return nil }
        return (bodyStart, length)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Frames `body` with a Content-Length header.
func contentLengthFrame(_ body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
}

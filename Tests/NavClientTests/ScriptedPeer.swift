import NavTransport

/// The daemon's end of a connection, played by a test: what the client writes is collected one write at a
/// time, and what the test sends arrives as the client's inbound bytes. The client under test is the real one;
/// only the peer is scripted, so a test can send what a daemon should never send.
final class ScriptedPeer: ByteStream {
    private let incoming = AsyncThrowingStream<[UInt8], any Error>.makeStream()
    private let written = AsyncStream<[UInt8]>.makeStream()

    /// What the client wrote, one element per write.
    var writes: AsyncStream<[UInt8]> { written.stream }

    func write(_ bytes: [UInt8]) async throws { written.continuation.yield(bytes) }
    func inbound() -> AsyncThrowingStream<[UInt8], any Error> { incoming.stream }
    func close() async {
        incoming.continuation.finish()
        written.continuation.finish()
    }

    /// Bytes from the daemon's side.
    func send(_ text: String) { incoming.continuation.yield(Array(text.utf8)) }
    /// The daemon's side closes.
    func hangUp() { incoming.continuation.finish() }
}

extension AsyncStream<[UInt8]>.Iterator {
    /// The next write, as text.
    mutating func nextText() async -> String? { await next().map { String(decoding: $0, as: UTF8.self) } }
}

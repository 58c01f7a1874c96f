/// A bidirectional byte stream to a peer: a Unix socket or an in-process pipe to the server.
///
/// `NavClient` speaks JSON-RPC over any `ByteStream`, so the same client code runs against
/// the real daemon and against a server embedded in a test rig.
public protocol ByteStream: Sendable {
    /// Sends bytes, in order.
    func write(_ bytes: [UInt8]) async throws
    /// The bytes the peer sends, in order; finishes when the peer closes. Call once.
    func inbound() -> AsyncThrowingStream<[UInt8], any Error>
    /// Closes both directions.
    func close() async
}

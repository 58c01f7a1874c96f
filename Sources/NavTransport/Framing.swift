/// How a connection frames its messages, chosen by its first non-whitespace byte.
public enum Framing: String, Sendable, Hashable {
    /// LSP base protocol: `Content-Length: N\r\n ... \r\n\r\n` then N bytes.
    case contentLength = "content-length"
    /// One JSON value per line.
    case ndjson
}

/// What the decoder produced from the bytes fed so far.
public enum FrameEvent: Sendable, Hashable {
    /// A complete message body (not yet parsed as JSON).
    case message([UInt8])
    /// A message larger than the limit was skipped without being buffered.
    case oversized(limit: Int)
    /// The header block was malformed; the connection cannot resynchronise and must close.
    case malformedHeader(String)
}

/// A pure, incremental frame decoder: feed it bytes in any chunking, read events out.
public struct FrameDecoder: Sendable {
    public private(set) var framing: Framing?
    public let maxMessageBytes: Int

    public init(maxMessageBytes: Int = 8 << 20) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// Consumes `bytes` and returns the events they complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [FrameEvent] {
        []
    }
}

/// Frames outgoing bodies.
public enum FrameEncoder {
    public static func encode(_ body: [UInt8], framing: Framing) -> [UInt8] {
        switch framing {
        case .contentLength: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        case .ndjson: return body + [0x0A]
        }
    }
}

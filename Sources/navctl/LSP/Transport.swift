import Foundation
import JSONCore
import NavFraming

/// What standard input delivered, as the frame decoder saw it.
enum LSPInbound: Sendable {
    /// One message's body, with the framing the client chose.
    case message([UInt8], Framing)
    /// A message larger than the limit, skipped.
    case oversized(limit: Int)
    /// A header block the decoder cannot read past: the stream cannot be resynchronised.
    case malformedHeader(String)
    /// Standard input ended (or failed).
    case end
}

/// Standard input, read on a thread of its own (a blocking read would hold one of the few threads Swift's
/// concurrency runs on) and framed by NavFraming's decoder: Content-Length headers, as LSP clients write them,
/// or one JSON value per line.
enum LSPInput {
    /// The largest message taken: an editor sends a whole file in `didOpen`.
    static let maxMessageBytes = 64 << 20

    /// The messages of `descriptor`, in order, until it ends.
    static func messages(from descriptor: Int32 = STDIN_FILENO) -> AsyncStream<LSPInbound> {
        let (stream, continuation) = AsyncStream.makeStream(of: LSPInbound.self, bufferingPolicy: .unbounded)
        let thread = Thread {
            var decoder = FrameDecoder(maxMessageBytes: maxMessageBytes)
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            var events: [FrameEvent] = []
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                decoder.feed(chunk[0..<count], into: &events)
                let framing = decoder.framing ?? .contentLength
                for event in events {
                    switch event {
                    case .message(let body): continuation.yield(.message(body, framing))
                    case .oversized(let limit): continuation.yield(.oversized(limit: limit))
                    case .malformedHeader(let detail): continuation.yield(.malformedHeader(detail))
                    }
                }
                events.removeAll(keepingCapacity: true)
                if decoder.isFailed { break }
            }
            continuation.yield(.end)
            continuation.finish()
        }
        thread.name = "navctl-lsp-stdin"
        thread.start()
        return stream
    }
}

/// Standard output's one writer: every message is framed and written, whole and in order, on one serial queue,
/// whichever task sends it.
struct LSPOutput: Sendable {
    private let queue = DispatchQueue(label: "navctl.lsp.stdout")

    /// Writes `message` framed as the client frames its own.
    func send(_ message: JSON, framing: Framing) {
        let bytes = FrameEncoder.encode(message.serializedBytes(), framing: framing)
        queue.async { Self.writeAll(bytes, to: STDOUT_FILENO) }
    }

    /// Returns once every message sent so far is written.
    func flush() {
        queue.sync {}
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // the client is gone: nothing more can reach it
                }
                offset += written
            }
        }
    }
}

/// Log lines for people, on standard error only (standard output carries the protocol).
enum LSPLog {
    static func log(_ message: String) {
        FileHandle.standardError.write(Data("navctl lsp: \(message)\n".utf8))
    }
}

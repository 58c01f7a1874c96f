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
    ///
    /// Emitted once per oversized message, as soon as its size is known to exceed
    /// the limit; the decoder then discards the rest of that message and carries on
    /// with the next one.
    case oversized(limit: Int)
    /// The header block was malformed; the connection cannot resynchronise and must close.
    ///
    /// The string says what was wrong. After this event the decoder ignores all input.
    case malformedHeader(String)
}

/// A ``FrameEvent`` as ``FrameDecoder/feed(_:each:)`` hands it over: a message's body is borrowed, from the
/// bytes fed or from the decoder's buffer, and is valid only during the call that receives it.
public enum BorrowedFrameEvent {
    case message(UnsafeBufferPointer<UInt8>)
    case oversized(limit: Int)
    case malformedHeader(String)

    /// The event with its body copied out.
    public var owned: FrameEvent {
        switch self {
        case .message(let body): return .message(Array(body))
        case .oversized(let limit): return .oversized(limit: limit)
        case .malformedHeader(let detail): return .malformedHeader(detail)
        }
    }
}

/// A pure, incremental frame decoder: feed it bytes in any chunking, read events out.
///
/// The decoder is a state machine that looks at each input byte a bounded number of
/// times, so feeding a stream one byte at a time costs the same as feeding it at once,
/// and any chunking of the same bytes yields the same events.
///
/// - The framing is chosen by the first non-whitespace byte of the connection:
///   `{` or `[` selects NDJSON, an ASCII letter selects Content-Length headers,
///   anything else is a ``FrameEvent/malformedHeader(_:)``.
/// - Content-Length: header lines `Name: value` end with `\r\n` (a bare `\n` is
///   tolerated); names are case-insensitive; `Content-Length` is required exactly once
///   and must be a decimal integer; other headers are ignored; a blank line ends the
///   block, then exactly N body bytes follow. Whitespace between messages is skipped.
///   A block larger than ``maxHeaderBytes`` is malformed.
/// - NDJSON: one value per line, a trailing `\r` is removed, blank lines are ignored.
/// - A body or line larger than ``maxMessageBytes`` yields one
///   ``FrameEvent/oversized(limit:)``; its bytes are then dropped as they arrive.
///
/// Only the message currently being assembled is held in memory, never more than
/// ``maxMessageBytes`` (+1 for a pending `\r`) or ``maxHeaderBytes``.
public struct FrameDecoder: Sendable {
    /// The framing chosen so far; nil until the first non-whitespace byte arrives.
    public private(set) var framing: Framing?
    /// The largest body (Content-Length) or line (NDJSON, without its line ending) accepted.
    public let maxMessageBytes: Int
    /// The largest header block accepted, line endings included.
    public let maxHeaderBytes: Int

    /// The default header block limit: 8 KiB.
    public static let defaultMaxHeaderBytes = 8 << 10

    private enum State: Sendable {
        /// No non-whitespace byte seen yet.
        case detecting
        /// Reading a header block; `buffer` holds the current, incomplete line.
        case headers(contentLength: Int?, blockBytes: Int, lines: Int)
        /// Reading a body of the given length into `buffer`.
        case body(length: Int)
        /// Discarding the rest of an oversized body.
        case skippingBody(remaining: Int)
        /// Reading an NDJSON line into `buffer`.
        case line
        /// Discarding an oversized NDJSON line up to its newline.
        case skippingLine
        /// A malformed header was reported; everything else is ignored.
        case failed
    }

    private var state: State = .detecting
    private var buffer: [UInt8] = []

    /// Creates a decoder.
    /// - Parameters:
    ///   - maxMessageBytes: the largest message accepted (default 8 MiB).
    ///   - maxHeaderBytes: the largest Content-Length header block accepted (default 8 KiB).
    public init(maxMessageBytes: Int = 8 << 20, maxHeaderBytes: Int = FrameDecoder.defaultMaxHeaderBytes) {
        self.maxMessageBytes = max(0, maxMessageBytes)
        self.maxHeaderBytes = max(1, maxHeaderBytes)
    }

    /// True once a malformed header was reported: the connection must be closed.
    public var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    /// Bytes currently held for the message or header line being assembled.
    package var bufferedByteCount: Int { buffer.count }

    /// Consumes `bytes` and returns the events they complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [FrameEvent] {
        var events: [FrameEvent] = []
        feed(bytes, into: &events)
        return events
    }

    /// Consumes `bytes` and appends the events they complete to `events`, in order: a caller that reads
    /// often keeps one list and empties it between reads, rather than allocating one for every read.
    public mutating func feed(_ bytes: some Collection<UInt8>, into events: inout [FrameEvent]) {
        feed(bytes) { events.append($0.owned) }
    }

    /// Consumes `bytes` and calls `each` with every event they complete, in order. A message whose body arrived
    /// whole in `bytes` is handed over where it lies, so reading it copies nothing; `each` must not keep the
    /// body past its call.
    public mutating func feed(_ bytes: some Collection<UInt8>, each: (BorrowedFrameEvent) -> Void) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { chunk in
            consume(chunk, emit: each)
        }
        if done == nil {
            Array(bytes).withUnsafeBufferPointer { consume($0, emit: each) }
        }
    }

    /// Hands `buffer`, a complete message, to `emit`.
    private func emitBuffer(_ emit: (BorrowedFrameEvent) -> Void) {
        buffer.withUnsafeBufferPointer { emit(.message($0)) }
    }

    // MARK: - The state machine

    private mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, emit: (BorrowedFrameEvent) -> Void) {
        var i = 0
        let end = chunk.count
        while i < end {
            switch state {
            case .failed:
                return

            case .detecting:
                let byte = chunk[i]
                if Self.isWhitespace(byte) {
                    i += 1
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    framing = .ndjson
                    state = .line
                } else if Self.isLetter(byte) {
                    framing = .contentLength
                    state = .headers(contentLength: nil, blockBytes: 0, lines: 0)
                } else {
                    fail(
                        "the first byte must be '{' or '[' (one JSON value per line) or a header such as 'Content-Length: N'",
                        emit: emit)
                }

            case .headers(let contentLength, let blockBytes, let lines):
                if lines == 0 && buffer.isEmpty && Self.isWhitespace(chunk[i]) {
                    i += 1  // whitespace between messages
                    continue
                }
                let newline = Self.firstNewline(in: chunk, from: i)
                let segmentEnd = newline ?? end
                let lineBytes = buffer.count + (segmentEnd - i) + (newline == nil ? 0 : 1)
                if blockBytes + lineBytes > maxHeaderBytes {
                    fail("the header block is larger than \(maxHeaderBytes) bytes", emit: emit)
                    return
                }
                guard let newline else {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<segmentEnd]))
                    i = end
                    continue
                }
                // A line that arrived whole is read where it is; one split across reads, from the buffer.
                let parsed: Result<Int?, HeaderProblem>?
                if buffer.isEmpty {
                    var lineEnd = segmentEnd
                    if lineEnd > i, chunk[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                    parsed =
                        lineEnd == i
                        ? nil
                        : Self.parseHeaderLine(UnsafeBufferPointer(rebasing: chunk[i..<lineEnd]), contentLength: contentLength)
                } else {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<segmentEnd]))
                    if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                    parsed =
                        buffer.isEmpty
                        ? nil
                        : buffer.withUnsafeBufferPointer { Self.parseHeaderLine($0, contentLength: contentLength) }
                    buffer.removeAll(keepingCapacity: true)
                }
                i = newline + 1
                switch parsed {
                case nil:
                    endHeaderBlock(contentLength: contentLength, emit: emit)
                case .success(let length)?:
                    state = .headers(contentLength: length, blockBytes: blockBytes + lineBytes, lines: lines + 1)
                case .failure(let problem)?:
                    fail(problem.message, emit: emit)
                    return
                }

            case .body(let length):
                if buffer.isEmpty, end - i >= length {
                    // The whole body is in this read: handed over where it lies.
                    emit(.message(UnsafeBufferPointer(rebasing: chunk[i..<(i + length)])))
                    i += length
                    state = .headers(contentLength: nil, blockBytes: 0, lines: 0)
                    continue
                }
                let take = min(length - buffer.count, end - i)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<(i + take)]))
                i += take
                if buffer.count == length {
                    emitBuffer(emit)
                    buffer.removeAll(keepingCapacity: true)
                    state = .headers(contentLength: nil, blockBytes: 0, lines: 0)
                }

            case .skippingBody(let remaining):
                let take = min(remaining, end - i)
                i += take
                state =
                    remaining == take
                    ? .headers(contentLength: nil, blockBytes: 0, lines: 0)
                    : .skippingBody(remaining: remaining - take)

            case .line:
                let newline = Self.firstNewline(in: chunk, from: i)
                let segmentEnd = newline ?? end
                let rawCount = buffer.count + (segmentEnd - i)
                let lastByte: UInt8? = segmentEnd > i ? chunk[segmentEnd - 1] : buffer.last
                let endsWithCR = lastByte == UInt8(ascii: "\r")
                if let newline {
                    if rawCount - (endsWithCR ? 1 : 0) > maxMessageBytes {
                        emit(.oversized(limit: maxMessageBytes))
                    } else if buffer.isEmpty {
                        // The whole line is in this read: handed over where it lies.
                        let line = UnsafeBufferPointer(rebasing: chunk[i..<(segmentEnd - (endsWithCR ? 1 : 0))])
                        if !line.allSatisfy(Self.isWhitespace) { emit(.message(line)) }
                    } else {
                        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<segmentEnd]))
                        if endsWithCR { buffer.removeLast() }
                        if !buffer.allSatisfy(Self.isWhitespace) { emitBuffer(emit) }
                    }
                    buffer.removeAll(keepingCapacity: true)
                    i = newline + 1
                } else if rawCount > maxMessageBytes + 1 || (rawCount == maxMessageBytes + 1 && !endsWithCR) {
                    // Too long whatever follows (a pending '\r' may still be the line ending).
                    emit(.oversized(limit: maxMessageBytes))
                    buffer.removeAll(keepingCapacity: true)
                    state = .skippingLine
                    i = end
                } else {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<end]))
                    i = end
                }

            case .skippingLine:
                if let newline = Self.firstNewline(in: chunk, from: i) {
                    i = newline + 1
                    state = .line
                } else {
                    i = end
                }
            }
        }
    }

    private mutating func endHeaderBlock(contentLength: Int?, emit: (BorrowedFrameEvent) -> Void) {
        buffer.removeAll(keepingCapacity: true)
        guard let contentLength else {
            fail("the header block has no Content-Length header", emit: emit)
            return
        }
        if contentLength > maxMessageBytes {
            emit(.oversized(limit: maxMessageBytes))
            state = .skippingBody(remaining: contentLength)
        } else if contentLength == 0 {
            emit(.message(UnsafeBufferPointer(start: nil, count: 0)))
            state = .headers(contentLength: nil, blockBytes: 0, lines: 0)
        } else {
            state = .body(length: contentLength)
        }
    }

    private mutating func fail(_ message: String, emit: (BorrowedFrameEvent) -> Void) {
        emit(.malformedHeader(message))
        buffer = []
        state = .failed
    }

    // MARK: - Header lines

    private struct HeaderProblem: Error {
        var message: String
    }

    /// Parses one header line (without its line ending); returns the Content-Length known after it.
    private static func parseHeaderLine(_ line: UnsafeBufferPointer<UInt8>, contentLength: Int?) -> Result<Int?, HeaderProblem> {
        if contentLength == nil, let length = canonicalContentLength(line) { return .success(length) }
        // The line as text only for a message: a well-formed header makes no String.
        func text() -> Substring { String(decoding: line, as: UTF8.self).prefix(80) }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(HeaderProblem(message: "header line '\(text())' must have the form 'Name: value'"))
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            return .failure(HeaderProblem(message: "header line '\(text())' has an invalid name; expected 'Name: value'"))
        }
        guard Self.equalsIgnoringASCIICase(name, "content-length") else {
            return .success(contentLength)  // Content-Type and other headers are ignored
        }
        if contentLength != nil {
            return .failure(HeaderProblem(message: "the header block has more than one Content-Length header"))
        }
        let value = Self.trimmed(line[(colon + 1)...])
        guard !value.isEmpty, value.count <= 18,
            value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            let shown = String(decoding: value, as: UTF8.self).prefix(40)
            return .failure(
                HeaderProblem(message: "Content-Length must be a non-negative decimal integer, not '\(shown)'"))
        }
        let length = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return .success(length)
    }

    /// The length in a first `Content-Length` line written the way every client writes it (that spelling, one
    /// space, 1 to 18 digits, nothing after): the answer the general parse gives it, read in one pass. Nil for
    /// any other line, which the general parse then reads.
    private static func canonicalContentLength(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        let prefix: StaticString = "Content-Length: "
        let prefixCount = prefix.utf8CodeUnitCount
        let digits = line.count - prefixCount
        guard digits >= 1, digits <= 18 else { return nil }
        for index in 0..<prefixCount where line[index] != prefix.utf8Start[index] { return nil }
        var length = 0
        for index in prefixCount..<line.count {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            length = length * 10 + Int(digit)
        }
        return length
    }

    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var slice = bytes
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { slice.removeFirst() }
        while let last = slice.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { slice.removeLast() }
        return slice
    }

    private static func equalsIgnoringASCIICase(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { expected in
            guard bytes.count == expected.count else { return false }
            return zip(bytes, expected).allSatisfy { byte, want in
                let lowered = (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
                return lowered == want
            }
        }
    }

    // MARK: - Byte classes

    private static func firstNewline(in chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var j = start
        while j < chunk.count {
            if chunk[j] == UInt8(ascii: "\n") { return j }
            j += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// RFC 9110 token characters (header field names).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        if isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}

/// Frames outgoing bodies.
public enum FrameEncoder {
    /// Frames one serialized JSON body for a connection using `framing`.
    ///
    /// - Important: for NDJSON the body must not contain a raw newline; serialized
    ///   JSON never does (newlines inside strings are escaped).
    public static func encode(_ body: [UInt8], framing: Framing) -> [UInt8] {
        switch framing {
        case .contentLength: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        case .ndjson: return body + [0x0A]
        }
    }
}

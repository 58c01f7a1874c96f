import Foundation
import JSONCore
import NIOConcurrencyHelpers
import NavFraming
import NavTransport

/// A connection that writes exactly the bytes given and decodes what comes back, for tests of
/// framing and envelopes. Reads happen on a thread of its own, started on demand, so a test can
/// play a client that stops reading.
final class RawConnection: Sendable {
    /// What arrived.
    enum Event: Sendable, Hashable {
        case message(JSON)
        /// A body that is not JSON.
        case unparsable([UInt8])
        case malformed(String)
    }

    private struct State: Sendable {
        var readerStarted = false
        var closed = false
        var fdClosed = false
        var readerDone = false
        var framing: Framing?
    }

    private let fd: Int32
    private let events = Mailbox<Event>()
    private let state = NIOLockedValueBox(State())
    private let maxMessageBytes: Int

    init(path: String, receiveBuffer: Int32? = nil, startReading: Bool = true, maxMessageBytes: Int = 64 << 20) throws {
        fd = try Sockets.connect(path, receiveBuffer: receiveBuffer).get()
        self.maxMessageBytes = maxMessageBytes
        if startReading { self.startReading() }
    }

    /// How the daemon framed what it sent, once something arrived.
    var framing: Framing? { state.withLockedValue { $0.framing } }

    /// Starts the reader thread (once).
    func startReading() {
        let start = state.withLockedValue { state in
            defer { state.readerStarted = true }
            return !state.readerStarted && !state.closed
        }
        guard start else { return }
        let fd = self.fd
        let mailbox = self.events
        let limit = maxMessageBytes
        let thread = Thread { [state] in
            var decoder = FrameDecoder(maxMessageBytes: limit)
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            reading: while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                let events = decoder.feed(buffer[0..<n])
                if let framing = decoder.framing { state.withLockedValue { $0.framing = framing } }
                for event in events {
                    switch event {
                    case .message(let body):
                        if let json = try? JSON.parse(body) { mailbox.put(.message(json)) } else { mailbox.put(.unparsable(body)) }
                    case .oversized(let limit):
                        mailbox.put(.malformed("a message from the daemon exceeded \(limit) bytes"))
                    case .malformedHeader(let why):
                        mailbox.put(.malformed(why))
                        break reading
                    }
                }
            }
            mailbox.finish()
            // The descriptor stays open (and its number ours) until close() asks for it, so a test may
            // still write to a connection the daemon closed without touching someone else's socket.
            state.withLockedValue { state in
                state.readerDone = true
                if state.closed, !state.fdClosed {
                    state.fdClosed = true
                    Foundation.close(fd)
                }
            }
        }
        thread.start()
    }

    /// Writes `bytes`, all of them (off the cooperative pool: a full socket buffer blocks).
    func send(_ bytes: [UInt8]) async throws {
        let fd = self.fd
        guard !state.withLockedValue({ $0.fdClosed }) else { throw HarnessError("write after close") }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                var offset = 0
                while offset < bytes.count {
                    let n = bytes[offset...].withUnsafeBytes { Sockets.write(fd, $0.baseAddress, $0.count) }
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 {
                        continuation.resume(throwing: HarnessError("write failed: errno \(errno)"))
                        return
                    }
                    offset += n
                }
                continuation.resume()
            }
        }
    }

    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// Sends `json` as one NDJSON line.
    func sendLine(_ json: JSON) async throws { try await send(json.serializedBytes() + [0x0A]) }

    /// Sends `json` with a Content-Length header.
    func sendFramed(_ json: JSON) async throws {
        try await send(FrameEncoder.encode(json.serializedBytes(), framing: .contentLength))
    }

    /// The next event; throws when none arrives within `timeout` or the connection closed.
    func next(timeout: Duration = .seconds(10)) async throws -> Event {
        guard let event = await events.next(timeout: timeout) else {
            throw HarnessError(events.isFinished ? "the daemon closed the connection" : "nothing arrived within \(timeout)")
        }
        return event
    }

    /// The next message, which must be JSON.
    func nextMessage(timeout: Duration = .seconds(10)) async throws -> JSON {
        let event = try await next(timeout: timeout)
        guard case .message(let json) = event else { throw HarnessError("expected a JSON message, got \(event)") }
        return json
    }

    /// True when the daemon closes the connection within `timeout` (everything before is discarded).
    func waitForClose(timeout: Duration = .seconds(10)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            if await events.next(timeout: deadline - clock.now) == nil { return events.isFinished }
        }
        return events.isFinished
    }

    /// Closes the socket.
    func close() {
        state.withLockedValue { state in
            state.closed = true
            // Once the descriptor is closed its number may belong to another socket by now: touch it
            // only while it is still ours.
            guard !state.fdClosed else { return }
            if state.readerStarted, !state.readerDone {
                // The reader thread sees end-of-file and closes the descriptor itself.
                _ = shutdown(fd, Int32(SHUT_RDWR))
            } else {
                state.fdClosed = true
                Foundation.close(fd)
            }
        }
    }

    deinit { close() }
}

import NavFraming
import NavTestSupport
import Testing

@testable import NavTransport

/// How a byte stream is cut into `feed` calls.
enum Chunking: CustomStringConvertible, Sendable {
    case allAtOnce
    case onePerSegment
    case byteByByte
    case random(seed: UInt64)

    static let all: [Chunking] =
        [.allAtOnce, .onePerSegment, .byteByByte] + (1...6).map { .random(seed: $0) }

    var description: String {
        switch self {
        case .allAtOnce: return "all at once"
        case .onePerSegment: return "one segment per chunk"
        case .byteByByte: return "byte by byte"
        case .random(let seed): return "random chunks (seed \(seed))"
        }
    }

    func chunks(_ segments: [[UInt8]]) -> [[UInt8]] {
        let all = segments.flatMap { $0 }
        switch self {
        case .allAtOnce: return [all]
        case .onePerSegment: return segments
        case .byteByByte: return all.map { [$0] }
        case .random(let seed):
            var rng = SplitMix64(seed: seed)
            var out: [[UInt8]] = []
            var i = 0
            while i < all.count {
                let n = Int.random(in: 0...23, using: &rng)  // empty chunks too
                let end = min(all.count, i + n)
                out.append(Array(all[i..<end]))
                i = end
            }
            return out
        }
    }
}

func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

func contentLength(_ body: String, headers: String = "") -> [UInt8] {
    bytes("Content-Length: \(body.utf8.count)\r\n\(headers)\r\n") + bytes(body)
}

func decode(
    _ segments: [[UInt8]], _ chunking: Chunking, maxMessageBytes: Int = 64, maxHeaderBytes: Int = 256
)
    -> [FrameEvent]
{
    var decoder = FrameDecoder(maxMessageBytes: maxMessageBytes, maxHeaderBytes: maxHeaderBytes)
    return chunking.chunks(segments).flatMap { decoder.feed($0) }
}

/// A stream, cut into the segments a sender would write, and the events it must produce.
struct FramingCase: CustomStringConvertible, Sendable {
    var name: String
    var segments: [[UInt8]]
    var expected: [FrameEvent]
    var description: String { name }
}

let max64 = FrameEvent.oversized(limit: 64)
func msg(_ s: String) -> FrameEvent { .message(bytes(s)) }

let framingCases: [FramingCase] = [
    FramingCase(
        name: "Content-Length, one message",
        segments: [contentLength(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#)],
        expected: [msg(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#)]),
    FramingCase(
        name: "Content-Length, several messages, other headers, any case, whitespace between",
        segments: [
            contentLength("{\"a\":1}", headers: "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"),
            bytes("\r\n  \n"),
            bytes("content-length: 7\r\n\r\n[1,2,3]"),
            bytes("Content-Type: x\r\nCONTENT-LENGTH:9\r\n\r\n\"a\\nb\\rc\""),
        ],
        expected: [msg("{\"a\":1}"), msg("[1,2,3]"), msg("\"a\\nb\\rc\"")]),
    FramingCase(
        name: "Content-Length, bare LF line endings and a body holding CRLFs",
        segments: [bytes("Content-Length: 9\n\n{\r\n\"a\"\r\n}"), contentLength("{}")],
        expected: [msg("{\r\n\"a\"\r\n}"), msg("{}")]),
    FramingCase(
        name: "Content-Length, empty body",
        segments: [bytes("Content-Length: 0\r\n\r\n"), contentLength("{}")],
        expected: [msg(""), msg("{}")]),
    FramingCase(
        name: "Content-Length, body exactly at the limit",
        segments: [contentLength(String(repeating: "x", count: 64))],
        expected: [msg(String(repeating: "x", count: 64))]),
    FramingCase(
        name: "Content-Length, oversized bodies discarded, then a good message",
        segments: [
            contentLength(String(repeating: "x", count: 65)),
            contentLength(String(repeating: "y", count: 500)),
            contentLength("{\"ok\":true}"),
        ],
        expected: [max64, max64, msg("{\"ok\":true}")]),
    FramingCase(
        name: "NDJSON, lines and blank lines",
        segments: [bytes("{\"a\":1}\n"), bytes("\n\n   \n"), bytes("[1]\n"), bytes("{\"b\":\"x y\"}\n")],
        expected: [msg("{\"a\":1}"), msg("[1]"), msg("{\"b\":\"x y\"}")]),
    FramingCase(
        name: "NDJSON, leading whitespace, CRLF line endings",
        segments: [bytes(" \r\n\t[2]\r\n"), bytes("{\"c\":3}\r\n"), bytes("\r\n"), bytes("{}\r\n")],
        expected: [msg("[2]"), msg("{\"c\":3}"), msg("{}")]),
    FramingCase(
        name: "NDJSON, a line without its newline is not yet a message",
        segments: [bytes("{}\n"), bytes("{\"partial\":")],
        expected: [msg("{}")]),
    FramingCase(
        name: "NDJSON, any line content is passed on for the JSON parser to judge",
        segments: [bytes("{}\n"), bytes("not json\n"), bytes("1\n")],
        expected: [msg("{}"), msg("not json"), msg("1")]),
    FramingCase(
        name: "NDJSON, line exactly at the limit, with LF and with CRLF",
        segments: [
            bytes("[" + String(repeating: "1", count: 63) + "\n"),
            bytes("[" + String(repeating: "2", count: 63) + "\r\n"),
        ],
        expected: [
            msg("[" + String(repeating: "1", count: 63)),
            msg("[" + String(repeating: "2", count: 63)),
        ]),
    FramingCase(
        name: "NDJSON, oversized lines discarded, then a good line",
        segments: [
            bytes("[" + String(repeating: "1", count: 64) + "\n"),
            bytes("[" + String(repeating: "2", count: 64) + "\r\n"),
            bytes("[" + String(repeating: "3", count: 1000) + "\r\n"),
            bytes("{\"ok\":1}\n"),
        ],
        expected: [max64, max64, max64, msg("{\"ok\":1}")]),
]

@Suite("FrameDecoder")
struct FrameDecoderTests {
    @Test("every chunking yields the same events", arguments: framingCases, Chunking.all)
    func chunkingInvariant(_ c: FramingCase, _ chunking: Chunking) {
        #expect(decode(c.segments, chunking) == c.expected)
    }

    @Test("framing is chosen by the first non-whitespace byte")
    func framingChoice() {
        var ndjson = FrameDecoder()
        _ = ndjson.feed(bytes("  \r\n"))
        #expect(ndjson.framing == nil)
        _ = ndjson.feed(bytes("["))
        #expect(ndjson.framing == .ndjson)

        var headers = FrameDecoder()
        _ = headers.feed(bytes("\nC"))
        #expect(headers.framing == .contentLength)
    }

    @Test("an oversized body is discarded as it arrives, never buffered")
    func oversizedNotBuffered() {
        var decoder = FrameDecoder(maxMessageBytes: 1024)
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        var events = decoder.feed(bytes("Content-Length: \(body.count)\r\n\r\n"))
        var largest = 0
        var i = 0
        while i < body.count {
            events += decoder.feed(body[i..<min(body.count, i + 4096)])
            largest = max(largest, decoder.bufferedByteCount)
            i += 4096
        }
        events += decoder.feed(contentLength("{}"))
        #expect(largest == 0)
        #expect(events == [.oversized(limit: 1024), msg("{}")])
    }

    @Test("an oversized NDJSON line is discarded as it arrives, never buffered")
    func oversizedLineNotBuffered() {
        var decoder = FrameDecoder(maxMessageBytes: 1024)
        var events = decoder.feed(bytes("["))
        var largest = 0
        for _ in 0..<256 {
            events += decoder.feed([UInt8](repeating: UInt8(ascii: "1"), count: 4096))
            largest = max(largest, decoder.bufferedByteCount)
        }
        events += decoder.feed(bytes("]\n{}\n"))
        #expect(largest <= 1025)
        #expect(events == [.oversized(limit: 1024), msg("{}")])
    }

    /// A body that arrives whole in one read is read where it lies (no copy); one split across reads is handed
    /// over from the decoder's buffer. Either way the caller sees the same bytes, once.
    @Test("a body that arrives whole is handed over where it lies", arguments: [Framing.contentLength, .ndjson])
    func borrowedBodies(_ framing: Framing) {
        func framed(_ body: String) -> [UInt8] { framing == .ndjson ? bytes(body + "\r\n") : contentLength(body) }
        let whole = framed(#"{"a":1}"#) + framed(#"{"b":2}"#)
        var decoder = FrameDecoder()
        var seen: [(body: String, inInput: Bool)] = []
        whole.withUnsafeBufferPointer { input in
            decoder.feed(input) { event in
                guard case .message(let body) = event else {
                    Issue.record("unexpected \(event.owned)")
                    return
                }
                let start = body.baseAddress.map { $0 >= input.baseAddress! && $0 + body.count <= input.baseAddress! + input.count }
                seen.append((String(decoding: body, as: UTF8.self), start ?? false))
            }
        }
        #expect(seen.map(\.body) == [#"{"a":1}"#, #"{"b":2}"#])
        #expect(seen.allSatisfy { $0.inInput })

        // Split in two: the first message is assembled in the buffer, the second is whole in the second read.
        let split = framed(#"{"a":1}"#).count - 3
        var second = FrameDecoder()
        var bodies: [String] = []
        for part in [Array(whole[..<split]), Array(whole[split...])] {
            second.feed(part) { event in
                if case .message(let body) = event { bodies.append(String(decoding: body, as: UTF8.self)) }
            }
        }
        #expect(bodies == [#"{"a":1}"#, #"{"b":2}"#])
    }

    @Test("a large message fed byte by byte is assembled intact")
    func largeByteByByte() {
        let body = String(repeating: "[1,2,3],", count: 20_000)
        var decoder = FrameDecoder()
        var events: [FrameEvent] = []
        for byte in contentLength(body) { events += decoder.feed(CollectionOfOne(byte)) }
        #expect(events == [msg(body)])
    }
}

/// A header stream that must be refused, and a fragment of the reason given.
struct MalformedCase: CustomStringConvertible, Sendable {
    var name: String
    var segments: [[UInt8]]
    var reason: String
    /// Messages decoded before the bad header block.
    var before: [FrameEvent] = []
    var description: String { name }
}

let malformedCases: [MalformedCase] = [
    MalformedCase(name: "first byte is a digit", segments: [bytes("  1\n")], reason: "first byte"),
    MalformedCase(name: "first byte is a quote", segments: [bytes("\"x\"\n")], reason: "first byte"),
    MalformedCase(
        name: "missing Content-Length", segments: [bytes("Content-Type: a\r\n\r\n{}")],
        reason: "no Content-Length"),
    MalformedCase(
        name: "duplicate Content-Length", segments: [bytes("Content-Length: 2\r\ncontent-length: 2\r\n\r\n{}")],
        reason: "more than one Content-Length"),
    MalformedCase(
        name: "non-numeric Content-Length", segments: [bytes("Content-Length: abc\r\n\r\n")],
        reason: "non-negative decimal integer"),
    MalformedCase(
        name: "negative Content-Length", segments: [bytes("Content-Length: -5\r\n\r\n")],
        reason: "non-negative decimal integer"),
    MalformedCase(
        name: "empty Content-Length", segments: [bytes("Content-Length:\r\n\r\n")],
        reason: "non-negative decimal integer"),
    MalformedCase(
        name: "fractional Content-Length", segments: [bytes("Content-Length: 2.5\r\n\r\n")],
        reason: "non-negative decimal integer"),
    MalformedCase(
        name: "absurd Content-Length", segments: [bytes("Content-Length: 99999999999999999999\r\n\r\n")],
        reason: "non-negative decimal integer"),
    MalformedCase(
        name: "Content-Length with a letter after its digits", segments: [bytes("Content-Length: 1x\r\n\r\n")],
        reason: "non-negative decimal integer"),
    MalformedCase(
        name: "Content-Length of 19 digits", segments: [bytes("Content-Length: 0000000000000000001\r\n\r\n{}")],
        reason: "non-negative decimal integer"),
    MalformedCase(
        name: "header line without a colon", segments: [bytes("Content-Length 2\r\n\r\n{}")],
        reason: "'Name: value'"),
    MalformedCase(
        name: "header name with a space", segments: [bytes("Content Length: 2\r\n\r\n{}")],
        reason: "invalid name"),
    MalformedCase(
        name: "header block past the limit, many lines",
        segments: [bytes("Content-Length: 2\r\n"), bytes(String(repeating: "X-Pad: 0123456789\r\n", count: 20))],
        reason: "larger than 256 bytes"),
    MalformedCase(
        name: "header block past the limit, one endless line",
        segments: [bytes("X-Pad: "), [UInt8](repeating: UInt8(ascii: "a"), count: 10_000)],
        reason: "larger than 256 bytes"),
    MalformedCase(
        name: "a JSON body where the next header block should be",
        segments: [contentLength("{}"), bytes("{\"a\":1}\r\n\r\n")],
        reason: "invalid name", before: [msg("{}")]),
]

@Suite("FrameDecoder malformed headers")
struct FrameDecoderMalformedTests {
    @Test(
        "malformed header blocks are reported once, then input is ignored", arguments: malformedCases, Chunking.all)
    func malformed(_ c: MalformedCase, _ chunking: Chunking) throws {
        var decoder = FrameDecoder(maxMessageBytes: 64, maxHeaderBytes: 256)
        var events = chunking.chunks(c.segments).flatMap { decoder.feed($0) }
        events += decoder.feed(contentLength("{}"))
        events += decoder.feed(bytes("{}\n"))
        #expect(decoder.isFailed)
        #expect(Array(events.dropLast()) == c.before)
        let last = try #require(events.last)
        guard case .malformedHeader(let reason) = last else {
            Issue.record("expected a malformed header, got \(last)")
            return
        }
        #expect(reason.contains(c.reason))
    }
}

/// The usual spelling (`Content-Length: N`) is read by a shortcut; every other spelling the header may have
/// must come to the same length.
@Suite("FrameDecoder Content-Length spellings")
struct ContentLengthSpellingTests {
    @Test("every spelling of the header reads the same length", arguments: [0, 1, 9, 10, 123, 4096])
    func spellings(_ length: Int) {
        let body = [UInt8](repeating: UInt8(ascii: "7"), count: length)
        for spelling in [
            "Content-Length: ", "content-length: ", "Content-Length:", "Content-Length:  ", "CONTENT-LENGTH:\t", "Content-Length: 00",
        ] {
            for after in ["", " ", "\t"] {
                var decoder = FrameDecoder(maxMessageBytes: 8192)
                let events = decoder.feed(bytes("\(spelling)\(length)\(after)\r\n\r\n") + body)
                #expect(events == [.message(body)], "\(spelling)\(length)\(after)")
            }
        }
    }

    @Test("an 18-digit length past the limit is oversized however it is spelled")
    func largest() {
        for spelling in ["Content-Length: ", "content-length:"] {
            var decoder = FrameDecoder(maxMessageBytes: 64)
            #expect(decoder.feed(bytes("\(spelling)999999999999999999\r\n\r\n")) == [.oversized(limit: 64)])
        }
    }
}

@Suite("FrameEncoder")
struct FrameEncoderTests {
    @Test("encoded frames decode back to the same bodies", arguments: [Framing.contentLength, .ndjson])
    func roundTrip(_ framing: Framing) {
        let bodies = ["{\"a\":1}", "[1,2]", "{\"s\":\"\\n\"}"].map(bytes)
        var decoder = FrameDecoder()
        let events = decoder.feed(bodies.flatMap { FrameEncoder.encode($0, framing: framing) })
        #expect(decoder.framing == framing)
        #expect(events == bodies.map { .message($0) })
    }
}

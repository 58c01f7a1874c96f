import JSONCore
import NIOCore
import NavFraming
import Testing

@testable import NavTransport

/// A reply whose result is already serialized is written straight into the outbound buffer, header first.
/// Its bytes must be exactly the envelope's, framed.
@Suite("Replies framed straight into the outbound buffer")
struct ReplyFramingTests {
    static let ids: [RequestID] = [
        .int(0), .int(7), .int(10), .int(-1), .int(-10), .int(.max), .int(.min), .null, .string(""), .string("a"),
        .string("quote \" and \\ and \u{1}"), .string("héllo ✓"),
    ]

    @Test("the same bytes as the envelope framed, for every kind of id and both framings", arguments: ids)
    func sameBytes(_ id: RequestID) throws {
        for framing in [Framing.contentLength, .ndjson] {
            for result in [
                #"null"#, #"{"title":"Legal","truncated":false}"#,
                String(repeating: "[1,", count: 400) + "1" + String(repeating: "]", count: 400),
            ] {
                let serialized = Array(result.utf8)
                let value = try JSON.parse(serialized, limits: JSONParseLimits(maxDepth: 1_000))
                let envelope = Envelope.reply(id: id, result: value).serializedBytes()
                var expected = ByteBuffer()
                FrameEncoder.append(envelope, framing: framing, to: &expected)
                // Behind bytes already queued, as a reply often is.
                var buffer = ByteBuffer(string: "queued")
                let size = FrameEncoder.appendReply(id: id, serializedResult: serialized, framing: framing, to: &buffer)
                #expect(buffer.readString(length: 6) == "queued")
                #expect(buffer == expected, "\(id) \(framing)")
                #expect(size == expected.readableBytes)
                #expect(size == FrameEncoder.framedSize(envelope.count, framing: framing))
            }
        }
    }
}

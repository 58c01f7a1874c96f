import NIOCore
import NavFraming
import Testing

@testable import NavTransport

/// A reply whose result is already serialized is written straight into the outbound buffer, header first.
/// Its bytes must be exactly the envelope's, framed.
@Suite("Replies framed straight into the outbound buffer")
struct ReplyFramingTests {
    /// Each id and its JSON text, written by hand: integers as their digits, strings escaped as JSON escapes
    /// them (`\"`, `\\`, `\u00xx` for controls; non-ASCII as it is), null as `null`.
    static let ids: [(RequestID, String)] = [
        (.int(0), "0"), (.int(7), "7"), (.int(10), "10"), (.int(-1), "-1"), (.int(-10), "-10"),
        (.int(.max), "9223372036854775807"), (.int(.min), "-9223372036854775808"), (.null, "null"), (.string(""), #""""#),
        (.string("a"), #""a""#), (.string("quote \" and \\ and \u{1}"), #""quote \" and \\ and \u0001""#),
        (.string("héllo ✓"), #""héllo ✓""#),
    ]

    /// The frame docs/protocol.md section 1 describes around a reply `{"jsonrpc":"2.0","id":ID,"result":R}`
    /// (JSON-RPC 2.0's members, in the order every navd reply has them): `Content-Length: N` and a blank line,
    /// N counting the body's UTF-8 bytes, or the body on one line.
    static func frame(id: String, result: String, framing: Framing) -> [UInt8] {
        let body = #"{"jsonrpc":"2.0","id":"# + id + #","result":"# + result + "}"
        switch framing {
        case .contentLength: return Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        case .ndjson: return Array((body + "\n").utf8)
        }
    }

    @Test("the bytes of the envelope framed, for every kind of id and both framings", arguments: ids)
    func sameBytes(_ id: RequestID, _ idText: String) throws {
        for framing in [Framing.contentLength, .ndjson] {
            for result in [
                #"null"#, #"{"title":"Legal","truncated":false}"#,
                String(repeating: "[1,", count: 400) + "1" + String(repeating: "]", count: 400),
            ] {
                let expected = Self.frame(id: idText, result: result, framing: framing)
                // Behind bytes already queued, as a reply often is.
                var buffer = ByteBuffer(string: "queued")
                let size = FrameEncoder.appendReply(id: id, serializedResult: Array(result.utf8), framing: framing, to: &buffer)
                #expect(buffer.readString(length: 6) == "queued")
                #expect(buffer.readBytes(length: buffer.readableBytes) == expected, "\(id) \(framing)")
                #expect(size == expected.count)
            }
        }
    }

    @Test("a hand-counted frame: 38 bytes of body behind a 22-byte header")
    func handCounted() {
        var buffer = ByteBuffer()
        let size = FrameEncoder.appendReply(id: .int(7), serializedResult: Array("null".utf8), framing: .contentLength, to: &buffer)
        // {"jsonrpc":"2.0","id":7,"result":null}: 1 ({) + 15 ("jsonrpc":"2.0") + 7 (,"id":7) + 14 (,"result":null)
        // + 1 (}) = 38 bytes; "Content-Length: 38" and two CRLFs are 18 + 4 = 22.
        #expect(
            buffer.readString(length: buffer.readableBytes) == "Content-Length: 38\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":null}")
        #expect(size == 22 + 38)
    }
}

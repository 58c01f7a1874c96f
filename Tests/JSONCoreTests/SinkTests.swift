import Testing

@testable import JSONCore

/// `JSONSink` writes each piece as `JSON.write(to:)` writes it, and never past the room it has.
@Suite("JSONSink: the one writer of JSON text")
struct SinkTests {
    /// Strings with every kind of escape, non-ASCII text, and the empty string, each with the bytes json-c's
    /// escaping gives (the writer's table in WriterTests): `\"` and `\\`, the short escapes for backspace, tab,
    /// line feed, form feed and carriage return, `\u00xx` in lower-case hex for the other controls below
    /// U+0020; DEL, `/` and non-ASCII text as they are.
    static let strings: [(String, String)] = [
        ("", #""""#),
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", #""\u0000\u0001\b\t\n\f\r\u001f"# + "\u{7F}\""),
        ("é, 漢字 and 🙂", "\"é, 漢字 and 🙂\""),
        ("/slash/", #""/slash/""#),
        (String(repeating: "\u{1}", count: 40), "\"" + String(repeating: #"\u0001"#, count: 40) + "\""),
    ]

    /// Numbers as `JSON.number` documents them: an integral value under 9e15 in magnitude is an integer (so
    /// -0.0 is 0); anything else Swift's shortest round-trip text (WriterTests' rule); non-finite values null.
    static let numbers: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (7, "7"), (-7, "-7"), (10, "10"), (393, "393"), (-1234567, "-1234567"), (0.5, "0.5"),
        (-3.25, "-3.25"), (0.1, "0.1"), (1e-5, "1e-05"), (5e20, "5e+20"),
        (8.999e15, "8999000000000000"),  // integral and under 9e15: written as an integer
        (9.0e15, "9000000000000000.0"), (-9.0e15, "-9000000000000000.0"),  // at the edge: a double
        (1.7976931348623157e308, "1.7976931348623157e+308"), (-2.2250738585072014e-308, "-2.2250738585072014e-308"),
        (.infinity, "null"), (-.infinity, "null"), (.nan, "null"),
    ]

    @Test("a string is escaped as json-c escapes it", arguments: strings)
    func string(_ text: String, _ expected: String) {
        let bytes = JSONBytes.make(capacity: 0) { $0.string(text) }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(bytes == JSON.string(text).serializedBytes(), "the sink and the writer agree")
    }

    @Test("a number is written as JSON.number documents it", arguments: numbers)
    func number(_ value: Double, _ expected: String) {
        let bytes = JSONBytes.make(capacity: 0) { $0.number(value) }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test(
        "integers, from one digit to Int64's edges",
        arguments: [
            (Int64(0), "0"), (9, "9"), (10, "10"), (-1, "-1"), (99_999, "99999"), (.max, "9223372036854775807"),
            (.min, "-9223372036854775808"), (.min + 1, "-9223372036854775807"),
        ])
    func integer(_ value: Int64, _ expected: String) {
        #expect(String(decoding: JSONBytes.make(capacity: 0) { $0.integer(value) }, as: UTF8.self) == expected)
    }

    @Test("an object written piece by piece")
    func object() {
        let bytes = JSONBytes.make(capacity: 0) { out in
            out.raw(#"{"name":"#)
            out.string("a\"b")
            out.member("size")
            out.number(12.5)
            out.member("count")
            out.integer(-3)
            out.byte(UInt8(ascii: "}"))
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"name":"a\"b","size":12.5,"count":-3}"#)
    }

    /// An integer asks for exactly its own room, so a writer that reserved a frame's exact size can use it.
    @Test("an integer fits memory of exactly its size, and not one byte less", arguments: [Int64(7), 10, -1, 393, .min, .max])
    func exactRoom(_ value: Int64) {
        let text = Array(String(value).utf8)
        for size in [text.count, text.count - 1] {
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 1)
            defer { memory.deallocate() }
            var sink = JSONSink(UnsafeMutableRawBufferPointer(rebasing: memory[0..<max(size, 1)]))
            sink.integer(value)
            if size == text.count {
                #expect(!sink.overflowed && Array(UnsafeRawBufferPointer(rebasing: memory[0..<sink.written])) == text)
            } else {
                #expect(sink.overflowed || size == 0)
            }
        }
    }

    /// Bytes written once and added to many answers go in as they are, however much room the first guess gave.
    @Test("bytes already written go in as they are")
    func written() {
        let member = JSONBytes.make(capacity: 0) { out in
            out.member("frame")
            out.raw(#"{"x":1}"#)
        }
        let long = Array(repeating: UInt8(ascii: "7"), count: 300)
        let bytes = JSONBytes.make(capacity: 8) { out in
            out.raw(#"{"a":1"#)
            out.bytes(member)
            out.member("n")
            out.bytes(long)
            out.byte(UInt8(ascii: "}"))
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"a":1,"frame":{"x":1},"n":"# + String(repeating: "7", count: 300) + "}")
    }

    /// A sink `JSONBytes` makes moves to larger memory when a piece does not fit, so the writer runs once,
    /// whatever the first guess, and the bytes come out whole however often it moved.
    @Test("a writer whose bytes outgrow the first guess runs once", arguments: [0, 8, 64, 4096])
    func growing(_ capacity: Int) {
        var runs = 0
        let long = String(repeating: "x\u{1}", count: 5000)
        let value: JSON = ["a": .array(Array(repeating: .string(long), count: 3)), "b": 1.5]
        let bytes = JSONBytes.make(capacity: capacity) { out in
            runs += 1
            out.raw("[")
            out.string(long)
            out.byte(UInt8(ascii: ","))
            value.write(to: &out)
            out.raw("]")
        }
        let escaped = String(repeating: #"x\u0001"#, count: 5000)
        #expect(String(decoding: bytes, as: UTF8.self) == "[\"" + escaped + "\"," + value.serialized() + "]")
        #expect(runs == 1)
    }

    /// A sink over memory a caller reserved writes no piece that does not fit, nor anything after it. A string
    /// asks for the room of each escape as it comes, so one of escapes fits memory of exactly its escaped size,
    /// and in less it stops before the escape that does not fit.
    @Test("a sink over reserved memory stops at the first piece that does not fit", arguments: [0, 1, 2, 7])
    func reservedMemory(_ short: Int) {
        let controls = String(repeating: "\u{1}", count: 20)
        let expected = Array(("[\"" + String(repeating: #"\u0001"#, count: 20) + "\"]").utf8)
        let size = expected.count - short
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        defer { memory.deallocate() }
        var sink = JSONSink(memory)
        sink.byte(UInt8(ascii: "["))
        sink.string(controls)
        sink.byte(UInt8(ascii: "]"))
        let (overflowed, written) = (sink.overflowed, sink.written)
        let bytes = Array(UnsafeRawBufferPointer(rebasing: memory[0..<written]))
        #expect(overflowed == (short > 0))
        #expect(bytes == Array(expected.prefix(written)))
        if short > 0 {
            // Never a partial escape, and nothing after the piece that did not fit: not the closing bracket.
            #expect(written <= size && bytes.last != UInt8(ascii: "]"))
            #expect(bytes.last == UInt8(ascii: "1") || bytes.last == UInt8(ascii: "\""))
        }
    }

    /// A key is a string, but U+0000, which json-c's C-string keys cannot hold, is written as U+FFFD.
    @Test("a key is escaped as a string, with U+0000 as U+FFFD")
    func key() {
        let bytes = JSONBytes.make(capacity: 0) { out in
            out.key("a\u{0}b\"\n")
            out.byte(UInt8(ascii: ":"))
            out.string("a\u{0}b")
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "\"a\u{FFFD}b\\\"\\n\":\"a\\u0000b\"")
    }
}

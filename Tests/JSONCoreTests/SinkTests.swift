import Testing

@testable import JSONCore

/// `JSONBytes.make` writes each piece as `JSON.write(to:)` writes it, and never past the room it has.
@Suite("JSONSink: compact JSON written into memory reserved up front")
struct SinkTests {
    /// Strings with every kind of escape, non-ASCII text, and the empty string.
    static let strings = [
        "", "plain", "quote \" and backslash \\", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", "é, 漢字 and 🙂", "/slash/",
        String(repeating: "\u{1}", count: 40),
    ]

    /// Integral values (written without a fraction), fractions, the edges of the integral form, and non-finite values.
    static let numbers: [Double] = [
        0, -0.0, 7, -7, 10, 393, -1234567, 0.5, -3.25, 0.1, 1e-5, 5e20, 8.999e15, 9.0e15, -9.0e15, 1.7976931348623157e308,
        -2.2250738585072014e-308, .infinity, -.infinity, .nan,
    ]

    @Test("a string is escaped as the writer escapes it", arguments: strings)
    func string(_ text: String) {
        let bytes = JSONBytes.make(capacity: 0) { $0.string(text) }
        #expect(bytes == JSON.string(text).serializedBytes())
    }

    @Test("a number is written as JSON.number writes it", arguments: numbers)
    func number(_ value: Double) {
        let bytes = JSONBytes.make(capacity: 0) { $0.number(value) }
        #expect(bytes == JSON.number(value).serializedBytes())
    }

    @Test("integers, from one digit to Int64's edges", arguments: [Int64(0), 9, 10, -1, 99_999, .max, .min, .min + 1])
    func integer(_ value: Int64) {
        #expect(JSONBytes.make(capacity: 0) { $0.integer(value) } == JSON.int(value).serializedBytes())
    }

    @Test("an object written piece by piece equals the same object serialized")
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
        let expected: JSON = ["name": "a\"b", "size": 12.5, "count": -3]
        #expect(bytes == expected.serializedBytes())
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

    /// Bytes written once and added to many answers go in as they are, and a sink too small for them runs the
    /// writer again.
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

    /// The writer runs again with twice the room until its bytes fit: with a first guess far too small, a
    /// long answer still comes out whole, and the writer ran more than once.
    @Test("a writer that does not fit runs again with more room")
    func growing() {
        var runs = 0
        let long = String(repeating: "x", count: 1000)
        let bytes = JSONBytes.make(capacity: 8) { out in
            runs += 1
            out.raw("[")
            out.string(long)
            out.raw("]")
        }
        #expect(bytes == JSON.array([.string(long)]).serializedBytes())
        #expect(runs > 1)
    }

    /// A string's room is checked for its worst case (every byte a six-byte escape), so one that would fit only
    /// unescaped still asks for more room rather than writing past the end.
    @Test("room for a string is its worst case")
    func worstCase() {
        let controls = String(repeating: "\u{1}", count: 20)
        var sizes: [Int] = []
        let bytes = JSONBytes.make(capacity: 64) { out in
            out.string(controls)
            sizes.append(out.overflowed ? -1 : 0)
        }
        #expect(bytes.count == 20 * 6 + 2)
        #expect(sizes.first == -1)
        #expect(sizes.last == 0)
    }
}

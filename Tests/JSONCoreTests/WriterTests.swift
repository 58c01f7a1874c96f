import Testing

import JSONCore

/// A value and the exact bytes the writer must produce for it.
struct Written: Sendable, CustomTestStringConvertible {
    let name: String
    let value: JSON
    let text: String

    init(_ name: String, _ value: JSON, _ text: String) {
        self.name = name
        self.value = value
        self.text = text
    }

    var testDescription: String { name }
}

let writtenValues: [Written] = [
    Written("null", .null, "null"),
    Written("true", true, "true"),
    Written("false", false, "false"),
    Written("zero", .int(0), "0"),
    Written("negative integer", .int(-5), "-5"),
    Written("ten", .int(10), "10"),
    Written("negative ten", .int(-10), "-10"),
    Written("integer with inner zeros", .int(1_000_203), "1000203"),
    Written("negative integer with every digit", .int(-9_876_543_210), "-9876543210"),
    Written("Int64 max", .int(.max), "9223372036854775807"),
    Written("Int64 min", .int(.min), "-9223372036854775808"),
    Written("fraction", .double(1.5), "1.5"),
    Written("integral double keeps its point", .double(3), "3.0"),
    Written("shortest round-trip text", .double(0.1), "0.1"),
    Written("small exponent", .double(0.000_01), "1e-05"),
    Written("large exponent", .double(1e300), "1e+300"),
    Written("negative zero", .double(-0.0), "-0.0"),
    Written("largest double", .double(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
    Written("smallest subnormal", .double(.leastNonzeroMagnitude), "5e-324"),
    Written("infinity is null", .double(.infinity), "null"),
    Written("negative infinity is null", .double(-.infinity), "null"),
    Written("NaN is null", .double(.nan), "null"),
    Written("NaN inside an array is null", [.double(.nan), 1], "[null,1]"),
    Written("NaN member is null", ["a": .double(.nan)], "{\"a\":null}"),
    Written("empty string", "", "\"\""),
    Written("quote, backslash, slash", "a\"b\\c/d", "\"a\\\"b\\\\c/d\""),
    Written("short escapes", "\u{8}\u{C}\n\r\t", "\"\\b\\f\\n\\r\\t\""),
    Written("NUL and other controls", "\u{0}x\u{1}\u{1F}", "\"\\u0000x\\u0001\\u001f\""),
    Written("non-ASCII is written raw", "é€😀\u{7F}\u{2028}", "\"é€😀\u{7F}\u{2028}\""),
    Written("empty array", .array([]), "[]"),
    Written("empty object", .object(JSONObject()), "{}"),
    Written("array without spaces", [1, "a", nil, true, [], [:]], "[1,\"a\",null,true,[],{}]"),
    Written(
        "object in member order", ["b": 1, "a": [true, nil], "c": ["z": 0, "y": 1]],
        "{\"b\":1,\"a\":[true,null],\"c\":{\"z\":0,\"y\":1}}"),
    Written("key needing escapes", ["a\"b\n/": 1], "{\"a\\\"b\\n/\":1}"),
    Written("NUL in a key becomes U+FFFD", ["a\u{0}b": 1], "{\"a\u{FFFD}b\":1}"),
]

@Suite("serialized() writes compact JSON")
struct WriterTests {
    @Test("each value is written exactly", arguments: writtenValues)
    func exactBytes(_ written: Written) {
        #expect(written.value.serialized() == written.text)
        #expect(written.value.serializedBytes() == Array(written.text.utf8))
    }

    @Test("everything written parses back, except what JSON cannot hold", arguments: writtenValues)
    func writtenTextParses(_ written: Written) throws {
        let parsed = try JSON.parse(written.value.serializedBytes())
        #expect(parsed.serialized() == written.text)
    }

    @Test("member order survives a large object")
    func largeObjectOrder() {
        let keys = (0..<500).map { "key\((($0 * 31) + 7) % 997)" }
        let object = JSONObject(keys.enumerated().map { ($0.element, JSON.int(Int64($0.offset))) })
        let expected = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
        #expect(JSON.object(object).serialized() == expected)
    }

    /// Each text written by hand from the rule the writer documents (Swift's shortest round-trip form): the
    /// fewest significant digits that read back as the same double; positional from 1e-4 up to 1e16 with at
    /// least one digit after the point; otherwise one digit, a point only when more digits follow, and an
    /// exponent with its sign and at least two digits.
    static let doubleTexts: [(Double, String)] = [
        (0.1, "0.1"),
        (0.2, "0.2"),
        (1.0 / 3.0, "0.3333333333333333"),  // 16 digits: 0.333333333333333 (15) reads back as another double
        (2.5e-8, "2.5e-08"),
        (123456.789, "123456.789"),
        // The literal is 2^53 + 1, which a double cannot hold: it is stored as 2^53 (round half to even).
        (9.007199254740993e15, "9007199254740992.0"),
        (1e16, "1e+16"),
        (12_345_678_901_234_568, "1.2345678901234568e+16"),  // 17 digits: 16 read back as a neighbour
        (1e21, "1e+21"),
        (1e-4, "0.0001"),
        (1e-7, "1e-07"),
        (4.35, "4.35"),
        (-1e-300, "-1e-300"),
    ]

    @Test("doubles are written as the shortest text that reads back as the same bits", arguments: doubleTexts)
    func doubleText(_ value: Double, _ expected: String) throws {
        let text = JSON.double(value).serialized()
        #expect(text == expected)
        let parsed = try JSON.parse(text)
        #expect(parsed.doubleValue?.bitPattern == value.bitPattern)
    }

    @Test("writing from many tasks at once gives the same bytes")
    func concurrentWriting() async {
        let value: JSON = ["a": [1, 2.5, "x\u{0}"], "b": ["c": nil, "d": true]]
        // Members in order, no white space, U+0000 escaped as \u0000 (the table above).
        let expected = Array(#"{"a":[1,2.5,"x\u0000"],"b":{"c":null,"d":true}}"#.utf8)
        let results = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<32 { group.addTask { value.serializedBytes() } }
            var all: [[UInt8]] = []
            for await bytes in group { all.append(bytes) }
            return all
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// The pretty form: each member or element on a line of its own, indented two spaces a level, no space after
/// a colon, and a container's closing bracket on a line at the container's depth, also when it is empty.
@Suite struct PrettyWriterTests {
    @Test("the pretty form, line by line")
    func exactText() {
        let value: JSON = [
            "a": [1, 2.5, "x"], "b": ["c": nil, "d": true], "e": [], "f": [:], "g": "\u{1}/\u{7F}", "h\u{0}": .double(.nan),
        ]
        let lines = [
            "{", #"  "a":["#, "    1,", "    2.5,", #"    "x""#, "  ],", #"  "b":{"#, #"    "c":null,"#, #"    "d":true"#, "  },",
            #"  "e":["#, "  ],", #"  "f":{"#, "  },", #"  "g":"\u0001/\#u{7F}","#, "  \"h\u{FFFD}\":null", "}",
        ]
        #expect(value.prettySerialized() == lines.joined(separator: "\n"))
        #expect(JSON.array([]).prettySerialized() == "[\n]")
        #expect(JSON.array([[], [:]]).prettySerialized() == "[\n  [\n  ],\n  {\n  }\n]")
        #expect(JSON.string("a").prettySerialized() == #""a""#)
    }

    @Test("pretty output parses back to the same value", arguments: writtenValues)
    func prettyOutputParsesBack(_ written: Written) throws {
        let text = written.value.prettySerialized()
        #expect(try JSON.parse(text) == JSON.parse(written.text))
    }
}

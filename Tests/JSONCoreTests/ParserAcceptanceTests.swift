import Testing

import JSONCore

/// A document the parser must accept and the value it must produce.
struct Acceptance: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: JSON

    init(_ name: String, _ text: String, _ expected: JSON) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.expected = expected
    }

    var testDescription: String { name }
}

let acceptedScalars: [Acceptance] = [
    Acceptance("true", "true", .bool(true)),
    Acceptance("false", "false", .bool(false)),
    Acceptance("null", "null", .null),
    Acceptance("JSON white space around a value", " \t\r\n true \n\t", .bool(true)),
    Acceptance("zero", "0", .int(0)),
    Acceptance("one", "1", .int(1)),
    Acceptance("negative integer", "-42", .int(-42)),
    Acceptance("Int64 max", "9223372036854775807", .int(.max)),
    Acceptance("Int64 min", "-9223372036854775808", .int(.min)),
    Acceptance("just above Int64 max", "9223372036854775808", .double(0x1p63)),
    Acceptance("just below Int64 min", "-9223372036854775809", .double(-0x1p63)),
    Acceptance("UInt64 max", "18446744073709551615", .double(0x1p64)),
    Acceptance("beyond UInt64", "123456789012345678901234567890", .double(1.2345678901234568e29)),
    Acceptance("far below Int64 min", "-123456789012345678901234567890", .double(-1.2345678901234568e29)),
    Acceptance("integer of 300 digits", "1" + String(repeating: "0", count: 300), .double(1e300)),
    Acceptance("largest exponent", "1E+308", .double(1e308)),
    Acceptance("fraction", "1.5", .double(1.5)),
    Acceptance("integral fraction stays a double", "1.0", .double(1.0)),
    Acceptance("zero with fraction", "0.1", .double(0.1)),
    Acceptance("negative fraction", "-0.25", .double(-0.25)),
    Acceptance("upper-case exponent", "1E5", .double(100_000)),
    Acceptance("signed exponent", "1e+2", .double(100)),
    Acceptance("negative exponent", "1e-5", .double(0.000_01)),
    Acceptance("exponent with leading zeros", "1e-05", .double(0.000_01)),
    Acceptance("largest double", "1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
    Acceptance("smallest normal double", "2.2250738585072014e-308", .double(.leastNormalMagnitude)),
    Acceptance("smallest subnormal double", "5e-324", .double(.leastNonzeroMagnitude)),
    Acceptance("underflow rounds to zero", "1e-400", .double(0)),
    Acceptance("many digits round to nearest", "0.1000000000000000055511151231257827", .double(0.1)),
    Acceptance("empty string", "\"\"", .string("")),
    Acceptance("NUL escape", "\"\\u0000\"", .string("\u{0}")),
    Acceptance("NUL inside a string", "\"a\\u0000b\"", .string("a\u{0}b")),
    Acceptance("simple escapes", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", .string("\"\\/\u{8}\u{C}\n\r\t")),
    Acceptance("control character escape", "\"\\u001f\"", .string("\u{1F}")),
    Acceptance("BMP escape lower case", "\"\\u00e9\"", .string("é")),
    Acceptance("BMP escape upper case", "\"\\u00E9\"", .string("é")),
    Acceptance("surrogate pair", "\"\\uD83D\\uDE00\"", .string("😀")),
    Acceptance("surrogate pair lower case", "\"\\ud83d\\ude00\"", .string("😀")),
    Acceptance("highest code point as a pair", "\"\\uDBFF\\uDFFF\"", .string("\u{10FFFF}")),
    Acceptance("noncharacter U+FFFF", "\"\\uFFFF\"", .string("\u{FFFF}")),
    Acceptance("raw UTF-8", "\"é€😀\u{10FFFF}\"", .string("é€😀\u{10FFFF}")),
    Acceptance("raw DEL", "\"\u{7F}\"", .string("\u{7F}")),
    Acceptance("raw line separator", "\"\u{2028}\"", .string("\u{2028}")),
]

let acceptedContainers: [Acceptance] = [
    Acceptance("empty array", "[]", .array([])),
    Acceptance("empty object", "{}", .object(JSONObject())),
    Acceptance("empty containers with white space", "[ { } , [ ] ]", .array([.object(JSONObject()), .array([])])),
    Acceptance("array of scalars", "[1,\"a\",null,true,-0.5]", [1, "a", nil, true, -0.5]),
    Acceptance("object", "{\"a\":1,\"b\":[true]}", ["a": 1, "b": [true]]),
    Acceptance("escaped key", "{\"\\u00e9\\n\":1}", ["é\n": 1]),
    Acceptance("same key in sibling objects", "[{\"a\":1},{\"a\":2}]", [["a": 1], ["a": 2]]),
    Acceptance("same key in parent and child", "{\"a\":{\"a\":1}}", ["a": ["a": 1]]),
    Acceptance("keys differing only in case", "{\"a\":1,\"A\":2}", ["a": 1, "A": 2]),
    Acceptance("empty key", "{\"\":0}", ["": 0]),
    Acceptance("NUL in a value inside an object", "{\"k\":\"x\\u0000y\"}", ["k": .string("x\u{0}y")]),
    Acceptance("big integer inside an array", "[123456789012345678901234567890,1]", [.double(1.2345678901234568e29), 1]),
    Acceptance("numbers in document order across nesting", "[1,{\"a\":2.5,\"b\":[3,4e0]},5]", [1, ["a": 2.5, "b": [3, .double(4)]], 5]),
]

@Suite("JSON.parse accepts RFC 8259 documents exactly")
struct ParserAcceptanceTests {
    @Test("each document parses to its value", arguments: acceptedScalars + acceptedContainers)
    func accepts(_ acceptance: Acceptance) throws {
        let value = try JSON.parse(acceptance.bytes)
        #expect(value == acceptance.expected)
        #expect(sameKinds(value, acceptance.expected), "\(value) vs \(acceptance.expected)")
    }

    @Test("-0 keeps its sign as a double, 0 stays an integer")
    func negativeZero() throws {
        let negative = try JSON.parse("-0")
        guard case .double(let d) = negative else { Issue.record("got \(negative)"); return }
        #expect(d == 0 && d.sign == .minus)
        #expect(try JSON.parse("-0.0").doubleValue?.sign == .minus)
        #expect(try JSON.parse("0") == .int(0))
    }

    @Test("nesting up to the limit is accepted", arguments: [0, 1, 2, 64, 128])
    func nestingAtTheLimit(depth: Int) throws {
        let arrays = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        var expected: JSON = 7
        for _ in 0..<depth { expected = .array([expected]) }
        #expect(try JSON.parse(arrays, limits: JSONParseLimits(maxDepth: depth)) == expected)

        let objects = String(repeating: "{\"k\":", count: depth) + "7" + String(repeating: "}", count: depth)
        var expectedObjects: JSON = 7
        for _ in 0..<depth { expectedObjects = ["k": expectedObjects] }
        #expect(try JSON.parse(objects, limits: JSONParseLimits(maxDepth: depth)) == expectedObjects)
    }

    @Test("a larger limit admits deeper documents")
    func largerLimit() throws {
        let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: JSONParseError.self) { try JSON.parse(text) }
        var value = try JSON.parse(text, limits: JSONParseLimits(maxDepth: 300))
        var levels = 0
        while case .array(let inner) = value, let first = inner.first {
            levels += 1
            value = first
        }
        #expect(levels == 299 && value == .array([]))
    }

    @Test("member order is document order, also past json-c's table resizes", arguments: [3, 17, 300])
    func memberOrder(count: Int) throws {
        // A fixed shuffle: keys neither sorted nor in hash order.
        let keys = (0..<count).map { "k\(($0 * 7919) % (count * 13))" }
        let text = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
        let object = try #require(try JSON.parse(text).objectValue)
        #expect(object.keys == keys)
        #expect(object.members.map(\.value) == (0..<count).map { JSON.int(Int64($0)) })
    }

    @Test("nested objects keep their own order")
    func nestedOrder() throws {
        let value = try JSON.parse("{\"z\":{\"y\":1,\"b\":2},\"a\":[{\"q\":1,\"c\":2}],\"m\":null}")
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(value["z"]?.objectValue?.keys == ["y", "b"])
        #expect(value["a"]?.arrayValue?.first?.objectValue?.keys == ["q", "c"])
    }

    @Test("a long string with many NULs keeps its full length")
    func longStringWithNULs() throws {
        let body = String(repeating: "ab\\u0000", count: 5_000)
        let value = try JSON.parse("\"" + body + "\"")
        #expect(value.stringValue?.utf8.count == 15_000)
        #expect(value.stringValue == String(repeating: "ab\u{0}", count: 5_000))
    }

    @Test("parsing from many tasks at once gives the same values")
    func concurrentParsing() async throws {
        let text = "{\"a\":[1,2.5,\"x\\u0000\"],\"b\":{\"c\":null,\"d\":true}}"
        let expected = try JSON.parse(text)
        let results = try await withThrowingTaskGroup(of: JSON.self) { group in
            for _ in 0..<32 { group.addTask { try JSON.parse(text) } }
            var all: [JSON] = []
            for try await value in group { all.append(value) }
            return all
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// `==` on `.double` and `.int` never mixes them, but this also checks the nested kinds match.
func sameKinds(_ a: JSON, _ b: JSON) -> Bool {
    switch (a, b) {
    case (.null, .null), (.bool, .bool), (.int, .int), (.double, .double), (.string, .string): return true
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(sameKinds)
    case (.object(let x), .object(let y)):
        return x.keys == y.keys && zip(x.members, y.members).allSatisfy { sameKinds($0.value, $1.value) }
    default: return false
    }
}

import Testing

import JSONCore

/// A document the parser must reject, the words the error must contain, and where.
struct Rejection: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let message: String
    let offset: Int?
    let maxDepth: Int

    init(_ name: String, _ text: String, _ message: String, at offset: Int? = nil, maxDepth: Int = 128) {
        self.init(name, bytes: Array(text.utf8), message, at: offset, maxDepth: maxDepth)
    }

    init(_ name: String, bytes: [UInt8], _ message: String, at offset: Int? = nil, maxDepth: Int = 128) {
        self.name = name
        self.bytes = bytes
        self.message = message
        self.offset = offset
        self.maxDepth = maxDepth
    }

    var testDescription: String { name }
}

/// Wraps `body` in a JSON string: `"` + body + `"`.
private func quoted(_ body: [UInt8]) -> [UInt8] { [0x22] + body + [0x22] }

let emptyAndStructure: [Rejection] = [
    Rejection("empty input", "", "empty input", at: 0),
    Rejection("only white space", " \n\t\r ", "empty input", at: 5),
    Rejection("unclosed array", "[1", "unclosed array", at: 2),
    Rejection("unclosed nested object", "[{\"a\":1", "unclosed object", at: 7),
    Rejection("object key without colon", "{\"a\"", "expected ':'", at: 4),
    Rejection("object key without value", "{\"a\":", "expected a value", at: 5),
    Rejection("lone open bracket", "[", "expected a value", at: 1),
    Rejection("missing comma in array", "[1 2]", "expected ',' or ']'", at: 3),
    Rejection("missing colon", "{\"a\" 1}", "expected ':' after an object key", at: 5),
    Rejection("number as key", "{1:2}", "expected a string key", at: 1),
    Rejection("bare word", "hello", "unexpected character 'h', expected a value", at: 0),
    Rejection("truncated literal", "tru", "invalid literal (expected 'true')", at: 0),
    Rejection("capitalised literal", "True", "unexpected character 'T'", at: 0),
    Rejection("lone colon", ":", "unexpected character ':'", at: 0),
    Rejection("close without open", "]", "unexpected character ']'", at: 0),
    Rejection("unterminated string", "\"abc", "unterminated string", at: 0),
    Rejection("unterminated string after escape", "\"ab\\", "unterminated string", at: 3),
    Rejection("non-ASCII outside a string", "é", "unexpected character U+00E9", at: 0),
    Rejection("byte order mark", "\u{FEFF}1", "byte order mark", at: 0),
]

let nonStandardValues: [Rejection] = [
    Rejection("NaN", "NaN", "NaN is not valid JSON", at: 0),
    Rejection("NaN in array", "[1,NaN]", "NaN is not valid JSON", at: 3),
    Rejection("Infinity", "Infinity", "Infinity is not valid JSON", at: 0),
    Rejection("-Infinity", "-Infinity", "-Infinity is not valid JSON", at: 0),
    Rejection("-Infinity in object", "{\"a\":-Infinity}", "-Infinity is not valid JSON", at: 5),
    Rejection("single-quoted string", "'a'", "single-quoted strings are not allowed", at: 0),
    Rejection("single-quoted key", "{'a':1}", "single-quoted strings are not allowed", at: 1),
    Rejection("undefined", "undefined", "unexpected character 'u'", at: 0),
]

let trailingCommas: [Rejection] = [
    Rejection("trailing comma in array", "[1,]", "trailing comma in array", at: 2),
    Rejection("trailing comma in array with spaces", "[1 , ]", "trailing comma in array", at: 3),
    Rejection("trailing comma in object with spaces", "{\"a\":1 ,\n}", "trailing comma in object", at: 7),
    Rejection("trailing comma in nested array", "{\"a\":[[],]}", "trailing comma in array", at: 8),
    Rejection("trailing comma in object", "{\"a\":1,}", "trailing comma in object", at: 6),
    Rejection("trailing comma in nested object", "[{\"a\":{\"b\":2,}}]", "trailing comma in object", at: 12),
    Rejection("leading comma in array", "[,1]", "unexpected character ','", at: 1),
    Rejection("double comma in array", "[1,,2]", "unexpected character ','", at: 3),
    Rejection("leading comma in object", "{,\"a\":1}", "expected a string key", at: 1),
]

let comments: [Rejection] = [
    Rejection("line comment before value", "// note\n1", "comments are not allowed", at: 0),
    Rejection("block comment before value", "/* note */1", "comments are not allowed", at: 0),
    Rejection("block comment in array", "[1/* x */]", "comments are not allowed", at: 2),
    Rejection("line comment after value", "1 // x", "comments are not allowed", at: 2),
    Rejection("block comment between key and colon", "{\"a\"/**/:1}", "comments are not allowed", at: 4),
    Rejection("block comment after comma", "[1,/**/2]", "comments are not allowed", at: 3),
    Rejection("lone slash", "/", "unexpected character '/'", at: 0),
]

let numbers: [Rejection] = [
    Rejection("leading zero", "01", "leading zero in number", at: 0),
    Rejection("negative leading zero", "-01", "leading zero in number", at: 0),
    Rejection("double zero in array", "[00]", "leading zero in number", at: 1),
    Rejection("leading zero before fraction digits", "00.5", "leading zero in number", at: 0),
    Rejection("no digit after point", "1.", "digit expected after decimal point", at: 2),
    Rejection("no digit after point before exponent", "1.e5", "digit expected after decimal point", at: 2),
    Rejection("no digit before point", ".5", "number must start with a digit", at: 0),
    Rejection("negative without integer part", "-.5", "digit expected after '-'", at: 1),
    Rejection("plus sign", "+1", "'+' is not allowed before a number", at: 0),
    Rejection("plus sign in array", "[+1]", "'+' is not allowed before a number", at: 1),
    Rejection("empty exponent", "1e", "digit expected in exponent", at: 2),
    Rejection("signed empty exponent", "1e+", "digit expected in exponent", at: 3),
    Rejection("empty exponent in array", "[1E]", "digit expected in exponent", at: 3),
    Rejection("lone minus", "-", "digit expected after '-'", at: 1),
    Rejection("minus letter", "-a", "digit expected after '-'", at: 1),
    Rejection("hexadecimal", "0x10", "trailing characters", at: 1),
    Rejection("double overflow", "1e400", "number out of range", at: 0),
    Rejection("negative double overflow", "[-1e400]", "number out of range", at: 1),
    Rejection("integer beyond Double", "1" + String(repeating: "0", count: 400), "number out of range", at: 0),
]

let stringContents: [Rejection] = [
    Rejection("raw newline", "\"a\nb\"", "unescaped control character 0x0A in string", at: 2),
    Rejection("raw tab", "\"\t\"", "unescaped control character 0x09 in string", at: 1),
    Rejection("raw unit separator", "[\"\u{1F}\"]", "unescaped control character 0x1F in string", at: 2),
    Rejection("raw NUL", bytes: quoted([0x61, 0x00]), "unescaped control character 0x00 in string", at: 2),
    Rejection("escape x", "\"\\x41\"", "invalid escape '\\x'", at: 1),
    Rejection("escape a", "\"\\a\"", "invalid escape '\\a'", at: 1),
    Rejection("escape single quote", "\"\\'\"", "invalid escape '\\''", at: 1),
    Rejection("escape capital U", "\"\\U0041\"", "invalid escape '\\U'", at: 1),
    Rejection("escape zero", "\"\\0\"", "invalid escape '\\0'", at: 1),
    Rejection("escape newline", "\"\\\n\"", "invalid escape '\\' followed by byte 0x0A", at: 1),
    Rejection("short unicode escape", "\"\\u12\"", "invalid \\u escape (expected 4 hex digits)", at: 1),
    Rejection("non-hex unicode escape", "\"\\u12G4\"", "invalid \\u escape", at: 1),
    Rejection("unicode escape at end", "\"\\u", "invalid \\u escape", at: 1),
    Rejection("lone high surrogate", "\"\\uD800\"", "lone high surrogate \\uD800", at: 1),
    Rejection("lone high surrogate then text", "\"\\uDBFFabc\"", "lone high surrogate \\uDBFF", at: 1),
    Rejection("high surrogate then non-surrogate", "\"\\uD800\\u0041\"", "followed by \\u0041, not a low surrogate", at: 1),
    Rejection("two high surrogates", "\"x\\uD83D\\uD83D\"", "lone high surrogate \\uD83D", at: 2),
    Rejection("high surrogate then simple escape", "\"\\uD800\\n\"", "lone high surrogate \\uD800", at: 1),
    Rejection("lone low surrogate", "\"\\uDC00\"", "lone low surrogate \\uDC00", at: 1),
    Rejection("low then high surrogate", "\"\\uDE00\\uD83D\"", "lone low surrogate \\uDE00", at: 1),
    Rejection("lone surrogate in key", "{\"\\uD800\":1}", "lone high surrogate", at: 2),
]

let invalidUTF8: [Rejection] = [
    Rejection("overlong 2-byte", bytes: quoted([0xC0, 0x80]), "invalid UTF-8 byte 0xC0", at: 1),
    Rejection("overlong 2-byte C1", bytes: quoted([0xC1, 0xBF]), "invalid UTF-8 byte 0xC1 (overlong encoding)", at: 1),
    Rejection("overlong 3-byte", bytes: quoted([0xE0, 0x80, 0xAF]), "invalid UTF-8 byte 0xE0 (overlong encoding)", at: 1),
    Rejection("overlong 4-byte", bytes: quoted([0xF0, 0x80, 0x80, 0xAF]), "invalid UTF-8 byte 0xF0 (overlong encoding)", at: 1),
    Rejection("encoded high surrogate", bytes: quoted([0xED, 0xA0, 0x80]), "invalid UTF-8: encoded surrogate", at: 1),
    Rejection("encoded low surrogate", bytes: quoted([0xED, 0xBF, 0xBF]), "invalid UTF-8: encoded surrogate", at: 1),
    Rejection("above U+10FFFF via F4", bytes: quoted([0xF4, 0x90, 0x80, 0x80]), "invalid UTF-8: code point above U+10FFFF", at: 1),
    Rejection("above U+10FFFF via F5", bytes: quoted([0xF5, 0x80, 0x80, 0x80]), "invalid UTF-8 byte 0xF5", at: 1),
    Rejection("byte FF", bytes: quoted([0xFF]), "invalid UTF-8 byte 0xFF", at: 1),
    Rejection("byte FE", bytes: quoted([0x61, 0xFE]), "invalid UTF-8 byte 0xFE", at: 2),
    Rejection("lone continuation byte", bytes: quoted([0x80]), "invalid UTF-8 byte 0x80 (unexpected continuation byte)", at: 1),
    Rejection(
        "truncated 2-byte before quote", bytes: quoted([0xC3]), "invalid UTF-8: truncated sequence (0x22 is not a continuation byte)", at: 2
    ),
    Rejection("truncated 3-byte before quote", bytes: quoted([0xE2, 0x82]), "invalid UTF-8: truncated sequence", at: 3),
    Rejection("truncated 4-byte at end of input", bytes: [0x22, 0xF0, 0x9F, 0x98], "invalid UTF-8: truncated sequence", at: 1),
    Rejection("truncated 2-byte at end of input", bytes: [0x22, 0xC3], "invalid UTF-8: truncated sequence", at: 1),
    Rejection("invalid byte in key", bytes: [0x7B, 0x22, 0xC0, 0x22, 0x3A, 0x31, 0x7D], "invalid UTF-8 byte 0xC0", at: 2),
    Rejection("invalid byte outside strings", bytes: [0xC0], "invalid UTF-8 byte 0xC0", at: 0),
    Rejection("invalid byte in array", bytes: [0x5B, 0xFF, 0x5D], "invalid UTF-8 byte 0xFF", at: 1),
    Rejection("invalid byte after value", bytes: [0x31, 0x20, 0xC0], "trailing characters", at: 2),
]

let trailingData: [Rejection] = [
    Rejection("two numbers", "1 2", "trailing characters after the JSON value", at: 2),
    Rejection("value after object", "{} x", "trailing characters", at: 3),
    Rejection("extra close bracket", "[]]", "trailing characters", at: 2),
    Rejection("literal with suffix", "truex", "trailing characters", at: 4),
    Rejection("two literals", "nullnull", "trailing characters", at: 4),
    Rejection("two strings", "\"a\"\"b\"", "trailing characters", at: 3),
    Rejection("NUL after value", bytes: [0x31, 0x00], "trailing characters", at: 1),
    Rejection("vertical tab after value", "1\u{0B}", "trailing characters", at: 1),
    Rejection("form feed before value", "\u{0C}1", "unexpected byte 0x0C", at: 0),
    Rejection("non-breaking space before value", "\u{A0}1", "unexpected character U+00A0", at: 0),
]

let keys: [Rejection] = [
    Rejection("duplicate key", "{\"a\":1,\"a\":2}", "duplicate key \"a\" in object", at: 7),
    Rejection("duplicate key with same value", "{\"a\":1,\"b\":2,\"a\":1}", "duplicate key \"a\"", at: 13),
    Rejection("duplicate key spelt with an escape", "{\"a\":1,\"\\u0061\":2}", "duplicate key \"a\"", at: 7),
    Rejection("duplicate key in nested object", "[{\"x\":{\"k\":1,\"k\":[]}}]", "duplicate key \"k\"", at: 13),
    Rejection("duplicate key after nested object", "{\"a\":{\"b\":1},\"a\":2}", "duplicate key \"a\"", at: 13),
    Rejection("duplicate empty key", "{\"\":1,\"\":2}", "duplicate key \"\"", at: 6),
    Rejection("duplicate key with newline", "{\"a\\n\":1,\"a\\n\":2}", "duplicate key \"a\\n\"", at: 9),
    Rejection("NUL in key", "{\"a\\u0000b\":1}", "U+0000 in an object key is not supported", at: 1),
]

private func nested(_ depth: Int, open: String, close: String, inner: String = "") -> String {
    String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
}

let depth: [Rejection] = [
    Rejection("129 nested arrays", nested(129, open: "[", close: "]"), "nesting deeper than 128", at: 128),
    Rejection("129 nested objects", nested(129, open: "{\"k\":", close: "}", inner: "1"), "nesting deeper than 128", at: 128 * 5),
    Rejection("129 levels mixed", nested(64, open: "[{\"k\":", close: "}]", inner: "[1]"), "nesting deeper than 128", at: 64 * 6),
    Rejection("empty container past the limit", nested(128, open: "[", close: "]", inner: "{}"), "nesting deeper than 128", at: 128),
    Rejection("custom limit", "[[[1]]]", "nesting deeper than 2", at: 2, maxDepth: 2),
    Rejection("limit zero rejects any container", "[]", "nesting deeper than 0", at: 0, maxDepth: 0),
    Rejection("deep unclosed input", String(repeating: "[", count: 100_000), "nesting deeper than 128", at: 128),
]

@Suite("JSON.parse rejects what RFC 8259 does not allow")
struct ParserRejectionTests {
    @Test(
        "each rejection names the problem and its byte offset",
        arguments: emptyAndStructure + nonStandardValues + trailingCommas + comments + numbers + stringContents
            + invalidUTF8 + trailingData + keys + depth)
    func rejects(_ rejection: Rejection) {
        do {
            let value = try JSON.parse(rejection.bytes, limits: JSONParseLimits(maxDepth: rejection.maxDepth))
            Issue.record("accepted \(rejection.name) as \(value)")
        } catch {
            #expect(error.message.contains(rejection.message), "message was: \(error.message)")
            if let offset = rejection.offset {
                #expect(error.offset == offset, "\(error)")
            }
            #expect(error.description.hasSuffix(" at byte \(error.offset)"))
        }
    }

    @Test("the string overload rejects the same way as bytes")
    func stringOverload() {
        #expect(throws: JSONParseError("trailing comma in array", offset: 2)) { try JSON.parse("[1,]") }
    }

    @Test("a document parsed from a non-contiguous collection is checked the same way")
    func nonContiguousInput() {
        let bytes = Array("{\"a\":1,\"a\":2}".utf8)
        #expect(throws: JSONParseError("duplicate key \"a\" in object", offset: 7)) {
            try JSON.parse(bytes.lazy.map { $0 })
        }
    }
}

@Suite("Duplicate keys in large objects")
struct LargeObjectDuplicateTests {
    @Test("a duplicate is found however many members come before it", arguments: [15, 16, 17, 40])
    func duplicateAfterManyMembers(_ members: Int) {
        let prefix = "{" + (0..<members).map { "\"k\($0)\":0," }.joined()
        let text = prefix + "\"k\(members - 1)\":1}"
        do {
            _ = try JSON.parse(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message == "duplicate key \"k\(members - 1)\" in object")
            #expect(error.offset == prefix.utf8.count)
        }
        let distinct = prefix + "\"other\":1}"
        #expect((try? JSON.parse(Array(distinct.utf8)))?.objectValue?.count == members + 1)
    }
}

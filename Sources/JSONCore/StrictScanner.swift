/// A number exactly as the document wrote it, already converted.
///
/// json-c saturates integers that do not fit in 64 bits and its doubles depend on
/// its own conversion, so the value the parser returns comes from the validated text.
enum ScannedNumber: Equatable {
    case int(Int64)
    case double(Double)
}

/// A strict RFC 8259 validator over UTF-8 bytes.
///
/// json-c accepts more than RFC 8259 even in strict mode (it tolerates some bad
/// numbers, lone surrogates, duplicate keys, and never checks UTF-8 unless asked),
/// so every document goes through this scan first and json-c only ever sees text
/// this scan accepted. The scan is iterative: nesting costs heap, never stack.
///
/// Rules beyond RFC 8259, all rejected with a message:
/// - duplicate keys within one object (compared after unescaping);
/// - U+0000 in an object key (json-c keys are C strings and would be truncated);
/// - numbers whose magnitude overflows a Double (for example `1e400`);
/// - a leading byte order mark;
/// - nesting of arrays and objects deeper than `maxDepth`.
struct StrictScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var index = 0

    private struct Frame {
        var isObject: Bool
        var keys: MemberKeys
        /// The JSON path of this array or object (only kept when recording locations).
        var path: String = ""
        /// Elements seen so far, for array paths (only kept when recording locations).
        var count: Int = 0
    }

    private var stack: [Frame] = []

    /// Every number in the document, in document order.
    private(set) var numbers: [ScannedNumber] = []

    /// When recording: the byte offset of every member's key and every array element, by JSON path.
    private(set) var locations: [String: Int]?
    /// The path of the value being scanned (only kept when recording locations).
    private var valuePath = ""

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, recordLocations: Bool = false) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.locations = recordLocations ? [:] : nil
    }

    // MARK: Document

    /// Validates the whole buffer as exactly one JSON value, optionally surrounded by white space.
    mutating func scan() throws(JSONParseError) {
        if bytes.isEmpty { throw JSONParseError("empty input", offset: 0) }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw JSONParseError("byte order mark is not allowed", offset: 0)
        }
        skipWhitespace()
        if index == bytes.count { throw JSONParseError("empty input (only white space)", offset: index) }
        try scanValue()
        while let top = stack.last {
            skipWhitespace()
            guard index < bytes.count else {
                throw JSONParseError("unexpected end of input: unclosed \(top.isObject ? "object" : "array")", offset: index)
            }
            let byte = bytes[index]
            if top.isObject {
                switch byte {
                case UInt8(ascii: ","):
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                        throw JSONParseError("trailing comma in object", offset: comma)
                    }
                    try scanMemberKey()
                    try scanValue()
                case UInt8(ascii: "}"):
                    index += 1
                    stack.removeLast()
                default:
                    throw unexpected(expecting: "',' or '}' after an object member")
                }
            } else {
                switch byte {
                case UInt8(ascii: ","):
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        throw JSONParseError("trailing comma in array", offset: comma)
                    }
                    try scanValue()
                case UInt8(ascii: "]"):
                    index += 1
                    stack.removeLast()
                default:
                    throw unexpected(expecting: "',' or ']' after an array element")
                }
            }
        }
        skipWhitespace()
        if index < bytes.count {
            if isCommentStart(at: index) { throw JSONParseError("comments are not allowed", offset: index) }
            throw JSONParseError("trailing characters after the JSON value", offset: index)
        }
    }

    // MARK: Values

    /// Scans one value. Opening brackets push a frame and continue with the first
    /// element, so a run of `[[[[` loops here instead of recursing.
    private mutating func scanValue() throws(JSONParseError) {
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw JSONParseError("unexpected end of input: expected a value", offset: index) }
            if locations != nil { noteValueStart() }
            switch bytes[index] {
            case UInt8(ascii: "["):
                try push(isObject: false)
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    stack.removeLast()
                    return
                }
                continue
            case UInt8(ascii: "{"):
                try push(isObject: true)
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    stack.removeLast()
                    return
                }
                try scanMemberKey()
                continue
            case UInt8(ascii: "\""):
                _ = try scanString(decoding: false)
                return
            case UInt8(ascii: "t"):
                try scanLiteral("true")
                return
            case UInt8(ascii: "f"):
                try scanLiteral("false")
                return
            case UInt8(ascii: "n"):
                try scanLiteral("null")
                return
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
                return
            default:
                throw unexpected(expecting: "a value")
            }
        }
    }

    private mutating func push(isObject: Bool) throws(JSONParseError) {
        if stack.count >= maxDepth {
            throw JSONParseError.tooDeep(limit: maxDepth, offset: index)
        }
        stack.append(Frame(isObject: isObject, keys: MemberKeys(), path: valuePath))
        index += 1
    }

    /// Records where a value starts: an array element gets its indexed path here; a member's path
    /// was recorded at its key, which is where a reader looks for it.
    private mutating func noteValueStart() {
        guard let top = stack.last else {
            valuePath = ""
            locations?[""] = index
            return
        }
        guard !top.isObject else { return }
        valuePath = "\(top.path)[\(top.count)]"
        stack[stack.count - 1].count += 1
        locations?[valuePath] = index
    }

    /// Scans `"key"` and the colon after it, checking the key is new in the innermost object.
    private mutating func scanMemberKey() throws(JSONParseError) {
        skipWhitespace()
        guard index < bytes.count else { throw JSONParseError("unexpected end of input: expected an object key", offset: index) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expecting: "a string key") }
        let keyStart = index
        let key = try scanString(decoding: true) ?? ""
        if key.utf8.contains(0) {
            throw JSONParseError("U+0000 in an object key is not supported", offset: keyStart)
        }
        if !stack[stack.count - 1].keys.insert(key) {
            throw JSONParseError("duplicate key \(escapedForMessage(key)) in object", offset: keyStart)
        }
        if locations != nil {
            let parent = stack[stack.count - 1].path
            valuePath = parent.isEmpty ? key : "\(parent).\(key)"
            locations?[valuePath] = keyStart
        }
        skipWhitespace()
        guard index < bytes.count else { throw JSONParseError("unexpected end of input: expected ':'", offset: index) }
        guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expecting: "':' after an object key") }
        index += 1
    }

    private mutating func scanLiteral(_ word: StaticString) throws(JSONParseError) {
        let start = index
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count {
            guard start + offset < bytes.count, bytes[start + offset] == expected[offset] else {
                throw JSONParseError("invalid literal (expected '\(word)')", offset: start)
            }
        }
        index += count
    }

    // MARK: Numbers

    private mutating func scanNumber() throws(JSONParseError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "I"), matches("Infinity", at: index) {
                throw JSONParseError("-Infinity is not valid JSON", offset: start)
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONParseError("digit expected after '-'", offset: index)
            }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONParseError("leading zero in number", offset: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONParseError("digit expected after decimal point", offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONParseError("digit expected in exponent", offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let value = Int64(text) {
            // "-0" keeps its sign as a double; every other integer that fits stays exact.
            numbers.append(value == 0 && text.hasPrefix("-") ? .double(-0.0) : .int(value))
            return
        }
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError("number out of range: \(text.count > 40 ? String(text.prefix(40)) + "..." : text)", offset: start)
        }
        numbers.append(.double(value))
    }

    // MARK: Strings

    /// Scans a string starting at its opening quote. Returns the unescaped text when `decoding`.
    private mutating func scanString(decoding: Bool) throws(JSONParseError) -> String? {
        let start = index
        index += 1
        var decoded: [UInt8] = []
        while true {
            guard index < bytes.count else { throw JSONParseError("unterminated string", offset: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return decoding ? String(decoding: decoded, as: UTF8.self) : nil
            case UInt8(ascii: "\\"):
                try scanEscape(decoding: decoding, into: &decoded)
            case 0x00..<0x20:
                throw JSONParseError("unescaped control character \(hex(byte)) in string", offset: index)
            case 0x20..<0x80:
                if decoding { decoded.append(byte) }
                index += 1
            default:
                let length = try utf8SequenceLength(at: index)
                if decoding { decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])) }
                index += length
            }
        }
    }

    private mutating func scanEscape(decoding: Bool, into decoded: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONParseError("unterminated string", offset: escapeStart) }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw JSONParseError("invalid escape \(describeByteForEscape(bytes[index]))", offset: escapeStart)
        }
        if let simple {
            if decoding { decoded.append(simple) }
            index += 1
            return
        }
        index += 1
        let unit = try hex4(escapeStart: escapeStart)
        var scalarValue = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            let lowStart = index
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(
                    "lone high surrogate \\u\(hexText(UInt32(unit))) (not followed by a low surrogate)", offset: escapeStart)
            }
            index += 2
            let low = try hex4(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONParseError(
                    "lone high surrogate \\u\(hexText(UInt32(unit))) (followed by \\u\(hexText(UInt32(low))), not a low surrogate)",
                    offset: escapeStart)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONParseError("lone low surrogate \\u\(hexText(UInt32(unit)))", offset: escapeStart)
        default:
            break
        }
        if decoding, let scalar = Unicode.Scalar(scalarValue) {
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        }
    }

    private mutating func hex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw JSONParseError("invalid \\u escape (expected 4 hex digits)", offset: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: UTF-8

    /// The length of the valid UTF-8 sequence starting at `position` (a byte >= 0x80).
    private func utf8SequenceLength(at position: Int) throws(JSONParseError) -> Int {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x80...0xBF:
            throw JSONParseError("invalid UTF-8 byte \(hex(lead)) (unexpected continuation byte)", offset: position)
        case 0xC0, 0xC1:
            throw JSONParseError("invalid UTF-8 byte \(hex(lead)) (overlong encoding)", offset: position)
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xE1...0xEF:
            length = 3
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        case 0xF5...0xF7:
            throw JSONParseError("invalid UTF-8 byte \(hex(lead)) (code point above U+10FFFF)", offset: position)
        default:
            throw JSONParseError("invalid UTF-8 byte \(hex(lead))", offset: position)
        }
        guard position + 1 < bytes.count else {
            throw JSONParseError("invalid UTF-8: truncated sequence", offset: position)
        }
        let second = bytes[position + 1]
        if !secondRange.contains(second) {
            if second & 0xC0 != 0x80 {
                throw JSONParseError("invalid UTF-8: truncated sequence (\(hex(second)) is not a continuation byte)", offset: position + 1)
            }
            switch lead {
            case 0xE0, 0xF0:
                throw JSONParseError("invalid UTF-8 byte \(hex(lead)) (overlong encoding)", offset: position)
            case 0xED:
                throw JSONParseError("invalid UTF-8: encoded surrogate", offset: position)
            default:
                throw JSONParseError("invalid UTF-8: code point above U+10FFFF", offset: position)
            }
        }
        for offset in 2..<length {
            guard position + offset < bytes.count else {
                throw JSONParseError("invalid UTF-8: truncated sequence", offset: position)
            }
            let next = bytes[position + offset]
            guard next & 0xC0 == 0x80 else {
                throw JSONParseError(
                    "invalid UTF-8: truncated sequence (\(hex(next)) is not a continuation byte)", offset: position + offset)
            }
        }
        return length
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func isCommentStart(at position: Int) -> Bool {
        position + 1 < bytes.count && bytes[position] == UInt8(ascii: "/")
            && (bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*"))
    }

    private func matches(_ word: String, at position: Int) -> Bool {
        var position = position
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    /// The most useful error for an unexpected byte at `index`.
    private func unexpected(expecting what: String) -> JSONParseError {
        guard index < bytes.count else { return JSONParseError("unexpected end of input: expected \(what)", offset: index) }
        let byte = bytes[index]
        if isCommentStart(at: index) { return JSONParseError("comments are not allowed", offset: index) }
        switch byte {
        case UInt8(ascii: "'"):
            return JSONParseError("single-quoted strings are not allowed", offset: index)
        case UInt8(ascii: "N") where matches("NaN", at: index):
            return JSONParseError("NaN is not valid JSON", offset: index)
        case UInt8(ascii: "I") where matches("Infinity", at: index):
            return JSONParseError("Infinity is not valid JSON", offset: index)
        case UInt8(ascii: "+"):
            return JSONParseError("'+' is not allowed before a number", offset: index)
        case UInt8(ascii: "."):
            return JSONParseError("number must start with a digit, not '.'", offset: index)
        case 0x80...:
            do {
                let length = try utf8SequenceLength(at: index)
                let scalar =
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
                    .unicodeScalars.first.map { "U+" + hexText($0.value) } ?? "?"
                return JSONParseError("unexpected character \(scalar), expected \(what)", offset: index)
            } catch {
                return error
            }
        case 0x21...0x7E:
            return JSONParseError("unexpected character '\(Character(Unicode.Scalar(byte)))', expected \(what)", offset: index)
        default:
            return JSONParseError("unexpected byte \(hex(byte)), expected \(what)", offset: index)
        }
    }

    private func describeByteForEscape(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\\\(Character(Unicode.Scalar(byte)))'" : "'\\' followed by byte \(hex(byte))"
    }
}

// MARK: - Formatting for messages

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

private let hexDigits = Array("0123456789ABCDEF")

/// `0xC0` style.
private func hex(_ byte: UInt8) -> String {
    "0x" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
}

/// `D800` style: at least four upper-case digits.
private func hexText(_ value: UInt32) -> String {
    var number = value
    var text = ""
    repeat {
        text = String(hexDigits[Int(number & 0xF)]) + text
        number >>= 4
    } while number > 0
    while text.count < 4 { text = "0" + text }
    return text
}

/// A key quoted for an error message, shortened when long.
private func escapedForMessage(_ key: String) -> String {
    let shown = key.count > 64 ? String(key.prefix(64)) + "..." : key
    return "\"" + shown.unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "\""
}

/// The keys of one object seen so far. Most objects have a handful of members, which a linear scan compares
/// faster than hashing each key; past 16 members the keys move to a set.
private struct MemberKeys {
    private var few: [String] = []
    private var many: Set<String>?

    /// Adds `key`; false when the object already has it.
    mutating func insert(_ key: String) -> Bool {
        if many != nil { return many!.insert(key).inserted }
        if few.contains(key) { return false }
        if few.count < 16 {
            few.append(key)
            return true
        }
        many = Set(few)
        few = []
        return many!.insert(key).inserted
    }
}

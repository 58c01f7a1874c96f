/// What json-c's strict mode admits and RFC 8259 does not, checked in one pass over the bytes that builds
/// nothing but the numbers json-c may read differently from the text.
///
/// json-c 0.16 with `JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8` rejects comments, trailing commas,
/// single-quoted strings as values, bad literals, `01`, `.5`, `+1`, `1e`, hex numbers, bad escapes, a byte
/// order mark and trailing data. It accepts, and this check rejects:
/// - `NaN`, `Infinity` and `-Infinity`;
/// - single-quoted object keys (`{'a':1}`);
/// - lone and mismatched surrogate escapes (it substitutes U+FFFD);
/// - raw control characters inside strings;
/// - overlong UTF-8 and encoded surrogates (its UTF-8 check only looks at sequence shapes);
/// - `1.`, `1.e2` and `-01`;
/// - numbers past a Double (`1e400`) and integers past 64 bits (it saturates them);
/// - `\u0000` in a key (its keys are C strings, so the key is cut short);
/// - duplicate keys (the last one wins, silently).
///
/// The structure (brackets, commas, colons, literals) is left to json-c. Duplicate keys cannot be seen without
/// decoding every key, so the check counts the members the text has (its colons outside strings); json-c's
/// tree holding fewer means two keys of one object were equal. Outside strings only the bytes JSON uses are
/// allowed through, so no extension json-c has reaches its tokenizer.
///
/// A `nil` answer only says "not this way": the strict scanner then finds and describes the problem.
struct LexicalCheck {
    /// How many numbers the text has.
    private(set) var numberCount = 0
    /// The numbers json-c may hold differently from what the text means, with their place among all the
    /// numbers: every one but an integer written plainly (no fraction, no exponent, not `-0`) that fits in
    /// 64 bits, which json-c reads exactly as the text says. A request of plain integers lists none, and
    /// costs no allocation.
    private(set) var specialNumbers: [(ordinal: Int, value: ScannedNumber)] = []
    /// Members of all objects together.
    private(set) var members = 0

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The member count and the numbers json-c may read differently of `bytes`, or nil when json-c must not be
    /// trusted with them. Kept out of line, so profiles (and `scripts/request_instructions.py`) show the check
    /// as a part of its own.
    @inline(never)
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> LexicalCheck? {
        var check = LexicalCheck(bytes)
        return check.run(maxDepth: maxDepth) ? check : nil
    }

    private mutating func run(maxDepth: Int) -> Bool {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maxDepth { return false }
                index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                index += 1
            case UInt8(ascii: ":"):
                members += 1
                index += 1
            case UInt8(ascii: "\""):
                guard string() else { return false }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard number() else { return false }
            // The letters of true, false and null; json-c checks their spelling.
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "f"), UInt8(ascii: "l"), UInt8(ascii: "n"),
                UInt8(ascii: "r"), UInt8(ascii: "s"), UInt8(ascii: "t"), UInt8(ascii: "u"):
                index += 1
            default:
                return false
            }
        }
        return true
    }

    // MARK: Strings

    /// A string from its opening quote: escapes, surrogate pairs, control characters and UTF-8 checked.
    private mutating func string() -> Bool {
        index += 1
        var hasNul = false
        while index < bytes.count {
            // Plain ASCII, the bulk of every string, in a loop of its own over a local position (the stored
            // one would be written back to memory at every byte).
            var position = index
            while position < bytes.count {
                let byte = bytes[position]
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                position += 1
            }
            index = position
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return !hasNul || !isKey()
            }
            if byte == UInt8(ascii: "\\") {
                guard let unit = escape() else { return false }
                if unit == 0 { hasNul = true }
            } else if byte < 0x20 {
                return false
            } else {
                let length = utf8Length(at: index)
                if length == 0 { return false }
                index += length
            }
        }
        return false
    }

    /// Whether the string that just ended is a key: a colon follows it.
    private func isKey() -> Bool {
        var i = index
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: ":")
    }

    /// One escape from its backslash; the code unit of a `\u` escape (a pair counts as its high half), 1 for
    /// the others, nil when invalid.
    private mutating func escape() -> UInt16? {
        index += 1
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
            return 1
        case UInt8(ascii: "u"):
            index += 1
            guard let unit = hex4() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    return nil
                }
                index += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return unit
            case 0xDC00...0xDFFF:
                return nil
            default:
                return unit
            }
        default:
            return nil
        }
    }

    private mutating func hex4() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `position` (lead byte >= 0x80), 0 when ill-formed
    /// (Unicode 15, table 3-7: no overlongs, no surrogates, nothing past U+10FFFF).
    private func utf8Length(at position: Int) -> Int {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xED:
            length = 3
            high = 0x9F
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        guard position + length <= bytes.count else { return 0 }
        let second = bytes[position + 1]
        guard second >= low, second <= high else { return 0 }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    // MARK: Numbers

    /// A number by RFC 8259's grammar, converted: integers that fit in 64 bits exactly, `-0` and the rest as
    /// the nearest Double, which must be finite. Only the ones json-c may hold differently are kept
    /// (`specialNumbers`).
    private mutating func number() -> Bool {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return false }
        var magnitude: UInt64 = 0
        var fits = true
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { return false }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                if o1 || o2 { fits = false } else { magnitude = sum }
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { return false }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { return false }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        defer { numberCount += 1 }
        if isInteger, fits {
            if negative {
                if magnitude == 0 {
                    specialNumbers.append((numberCount, .double(-0.0)))
                    return true
                }
                // Plain integers that fit are json-c's exactly: nothing to record.
                if magnitude <= UInt64(Int64.max) + 1 { return true }
            } else if magnitude <= UInt64(Int64.max) {
                return true
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return false }
        specialNumbers.append((numberCount, .double(value)))
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

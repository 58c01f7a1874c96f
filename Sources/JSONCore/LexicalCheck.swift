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
///
/// The check is a fast path beside the scanner, kept for what it saves: trusting json-c's tree after the
/// strict scanner instead (which decodes every key and converts every number) costs about 12,700 more
/// instructions on a `title/back` request and 19,300 more on a `bar/hitTest` one, where the check itself costs
/// about 1,000 and 1,500 (`scripts/request_instructions.py`, callgrind, release build).
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

    private init() {}

    /// The member count and the numbers json-c may read differently of `bytes`, or nil when json-c must not be
    /// trusted with them. Kept out of line, so profiles (and `scripts/request_instructions.py`) show the check
    /// as a part of its own.
    ///
    /// The scan keeps its position in a local passed from step to step (the string, escape and number readers
    /// are static functions of the bytes), so it stays in a register rather than being written back to the
    /// check at every byte.
    @inline(never)
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> LexicalCheck? {
        var check = LexicalCheck()
        guard let base = bytes.baseAddress else { return check }
        return check.run(base, bytes.count, maxDepth: maxDepth) ? check : nil
    }

    private mutating func run(_ text: UnsafePointer<UInt8>, _ end: Int, maxDepth: Int) -> Bool {
        var depth = 0
        var members = 0
        var i = 0
        while i < end {
            switch text[i] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                i += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maxDepth { return false }
                i += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                i += 1
            case UInt8(ascii: ":"):
                members += 1
                i += 1
            case UInt8(ascii: "\""):
                guard let next = Self.string(text, end, from: i) else { return false }
                i = next
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let next = number(text, end, from: i) else { return false }
                i = next
            // The letters of true, false and null; json-c checks their spelling.
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "f"), UInt8(ascii: "l"), UInt8(ascii: "n"),
                UInt8(ascii: "r"), UInt8(ascii: "s"), UInt8(ascii: "t"), UInt8(ascii: "u"):
                i += 1
            default:
                return false
            }
        }
        self.members = members
        return true
    }

    // MARK: Strings

    /// The string whose opening quote is at `start`: escapes, surrogate pairs, control characters and UTF-8
    /// checked. The position after its closing quote, or nil when it is not a valid string.
    private static func string(_ text: UnsafePointer<UInt8>, _ end: Int, from start: Int) -> Int? {
        var i = start + 1
        var hasNul = false
        while i < end {
            // Plain ASCII, the bulk of every string, in a loop of its own.
            while i < end {
                let byte = text[i]
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                i += 1
            }
            guard i < end else { return nil }
            let byte = text[i]
            if byte == UInt8(ascii: "\"") {
                i += 1
                return !hasNul || !isKey(text, end, at: i) ? i : nil
            }
            if byte == UInt8(ascii: "\\") {
                guard let unit = escape(text, end, &i) else { return nil }
                if unit == 0 { hasNul = true }
            } else if byte < 0x20 {
                return nil
            } else {
                let length = utf8Length(text, end, at: i)
                if length == 0 { return nil }
                i += length
            }
        }
        return nil
    }

    /// Whether the string that ended just before `position` is a key: a colon follows it.
    private static func isKey(_ text: UnsafePointer<UInt8>, _ end: Int, at position: Int) -> Bool {
        var i = position
        while i < end, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
        return i < end && text[i] == UInt8(ascii: ":")
    }

    /// One escape from its backslash at `i`, which it moves past the escape; the code unit of a `\u` escape (a
    /// pair counts as its high half), 1 for the others, nil when invalid.
    private static func escape(_ text: UnsafePointer<UInt8>, _ end: Int, _ i: inout Int) -> UInt16? {
        i += 1
        guard i < end else { return nil }
        switch text[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 1
            return 1
        case UInt8(ascii: "u"):
            i += 1
            guard let unit = hex4(text, end, &i) else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard i + 1 < end, text[i] == UInt8(ascii: "\\"), text[i + 1] == UInt8(ascii: "u") else { return nil }
                i += 2
                guard let low = hex4(text, end, &i), (0xDC00...0xDFFF).contains(low) else { return nil }
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

    private static func hex4(_ text: UnsafePointer<UInt8>, _ end: Int, _ i: inout Int) -> UInt16? {
        guard i + 4 <= end else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = text[i]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
            i += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `position` (lead byte >= 0x80), 0 when ill-formed
    /// (Unicode 15, table 3-7: no overlongs, no surrogates, nothing past U+10FFFF).
    private static func utf8Length(_ text: UnsafePointer<UInt8>, _ end: Int, at position: Int) -> Int {
        let lead = text[position]
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
        guard position + length <= end else { return 0 }
        let second = text[position + 1]
        guard second >= low, second <= high else { return 0 }
        for offset in 2..<length where text[position + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    // MARK: Numbers

    /// The number that starts at `start`, by RFC 8259's grammar, converted: integers that fit in 64 bits
    /// exactly, `-0` and the rest as the nearest Double, which must be finite. Only the ones json-c may hold
    /// differently are kept (`specialNumbers`). The position after it, or nil when it is not a valid number.
    private mutating func number(_ text: UnsafePointer<UInt8>, _ end: Int, from start: Int) -> Int? {
        var i = start
        let negative = text[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < end, Self.isDigit(text[i]) else { return nil }
        var magnitude: UInt64 = 0
        var fits = true
        if text[i] == UInt8(ascii: "0") {
            i += 1
            if i < end, Self.isDigit(text[i]) { return nil }
        } else {
            while i < end, Self.isDigit(text[i]) {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(text[i] - UInt8(ascii: "0")))
                if o1 || o2 { fits = false } else { magnitude = sum }
                i += 1
            }
        }
        var isInteger = true
        if i < end, text[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < end, Self.isDigit(text[i]) else { return nil }
            while i < end, Self.isDigit(text[i]) { i += 1 }
        }
        if i < end, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < end, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            guard i < end, Self.isDigit(text[i]) else { return nil }
            while i < end, Self.isDigit(text[i]) { i += 1 }
        }
        defer { numberCount += 1 }
        if isInteger, fits {
            if negative {
                if magnitude == 0 {
                    specialNumbers.append((numberCount, .double(-0.0)))
                    return i
                }
                // Plain integers that fit are json-c's exactly: nothing to record.
                if magnitude <= UInt64(Int64.max) + 1 { return i }
            } else if magnitude <= UInt64(Int64.max) {
                return i
            }
        }
        let digits = String(decoding: UnsafeBufferPointer(start: text + start, count: i - start), as: UTF8.self)
        guard let value = Double(digits), value.isFinite else { return nil }
        specialNumbers.append((numberCount, .double(value)))
        return i
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// What is checked in an Interface Builder file's bytes before any XML parser sees them.
///
/// Storyboards and xibs in a pull request are untrusted. Xcode always writes UTF-8 with no document type
/// declaration, so anything else is refused here: a DOCTYPE is the only way to declare entities (the
/// "billion laughs" expansion, external entities that read local files), and an encoding other than UTF-8
/// could hide one from a byte scan.
enum XMLInput {
    /// Why the file is refused before parsing, and the byte the refusal points at.
    struct Refusal: Equatable {
        var offset: Int
        var message: String
    }

    /// Looks for a byte order mark other than UTF-8's, an XML declaration naming another encoding, and a
    /// document type (or entity) declaration anywhere in the file.
    ///
    /// XML allows no `<` in attribute values or text, so outside comments, CDATA sections and processing
    /// instructions `<!DOCTYPE` is always the declaration itself: the whole file is scanned, not only the prolog,
    /// so that even a parser recovering from an earlier error never meets one.
    static func refusal(_ bytes: [UInt8]) -> Refusal? {
        if let mark = foreignByteOrderMark(bytes) {
            return Refusal(offset: 0, message: "the file is \(mark), not UTF-8; Interface Builder files are UTF-8")
        }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        if has(bytes, at: i, "<?xml"), let end = find(bytes, "?>", from: i + 2), let encoding = declaredEncoding(bytes[i..<end]),
            !["utf-8", "utf8"].contains(encoding.lowercased())
        {
            return Refusal(offset: i, message: "the XML declaration names the encoding '\(encoding)'; only UTF-8 is read")
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if has(bytes, at: i, "<!--") {
                // An unterminated comment runs to the end of the file: nothing after it is markup.
                guard let end = find(bytes, "-->", from: i + 4) else { return nil }
                i = end + 3
            } else if has(bytes, at: i, "<![CDATA[") {
                guard let end = find(bytes, "]]>", from: i + 9) else { return nil }
                i = end + 3
            } else if has(bytes, at: i, "<?") {
                guard let end = find(bytes, "?>", from: i + 2) else { return nil }
                i = end + 2
            } else if hasIgnoringCase(bytes, at: i, "<!DOCTYPE") || hasIgnoringCase(bytes, at: i, "<!ENTITY") {
                return Refusal(
                    offset: i,
                    message: "a document type declaration (<!DOCTYPE) is refused: Xcode never writes one, and its entities "
                        + "could expand without bound or read other files")
            } else {
                i += 1
            }
        }
        return nil
    }

    /// The length of the longest prefix that is well-formed UTF-8 without U+0000 (which XML forbids and
    /// which would let a UTF-16 file through as "valid").
    ///
    /// The parser is only ever given this prefix: some of Foundation's XML callbacks trap on text that is
    /// not UTF-8 instead of reporting it.
    static func validUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0 { return i }
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return i
            }
            guard i + length <= n else { return i }
            // The second byte has the narrowed range (no overlong forms, no surrogates, nothing past U+10FFFF).
            guard bytes[i + 1] >= low, bytes[i + 1] <= high else { return i }
            for k in 2..<length where bytes[i + k] < 0x80 || bytes[i + k] > 0xBF { return i }
            i += length
        }
        return n
    }

    private static func foreignByteOrderMark(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        return nil
    }

    /// The value of `encoding="…"` in an XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`), if the
    /// processing instruction is one and names an encoding.
    private static func declaredEncoding(_ declaration: ArraySlice<UInt8>) -> String? {
        let text = Array(declaration)
        guard has(text, at: 0, "<?xml"), text.count > 5, isSpace(text[5]) else { return nil }
        guard var i = find(text, "encoding", from: 5) else { return nil }
        i += "encoding".utf8.count
        while i < text.count, isSpace(text[i]) { i += 1 }
        guard i < text.count, text[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        while i < text.count, isSpace(text[i]) { i += 1 }
        guard i < text.count, text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") else { return nil }
        let quote = text[i]
        let start = i + 1
        var end = start
        while end < text.count, text[end] != quote { end += 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func has(_ bytes: [UInt8], at i: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i >= 0, i + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { pattern in
            for k in 0..<count where bytes[i + k] != pattern[k] { return false }
            return true
        }
    }

    static func hasIgnoringCase(_ bytes: [UInt8], at i: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i >= 0, i + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { pattern in
            for k in 0..<count where lower(bytes[i + k]) != lower(pattern[k]) { return false }
            return true
        }
    }

    private static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    /// The offset of the first occurrence of `literal` at or after `from`.
    static func find(_ bytes: [UInt8], _ literal: StaticString, from: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        guard count > 0 else { return nil }
        let first = literal.withUTF8Buffer { $0[0] }
        var i = max(0, from)
        while i + count <= bytes.count {
            if bytes[i] == first, has(bytes, at: i, literal) { return i }
            i += 1
        }
        return nil
    }
}

/// Finds, in document order, the bytes of the start tags and comments an XML parser reports, so that each
/// gets the line and column of its `<` rather than of where the parser happened to be when it reported it
/// (after the `>` of a start tag, which for a tag spread over several lines is its last line).
///
/// XML forbids `<` in attribute values and character data, so outside comments, CDATA sections and
/// processing instructions every `<` opens markup: one forward pass over the file, in step with the parser.
struct MarkupScanner {
    enum Construct { case startTag, comment }

    private let bytes: [UInt8]
    private var cursor = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The offset just past the construct ``next(_:)`` last returned (after a comment's `-->`).
    var end: Int { cursor }

    /// The offset of the `<` of the next construct of the kind asked for, skipping every other kind.
    mutating func next(_ wanted: Construct) -> Int? {
        while let open = nextOpen() {
            if XMLInput.has(bytes, at: open, "<!--") {
                let end = XMLInput.find(bytes, "-->", from: open + 4).map { $0 + 3 } ?? bytes.count
                cursor = end
                if wanted == .comment { return open }
            } else if XMLInput.has(bytes, at: open, "<![CDATA[") {
                cursor = XMLInput.find(bytes, "]]>", from: open + 9).map { $0 + 3 } ?? bytes.count
            } else if XMLInput.has(bytes, at: open, "<?") {
                cursor = XMLInput.find(bytes, "?>", from: open + 2).map { $0 + 2 } ?? bytes.count
            } else if XMLInput.has(bytes, at: open, "</") || XMLInput.has(bytes, at: open, "<!") {
                cursor = XMLInput.find(bytes, ">", from: open + 2).map { $0 + 1 } ?? bytes.count
            } else {
                cursor = open + 1
                if wanted == .startTag { return open }
            }
        }
        return nil
    }

    /// Whether the start tag at `offset` names `name` (`<name` followed by a space, `/` or `>`).
    func startTag(at offset: Int, isNamed name: String) -> Bool {
        let utf8 = Array(name.utf8)
        guard offset >= 0, offset + 1 + utf8.count <= bytes.count, bytes[offset] == UInt8(ascii: "<") else { return false }
        for (k, b) in utf8.enumerated() where bytes[offset + 1 + k] != b { return false }
        let after = offset + 1 + utf8.count
        return after == bytes.count || XMLInput.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "/")
            || bytes[after] == UInt8(ascii: ">")
    }

    /// The last `<name` start tag that begins at or before `lineEnd` (the end of the line the parser reported),
    /// looking back at most `window` bytes: the fallback when the forward pass and the parser disagree.
    func lastStartTag(named name: String, endingBy lineEnd: Int, window: Int = 65_536) -> Int? {
        var i = min(lineEnd, bytes.count - 1)
        let stop = max(0, i - window)
        while i >= stop {
            if bytes[i] == UInt8(ascii: "<"), startTag(at: i, isNamed: name) { return i }
            i -= 1
        }
        return nil
    }

    private mutating func nextOpen() -> Int? {
        var i = cursor
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<") { return i }
            i += 1
        }
        cursor = bytes.count
        return nil
    }
}

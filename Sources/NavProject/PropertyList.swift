/// A value of an old-style (OpenStep) property list, the format of Xcode's `project.pbxproj`:
/// dictionaries `{ key = value; }`, arrays `( a, b, )`, quoted and unquoted strings, `<hex data>`.
enum PlistValue: Sendable, Hashable {
    case string(String)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [PlistValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var dictionary: [String: PlistValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    subscript(key: String) -> PlistValue? { dictionary?[key] }

    /// An array of strings (object ids), skipping anything else.
    var strings: [String] { array?.compactMap(\.string) ?? [] }
}

/// Why a property list could not be read, and at which byte.
struct PropertyListError: Error, Sendable, Hashable {
    var offset: Int
    var message: String
    /// The limit that stopped the reading (`ReaderLimits.nestingName`), if one did.
    var limit: String?
}

/// Reads an old-style property list. It keeps its own stack of open containers rather than recursing, so
/// that nesting costs no call stack; nesting deeper than `maxNesting` (or `hardNestingLimit`) stops it with
/// an error naming the limit. It never traps: anything malformed is a `PropertyListError` at the byte where reading stopped.
struct PropertyListReader {
    private let bytes: [UInt8]
    private let maxNesting: Int
    private var position = 0

    /// The deepest nesting read whatever the limit asks: the values built are freed recursively, so their
    /// depth must stay well inside a thread's stack. Project files nest six levels deep.
    static let hardNestingLimit = 1000

    init(_ bytes: [UInt8], maxNesting: Int) {
        self.bytes = bytes
        self.maxNesting = min(max(1, maxNesting), Self.hardNestingLimit)
    }

    static func parse(_ bytes: [UInt8], maxNesting: Int, nestingLimitName: String) throws(PropertyListError) -> PlistValue {
        var reader = PropertyListReader(bytes, maxNesting: maxNesting)
        return try reader.parseDocument(nestingLimitName: nestingLimitName)
    }

    /// One open container: a dictionary waiting for its next key or for the value of `pendingKey`, or an array.
    private struct Frame {
        var isDictionary: Bool
        var entries: [String: PlistValue] = [:]
        var items: [PlistValue] = []
        var pendingKey: String?
        var start: Int
    }

    private mutating func parseDocument(nestingLimitName: String) throws(PropertyListError) -> PlistValue {
        var stack: [Frame] = []
        var result: PlistValue?
        while result == nil {
            try skipTrivia()
            if let top = stack.last, !top.isDictionary || top.pendingKey == nil {
                // Inside a container, between entries: its end, or the next entry.
                let close = top.isDictionary ? UInt8(ascii: "}") : UInt8(ascii: ")")
                if peek == close {
                    position += 1
                    stack.removeLast()
                    let value: PlistValue = top.isDictionary ? .dictionary(top.entries) : .array(top.items)
                    result = try complete(value, in: &stack)
                    continue
                }
                if top.isDictionary {
                    let key = try scalar(expecting: "a key or `}`")
                    try skipTrivia()
                    guard peek == UInt8(ascii: "=") else { throw failure("expected `=` after the key `\(key)`") }
                    position += 1
                    stack[stack.count - 1].pendingKey = key
                    try skipTrivia()
                }
            }
            // A value begins here: a container opens, or a string completes at once.
            switch peek {
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                guard stack.count < maxNesting else {
                    throw PropertyListError(
                        offset: position, message: "nesting deeper than \(maxNesting) levels", limit: nestingLimitName)
                }
                stack.append(Frame(isDictionary: peek == UInt8(ascii: "{"), start: position))
                position += 1
            default:
                let value = PlistValue.string(try scalar(expecting: "a value"))
                result = try complete(value, in: &stack)
            }
        }
        try skipTrivia()
        guard position >= bytes.count else { throw failure("unexpected text after the end of the property list") }
        return result ?? .dictionary([:])
    }

    /// Puts a finished value in the container it belongs to and reads the separator after it. Returns the
    /// value when it is the whole document.
    private mutating func complete(_ value: PlistValue, in stack: inout [Frame]) throws(PropertyListError) -> PlistValue? {
        guard !stack.isEmpty else { return value }
        let index = stack.count - 1
        try skipTrivia()
        if stack[index].isDictionary {
            if let key = stack[index].pendingKey { stack[index].entries[key] = value }
            stack[index].pendingKey = nil
            if peek == UInt8(ascii: ";") {
                position += 1
            } else if peek != UInt8(ascii: "}") {
                throw failure("expected `;` after a dictionary value")
            }
        } else {
            stack[index].items.append(value)
            if peek == UInt8(ascii: ",") {
                position += 1
            } else if peek != UInt8(ascii: ")") {
                throw failure("expected `,` or `)` after an array element")
            }
        }
        return nil
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func failure(_ message: String) -> PropertyListError {
        let found = position < bytes.count ? "" : " (the file ends here)"
        return PropertyListError(offset: min(position, bytes.count), message: message + found, limit: nil)
    }

    /// White space, `// line` and `/* block */` comments.
    private mutating func skipTrivia() throws(PropertyListError) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte <= 0x20 {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                let start = position
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                guard position + 1 < bytes.count else {
                    position = start
                    throw failure("a `/*` comment is never closed")
                }
                position += 2
            } else {
                return
            }
        }
    }

    /// A quoted string, `<data>`, or an unquoted run of characters.
    private mutating func scalar(expecting what: String) throws(PropertyListError) -> String {
        guard let byte = peek else { throw failure("expected \(what)") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quoted(byte)
        case UInt8(ascii: "<"):
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
            guard position < bytes.count else {
                position = start
                throw failure("a `<data>` value is never closed")
            }
            position += 1
            return String(decoding: bytes[start..<position], as: UTF8.self)
        default:
            let start = position
            while position < bytes.count, Self.isUnquoted(bytes[position]) {
                if bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")
                {
                    break
                }
                position += 1
            }
            guard position > start else { throw failure("expected \(what), found `\(Character(Unicode.Scalar(byte)))`") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "="), UInt8(ascii: ";"),
            UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"):
            return false
        default:
            return true
        }
    }

    /// A quoted string with the escapes Xcode writes: `\"`, `\\`, `\n`, `\t`, `\r`, `\U` and four hex digits,
    /// and three octal digits.
    private mutating func quoted(_ quote: UInt8) throws(PropertyListError) -> String {
        let start = position
        position += 1
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: output, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\"), position + 1 < bytes.count else {
                output.append(byte)
                position += 1
                continue
            }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "n"): output.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): output.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): output.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, position < bytes.count, let digit = Self.hexValue(bytes[position]) {
                    value = value * 16 + digit
                    digits += 1
                    position += 1
                }
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                    value = value * 8 + UInt32(bytes[position] - UInt8(ascii: "0"))
                    digits += 1
                    position += 1
                }
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: output.append(escaped)
            }
        }
        position = start
        throw failure("a quoted string is never closed")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

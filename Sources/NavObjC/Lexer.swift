import NavSource

/// The tokens of a file, its comments (for `navd:` directives), and what could not be read.
struct LexedSource: Sendable {
    /// Every token outside comments and dead preprocessor branches, ending with one `.end` token.
    var tokens: [Token]
    var comments: [Comment]
    var troubles: [Trouble]
}

/// Splits Objective-C source into tokens.
///
/// Preprocessor lines are read, not expanded: `#import`, `#define` (with `\` continuations), `#pragma` are
/// dropped, `#if 0 … #endif` (and the `#else` of `#if 1`) is skipped as dead code, and every other branch of a
/// conditional is read, since the reader cannot know the build's macros. Nesting of brackets deeper than
/// `maxNesting` stops the lexer, so the parser never recurses deeper than the limit.
struct Lexer {
    let bytes: [UInt8]
    let maxNesting: Int
    let deadline: Double

    private var tokens: [Token] = []
    private var comments: [Comment] = []
    private var troubles: [Trouble] = []
    private var syntaxTroubles = 0
    /// The `#if` groups open in live code: whether each one's condition is known to be true (`#if 1`).
    private var conditions: [Bool] = []
    private var depth = 0
    private var stopped = false

    init(bytes: [UInt8], maxNesting: Int, deadline: Double) {
        self.bytes = bytes
        self.maxNesting = maxNesting
        self.deadline = deadline
    }

    static let keywords: Set<String> = [
        "if", "else", "for", "while", "do", "switch", "case", "default", "break", "continue", "return", "goto", "sizeof",
        "typedef", "struct", "union", "enum", "static", "const", "extern", "inline", "volatile", "register",
        "namespace", "template", "using", "operator", "public", "private", "protected", "class", "typename", "try", "catch",
        "throw", "delete", "static_assert",
    ]

    /// At most this many syntax problems are kept per file: junk input would otherwise give one per byte.
    static let maxSyntaxTroubles = 10

    mutating func run(clock: () -> Double) -> LexedSource {
        let n = bytes.count
        var i = 0
        var lineStart = true
        var lineBegin = 0
        var nextCheck = 1 << 16
        while i < n, !stopped {
            if i >= nextCheck {
                nextCheck = i + (1 << 16)
                if clock() > deadline {
                    troubles.append(
                        Trouble(offset: i, message: "reading took longer than the time allowed per file", limit: ReaderLimits.secondsName))
                    break
                }
            }
            let b = bytes[i]
            if b == 0x0A {
                lineStart = true
                i += 1
                lineBegin = i
                continue
            }
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0B || b == 0x0C {
                i += 1
                continue
            }
            if b == UInt8(ascii: "#"), lineStart {
                i = directive(at: i)
                continue
            }
            if b == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                i = lineComment(at: i)
                continue
            }
            if b == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                i = blockComment(at: i, keep: true)
                continue
            }
            if b == UInt8(ascii: "\\"), i + 1 < n, bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D {
                // A line continuation outside a directive joins two lines of code.
                i += bytes[i + 1] == 0x0D && i + 2 < n && bytes[i + 2] == 0x0A ? 3 : 2
                continue
            }
            let first = lineStart
            lineStart = false
            let before = tokens.count
            if b < 0x20 || b == 0x7F {
                // Control bytes (binary junk) are not part of any token.
                i += 1
                continue
            }
            i = token(at: i)
            if first, tokens.count > before {
                tokens[before].flags |= Token.firstOnLineFlag
                if tokens[before].start == lineBegin { tokens[before].flags |= Token.columnZeroFlag }
            }
        }
        if !conditions.isEmpty, !stopped, troubles.allSatisfy({ $0.limit == nil }) {
            syntaxTrouble(at: n, "an #if group is not closed by #endif")
        }
        tokens.append(Token(kind: .end, start: n, end: n, text: ""))
        return LexedSource(tokens: tokens, comments: comments, troubles: troubles)
    }

    // MARK: Tokens

    /// Reads the token at `i` (not white space, not a comment) and returns the offset after it.
    private mutating func token(at i: Int) -> Int {
        let b = bytes[i]
        if Self.isIdentifierStart(b) { return identifier(at: i) }
        if Self.isDigit(b) || (b == UInt8(ascii: ".") && i + 1 < bytes.count && Self.isDigit(bytes[i + 1])) {
            return number(at: i, start: i, boxed: false)
        }
        switch b {
        case UInt8(ascii: "\""):
            return quoted(at: i, start: i, kind: .string)
        case UInt8(ascii: "'"):
            return quoted(at: i, start: i, kind: .character)
        case UInt8(ascii: "@"):
            return at(i)
        default:
            return punctuation(at: i)
        }
    }

    private mutating func identifier(at i: Int) -> Int {
        var j = i + 1
        while j < bytes.count, Self.isIdentifierPart(bytes[j]) { j += 1 }
        let text = String(decoding: bytes[i..<j], as: UTF8.self)
        if j < bytes.count {
            let next = bytes[j]
            if next == UInt8(ascii: "\""), ["L", "u", "U", "u8"].contains(text) { return quoted(at: j, start: i, kind: .string) }
            if next == UInt8(ascii: "'"), ["L", "u", "U", "u8"].contains(text) { return quoted(at: j, start: i, kind: .character) }
            if next == UInt8(ascii: "\""), ["R", "LR", "uR", "UR", "u8R"].contains(text), let end = rawString(at: j, start: i) {
                return end
            }
        }
        tokens.append(Token(kind: Self.keywords.contains(text) ? .keyword : .identifier, start: i, end: j, text: text))
        return j
    }

    /// `@` and what follows: an Objective-C string, a boxed number, a collection or boxed-expression opener,
    /// or an `@`-keyword.
    private mutating func at(_ i: Int) -> Int {
        let n = bytes.count
        guard i + 1 < n else {
            tokens.append(Token(kind: .punctuation, start: i, end: i + 1, text: "@"))
            return i + 1
        }
        let next = bytes[i + 1]
        if next == UInt8(ascii: "\"") { return quoted(at: i + 1, start: i, kind: .objcString) }
        if Self.isDigit(next) { return number(at: i + 1, start: i, boxed: true) }
        if next == UInt8(ascii: "-") || next == UInt8(ascii: "+"), i + 2 < n, Self.isDigit(bytes[i + 2]) {
            let end = number(at: i + 2, start: i, boxed: true)
            if next == UInt8(ascii: "-"), var last = tokens.popLast() {
                last.number = -last.number
                last.text = "-" + last.text
                tokens.append(last)
            }
            return end
        }
        if next == UInt8(ascii: "[") || next == UInt8(ascii: "{") || next == UInt8(ascii: "(") {
            // Collection literals and boxed expressions open a bracket like any other.
            emitPunctuation("@" + String(UnicodeScalar(next)), start: i, end: i + 2)
            return i + 2
        }
        if Self.isIdentifierStart(next) {
            var j = i + 2
            while j < n, Self.isIdentifierPart(bytes[j]) { j += 1 }
            tokens.append(Token(kind: .atKeyword, start: i, end: j, text: String(decoding: bytes[(i + 1)..<j], as: UTF8.self)))
            return j
        }
        tokens.append(Token(kind: .punctuation, start: i, end: i + 1, text: "@"))
        return i + 1
    }

    /// A number from `i`; `start` is where its token starts (the `@` of a boxed number).
    private mutating func number(at i: Int, start: Int, boxed: Bool) -> Int {
        let n = bytes.count
        var j = i
        var integer = true
        var value: Double = 0
        if bytes[j] == UInt8(ascii: "0"), j + 1 < n, bytes[j + 1] == UInt8(ascii: "x") || bytes[j + 1] == UInt8(ascii: "X") {
            j += 2
            while j < n {
                let c = bytes[j]
                if let d = Self.hexValue(c) {
                    value = value * 16 + Double(d)
                } else if c == UInt8(ascii: "'"), j + 1 < n, Self.hexValue(bytes[j + 1]) != nil {
                    // A C++14 digit separator.
                } else {
                    break
                }
                j += 1
            }
        } else if bytes[j] == UInt8(ascii: "0"), j + 1 < n, bytes[j + 1] == UInt8(ascii: "b") || bytes[j + 1] == UInt8(ascii: "B") {
            j += 2
            while j < n, bytes[j] == UInt8(ascii: "0") || bytes[j] == UInt8(ascii: "1") {
                value = value * 2 + Double(bytes[j] - UInt8(ascii: "0"))
                j += 1
            }
        } else {
            let digitsStart = j
            while j < n, Self.isDigit(bytes[j]) || (bytes[j] == UInt8(ascii: "'") && j + 1 < n && Self.isDigit(bytes[j + 1])) { j += 1 }
            if j < n, bytes[j] == UInt8(ascii: ".") {
                integer = false
                j += 1
                while j < n, Self.isDigit(bytes[j]) { j += 1 }
            }
            if j < n, bytes[j] == UInt8(ascii: "e") || bytes[j] == UInt8(ascii: "E") {
                var k = j + 1
                if k < n, bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-") { k += 1 }
                if k < n, Self.isDigit(bytes[k]) {
                    integer = false
                    j = k
                    while j < n, Self.isDigit(bytes[j]) { j += 1 }
                }
            }
            var literal = String(decoding: bytes[digitsStart..<j].filter { $0 != UInt8(ascii: "'") }, as: UTF8.self)
            if literal.hasPrefix(".") { literal = "0" + literal }
            if literal.hasSuffix(".") { literal += "0" }
            if integer, literal.count > 1, literal.hasPrefix("0"), literal.allSatisfy({ $0 >= "0" && $0 <= "7" }) {
                // C reads a leading zero as octal.
                value = literal.dropFirst().reduce(0) { $0 * 8 + Double($1.asciiValue.map { Int($0) - 48 } ?? 0) }
            } else {
                value = Double(literal) ?? 0
            }
        }
        // Suffixes: u, l, ll, f, and their upper-case forms.
        while j < n {
            let c = bytes[j]
            if c == UInt8(ascii: "f") || c == UInt8(ascii: "F") {
                if bytes[i] != UInt8(ascii: "0") || !(i + 1 < n && (bytes[i + 1] == UInt8(ascii: "x") || bytes[i + 1] == UInt8(ascii: "X")))
                {
                    integer = false
                }
                j += 1
            } else if c == UInt8(ascii: "u") || c == UInt8(ascii: "U") || c == UInt8(ascii: "l") || c == UInt8(ascii: "L") {
                j += 1
            } else {
                break
            }
        }
        // Anything else glued to the number (`1px`, a user-defined literal) belongs to it.
        while j < n, Self.isIdentifierPart(bytes[j]) { j += 1 }
        var flags: UInt8 = integer ? Token.integerFlag : 0
        if boxed { flags |= Token.boxedFlag }
        tokens.append(
            Token(kind: .number, start: start, end: j, text: String(decoding: bytes[i..<j], as: UTF8.self), number: value, flags: flags))
        return j
    }

    /// A string or character constant whose opening quote is at `i`; its token starts at `start`.
    private mutating func quoted(at i: Int, start: Int, kind: Token.Kind) -> Int {
        let (end, value, closed) = Self.scanQuoted(bytes, from: i)
        if !closed {
            syntaxTrouble(at: start, kind == .character ? "a character constant is not closed" : "a string is not closed")
        }
        tokens.append(Token(kind: kind, start: start, end: end, text: String(decoding: value, as: UTF8.self)))
        return end
    }

    /// A C++ raw string `R"delim( … )delim"` whose `"` is at `i`; nil when it is not well formed.
    private mutating func rawString(at i: Int, start: Int) -> Int? {
        let n = bytes.count
        var j = i + 1
        while j < n, j - i <= 17, bytes[j] != UInt8(ascii: "("), bytes[j] != 0x0A, bytes[j] != UInt8(ascii: "\"") { j += 1 }
        guard j < n, bytes[j] == UInt8(ascii: "(") else { return nil }
        let closing = [UInt8(ascii: ")")] + Array(bytes[(i + 1)..<j]) + [UInt8(ascii: "\"")]
        var k = j + 1
        while k + closing.count <= n {
            if bytes[k] == closing[0], Array(bytes[k..<(k + closing.count)]) == closing {
                tokens.append(
                    Token(kind: .string, start: start, end: k + closing.count, text: String(decoding: bytes[(j + 1)..<k], as: UTF8.self)))
                return k + closing.count
            }
            k += 1
        }
        syntaxTrouble(at: start, "a raw string is not closed")
        tokens.append(Token(kind: .string, start: start, end: n, text: String(decoding: bytes[(j + 1)..<n], as: UTF8.self)))
        return n
    }

    /// Reads a quoted run from the quote at `i`: the offset after it, its decoded bytes, and whether it was closed
    /// on its line.
    static func scanQuoted(_ bytes: [UInt8], from i: Int) -> (end: Int, value: [UInt8], closed: Bool) {
        let n = bytes.count
        let quote = bytes[i]
        var j = i + 1
        var value: [UInt8] = []
        while j < n {
            let c = bytes[j]
            if c == quote { return (j + 1, value, true) }
            if c == 0x0A { return (j, value, false) }
            if c == UInt8(ascii: "\\"), j + 1 < n {
                j = escape(bytes, at: j, into: &value)
                continue
            }
            value.append(c)
            j += 1
        }
        return (n, value, false)
    }

    /// Decodes the escape whose backslash is at `i` into `value`; returns the offset after it.
    static func escape(_ bytes: [UInt8], at i: Int, into value: inout [UInt8]) -> Int {
        let n = bytes.count
        let c = bytes[i + 1]
        switch c {
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "a"): value.append(0x07)
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "f"): value.append(0x0C)
        case UInt8(ascii: "v"): value.append(0x0B)
        case UInt8(ascii: "e"): value.append(0x1B)
        case 0x0A:
            // A continuation inside a string joins the lines.
            return i + 2
        case 0x0D:
            return i + 2 < n && bytes[i + 2] == 0x0A ? i + 3 : i + 2
        case UInt8(ascii: "x"):
            var j = i + 2
            var code: UInt32 = 0
            while j < n, let d = hexValue(bytes[j]), j - i < 10 {
                code = code &* 16 &+ UInt32(d)
                j += 1
            }
            value.append(UInt8(truncatingIfNeeded: code))
            return j
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = c == UInt8(ascii: "u") ? 4 : 8
            var j = i + 2
            var code: UInt32 = 0
            while j < n, j < i + 2 + count, let d = hexValue(bytes[j]) {
                code = code &* 16 &+ UInt32(d)
                j += 1
            }
            value.append(contentsOf: Array(String(UnicodeScalar(code).map(Character.init) ?? "\u{FFFD}").utf8))
            return j
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var j = i + 1
            var code: UInt32 = 0
            while j < n, j < i + 4, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "7") {
                code = code * 8 + UInt32(bytes[j] - UInt8(ascii: "0"))
                j += 1
            }
            value.append(UInt8(truncatingIfNeeded: code))
            return j
        default:
            value.append(c)
        }
        return i + 2
    }

    private static let punctuators3: Set<String> = ["...", "<<=", ">>=", "->*"]
    private static let operatorStarts: Set<UInt8> = Set(".<>-+&|=!*/%^:#".utf8)
    private static let punctuators2: Set<String> = [
        "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", "##",
    ]

    private mutating func punctuation(at i: Int) -> Int {
        let n = bytes.count
        let b = bytes[i]
        guard b < 0x80 else {
            // Bytes of a broken UTF-8 sequence outside names: skip them one by one.
            return i + 1
        }
        // Only these bytes start an operator of two or three characters.
        if Self.operatorStarts.contains(b) {
            if i + 2 < n, bytes[i + 1] < 0x80, bytes[i + 2] < 0x80 {
                let s = String(decoding: bytes[i..<(i + 3)], as: UTF8.self)
                if Self.punctuators3.contains(s) {
                    emitPunctuation(s, start: i, end: i + 3)
                    return i + 3
                }
            }
            if i + 1 < n, bytes[i + 1] < 0x80, Self.operatorStarts.contains(bytes[i + 1]) || bytes[i + 1] == UInt8(ascii: "=") {
                let s = String(decoding: bytes[i..<(i + 2)], as: UTF8.self)
                if Self.punctuators2.contains(s) {
                    emitPunctuation(s, start: i, end: i + 2)
                    return i + 2
                }
            }
        }
        emitPunctuation(String(UnicodeScalar(b)), start: i, end: i + 1)
        return i + 1
    }

    private mutating func emitPunctuation(_ text: String, start: Int, end: Int) {
        switch text {
        case "(", "[", "{", "@[", "@{", "@(":
            depth += 1
            if depth > maxNesting {
                troubles.append(
                    Trouble(
                        offset: start, message: "brackets nest deeper than \(maxNesting) levels; the rest of the file is not read",
                        limit: ReaderLimits.nestingName))
                stopped = true
                return
            }
        case ")", "]", "}":
            depth = max(0, depth - 1)
        default:
            break
        }
        tokens.append(Token(kind: .punctuation, start: start, end: end, text: text))
    }

    // MARK: Comments

    /// A `//` comment from `i` to the end of its line (a trailing `\` continues it); returns the offset of the line
    /// break.
    private mutating func lineComment(at i: Int) -> Int {
        let end = Self.lineCommentEnd(bytes, from: i)
        comments.append(Comment(start: i, text: String(decoding: bytes[(i + 2)..<end], as: UTF8.self)))
        return end
    }

    static func lineCommentEnd(_ bytes: [UInt8], from i: Int) -> Int {
        let n = bytes.count
        var j = i + 2
        while j < n, bytes[j] != 0x0A {
            if bytes[j] == UInt8(ascii: "\\"), j + 1 < n, bytes[j + 1] == 0x0A {
                j += 2
                continue
            }
            j += 1
        }
        return j
    }

    /// A `/* */` comment from `i`; returns the offset after it.
    private mutating func blockComment(at i: Int, keep: Bool) -> Int {
        let n = bytes.count
        var j = i + 2
        while j + 1 < n, !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) { j += 1 }
        guard j + 1 < n else {
            syntaxTrouble(at: i, "a comment is not closed")
            if keep { comments.append(Comment(start: i, text: String(decoding: bytes[min(i + 2, n)..<n], as: UTF8.self))) }
            return n
        }
        if keep { comments.append(Comment(start: i, text: String(decoding: bytes[(i + 2)..<j], as: UTF8.self))) }
        return j + 2
    }

    // MARK: Preprocessor

    /// A directive line from the `#` at `i`; returns the offset of its ending line break (or of the end of the
    /// dead region it opens).
    private mutating func directive(at i: Int) -> Int {
        let line = readDirective(at: i, keepComments: true)
        switch line.name {
        case "if", "ifdef", "ifndef":
            if line.name == "if", Self.isFalse(line.condition) {
                return skipDead(from: line.end, elseAllowed: true, opening: i)
            }
            conditions.append(line.name == "if" && Self.isTrue(line.condition))
        case "elif", "else":
            if let knownTrue = conditions.last, knownTrue {
                // The branch after `#if 1` is dead.
                conditions.removeLast()
                return skipDead(from: line.end, elseAllowed: false, opening: i)
            }
            if line.name == "elif", Self.isFalse(line.condition), !conditions.isEmpty {
                conditions.removeLast()
                return skipDead(from: line.end, elseAllowed: true, opening: i)
            }
        case "endif":
            if !conditions.isEmpty { conditions.removeLast() }
        default:
            break
        }
        return line.end
    }

    /// One directive line: its name, its text after the name with comments removed, and the offset of the line
    /// break that ends it (continuations and comments spanning lines included).
    private mutating func readDirective(at i: Int, keepComments: Bool) -> (name: String, condition: String, end: Int) {
        let n = bytes.count
        var j = i + 1
        func skipBlanks() {
            while j < n {
                if bytes[j] == 0x20 || bytes[j] == 0x09 {
                    j += 1
                } else if bytes[j] == UInt8(ascii: "\\"), j + 1 < n, bytes[j + 1] == 0x0A {
                    j += 2
                } else if bytes[j] == UInt8(ascii: "\\"), j + 2 < n, bytes[j + 1] == 0x0D, bytes[j + 2] == 0x0A {
                    j += 3
                } else {
                    break
                }
            }
        }
        skipBlanks()
        let nameStart = j
        while j < n, Self.isIdentifierPart(bytes[j]) { j += 1 }
        let name = String(decoding: bytes[nameStart..<j], as: UTF8.self)
        var rest: [UInt8] = []
        while j < n {
            let c = bytes[j]
            if c == 0x0A { break }
            if c == UInt8(ascii: "\\"), j + 1 < n, bytes[j + 1] == 0x0A || bytes[j + 1] == 0x0D {
                j += bytes[j + 1] == 0x0D && j + 2 < n && bytes[j + 2] == 0x0A ? 3 : 2
                rest.append(0x20)
                continue
            }
            if c == UInt8(ascii: "/"), j + 1 < n, bytes[j + 1] == UInt8(ascii: "/") {
                let end = Self.lineCommentEnd(bytes, from: j)
                if keepComments { comments.append(Comment(start: j, text: String(decoding: bytes[(j + 2)..<end], as: UTF8.self))) }
                j = end
                break
            }
            if c == UInt8(ascii: "/"), j + 1 < n, bytes[j + 1] == UInt8(ascii: "*") {
                j = blockComment(at: j, keep: keepComments)
                rest.append(0x20)
                continue
            }
            if c == UInt8(ascii: "\"") || (c == UInt8(ascii: "'") && name != "error" && name != "warning") {
                let (end, _, _) = Self.scanQuoted(bytes, from: j)
                rest.append(contentsOf: bytes[j..<end])
                j = end
                continue
            }
            rest.append(c)
            j += 1
        }
        let condition = String(decoding: rest, as: UTF8.self).trimmingBlanks()
        return (name, condition, j)
    }

    /// Skips a dead region from `i` (just after the directive that opened it) to the directive that ends it: the
    /// matching `#endif`, or with `elseAllowed` a matching `#else` or an `#elif` whose condition is not false.
    /// Comments in dead code are not collected. Returns the offset where live code resumes.
    private mutating func skipDead(from i: Int, elseAllowed: Bool, opening: Int) -> Int {
        let n = bytes.count
        var j = i
        var nested = 0
        var atLineStart = false
        while j < n {
            let c = bytes[j]
            if c == 0x0A {
                atLineStart = true
                j += 1
                continue
            }
            if c == 0x20 || c == 0x09 || c == 0x0D {
                j += 1
                continue
            }
            if c == UInt8(ascii: "#"), atLineStart {
                let line = readDirective(at: j, keepComments: false)
                switch line.name {
                case "if", "ifdef", "ifndef":
                    nested += 1
                case "endif":
                    if nested == 0 { return line.end }
                    nested -= 1
                case "else" where nested == 0 && elseAllowed:
                    conditions.append(false)
                    return line.end
                case "elif" where nested == 0 && elseAllowed && !Self.isFalse(line.condition):
                    conditions.append(Self.isTrue(line.condition))
                    return line.end
                default:
                    break
                }
                j = line.end
                continue
            }
            atLineStart = false
            if c == UInt8(ascii: "/"), j + 1 < n, bytes[j + 1] == UInt8(ascii: "*") {
                j = blockComment(at: j, keep: false)
            } else if c == UInt8(ascii: "/"), j + 1 < n, bytes[j + 1] == UInt8(ascii: "/") {
                j = Self.lineCommentEnd(bytes, from: j)
            } else if c == UInt8(ascii: "\"") {
                j = Self.scanQuoted(bytes, from: j).end
            } else {
                j += 1
            }
        }
        syntaxTrouble(at: opening, "a dead #if branch is not closed by #endif")
        return n
    }

    static func isFalse(_ condition: String) -> Bool { ["0", "(0)", "false", "(false)"].contains(condition.replacingBlanks()) }
    static func isTrue(_ condition: String) -> Bool { ["1", "(1)", "true", "(true)"].contains(condition.replacingBlanks()) }

    // MARK: Helpers

    private mutating func syntaxTrouble(at offset: Int, _ message: String) {
        syntaxTroubles += 1
        guard syntaxTroubles <= Self.maxSyntaxTroubles else { return }
        troubles.append(Trouble(offset: offset, message: message))
    }

    static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "$") || b >= 0x80
    }

    static func isIdentifierPart(_ b: UInt8) -> Bool { isIdentifierStart(b) || isDigit(b) }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(b - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(b - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        let blanks: Set<Character> = [" ", "\t", "\r", "\n"]
        guard let first = firstIndex(where: { !blanks.contains($0) }), let last = lastIndex(where: { !blanks.contains($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The text with every space and tab removed.
    func replacingBlanks() -> String { String(filter { $0 != " " && $0 != "\t" }) }
}

/// A lexical pass over the bytes before parsing, to find where the parser must not go.
///
/// SwiftParser stops nesting at its limit, but it still reads the brackets beyond it; a run of directly
/// nested `[` (`[[[[1]]]]`, `([([`) makes it backtrack exponentially; and it recurses, without counting
/// nesting, through `else if` chains, repeated `try`/`await` and function types with many arrows. The
/// pre-scan counts brackets outside comments and string literals (inside interpolations too) and those
/// chains, and returns the offset of the first bracket or chain link over the nesting limit (or of a run
/// of nested `[` longer than any real code has); the file is parsed up to there.
struct Prescan {
    /// Where reading stops, and why.
    struct Stop: Equatable {
        var offset: Int
        var message: String
    }

    /// Directly nested `[` beyond this many (nested array literals, subscripts) cost the parser seconds.
    static let maxSquareRun = 12

    private enum Context {
        /// Code inside a string interpolation that began at this bracket depth.
        case interpolation(depth: Int)
        case string(multiline: Bool, pounds: Int)
    }

    static func scan(_ bytes: [UInt8], maxNesting: Int) -> Stop? {
        var scanner = Scanner(bytes: bytes, maxNesting: maxNesting)
        return scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        let maxNesting: Int
        var contexts: [Context] = []
        var depth = 0
        /// Directly nested `[` so far.
        var squares = 0
        /// `try` and `await` in a row.
        var effects = 0
        /// Arrows since the line, block or statement began.
        var arrows = 0
        /// `else if` links of the chain open at each depth.
        var elseIfs: [Int]
        /// The depth a `}` just closed, until the next token says whether an `else` follows.
        var closed: Int?
        var afterElse = false

        init(bytes: [UInt8], maxNesting: Int) {
            self.bytes = bytes
            self.maxNesting = max(0, maxNesting)
            self.elseIfs = [Int](repeating: 0, count: self.maxNesting + 2)
        }

        func at(_ j: Int) -> UInt8 { j < bytes.count ? bytes[j] : 0 }

        /// A token other than `else`, `if`, `try` and `await`: it ends those chains.
        mutating func token() {
            squares = 0
            effects = 0
            afterElse = false
            if let closed {
                elseIfs[closed] = 0
                self.closed = nil
            }
        }

        mutating func run() -> Stop? {
            var i = 0
            let n = bytes.count
            while i < n {
                let c = bytes[i]
                if case .string(let multiline, let pounds)? = contexts.last {
                    if let stop = string(at: &i, multiline: multiline, pounds: pounds) { return stop }
                    continue
                }
                switch c {
                case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                    arrows = 0
                    i += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    i += 1
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                    while i < n && bytes[i] != UInt8(ascii: "\n") { i += 1 }
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                    i = Prescan.skipBlockComment(bytes, from: i)
                case UInt8(ascii: "\""):
                    token()
                    let multiline = at(i + 1) == c && at(i + 2) == c
                    contexts.append(.string(multiline: multiline, pounds: 0))
                    i += multiline ? 3 : 1
                case UInt8(ascii: "#"):
                    token()
                    var j = i
                    while at(j) == UInt8(ascii: "#") { j += 1 }
                    if at(j) == UInt8(ascii: "\"") {
                        let multiline = at(j + 1) == UInt8(ascii: "\"") && at(j + 2) == UInt8(ascii: "\"")
                        contexts.append(.string(multiline: multiline, pounds: j - i))
                        i = j + (multiline ? 3 : 1)
                    } else {
                        i += 1
                    }
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    let run = squares
                    token()
                    depth += 1
                    if depth > maxNesting { return Prescan.nesting(i, maxNesting) }
                    if c == UInt8(ascii: "[") {
                        squares = run + 1
                        if squares > Prescan.maxSquareRun {
                            return Stop(
                                offset: i,
                                message: "more than \(Prescan.maxSquareRun) brackets are nested directly; the rest of the file is not read")
                        }
                    } else if c == UInt8(ascii: "(") {
                        squares = run
                    } else {
                        arrows = 0
                        elseIfs[depth] = 0
                    }
                    i += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    token()
                    if case .interpolation(let entry)? = contexts.last, c == UInt8(ascii: ")"), depth == entry {
                        contexts.removeLast()
                    }
                    depth = max(0, depth - 1)
                    if c == UInt8(ascii: "}") {
                        arrows = 0
                        closed = depth
                    }
                    i += 1
                case UInt8(ascii: "-") where at(i + 1) == UInt8(ascii: ">"):
                    token()
                    arrows += 1
                    if arrows > maxNesting {
                        return Stop(offset: i, message: "a type has more than \(maxNesting) arrows; the rest of the file is not read")
                    }
                    i += 2
                default:
                    if Prescan.isIdentifierStart(c) {
                        if let stop = word(at: &i) { return stop }
                    } else {
                        token()
                        i += 1
                    }
                }
            }
            return nil
        }

        /// A word of code: `else if` extends the chain open at this depth, `try` and `await` their run.
        mutating func word(at i: inout Int) -> Stop? {
            let start = i
            while i < bytes.count && Prescan.isIdentifierPart(bytes[i]) { i += 1 }
            let length = i - start
            func word(_ text: StaticString) -> Bool {
                guard text.utf8CodeUnitCount == length else { return false }
                let pointer = text.utf8Start
                for k in 0..<length where bytes[start + k] != pointer[k] { return false }
                return true
            }
            if word("else") {
                closed = nil
                squares = 0
                effects = 0
                afterElse = true
            } else if word("if") && afterElse {
                afterElse = false
                elseIfs[depth] += 1
                if elseIfs[depth] > maxNesting {
                    return Stop(
                        offset: start, message: "more than \(maxNesting) `else if` follow one another; the rest of the file is not read")
                }
            } else if word("try") || word("await") {
                let run = effects
                token()
                effects = run + 1
                if at(i) == UInt8(ascii: "?") || at(i) == UInt8(ascii: "!") { i += 1 }
                if effects > maxNesting {
                    return Stop(
                        offset: start, message: "more than \(maxNesting) `try` or `await` in a row; the rest of the file is not read")
                }
            } else {
                token()
            }
            return nil
        }

        /// One step inside a string literal.
        mutating func string(at i: inout Int, multiline: Bool, pounds: Int) -> Stop? {
            let c = bytes[i]
            if c == UInt8(ascii: "\\") {
                var j = i + 1
                var hashes = 0
                while hashes < pounds, at(j) == UInt8(ascii: "#") {
                    hashes += 1
                    j += 1
                }
                if hashes == pounds, at(j) == UInt8(ascii: "(") {
                    depth += 1
                    if depth > maxNesting { return Prescan.nesting(i, maxNesting) }
                    contexts.append(.interpolation(depth: depth))
                    i = j + 1
                } else {
                    i = hashes == pounds ? j + 1 : j
                }
            } else if c == UInt8(ascii: "\"") && (!multiline || (at(i + 1) == c && at(i + 2) == c)) {
                var j = i + (multiline ? 3 : 1)
                var hashes = 0
                while hashes < pounds, at(j) == UInt8(ascii: "#") {
                    hashes += 1
                    j += 1
                }
                if hashes == pounds {
                    contexts.removeLast()
                    i = j
                } else {
                    i += 1
                }
            } else if c == UInt8(ascii: "\n") && !multiline {
                // An unterminated literal ends at the line's end, as the lexer ends it.
                contexts.removeLast()
                i += 1
            } else {
                i += 1
            }
            return nil
        }
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    static func isIdentifierPart(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    static func nesting(_ offset: Int, _ maxNesting: Int) -> Stop {
        Stop(offset: offset, message: "brackets are nested deeper than \(maxNesting); the rest of the file is not read")
    }

    /// The offset after a (nestable) block comment starting at `start`.
    static func skipBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
        var level = 0
        var i = start
        let n = bytes.count
        while i < n {
            if bytes[i] == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                level += 1
                i += 2
            } else if bytes[i] == UInt8(ascii: "*"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                level -= 1
                i += 2
                if level == 0 { return i }
            } else {
                i += 1
            }
        }
        return n
    }
}

/// Bounds on a view tree a client sends (JSON or `recursiveDescription` text).
public struct TreeLimits: Sendable, Hashable {
    /// The most views one tree may hold.
    public var maxTreeNodes: Int
    /// The deepest nesting: the root alone is depth 1.
    public var maxTreeDepth: Int
    public init(maxTreeNodes: Int = 10_000, maxTreeDepth: Int = 256) {
        self.maxTreeNodes = maxTreeNodes
        self.maxTreeDepth = maxTreeDepth
    }
}

/// Reads the text UIKit's `-[UIView recursiveDescription]` prints into a `View` tree.
///
/// Each non-blank line is one view: a prefix of spaces and `|` (the number of `|` is the depth), then
/// `<Class: 0xADDRESS; key = value; ...>` and an optional trailer (`- (null)`, `- Back`). The fields kept:
/// `frame = (x y; w h)`, `hidden = YES`, `alpha = 0.5`, `userInteractionEnabled = NO`, and for scroll views
/// `contentOffset: {x, y}` (it is the bounds origin, HT-3). Every other field (`layer = <...>`,
/// `animations = { ... }`, `text = '...'`, `gestureRecognizers = <NSArray: ...>`) is skipped with its brackets
/// balanced. The id of each view is its address. A quoted text that runs past the end of its line (a label
/// with a line break) continues on the next line.
public enum RecursiveDescription {
    /// Why the text was refused; `line` is 1-based.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var message: String
        /// Set when a tree limit was exceeded rather than the text being malformed.
        public var limit: (name: String, value: Int)? {
            guard let limitName else { return nil }
            return (limitName, limitValue)
        }
        var limitName: String?
        var limitValue: Int = 0

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }

        static func limit(line: Int, name: String, value: Int, message: String) -> ParseError {
            var e = ParseError(line: line, message: message)
            e.limitName = name
            e.limitValue = value
            return e
        }

        public var description: String { "line \(line): \(message)" }
    }

    /// One parsed line before nesting.
    struct Entry {
        var line: Int
        var depth: Int
        var view: View
    }

    /// Parses the whole dump; exactly one top-level view is allowed.
    public static func parse(_ text: String, limits: TreeLimits = TreeLimits()) throws(ParseError) -> View {
        let lines = splitLines(text)
        var entries: [Entry] = []
        var index = 0
        while index < lines.count {
            let lineNumber = index + 1
            let raw = lines[index]
            index += 1
            if raw.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }

            let (depth, firstBody) = try prefix(raw, line: lineNumber)
            var body = firstBody
            var view: View
            while true {
                do {
                    view = try parseBody(body)
                    break
                } catch let failure {
                    // A quoted value cut by a line break continues on the next line.
                    if failure.unterminatedQuote, index < lines.count, index - lineNumber < 1_000, !looksLikeView(lines[index]) {
                        body += [UInt8(ascii: "\n")] + lines[index]
                        index += 1
                        continue
                    }
                    throw ParseError(line: lineNumber, message: failure.message)
                }
            }
            if let last = entries.last {
                if depth == 0 {
                    throw ParseError(
                        line: lineNumber,
                        message:
                            "a second top-level view (\(view.className)); the text must describe one tree with one root (line \(entries[0].line))"
                    )
                }
                if depth > last.depth + 1 {
                    throw ParseError(
                        line: lineNumber,
                        message:
                            "nesting jumps from depth \(last.depth) to \(depth); each line may go at most one '|' deeper than the line before"
                    )
                }
            } else if depth != 0 {
                throw ParseError(line: lineNumber, message: "the first view must be the root, without a '|' prefix (found \(depth))")
            }
            if depth + 1 > limits.maxTreeDepth {
                throw .limit(
                    line: lineNumber, name: "maxTreeDepth", value: limits.maxTreeDepth,
                    message: "the tree is deeper than maxTreeDepth (\(limits.maxTreeDepth))")
            }
            if entries.count + 1 > limits.maxTreeNodes {
                throw .limit(
                    line: lineNumber, name: "maxTreeNodes", value: limits.maxTreeNodes,
                    message: "the tree has more than maxTreeNodes (\(limits.maxTreeNodes)) views")
            }
            entries.append(Entry(line: lineNumber, depth: depth, view: view))
        }
        guard !entries.isEmpty else {
            throw ParseError(line: 1, message: "no view found; expected lines like '<UIView: 0x7f8; frame = (0 0; 320 480); ...>'")
        }
        return assemble(entries)
    }

    /// Builds the tree from depth-annotated entries (already checked to nest properly).
    static func assemble(_ entries: [Entry]) -> View {
        // A stack of open views; closing one appends it to its parent.
        var stack: [View] = []
        for entry in entries {
            while stack.count > entry.depth {
                let done = stack.removeLast()
                stack[stack.count - 1].subviews.append(done)
            }
            stack.append(entry.view)
        }
        while stack.count > 1 {
            let done = stack.removeLast()
            stack[stack.count - 1].subviews.append(done)
        }
        return stack[0]
    }

    // MARK: Lines

    static func splitLines(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                if current.last == UInt8(ascii: "\r") { current.removeLast() }
                lines.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        if current.last == UInt8(ascii: "\r") { current.removeLast() }
        lines.append(current)
        return lines
    }

    /// Whether a line starts a view description (`| <Class: 0x...`): such a line is never taken as the
    /// continuation of a quoted text.
    static func looksLikeView(_ line: [UInt8]) -> Bool {
        var i = 0
        while i < line.count, line[i] == UInt8(ascii: " ") || line[i] == UInt8(ascii: "\t") || line[i] == UInt8(ascii: "|") { i += 1 }
        guard i < line.count, line[i] == UInt8(ascii: "<") else { return false }
        i += 1
        let start = i
        while i < line.count, isClassNameByte(line[i]) { i += 1 }
        return i > start && i + 1 < line.count && line[i] == UInt8(ascii: ":") && line[i + 1] == UInt8(ascii: " ")
    }

    static func isClassNameByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "$")
    }

    /// The depth (number of `|`) and the rest of the line from its `<`.
    static func prefix(_ line: [UInt8], line number: Int) throws(ParseError) -> (Int, [UInt8]) {
        var depth = 0
        for (i, byte) in line.enumerated() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "|"): depth += 1
            case UInt8(ascii: "<"): return (depth, Array(line[i...]))
            default:
                throw ParseError(
                    line: number,
                    message:
                        "expected a view description starting with '<' after the '|' prefix, found '\(String(decoding: line[i...].prefix(24), as: UTF8.self))'"
                )
            }
        }
        throw ParseError(line: number, message: "a '|' prefix without a view description")
    }

    // MARK: One description

    struct BodyError: Error {
        var message: String
        var unterminatedQuote = false
    }

    /// Parses `<Class: 0xADDR; key = value; ...> - trailer`.
    static func parseBody(_ s: [UInt8]) throws(BodyError) -> View {
        var scanner = Scanner(bytes: s, pos: 1)
        let className = scanner.take { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ">") }
        let trimmedClass = trim(className)
        guard !trimmedClass.isEmpty else { throw BodyError(message: "missing the class name after '<'") }
        guard scanner.peek == UInt8(ascii: ":") else {
            throw BodyError(message: "expected ':' and an address after the class name '\(trimmedClass)'")
        }
        scanner.pos += 1
        scanner.skipSpaces()
        let address = trim(scanner.take { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ">") })

        var frame: Rect?
        var hidden = false
        var alpha = 1.0
        var interaction = true
        var contentOffset: Point?

        while true {
            guard let c = scanner.peek else { throw BodyError(message: "the description is not closed with '>'") }
            if c == UInt8(ascii: ">") {
                scanner.pos += 1
                break
            }
            guard c == UInt8(ascii: ";") else { throw BodyError(message: "expected ';' or '>' at column \(scanner.pos + 1)") }
            scanner.pos += 1
            scanner.skipSpaces()
            if scanner.peek == UInt8(ascii: ">") { continue }
            let key = trim(
                scanner.take { $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ">") })
            guard let sep = scanner.peek, sep == UInt8(ascii: "=") || sep == UInt8(ascii: ":") else {
                throw BodyError(message: "field '\(key)' has no value (expected 'key = value')")
            }
            scanner.pos += 1
            scanner.skipSpaces()
            let value = try scanner.value()
            switch key {
            case "frame":
                frame = try parseFrame(value)
            case "hidden":
                hidden = try parseBool(value, field: key)
            case "userInteractionEnabled":
                interaction = try parseBool(value, field: key)
            case "alpha":
                guard let a = Double(trim(value)), a.isFinite else { throw BodyError(message: "alpha '\(trim(value))' is not a number") }
                alpha = a
            case "contentOffset":
                contentOffset = try parsePair(value, field: key)
            default:
                break
            }
        }
        guard let frame else { throw BodyError(message: "the view '\(trimmedClass)' has no 'frame = (x y; w h)' field") }
        var bounds: Rect?
        if let o = contentOffset, o != .zero { bounds = Rect(x: o.x, y: o.y, width: frame.width, height: frame.height) }
        return View(
            id: address.isEmpty ? nil : address, className: trimmedClass, frame: frame, bounds: bounds, hidden: hidden,
            alpha: alpha, userInteractionEnabled: interaction)
    }

    static func trim(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        while let f = slice.first, f == UInt8(ascii: " ") || f == UInt8(ascii: "\t") { slice.removeFirst() }
        while let l = slice.last, l == UInt8(ascii: " ") || l == UInt8(ascii: "\t") { slice.removeLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    static func trim(_ s: String) -> String { trim(ArraySlice(s.utf8)) }

    static func parseBool(_ value: ArraySlice<UInt8>, field: String) throws(BodyError) -> Bool {
        switch trim(value) {
        case "YES", "true", "1": return true
        case "NO", "false", "0": return false
        case let other: throw BodyError(message: "\(field) must be YES or NO, not '\(other)'")
        }
    }

    /// `(x y; w h)`.
    static func parseFrame(_ value: ArraySlice<UInt8>) throws(BodyError) -> Rect {
        let text = trim(value)
        guard text.hasPrefix("("), text.hasSuffix(")") else {
            throw BodyError(message: "frame '\(text)' must look like '(x y; w h)'")
        }
        let inner = text.dropFirst().dropLast()
        let halves = inner.split(separator: ";", omittingEmptySubsequences: false)
        let numbers = halves.map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }) }
        guard halves.count == 2, numbers[0].count == 2, numbers[1].count == 2 else {
            throw BodyError(message: "frame '\(text)' must look like '(x y; w h)'")
        }
        var out: [Double] = []
        for token in numbers.joined() {
            guard let d = Double(token), d.isFinite else { throw BodyError(message: "frame '\(text)': '\(token)' is not a finite number") }
            out.append(d)
        }
        return Rect(x: out[0], y: out[1], width: out[2], height: out[3])
    }

    /// `{x, y}`.
    static func parsePair(_ value: ArraySlice<UInt8>, field: String) throws(BodyError) -> Point {
        let text = trim(value)
        guard text.hasPrefix("{"), text.hasSuffix("}") else { throw BodyError(message: "\(field) '\(text)' must look like '{x, y}'") }
        let parts = text.dropFirst().dropLast().split(separator: ",").map { trim(String($0)) }
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
            throw BodyError(message: "\(field) '\(text)' must look like '{x, y}'")
        }
        return Point(x: x, y: y)
    }

    /// A cursor over one description.
    struct Scanner {
        let bytes: [UInt8]
        var pos: Int

        var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

        mutating func skipSpaces() {
            while let c = peek, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { pos += 1 }
        }

        mutating func take(while predicate: (UInt8) -> Bool) -> ArraySlice<UInt8> {
            let start = pos
            while let c = peek, predicate(c) { pos += 1 }
            return bytes[start..<pos]
        }

        /// A field value: up to the next `;` or `>` outside brackets; a value opening with `'` runs to the
        /// first `'` followed by `;` or `>`.
        mutating func value() throws(BodyError) -> ArraySlice<UInt8> {
            let start = pos
            if peek == UInt8(ascii: "'") {
                var i = pos + 1
                while i < bytes.count {
                    if bytes[i] == UInt8(ascii: "'"), i + 1 < bytes.count,
                        bytes[i + 1] == UInt8(ascii: ";") || bytes[i + 1] == UInt8(ascii: ">")
                    {
                        pos = i + 1
                        return bytes[start..<pos]
                    }
                    i += 1
                }
                throw BodyError(message: "a quoted value is not closed", unterminatedQuote: true)
            }
            var open: [UInt8] = []
            while let c = peek {
                switch c {
                case UInt8(ascii: "("): open.append(UInt8(ascii: ")"))
                case UInt8(ascii: "{"): open.append(UInt8(ascii: "}"))
                case UInt8(ascii: "["): open.append(UInt8(ascii: "]"))
                case UInt8(ascii: "<"): open.append(UInt8(ascii: ">"))
                case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ">"):
                    if open.isEmpty {
                        if c == UInt8(ascii: ">") { return bytes[start..<pos] }
                        throw BodyError(message: "unbalanced '\(Character(Unicode.Scalar(c)))' at column \(pos + 1)")
                    }
                    guard open.last == c else {
                        throw BodyError(
                            message:
                                "'\(Character(Unicode.Scalar(c)))' at column \(pos + 1) where '\(Character(Unicode.Scalar(open.last ?? c)))' was expected"
                        )
                    }
                    open.removeLast()
                case UInt8(ascii: ";"):
                    if open.isEmpty { return bytes[start..<pos] }
                default:
                    break
                }
                pos += 1
            }
            if open.isEmpty { return bytes[start..<pos] }
            throw BodyError(message: "a bracket opened at column \(start + 1) is not closed before the end of the line")
        }
    }
}

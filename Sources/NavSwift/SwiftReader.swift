import NavSource
import SwiftParser
import SwiftSyntax

/// Reads Swift (UIKit and SwiftUI) source into `SourceFacts`.
///
/// The file is parsed with SwiftParser (which recovers from errors), then walked once. What the code sets
/// is recorded where the assignment or message that sets it begins; values the code computes at run time
/// are `.unknown`. A broken file is still read as far as the parser recovers it, with one problem for its
/// first syntax error.
public struct SwiftReader: SourceReader {
    public init() {}

    public func read(_ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @Sendable () -> Double) -> SourceFacts {
        guard bytes.count <= limits.maxFileBytes else {
            var facts = SourceFacts(file: file, language: .swift)
            facts.problems.append(
                ReadProblem(
                    location: SourceLocation(file: file, line: 1, column: 1),
                    message: "the file has \(bytes.count) bytes, more than the \(limits.maxFileBytes) allowed; it is not read",
                    limit: ReaderLimits.fileBytesName))
            return facts
        }
        return withoutActuallyEscaping(clock) { clock in
            LargeStack.run(stackBytes: Self.stackBytes(fileBytes: bytes.count, limits: limits)) {
                Self.readHere(bytes, file: file, limits: limits, clock: clock)
            }
        }
    }

    /// The language mode files are parsed in: Swift 5's, which admits what Swift 6's refuses (whitespace between an
    /// attribute and its arguments, `@available (iOS 15.0, *)`, which the compiler builds with a warning in Swift 5
    /// mode), so that no file the compiler builds is reported as broken.
    static let swiftVersion: Parser.SwiftVersion = .v5

    /// Room for the parser's recursion. The pre-scan cuts the chains the parser recurses through at the
    /// nesting limit, so an ordinary file needs a fixed stack (one the C library keeps and hands to the
    /// next thread); a large file gets stack in proportion, for recursion nobody has found yet. Stack
    /// that is never touched costs no memory.
    static func stackBytes(fileBytes: Int, limits: ReaderLimits) -> Int {
        let megabyte = 1024 * 1024
        let fixed = 16 * megabyte + max(0, min(limits.maxNesting, 65_536) - 256) * 16 * 1024
        let proportional = fileBytes > 16 * 1024 ? fileBytes * 512 : 0
        let wanted = min(max(fixed, proportional), 1024 * megabyte)
        // Whole 64 KiB blocks, which any page size divides.
        return (wanted + 0xFFFF) & ~0xFFFF
    }

    /// A file's last parse, which the next read of the same file after edits reuses (`read(_:file:limits:clock:after:edits:)`).
    public struct Parse: Sendable {
        let result: IncrementalParseResult
        let maxNesting: Int
    }

    /// Reads a file that was read before as `previous` and changed since by `edits` (in the order they were made):
    /// the parser takes every node the edits did not touch from the previous tree, so an editor's keystroke costs
    /// a fraction of a whole parse. The facts are those `read` gives for the same bytes. Also returns this parse,
    /// for the next; nil when the file was cut at the nesting limit or is over the size limit (it is then parsed
    /// whole each time).
    public func read(
        _ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @Sendable () -> Double, after previous: Parse?, edits: [ByteEdit]
    ) -> (SourceFacts, Parse?) {
        guard bytes.count <= limits.maxFileBytes else { return (read(bytes, file: file, limits: limits, clock: clock), nil) }
        let reusable = previous.flatMap { $0.maxNesting == limits.maxNesting ? $0 : nil }
        return withoutActuallyEscaping(clock) { clock in
            LargeStack.run(stackBytes: Self.stackBytes(fileBytes: bytes.count, limits: limits)) {
                var parse: Parse?
                let facts = Self.readHere(bytes, file: file, limits: limits, clock: clock, previous: reusable, edits: edits, parse: &parse)
                return (facts, parse)
            }
        }
    }

    static func readHere(_ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @escaping @Sendable () -> Double) -> SourceFacts {
        var parse: Parse?
        return readHere(bytes, file: file, limits: limits, clock: clock, previous: nil, edits: [], parse: &parse)
    }

    static func readHere(
        _ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @escaping @Sendable () -> Double, previous: Parse?,
        edits: [ByteEdit], parse: inout Parse?
    ) -> SourceFacts {
        let deadline = clock() + limits.maxSecondsPerFile
        let stop = Prescan.scan(bytes, maxNesting: limits.maxNesting)
        let end = stop?.offset ?? bytes.count
        let nesting = max(1, limits.maxNesting)
        let tree: SourceFileSyntax
        if stop == nil {
            // Whole files only: a file cut at the nesting limit is parsed whole each time.
            let transition = previous.map {
                IncrementalParseTransition(
                    previousIncrementalParseResult: $0.result,
                    edits: ConcurrentEdits(
                        fromSequential: edits.map {
                            SourceEdit(
                                range: AbsolutePosition(utf8Offset: $0.offset)..<AbsolutePosition(utf8Offset: $0.offset + $0.length),
                                replacement: $0.replacement)
                        }))
            }
            let result = bytes.withUnsafeBufferPointer { buffer in
                var parser = Parser(buffer, maximumNestingLevel: nesting, parseTransition: transition, swiftVersion: Self.swiftVersion)
                let tree = SourceFileSyntax.parse(from: &parser)
                return IncrementalParseResult(tree: tree, lookaheadRanges: parser.lookaheadRanges)
            }
            tree = result.tree
            parse = Parse(result: result, maxNesting: limits.maxNesting)
        } else {
            tree = bytes.withUnsafeBufferPointer { buffer in
                Parser.parse(
                    source: UnsafeBufferPointer(rebasing: buffer[0..<end]), maximumNestingLevel: nesting, swiftVersion: Self.swiftVersion)
            }
            parse = nil
        }
        let table = LineTable(bytes, file: file)
        let collector = Collector(
            table: table, file: file, limits: limits, clock: clock, deadline: deadline, scanComments: contains(bytes, "navd:"))
        if clock() > deadline {
            collector.stop(
                limit: ReaderLimits.secondsName,
                message: "parsing took longer than \(limits.maxSecondsPerFile) s; the file is not read", at: table.location(ofByte: 0))
        } else {
            collector.walk(tree)
        }
        if let stop, !collector.nestingReported {
            collector.problems.append(
                ReadProblem(location: table.location(ofByte: stop.offset), message: stop.message, limit: ReaderLimits.nestingName))
            collector.nestingReported = true
        }
        if tree.hasMaximumNestingLevelOverflow, !collector.nestingReported,
            let overflow = firstNode(in: tree, where: \.hasMaximumNestingLevelOverflow)
        {
            collector.problems.append(
                ReadProblem(
                    location: collector.location(overflow),
                    message: "code is nested deeper than \(limits.maxNesting) levels; the rest of the file is not read",
                    limit: ReaderLimits.nestingName))
        }
        // Errors where the file was cut are the cut's, already reported.
        if tree.hasError, let error = firstNode(in: tree, where: \.hasError), !error.hasMaximumNestingLevelOverflow,
            stop == nil || error.positionAfterSkippingLeadingTrivia.utf8Offset < end
        {
            collector.problems.append(ReadProblem(location: collector.location(error), message: syntaxError(error)))
        }
        var facts = collector.facts()
        facts.problems.sort { $0.location < $1.location }
        return facts
    }

    /// The first node, in source order, of the innermost run of nodes that have `flag`: the first
    /// unexpected or missing node for `hasError`. Iterative, so a deep tree costs no stack.
    static func firstNode(in tree: SourceFileSyntax, where flag: (Syntax) -> Bool) -> Syntax? {
        var node = Syntax(tree)
        while true {
            if node.is(UnexpectedNodesSyntax.self) || node.is(TokenSyntax.self) { return node }
            guard let child = node.children(viewMode: .all).first(where: flag) else { return node }
            node = child
        }
    }

    static func syntaxError(_ node: Syntax) -> String {
        if let token = node.as(TokenSyntax.self) {
            if token.presence == .missing {
                let text = token.text
                return text.isEmpty ? "syntax error: expected \(describe(token.tokenKind))" : "syntax error: expected '\(text)'"
            }
            return "syntax error: invalid token '\(snippet(token.text))'"
        }
        return "syntax error: unexpected code '\(snippet(node.trimmedDescription))'"
    }

    private static func describe(_ kind: TokenKind) -> String {
        switch kind {
        case .identifier: return "an identifier"
        case .integerLiteral, .floatLiteral: return "a number"
        case .stringSegment: return "a string"
        default: return "a token"
        }
    }

    /// The start of a text on one line, short enough for a message.
    static func snippet(_ text: String) -> String {
        let line = text.prefix { $0 != "\n" && $0 != "\r" }
        return line.count > 40 ? String(line.prefix(40)) + "…" : String(line)
    }

    /// Whether `bytes` contain `needle` anywhere: directives are looked for only in files that have one.
    static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        let pattern = needle.withUTF8Buffer { Array($0) }
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        var i = 0
        let last = bytes.count - pattern.count
        while i <= last {
            if bytes[i] == first {
                var j = 1
                while j < pattern.count && bytes[i + j] == pattern[j] { j += 1 }
                if j == pattern.count { return true }
            }
            i += 1
        }
        return false
    }
}

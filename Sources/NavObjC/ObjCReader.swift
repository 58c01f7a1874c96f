import NavSource

/// Reads Objective-C (`.m`, `.mm`, `.h`) into `SourceFacts`, without a compiler or an SDK.
///
/// The file is split into tokens (``Lexer``), read into declarations and flattened statements (``Parser``), and
/// the statements are read for what they do to navigation bars (``Analyzer``). Macros are not expanded: a macro
/// used as a value is unknown, a statement-like macro is stepped over.
public struct ObjCReader: SourceReader {
    public init() {}

    /// The deepest nesting the reader follows, whatever the limits say: each level costs stack (see ``LargeStack``).
    static let nestingCeiling = 1_000

    /// The reading thread's stack, 64 MiB: the nesting ceiling times what a level costs unoptimised (about 32 KiB;
    /// a tenth of that optimised), twice over.
    static let stackBytes = 64 << 20

    public func read(_ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @Sendable () -> Double) -> SourceFacts {
        guard bytes.count <= limits.maxFileBytes else {
            var facts = SourceFacts(file: file, language: .objectiveC)
            facts.problems.append(
                ReadProblem(
                    location: NavSource.SourceLocation(file: file, line: 1, column: 1),
                    message: "the file has \(bytes.count) bytes, more than the \(limits.maxFileBytes) allowed; it is not read",
                    limit: ReaderLimits.fileBytesName))
            return facts
        }
        // The parse trees are made and dropped on the reading thread too: dropping a deep tree recurses as well.
        return LargeStack.run(stackBytes: Self.stackBytes) { Self.facts(of: bytes, file: file, limits: limits, clock: clock) }
    }

    private static func facts(of bytes: [UInt8], file: String, limits: ReaderLimits, clock: () -> Double) -> SourceFacts {
        var facts = SourceFacts(file: file, language: .objectiveC)
        let locator = Locator(bytes, file: file)
        let deadline = clock() + limits.maxSecondsPerFile
        let nesting = max(1, min(limits.maxNesting, nestingCeiling))
        var lexer = Lexer(bytes: bytes, maxNesting: nesting, deadline: deadline)
        let lexed = lexer.run(clock: clock)
        var troubles = lexed.troubles
        for comment in lexed.comments {
            if let directive = Directive.parse(comment: comment.text, line: locator.line(comment.start)) {
                facts.directives.append(directive)
            }
        }
        if !troubles.contains(where: { $0.limit == ReaderLimits.secondsName }) {
            withoutActuallyEscaping(clock) { clock in
                var parser = Parser(tokens: lexed.tokens, nestingLimit: nesting, deadline: deadline, clock: clock)
                parser.parseFile()
                let hadLimit = troubles.contains { $0.limit != nil }
                troubles += parser.troubles.filter { !hadLimit || $0.limit == nil }
                // A file abandoned for time gives no facts: they would stand for part of it as if it were all.
                if !parser.troubles.contains(where: { $0.limit == ReaderLimits.secondsName }) {
                    let analyzer = Analyzer(
                        locator: locator, units: parser.units, fileUnit: parser.fileUnit, constants: parser.constants, deadline: deadline,
                        clock: clock)
                    if let found = analyzer.facts() {
                        facts.screens = found.screens
                        facts.classes = found.classes
                        facts.appWide = found.appWide
                        facts.edges = found.edges
                    } else if !troubles.contains(where: { $0.limit != nil }) {
                        troubles.append(
                            Trouble(
                                offset: 0, message: "reading took longer than the time allowed per file", limit: ReaderLimits.secondsName))
                    }
                }
            }
        }
        facts.problems = troubles.map { ReadProblem(location: locator.location($0.offset), message: $0.message, limit: $0.limit) }
        return facts
    }
}

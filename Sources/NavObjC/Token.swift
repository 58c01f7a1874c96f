/// One token of Objective-C (or Objective-C++) source, with the bytes it spans.
struct Token: Sendable, Hashable {
    enum Kind: UInt8, Sendable, Hashable {
        /// A name: `self`, `UIBarButtonItem`, `YES`, `weakSelf`, `int`.
        case identifier
        /// A C keyword that steers statements or declarations (`if`, `return`, `static`, `typedef`, `sizeof`).
        case keyword
        /// `@` and a name: `@implementation`, `@end`, `@selector`, `@YES`, `@weakify`. `text` is the name alone.
        case atKeyword
        /// A C string (`"…"`, `L"…"`, C++ raw strings); `text` is its value with escapes decoded.
        case string
        /// An Objective-C string `@"…"`; `text` is its value with escapes decoded.
        case objcString
        /// A character constant (`'a'`, `'\n'`); `text` is its value.
        case character
        /// A number (`12`, `0x1F`, `1.5f`, `@3`); `text` as written, `number` its value.
        case number
        /// An operator or bracket, longest match first (`->`, `::`, `...`, `@[`, `@{`, `@(`).
        case punctuation
        /// The end of the input (always the last token).
        case end
    }

    var kind: Kind
    /// The offset of the token's first byte (the `@` of `@"…"` and `@implementation`).
    var start: Int
    /// The offset just past the token's last byte.
    var end: Int
    var text: String
    /// A number's value.
    var number: Double = 0
    var flags: UInt8 = 0

    static let integerFlag: UInt8 = 1
    static let boxedFlag: UInt8 = 2
    static let firstOnLineFlag: UInt8 = 4
    static let columnZeroFlag: UInt8 = 8

    /// A number without a fraction, an exponent or a float suffix.
    var isInteger: Bool { flags & Self.integerFlag != 0 }
    /// `@12`, an `NSNumber` literal.
    var isBoxed: Bool { flags & Self.boxedFlag != 0 }
    /// Nothing but white space precedes it on its line.
    var isFirstOnLine: Bool { flags & Self.firstOnLineFlag != 0 }
    /// It starts its line, without indentation (where method definitions start).
    var isAtColumnZero: Bool { flags & Self.columnZeroFlag != 0 }

    func isPunctuation(_ s: String) -> Bool { kind == .punctuation && text == s }
    func isKeyword(_ s: String) -> Bool { kind == .keyword && text == s }
    func isAt(_ s: String) -> Bool { kind == .atKeyword && text == s }
    func isIdentifier(_ s: String) -> Bool { kind == .identifier && text == s }
    /// A name usable as a selector piece: identifiers and keywords (`- (void)default:`) alike.
    var isWord: Bool { kind == .identifier || kind == .keyword }
}

/// A comment's text without its delimiters, and where it starts.
struct Comment: Sendable, Hashable {
    var start: Int
    var text: String
}

/// A problem found while reading, by byte offset.
struct Trouble: Sendable, Hashable {
    var offset: Int
    var message: String
    /// The named limit, when a limit stopped the reading.
    var limit: String?
}

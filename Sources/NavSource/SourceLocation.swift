/// Where something stands in a source file: a line and a column, 1-based.
///
/// Two columns are kept because two audiences count differently: `column` counts characters (Unicode code
/// points, as the document linter and SARIF's `unicodeCodePoints` count them), `utf16Column` counts UTF-16 code
/// units (what the Language Server Protocol counts). They differ after emoji and other characters beyond the
/// Basic Multilingual Plane.
public struct SourceLocation: Sendable, Hashable, Comparable {
    /// The file as it was named to the reader (a path relative to where the lint started, usually).
    public var file: String
    public var line: Int
    /// 1-based, in characters (Unicode code points).
    public var column: Int
    /// 1-based, in UTF-16 code units.
    public var utf16Column: Int

    public init(file: String, line: Int, column: Int, utf16Column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.utf16Column = utf16Column ?? column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// Turns byte offsets of a file into locations. Built once per file; invalid UTF-8 counts as one
/// character (and one UTF-16 unit) per bad byte, as decoders that repair it show it.
public struct LineTable: Sendable {
    public let file: String
    private let bytes: [UInt8]
    /// The byte offset each line starts at.
    private let starts: [Int]

    public init(_ bytes: [UInt8], file: String) {
        self.file = file
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        self.starts = starts
    }

    public var lineCount: Int { starts.count }

    /// The 1-based line holding `offset`.
    public func line(ofByte offset: Int) -> Int {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    /// The location of the byte at `offset` (clamped to the file).
    public func location(ofByte offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        let line = self.line(ofByte: offset)
        let start = starts[line - 1]
        let (characters, utf16) = Self.columns(bytes[start..<offset])
        return SourceLocation(file: file, line: line, column: characters + 1, utf16Column: utf16 + 1)
    }

    /// The location of a 1-based line and UTF-8 byte column (as swift-syntax and clang report them).
    public func location(line: Int, byteColumn: Int) -> SourceLocation {
        guard line >= 1, line <= starts.count else { return SourceLocation(file: file, line: max(1, line), column: byteColumn) }
        return location(ofByte: starts[line - 1] + max(0, byteColumn - 1))
    }

    /// The text of a 1-based line, without its line break.
    public func text(ofLine line: Int) -> String {
        guard line >= 1, line <= starts.count else { return "" }
        var end = line < starts.count ? starts[line] : bytes.count
        while end > starts[line - 1], bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[starts[line - 1]..<end], as: UTF8.self)
    }

    /// Code points and UTF-16 units in a run of bytes from a line start.
    static func columns(_ run: ArraySlice<UInt8>) -> (characters: Int, utf16: Int) {
        if !run.contains(where: { $0 >= 0x80 }) { return (run.count, run.count) }
        let text = String(decoding: run, as: UTF8.self)
        return (text.unicodeScalars.count, text.utf16.count)
    }
}

/// A line and column in a text, both 1-based; the column counts Unicode scalars (code points),
/// so a tab or an "é" is one column, as editors count characters.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// Turns byte offsets of a UTF-8 text into lines and columns.
public struct SourceText: Sendable {
    private let bytes: [UInt8]
    /// The byte offset where each line starts; line 1 starts at 0.
    private let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.lineStarts = starts
    }

    /// The position of byte `offset` (clamped to the text). A line ends at `\n`; a `\r` before it
    /// belongs to the line.
    public func position(ofOffset offset: Int) -> SourcePosition {
        let offset = min(max(0, offset), bytes.count)
        // The last line start at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        for byte in bytes[lineStarts[low]..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(line: low + 1, column: column)
    }
}

/// Where each member and element of a parsed document stands in its text.
///
/// Paths are written as the params decoders write them: `screens[1].bar.barTintColor`; the root
/// is `""`. A member's position is its key's opening quote; an element's is its first byte.
public struct JSONSourceMap: Sendable {
    public let text: SourceText
    private let offsets: [String: Int]

    init(text: SourceText, offsets: [String: Int]) {
        self.text = text
        self.offsets = offsets
    }

    /// The byte offset recorded for `path`, if the document has that member or element.
    public func offset(of path: String) -> Int? { offsets[path] }

    /// The position of `path`, or of its nearest enclosing member or element that the document has
    /// (a missing member is reported where its object is). Nil only for an unknown root.
    public func position(of path: String) -> SourcePosition? {
        var current = path
        while true {
            if let offset = offsets[current] { return text.position(ofOffset: offset) }
            guard let parent = Self.parent(of: current) else { return nil }
            current = parent
        }
    }

    /// `a.b[2].c` → `a.b[2]` → `a.b` → `a` → `""` → nil.
    static func parent(of path: String) -> String? {
        guard !path.isEmpty else { return nil }
        guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return "" }
        return String(path[..<cut])
    }
}

extension JSON {
    /// Parses like `parse(_:limits:)` and also records where every member and element starts,
    /// for reporting errors and findings as `FILE:LINE:COL`. Meant for documents read from files;
    /// requests use `parse`, which records nothing.
    public static func parseWithSourceMap(
        _ bytes: [UInt8], limits: JSONParseLimits = .default
    ) throws(JSONParseError) -> (
        JSON, JSONSourceMap
    ) {
        var buffer = bytes
        let length = buffer.count
        // json-c needs a byte after a top-level number to know it ended (see `parse`).
        buffer.append(0x20)
        let maxDepth = max(0, limits.maxDepth)
        let result: Result<(JSON, [String: Int]), JSONParseError> = buffer.withUnsafeBufferPointer { whole in
            do throws(JSONParseError) {
                var scanner = StrictScanner(
                    UnsafeBufferPointer(rebasing: whole[0..<length]), maxDepth: maxDepth, recordLocations: true)
                try scanner.scan()
                let value = try JSON.parseScanned(whole, maxDepth: maxDepth, numbers: scanner.numbers)
                return .success((value, scanner.locations ?? [:]))
            } catch {
                return .failure(error)
            }
        }
        let (value, offsets) = try result.get()
        return (value, JSONSourceMap(text: SourceText(bytes), offsets: offsets))
    }
}

import Foundation
import NavLocal
import JSONCore
import NavSource

/// A document the editor has open: its text overrides the file on disk until it is closed.
struct TextDocument: Sendable {
    /// The URI as the client wrote it, used again in what is published for it.
    var uri: String
    /// The file's path, from the URI.
    var path: String
    var languageId: String
    var version: Int
    var text: String
    /// The buffer's last parse (when it was read from this buffer), and the edits made to it since, in bytes.
    var reparse: SourceLint.Reparse?
    var edits: [ByteEdit] = []
    /// Raised when the whole text is replaced: a parse of the text before is of no use.
    var generation = 0

    /// The text as a reader takes it.
    var bytes: [UInt8] { Array(text.utf8) }

    /// Applies the `contentChanges` of one `didChange`, in order: each a range edit (positions in UTF-16 code
    /// units), or the whole text when it has no range.
    mutating func apply(_ changes: [JSON]) throws(LSPError) {
        for change in changes {
            guard let newText = change["text"]?.stringValue else { throw LSPError.invalidParams("a content change has no text") }
            guard let range = change["range"], !range.isNull else {
                text = newText
                reparse = nil
                edits = []
                generation += 1
                continue
            }
            guard let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]) else {
                throw LSPError.invalidParams("a content change has a malformed range")
            }
            let from = Self.index(of: start, in: text)
            let to = Self.index(of: end, in: text)
            let utf8 = text.utf8
            let (lower, upper) = (min(from, to), max(from, to))
            edits.append(
                ByteEdit(
                    offset: utf8.distance(from: utf8.startIndex, to: lower), length: utf8.distance(from: lower, to: upper),
                    replacement: Array(newText.utf8)))
            // Edited as scalars: an edit may start inside a character (between a letter and its accent, in an emoji
            // sequence), which the scalars' indices name exactly.
            text.unicodeScalars.replaceSubrange(min(from, to)..<max(from, to), with: newText.unicodeScalars)
        }
    }

    /// The index of an LSP position in `text`: lines end at `\n`, `\r\n` or `\r`; a character past the end of
    /// its line is the line's end, a line past the end of the text is the text's end, and a position inside a
    /// surrogate pair is the start of that pair.
    static func index(of position: LSPPosition, in text: String) -> String.Index {
        let units = text.utf16
        var i = units.startIndex
        var line = 0
        while line < position.line {
            guard i < units.endIndex else { return text.endIndex }
            let unit = units[i]
            i = units.index(after: i)
            if unit == 0x0A {
                line += 1
            } else if unit == 0x0D {
                if i < units.endIndex, units[i] == 0x0A { i = units.index(after: i) }
                line += 1
            }
        }
        var character = 0
        while character < position.character, i < units.endIndex, units[i] != 0x0A, units[i] != 0x0D {
            i = units.index(after: i)
            character += 1
        }
        if i.samePosition(in: text.unicodeScalars) == nil, i > units.startIndex { i = units.index(before: i) }
        return i
    }
}

/// A position of LSP: a 0-based line and a 0-based character offset in UTF-16 code units.
struct LSPPosition: Sendable, Hashable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0 else {
            return nil
        }
        self.line = Int(line)
        self.character = Int(character)
    }

    var json: JSON { ["line": .number(line), "character": .number(character)] }
}

extension LineTable {
    /// The LSP range of the finding at a 1-based line and character column, the readers' own count: from that
    /// column to the end of the token there (a dotted name such as `navigationItem.leftBarButtonItem`, a quoted
    /// string, a tag's name), in UTF-16 code units. Past the file's last line, an empty range at the column.
    func lspRange(line: Int, column: Int) -> (start: LSPPosition, end: LSPPosition) {
        let row = max(0, line - 1)
        guard line >= 1, line <= lineCount else {
            let at = LSPPosition(line: row, character: max(0, column - 1))
            return (at, at)
        }
        let scalars = Array(text(ofLine: line).unicodeScalars)
        let start = min(max(0, column - 1), scalars.count)
        let end = Self.tokenEnd(scalars, from: start)
        let startUnits = scalars[..<start].reduce(0) { $0 + $1.utf16.count }
        let endUnits = startUnits + scalars[start..<end].reduce(0) { $0 + $1.utf16.count }
        return (LSPPosition(line: row, character: startUnits), LSPPosition(line: row, character: endUnits))
    }

    static func tokenEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        let n = scalars.count
        guard i < n else { return n }
        if scalars[i] == "\"" {
            i += 1
            while i < n, scalars[i] != "\"" { i += scalars[i] == "\\" ? 2 : 1 }
            return min(n, i + 1)
        }
        if "<[@#$".unicodeScalars.contains(scalars[i]) { i += 1 }
        while i < n {
            let c = scalars[i]
            let next = i + 1 < n ? scalars[i + 1] : " "
            if c == "_" || c.properties.isAlphabetic || c.properties.numericType != nil || c == "." || c == "$" || (c == "?" && next == ".")
                || (c == "!" && next == ".")
            {
                i += 1
            } else {
                break
            }
        }
        return i == start ? start + 1 : i
    }
}

/// `file:` URIs and paths.
enum FileURI {
    /// The path of a `file:` URI (percent-decoded, `.` and `..` resolved); nil for another scheme.
    static func path(_ uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // An authority (usually empty, sometimes `localhost`) before the path.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        guard let decoded = String(rest).removingPercentEncoding else { return nil }
        return normalize(decoded)
    }

    /// A path with `.` and `..` resolved and no trailing `/` (symbolic links are left as they are: the editor
    /// names the file by the same path).
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder of an absolute path.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash > path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The `file:` URI of an absolute path, each byte outside RFC 3986's unreserved set (and `/`) percent-encoded.
    static func uri(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = Array("file://".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

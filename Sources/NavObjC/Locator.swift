import NavSource

/// Locations of byte offsets, by `LineTable`, kept cheap for many offsets along one long line: the columns of an
/// offset after the last one asked on the same line are counted from there (by a `LineTable` of the bytes between),
/// so that a file written on one line costs what it would on many.
final class Locator {
    let table: LineTable
    private let bytes: [UInt8]
    private var last: (offset: Int, location: SourceLocation)?

    init(_ bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.table = LineTable(bytes, file: file)
    }

    func location(_ offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var found: SourceLocation
        if let last, last.offset <= offset, table.line(ofByte: offset) == last.location.line {
            let run = LineTable(Array(bytes[last.offset..<offset]), file: table.file).location(ofByte: offset - last.offset)
            found = last.location
            found.column += run.column - 1
            found.utf16Column += run.utf16Column - 1
        } else {
            found = table.location(ofByte: offset)
        }
        last = (offset, found)
        return found
    }

    func line(_ offset: Int) -> Int { table.line(ofByte: offset) }
}

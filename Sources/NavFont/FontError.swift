/// Why a font's bytes could not be read: the table (or `sfnt`/`ttcf` for the headers), the byte offset in
/// the file where reading stopped, and what was wrong there.
public struct FontError: Error, Sendable, Hashable, CustomStringConvertible {
    public var table: String
    public var offset: Int
    public var message: String

    public init(table: String, offset: Int, message: String) {
        self.table = table
        self.offset = offset
        self.message = message
    }

    public var description: String { "'\(table)' at byte \(offset): \(message)" }
}

/// Big-endian reads inside one table of a font file, each checked against the table's end: a read past
/// it is a `FontError` naming the table and the file offset, never an out-of-bounds access.
struct Reader: Sendable {
    let bytes: [UInt8]
    let table: String
    /// The absolute offset of this reader's origin in the file.
    let start: Int
    /// The absolute end of the table (exclusive).
    let end: Int

    init(bytes: [UInt8], table: String, start: Int, end: Int) {
        self.bytes = bytes
        self.table = table
        self.start = start
        self.end = min(end, bytes.count)
    }

    func fail(_ at: Int, _ message: String) -> FontError {
        FontError(table: table, offset: start + at, message: message)
    }

    /// Whether `count` bytes at `at` are inside the table.
    func has(_ at: Int, _ count: Int) -> Bool {
        at >= 0 && count >= 0 && start + at <= end - count
    }

    func need(_ at: Int, _ count: Int, _ what: String) throws(FontError) {
        guard has(at, count) else {
            throw fail(at, "\(what) (\(count) bytes) runs past the table's end at byte \(end)")
        }
    }

    func u8(_ at: Int) throws(FontError) -> UInt8 {
        try need(at, 1, "a byte")
        return bytes[start + at]
    }

    func u16(_ at: Int) throws(FontError) -> UInt16 {
        try need(at, 2, "a 16-bit value")
        return UInt16(bytes[start + at]) << 8 | UInt16(bytes[start + at + 1])
    }

    func i16(_ at: Int) throws(FontError) -> Int16 { Int16(bitPattern: try u16(at)) }

    func u24(_ at: Int) throws(FontError) -> UInt32 {
        try need(at, 3, "a 24-bit value")
        let p = start + at
        return UInt32(bytes[p]) << 16 | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2])
    }

    func u32(_ at: Int) throws(FontError) -> UInt32 {
        try need(at, 4, "a 32-bit value")
        let p = start + at
        return UInt32(bytes[p]) << 24 | UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8 | UInt32(bytes[p + 3])
    }

    func i32(_ at: Int) throws(FontError) -> Int32 { Int32(bitPattern: try u32(at)) }

    /// A 16.16 fixed-point number.
    func fixed(_ at: Int) throws(FontError) -> Double { Double(try i32(at)) / 65536 }

    /// A 2.14 fixed-point number.
    func f2dot14(_ at: Int) throws(FontError) -> Double { Double(try i16(at)) / 16384 }

    func tag(_ at: Int) throws(FontError) -> String {
        try need(at, 4, "a tag")
        return String(decoding: bytes[(start + at)..<(start + at + 4)], as: UTF8.self)
    }

    /// A reader whose origin is `offset` bytes into this one, sharing its end; the offset must land inside.
    func at(_ offset: Int, _ what: String) throws(FontError) -> Reader {
        guard offset >= 0, start + offset < end else {
            throw fail(offset, "\(what) is at offset \(offset), outside the table")
        }
        return Reader(bytes: bytes, table: table, start: start + offset, end: end)
    }

    /// The same reader, its end moved in to `length` bytes after its origin (a subtable's stated length).
    func limited(to length: Int, _ what: String) throws(FontError) -> Reader {
        try need(0, length, what)
        return Reader(bytes: bytes, table: table, start: start, end: start + length)
    }
}

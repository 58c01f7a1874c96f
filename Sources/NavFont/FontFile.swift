/// A font file's bytes: one face (an OpenType or TrueType `sfnt`) or a collection (`ttcf`) of faces.
/// Reading is pure: bytes in, faces and metrics out.
public struct FontFile: Sendable {
    public let bytes: [UInt8]
    /// The offset of each face's table directory.
    public let faceOffsets: [Int]
    /// Whether the file is a collection.
    public let isCollection: Bool

    public init(bytes: [UInt8]) throws(FontError) {
        self.bytes = bytes
        let r = Reader(bytes: bytes, table: "sfnt", start: 0, end: bytes.count)
        guard r.has(0, 4) else { throw r.fail(0, "the file is \(bytes.count) bytes, too short for a font header") }
        let tag = try r.u32(0)
        if tag == 0x7474_6366 {  // 'ttcf'
            let c = Reader(bytes: bytes, table: "ttcf", start: 0, end: bytes.count)
            let major = try c.u16(4)
            guard major == 1 || major == 2 else { throw c.fail(4, "unknown collection version \(major)") }
            let count = Int(try c.u32(8))
            guard count > 0 else { throw c.fail(8, "the collection holds no face") }
            try c.need(12, count * 4, "the offsets of \(count) faces")
            var offsets: [Int] = []
            for i in 0..<count { offsets.append(Int(try c.u32(12 + i * 4))) }
            faceOffsets = offsets
            isCollection = true
        } else {
            faceOffsets = [0]
            isCollection = false
        }
    }

    /// The face at `index` (0 for a single font).
    public func face(at index: Int) throws(FontError) -> FontFace {
        guard index >= 0, index < faceOffsets.count else {
            throw FontError(
                table: isCollection ? "ttcf" : "sfnt", offset: isCollection ? 8 : 0,
                message: "no face \(index): the file holds \(faceOffsets.count)")
        }
        return try FontFace(bytes: bytes, directoryOffset: faceOffsets[index], index: index)
    }

    /// Every face, in file order.
    public func faces() throws(FontError) -> [FontFace] {
        var all: [FontFace] = []
        for i in faceOffsets.indices { all.append(try face(at: i)) }
        return all
    }

    /// The face whose full, PostScript, family or typographic family name is `name` (case-insensitively);
    /// of several with the same family name, the first in the file.
    public func face(named name: String) throws(FontError) -> FontFace {
        let wanted = name.lowercased()
        let all = try faces()
        if let exact = all.first(where: { f in
            [f.names.fullName, f.names.postScriptName].contains { $0?.lowercased() == wanted }
        }) {
            return exact
        }
        if let family = all.first(where: { f in
            [f.names.family, f.names.typographicFamily].contains { $0?.lowercased() == wanted }
        }) {
            return family
        }
        let known = all.compactMap { $0.names.fullName ?? $0.names.postScriptName }
        throw FontError(
            table: "name", offset: 0,
            message: "no face is named '\(name)'; the file holds \(known.map { "'\($0)'" }.joined(separator: ", "))")
    }
}

/// The names a face gives itself (`name` table), in English where it offers a choice.
public struct FaceNames: Sendable, Hashable {
    public var family: String?
    public var subfamily: String?
    public var fullName: String?
    public var postScriptName: String?
    public var typographicFamily: String?
}

/// One face of a font file: its table directory, and the tables navd reads from it.
public struct FontFace: Sendable {
    public let bytes: [UInt8]
    public let index: Int
    /// Each table's absolute offset and length, by tag.
    public let tables: [String: (offset: Int, length: Int)]
    public let unitsPerEm: Int
    public let glyphCount: Int
    public let names: FaceNames

    init(bytes: [UInt8], directoryOffset: Int, index: Int) throws(FontError) {
        self.bytes = bytes
        self.index = index
        let d = Reader(bytes: bytes, table: "sfnt", start: 0, end: bytes.count)
        let version = try d.u32(directoryOffset)
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
            throw d.fail(directoryOffset, "not an OpenType or TrueType face (version 0x\(String(version, radix: 16)))")
        }
        let count = Int(try d.u16(directoryOffset + 4))
        try d.need(directoryOffset + 12, count * 16, "the table directory of \(count) tables")
        var tables: [String: (offset: Int, length: Int)] = [:]
        for i in 0..<count {
            let record = directoryOffset + 12 + i * 16
            let tag = try d.tag(record)
            let offset = Int(try d.u32(record + 8))
            let length = Int(try d.u32(record + 12))
            guard offset <= bytes.count, length <= bytes.count - offset else {
                throw d.fail(
                    record + 8, "table '\(tag)' claims bytes \(offset)..<\(offset + length), past the file's \(bytes.count)")
            }
            tables[tag] = (offset, length)
        }
        self.tables = tables

        func table(_ tag: String) throws(FontError) -> Reader {
            guard let t = tables[tag] else {
                throw FontError(table: tag, offset: directoryOffset, message: "the face has no '\(tag)' table")
            }
            return Reader(bytes: bytes, table: tag, start: t.offset, end: t.offset + t.length)
        }
        let head = try table("head")
        let magic = try head.u32(12)
        guard magic == 0x5F0F_3CF5 else { throw head.fail(12, "bad magic number 0x\(String(magic, radix: 16))") }
        let upem = Int(try head.u16(18))
        guard (16...16384).contains(upem) else { throw head.fail(18, "unitsPerEm \(upem) is outside 16...16384") }
        unitsPerEm = upem
        let maxp = try table("maxp")
        glyphCount = Int(try maxp.u16(4))
        guard glyphCount > 0 else { throw maxp.fail(4, "the face has no glyph") }
        names = tables["name"] == nil ? FaceNames() : try FontFace.readNames(try table("name"))
    }

    /// A reader over the table `tag`, or nil when the face has none.
    func table(_ tag: String) -> Reader? {
        tables[tag].map { Reader(bytes: bytes, table: tag, start: $0.offset, end: $0.offset + $0.length) }
    }

    func required(_ tag: String) throws(FontError) -> Reader {
        guard let t = table(tag) else { throw FontError(table: tag, offset: 0, message: "the face has no '\(tag)' table") }
        return t
    }

    /// A name for answers: the full name, else the PostScript name, else the face's index.
    public var displayName: String {
        names.fullName ?? names.postScriptName ?? "face \(index)"
    }

    static func readNames(_ r: Reader) throws(FontError) -> FaceNames {
        let count = Int(try r.u16(2))
        let storage = Int(try r.u16(4))
        try r.need(6, count * 12, "\(count) name records")
        // For each name ID: the best record so far (Windows English, then any Unicode, then Mac Roman).
        var best: [Int: (rank: Int, text: String)] = [:]
        for i in 0..<count {
            let rec = 6 + i * 12
            let platform = try r.u16(rec)
            let encoding = try r.u16(rec + 2)
            let language = try r.u16(rec + 4)
            let id = Int(try r.u16(rec + 6))
            guard [1, 2, 4, 6, 16].contains(id) else { continue }
            let length = Int(try r.u16(rec + 8))
            let offset = Int(try r.u16(rec + 10))
            try r.need(storage + offset, length, "name \(id)'s string")
            let raw = Array(r.bytes[(r.start + storage + offset)..<(r.start + storage + offset + length)])
            let rank: Int
            let text: String
            switch (platform, encoding) {
            case (3, 1), (3, 10), (0, _):
                rank = platform == 3 && language == 0x409 ? 3 : 2
                var units: [UInt16] = []
                var k = 0
                while k + 1 < raw.count {
                    units.append(UInt16(raw[k]) << 8 | UInt16(raw[k + 1]))
                    k += 2
                }
                text = String(decoding: units, as: UTF16.self)
            case (1, 0):
                rank = 1
                text = String(decoding: raw.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
            default:
                continue
            }
            if (best[id]?.rank ?? -1) < rank { best[id] = (rank, text) }
        }
        return FaceNames(
            family: best[1]?.text, subfamily: best[2]?.text, fullName: best[4]?.text, postScriptName: best[6]?.text,
            typographicFamily: best[16]?.text)
    }
}

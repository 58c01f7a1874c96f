import Foundation
import NavFont
import NavModel
import NavTestSupport
import Testing

/// The reader on small fonts built byte by byte: each table's clean shapes, and what it makes of broken ones.
@Suite("OpenType reader")
struct FontReaderTests {
    typealias B = FontBuilder

    func metrics(_ b: FontBuilder) throws(FontError) -> FontMetrics {
        try FontFile(bytes: b.bytes()).face(at: 0).metrics()
    }

    @Test("head, hhea, hmtx and a format 4 cmap (by delta and through the glyph array)")
    func basics() throws {
        let m = try metrics(B.standard())
        #expect(m.unitsPerEm == 1000)
        #expect(m.glyphs == [0x20: 4, 0x41: 1, 0x42: 3, 0x56: 2])
        // Glyph 4 lies past numberOfHMetrics (4): it repeats the last advance.
        #expect(m.advances == [500, 600, 580, 620, 620])
        #expect(m.kerning.isEmpty)
        #expect(m.tracking.isEmpty)
        #expect(TextMetrics.width("AVB", weight: .regular, size: 1000, family: .sanFrancisco, metrics: m) == 1800)
    }

    @Test("names: full, PostScript and family, and a face found by each")
    func names() throws {
        let file = try FontFile(bytes: B.standard().bytes())
        let face = try file.face(at: 0)
        #expect(face.names.fullName == "Test Sans Regular")
        #expect(face.names.postScriptName == "TestSans-Regular")
        #expect(face.names.family == "Test Sans")
        #expect(face.names.subfamily == "Regular")
        for name in ["Test Sans Regular", "testsans-regular", "TEST SANS"] { #expect(try file.face(named: name).index == 0) }
        do {
            _ = try file.face(named: "SF Pro")
            Issue.record("a missing face was found")
        } catch {
            #expect(error.message == "no face is named 'SF Pro'; the file holds 'Test Sans Regular'")
        }
    }

    @Test("trak: the normal track at a listed size, between sizes (linear) and beyond them (the end's value)")
    func tracking() throws {
        var b = B.standard()
        b.tables["trak"] = B.trak(normal: [20, 0, -30])
        let m = try metrics(b)
        #expect(m.tracking == [.init(size: 9, value: 20), .init(size: 12, value: 0), .init(size: 17, value: -30)])
        #expect(m.tracking(at: 12) == 0)
        #expect(m.tracking(at: 10.5) == 10)
        #expect(m.tracking(at: 14.5) == -15)
        #expect(m.tracking(at: 6) == 20)
        #expect(m.tracking(at: 34) == -30)
        // "AV" at 17 pt: (600 + 580 - 2 × 30) / 1000 × 17.
        #expect(abs(TextMetrics.width("AV", weight: .regular, size: 17, family: .sanFrancisco, metrics: m) - 1120.0 / 1000 * 17) < 1e-9)
    }

    @Test("trak sizes out of order are an error at the size")
    func trackingOrder() throws {
        var b = B.standard()
        var trak = B.trak(normal: [0, 0, 0])
        // Sizes start after the header (12), track data (8) and 3 entries (24): make the second size 8.
        trak[48...51] = [0, 8, 0, 0]
        b.tables["trak"] = trak
        #expect(
            throws: FontError(
                table: "trak", offset: try offset(of: "trak", in: b) + 48, message: "track sizes are not increasing (8.0 after 9.0)")
        ) {
            try metrics(b)
        }
    }

    @Test("Apple's kern table (version 1.0) kerns pairs of glyphs")
    func appleKern() throws {
        var b = B.standard()
        b.tables["kern"] = B.appleKern([(1, 2, -80), (2, 1, -70)])
        let m = try metrics(b)
        #expect(m.kerning(["A", "V", "A"].map { m.glyph($0) }) == -150)
        #expect(m.kerning(["A", "B"].map { m.glyph($0) }) == 0)
        #expect(TextMetrics.width("AV", weight: .regular, size: 1000, family: .sanFrancisco, metrics: m) == 1100)
    }

    @Test("characters the font lacks measure with the calibrated tables, and break kerning there")
    func fallback() throws {
        var b = B.standard()
        b.tables["kern"] = B.appleKern([(1, 2, -80)])
        let m = try metrics(b)
        // 'x' is not in the font: the calibrated San Francisco table's 500 thousandths, at 1000 pt 500.
        let calibrated = TextMetrics.width("x", size: 1000)
        #expect(TextMetrics.width("AxV", weight: .regular, size: 1000, family: .sanFrancisco, metrics: m) == 1180 + calibrated)
        // CJK: 1 em each in the calibrated model.
        #expect(abs(TextMetrics.width("A照片", weight: .regular, size: 17, family: .sanFrancisco, metrics: m) - (0.6 * 17 + 34)) < 1e-9)
    }

    @Test("a collection: faces by index and by name")
    func collection() throws {
        var second = B.standard()
        second.tables["name"] = B.name(["Test Mono", "Regular", "Test Mono Regular", "TestMono-Regular"])
        second.tables["head"] = B.head(unitsPerEm: 2048)
        let file = try FontFile(bytes: B.collection([B.standard(), second]))
        #expect(file.isCollection)
        #expect(try file.face(named: "Test Mono").unitsPerEm == 2048)
        #expect(try file.face(at: 0).unitsPerEm == 1000)
        let font = try TextFont.read(bytes: B.collection([B.standard(), second]), file: "t.ttc", face: .name("TestMono-Regular"))
        #expect(font.face == "Test Mono Regular")
        #expect(font.regular.unitsPerEm == 2048)
    }

    @Test("broken headers: each a precise error")
    func headers() {
        func error(_ bytes: [UInt8]) -> FontError? {
            do {
                _ = try FontFile(bytes: bytes).face(at: 0).metrics()
                return nil
            } catch { return error }
        }
        #expect(error([]) == FontError(table: "sfnt", offset: 0, message: "the file is 0 bytes, too short for a font header"))
        #expect(error(Array("wOFF0000".utf8))?.message == "not an OpenType or TrueType face (version 0x774f4646)")
        #expect(
            error(Array("ttcf".utf8) + u16(1) + u16(0) + u32(0))
                == FontError(table: "ttcf", offset: 8, message: "the collection holds no face"))
        #expect(
            error(Array("ttcf".utf8) + u16(1) + u16(0) + u32(3) + u32(0))
                == FontError(table: "ttcf", offset: 12, message: "the offsets of 3 faces (12 bytes) runs past the table's end at byte 16"))
        var standard = B.standard()
        standard.tables["head"] = nil
        #expect(error(standard.bytes())?.message == "the face has no 'head' table")
        standard = B.standard()
        standard.tables["head"] = B.head(unitsPerEm: 5)
        #expect(error(standard.bytes())?.message == "unitsPerEm 5 is outside 16...16384")
        // A table directory entry that reaches past the file.
        var bytes = B.standard().bytes()
        bytes[12 + 8...12 + 11] = [0x7F, 0, 0, 0]
        #expect(error(bytes)?.table == "sfnt")
        #expect(error(bytes)?.offset == 20)
    }

    /// The absolute offset of a table in the built font.
    func offset(of tag: String, in b: FontBuilder) throws -> Int {
        let bytes = b.bytes()
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        let i = try #require((0..<count).first { bytes[12 + $0 * 16..<16 + $0 * 16].elementsEqual(tag.utf8) })
        let p = 12 + i * 16 + 8
        return Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
    }

    @Test("every table cut short, at every length: an error in that table or a reading that still holds, never a crash")
    func truncatedTables() throws {
        var base = B.standard()
        base.tables["trak"] = B.trak(normal: [20, 0, -30])
        base.tables["kern"] = B.appleKern([(1, 2, -80)])
        var errors = 0
        for tag in base.tables.keys.sorted() {
            let full = base.tables[tag]!
            for length in 0..<full.count {
                var b = base
                b.tables[tag] = Array(full.prefix(length))
                do {
                    _ = try metrics(b)
                } catch {
                    errors += 1
                    #expect(error.table == tag, "\(tag) cut to \(length): \(error)")
                    let start = try offset(of: tag, in: b)
                    #expect(error.offset >= start && error.offset <= start + full.count, "\(tag) cut to \(length): \(error)")
                }
            }
        }
        #expect(errors > 300)
    }

    @Test("random bytes written over a real font's tables: errors or metrics, never a crash or a hang")
    func garbled() throws {
        let path = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
        let original = try ReferenceFontTests.bytes(try #require(ReferenceFontTests.reference.faces.first { $0.file == path }))
        let face = try FontFile(bytes: original).face(at: 0)
        var rng = SplitMix64(seed: 0x6E61_7664)
        var outcomes: [String: Int] = [:]
        let tags = ["cmap", "hhea", "hmtx", "GPOS", "GDEF", "HVAR", "fvar", "name"]
        for tag in tags {
            let t = try #require(face.tables[tag])
            for _ in 0..<12 {
                var bytes = original
                for _ in 0..<8 {
                    // Mostly the table's first bytes, where its header and offsets are.
                    let reach = Bool.random(using: &rng) ? min(t.length, 64) : t.length
                    bytes[t.offset + Int.random(in: 0..<reach, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                do {
                    _ = try TextFont.read(bytes: bytes, file: "garbled")
                    outcomes["read", default: 0] += 1
                } catch {
                    outcomes[error.table, default: 0] += 1
                }
            }
        }
        #expect(outcomes.values.reduce(0, +) == 12 * tags.count)
        #expect(outcomes.count > 3, "\(outcomes)")
    }
}

extension FontMetrics.TrackPoint: CustomStringConvertible {
    public var description: String { "\(size): \(value)" }
}

extension FontReaderTests {
    /// Inter's variable roman with some tables' tags renamed in the table directory, so the reader does not see them.
    func interHiding(_ tags: [String]) throws -> (bytes: [UInt8], reference: [ReferenceFontTests.Reference.Face]) {
        let path = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
        let reference = ReferenceFontTests.reference.faces.filter { $0.file == path }
        var bytes = try ReferenceFontTests.bytes(try #require(reference.first))
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for tag in tags {
            let record = try #require((0..<count).first { bytes[12 + $0 * 16..<16 + $0 * 16].elementsEqual(tag.utf8) })
            bytes[12 + record * 16] = UInt8(ascii: "X")
        }
        return (bytes, reference)
    }

    @Test("without HVAR, gvar's phantom points vary the advances: FreeType's at wght 400 and 600")
    func phantomPoints() throws {
        let (bytes, reference) = try interHiding(["HVAR"])
        #expect(reference.map(\.wght) == [400, 600])
        let font = try TextFont.read(bytes: bytes, file: "Inter without HVAR")
        #expect(font.variableWeights)
        for (metrics, face) in zip([font.regular, font.semibold], reference) {
            var mismatches: [String] = []
            for (code, advance) in face.advances {
                let g = try #require(metrics.glyph(Unicode.Scalar(UInt32(code, radix: 16)!)!))
                if metrics.advances[Int(g)] != Int32(advance) { mismatches.append("U+\(code) \(metrics.advances[Int(g)]) ≠ \(advance)") }
            }
            #expect(mismatches.isEmpty, "wght \(face.wght ?? 0): \(mismatches.sorted().prefix(8))")
        }
    }

    @Test("with neither HVAR nor gvar, both weights keep the default instance's advances, and say so")
    func noAdvanceVariations() throws {
        let (bytes, _) = try interHiding(["HVAR", "gvar"])
        let font = try TextFont.read(bytes: bytes, file: "Inter without HVAR and gvar")
        #expect(!font.variableWeights)
        #expect(font.regular.advances == font.semibold.advances)
    }
}

extension FontReaderTests {
    @Test("gvar's phantom points on a small font (fuzz/corpus/font/gvar.ttf): FreeType's advances at wght 600")
    func smallGvar() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fuzz/corpus/font/gvar.ttf")
        let font = try TextFont.read(bytes: [UInt8](try Data(contentsOf: url)), file: "gvar.ttf")
        #expect(font.variableWeights)
        // scripts/gen_font_seeds.py moves each glyph's second phantom point by a tenth of its advance at wght 900;
        // FreeType 2.13.2 (FT_Set_Var_Design_Coordinates 600, FT_LOAD_NO_SCALE) gives A T V a o as below.
        let advances = { (m: FontMetrics) in "ATVao".unicodeScalars.map { m.advances[Int(m.glyph($0)!)] } }
        #expect(advances(font.regular) == [640, 600, 620, 540, 560])
        #expect(advances(font.semibold) == [666, 624, 645, 562, 582])
    }
}

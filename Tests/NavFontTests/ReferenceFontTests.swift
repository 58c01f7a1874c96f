import Foundation
import NavFont
import NavModel
import Testing

/// navd's reader against FreeType's advances and HarfBuzz's kerned widths of open fonts Debian installs
/// (`scripts/gen_font_fixtures.py` wrote Tests/Fixtures/fonts/reference.json from them; `make test-deps`
/// installs the packages).
@Suite("Font metrics against FreeType and HarfBuzz")
struct ReferenceFontTests {
    struct Reference: Decodable {
        struct Face: Decodable {
            struct Width: Decodable {
                var text: String
                var width: Double
            }
            var package: String
            var version: String
            var file: String
            var size: Int
            var checksum: String
            var face: Int
            var fullName: String
            var unitsPerEm: Int
            var wght: Double?
            var advances: [String: Int]
            var strings: [Width]
            var kernTable: [String: Int]?
            var kernTableStrings: [Width]?
        }
        var faces: [Face]
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fonts/reference.json")
        // The fixture is committed: a failure to read it is a broken checkout, and every test below fails.
        guard let data = try? Data(contentsOf: url), let r = try? JSONDecoder().decode(Reference.self, from: data) else {
            return Reference(faces: [])
        }
        return r
    }()

    /// The font's bytes, checked to be the version the fixture was made from.
    static func bytes(_ face: Reference.Face) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: face.file) else {
            throw Missing(message: "\(face.file) is not installed: apt-get install \(face.package) (make test-deps)")
        }
        guard data.count == face.size else {
            throw Missing(
                message:
                    "\(face.file) is \(data.count) bytes, not the \(face.size) of \(face.package) \(face.version): regenerate the fixture (make font-fixtures)"
            )
        }
        return [UInt8](data)
    }

    struct Missing: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func metrics(_ face: Reference.Face) throws -> FontMetrics {
        let file = try FontFile(bytes: bytes(face))
        return try file.face(at: face.face).metrics(axes: face.wght.map { ["wght": $0] } ?? [:])
    }

    static var cases: [Int] { Array(reference.faces.indices) }

    static func label(_ face: Reference.Face) -> String {
        "\(face.fullName)\(face.wght.map { " wght \(Int($0))" } ?? "")"
    }

    @Test("the fixture lists the faces it was made for")
    func fixtureRead() {
        let files = Set(Self.reference.faces.map(\.file).map { ($0 as NSString).lastPathComponent })
        #expect(files == ["DejaVuSans.ttf", "Inter-roman.var.ttf", "wqy-microhei.ttc", "Cantarell-Regular.otf"])
    }

    @Test("every advance is FreeType's, in font units", arguments: cases)
    func advances(_ i: Int) throws {
        let face = Self.reference.faces[i]
        let m = try Self.metrics(face)
        #expect(m.unitsPerEm == face.unitsPerEm)
        var mismatches: [String] = []
        for (code, advance) in face.advances {
            let scalar = Unicode.Scalar(UInt32(code, radix: 16)!)!
            guard let g = m.glyph(scalar) else {
                mismatches.append("U+\(code) unmapped")
                continue
            }
            if m.advances[Int(g)] != Int32(advance) { mismatches.append("U+\(code) \(m.advances[Int(g)]) ≠ \(advance)") }
        }
        #expect(face.advances.count > 150, "\(Self.label(face))")
        #expect(mismatches.isEmpty, "\(Self.label(face)): \(mismatches.sorted().prefix(10))")
    }

    @Test("strings measure as HarfBuzz sets them, kerning included", arguments: cases)
    func strings(_ i: Int) throws {
        let face = Self.reference.faces[i]
        let m = try Self.metrics(face)
        #expect(!face.strings.isEmpty)
        for s in face.strings {
            // At a size of one em per point the width is in font units.
            let ours = TextMetrics.width(s.text, weight: .regular, size: Double(m.unitsPerEm), family: .sanFrancisco, metrics: m)
            #expect(abs(ours - s.width) < 0.001, "\(Self.label(face)) '\(s.text)': \(ours) ≠ \(s.width)")
        }
    }

    @Test("kerning changes some widths: the comparison above is not of advances alone")
    func kerningMatters() throws {
        var kerned = 0
        for face in Self.reference.faces {
            let m = try Self.metrics(face)
            for s in face.strings {
                let glyphs = s.text.map { m.glyph($0.unicodeScalars.first!) }
                if m.kerning(glyphs) != 0 { kerned += 1 }
            }
        }
        #expect(kerned >= 20)
    }

    @Test("the kern table, with GPOS hidden, kerns as FreeType and HarfBuzz read it")
    func kernTable() throws {
        let face = try #require(Self.reference.faces.first { $0.kernTable != nil })
        var bytes = try Self.bytes(face)
        // Rename GPOS in the table directory, as the script did for HarfBuzz.
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        let record = try #require((0..<count).first { bytes[12 + $0 * 16..<16 + $0 * 16].elementsEqual("GPOS".utf8) })
        bytes[12 + record * 16] = UInt8(ascii: "X")
        let m = try FontFile(bytes: bytes).face(at: face.face).metrics()
        #expect(m.kerning.count == 1)
        for (pair, value) in try #require(face.kernTable) {
            let glyphs = pair.unicodeScalars.map { m.glyph($0) }
            #expect(m.kerning(glyphs) == value, "'\(pair)'")
        }
        for s in try #require(face.kernTableStrings) {
            let ours = TextMetrics.width(s.text, weight: .regular, size: Double(m.unitsPerEm), family: .sanFrancisco, metrics: m)
            #expect(abs(ours - s.width) < 0.001, "'\(s.text)': \(ours) ≠ \(s.width)")
        }
    }

    @Test("a collection's face is found by index and by name, and its names are read")
    func collection() throws {
        let face = try #require(Self.reference.faces.first { $0.file.hasSuffix(".ttc") })
        let file = try FontFile(bytes: Self.bytes(face))
        #expect(file.isCollection)
        #expect(file.faceOffsets.count == 2)
        let byName = try file.face(named: face.fullName)
        #expect(byName.index == face.face)
        #expect(try file.face(named: face.fullName.uppercased()).index == face.face)
        #expect(try file.face(at: 0).displayName == "WenQuanYi Micro Hei")
        #expect(throws: FontError.self) { try file.face(named: "Helvetica") }
        do {
            _ = try file.face(at: 2)
            Issue.record("face 2 of 2 was read")
        } catch {
            #expect(error.table == "ttcf")
            #expect(error.message == "no face 2: the file holds 2")
        }
    }

    @Test("a variable face's weights: 600 sets wider than 400, both as FreeType and fontTools' instancer say")
    func weights() throws {
        let inter = Self.reference.faces.filter { $0.file.contains("Inter") }
        #expect(inter.map(\.wght) == [400, 600])
        let font = try TextFont.read(bytes: Self.bytes(inter[0]), file: inter[0].file)
        #expect(font.variableWeights)
        #expect(font.face == "Inter")
        for (metrics, face) in zip([font.regular, font.semibold], inter) {
            let b = try #require(metrics.glyph("B"))
            #expect(metrics.advances[Int(b)] == Int32(try #require(face.advances["0042"])))
        }
        #expect(TextMetrics.width("Settings", weight: .semibold, font: font) > TextMetrics.width("Settings", font: font))
    }

    @Test("a static face measures both weights with its one set of metrics")
    func staticFace() throws {
        let face = try #require(Self.reference.faces.first { $0.file.hasSuffix("DejaVuSans.ttf") })
        let font = try TextFont.read(bytes: Self.bytes(face), file: "DejaVuSans.ttf")
        #expect(!font.variableWeights)
        #expect(font.face == "DejaVu Sans")
        #expect(TextMetrics.width("Back", font: font) == TextMetrics.width("Back", weight: .semibold, font: font))
        // 'Back' is 4972 units of 2048 at 17 pt.
        #expect(abs(TextMetrics.width("Back", font: font) - 4972.0 / 2048 * 17) < 1e-9)
    }
}

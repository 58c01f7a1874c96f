import Foundation
import NavModel
import Testing

@testable import NavFontFiles

/// Where a Mac keeps San Francisco (docs/semantics.md, "Text widths"), laid out under a scratch root with an open
/// font standing in for SFUI.ttf: the order the candidates are tried in, and the first that reads.
@Suite("San Francisco's places on a Mac")
struct MacFontPathTests {
    static let standIn = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// A scratch root holding `files` (paths under the root), each a copy of the stand-in font or, for a name ending
    /// in `.broken`, a file that is no font (written as `SFUI.ttf`).
    func root(_ files: [String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navd-macfonts-\(UUID().uuidString)").path
        for file in files {
            let broken = file.hasSuffix(".broken")
            let path = root + (broken ? String(file.dropLast(".broken".count)) : file)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if broken {
                try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
            } else {
                try FileManager.default.copyItem(atPath: Self.standIn, toPath: path)
            }
        }
        return root
    }

    static let runtimes = "/Library/Developer/CoreSimulator/Profiles/Runtimes"
    static func runtimeFont(_ runtime: String, _ folder: String, volume: String? = nil) -> String {
        let base = volume.map { "/Library/Developer/CoreSimulator/Volumes/\($0)\(runtimes)" } ?? runtimes
        return "\(base)/\(runtime).simruntime/Contents/Resources/RuntimeRoot/System/Library/Fonts/\(folder)/SFUI.ttf"
    }

    @Test("the newest simulator runtime first, wherever it is installed; Fonts/Core from iOS 17, Fonts/CoreUI before")
    func order() throws {
        let files = [
            Self.runtimeFont("iOS 16.4", "CoreUI"), Self.runtimeFont("iOS 9.3", "CoreUI"),
            Self.runtimeFont("iOS 17.0", "Core"), Self.runtimeFont("iOS 18.2", "Core", volume: "iOS_22C150"),
            Self.runtimeFont("iOS 10.3", "CoreUI", volume: "iOS_14E269"),
        ]
        let root = try root(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let candidates = FontFiles.sanFranciscoCandidates(root: root)
        #expect(
            candidates == [
                root + files[3], root + files[2], root + files[0], root + files[4], root + files[1],
                root + "/System/Library/Fonts/SFNS.ttf", root + "/System/Library/Fonts/SFNSText.ttf",
            ])
        // The first that reads is taken.
        #expect(FontFiles.firstReadable(candidates)?.file == root + files[3])
    }

    @Test("a runtime whose font does not read is passed over; with no runtime, the Mac's own SFNS.ttf")
    func fallbacks() throws {
        let broken = try root([Self.runtimeFont("iOS 18.0", "Core") + ".broken", Self.runtimeFont("iOS 17.5", "Core")])
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(
            FontFiles.firstReadable(FontFiles.sanFranciscoCandidates(root: broken))?.file == broken + Self.runtimeFont("iOS 17.5", "Core"))

        let system = try root(["/System/Library/Fonts/SFNSText.ttf"])
        defer { try? FileManager.default.removeItem(atPath: system) }
        #expect(
            FontFiles.firstReadable(FontFiles.sanFranciscoCandidates(root: system))?.file == system + "/System/Library/Fonts/SFNSText.ttf")

        let empty = try root([])
        #expect(FontFiles.sanFranciscoCandidates(root: empty).count == 2)
        #expect(FontFiles.firstReadable(FontFiles.sanFranciscoCandidates(root: empty)) == nil)
    }

    @Test("runtime names compare by their numbers")
    func runtimeNames() {
        #expect(FontFiles.newerRuntime("iOS 10.3.simruntime", than: "iOS 9.3.simruntime"))
        #expect(FontFiles.newerRuntime("iOS 18.2.simruntime", than: "iOS 18.1.simruntime"))
        #expect(!FontFiles.newerRuntime("iOS 17.0.simruntime", than: "iOS 17.0.simruntime"))
        #expect(FontFiles.newerRuntime("iOS 17.0.1.simruntime", than: "iOS 17.0.simruntime"))
    }
}

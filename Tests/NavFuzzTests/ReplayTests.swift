import Foundation
import NavProtocol
import Testing

@testable import NavFuzz

/// Every seed of every fuzz target, and every input that once crashed one, runs through the target in the
/// ordinary build: each must return (a crash here is a regression). `make fuzz` explores from the same seeds.
@Suite("Fuzz targets: seed corpora and past crashes")
struct ReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fuzz")

    static func inputs(_ folder: String, _ target: FuzzTarget) -> [URL] {
        let directory = root.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { directory.appendingPathComponent($0) }
    }

    @Test("each target returns for every seed of its committed corpus", arguments: FuzzTarget.allCases)
    func corpus(target: FuzzTarget) throws {
        let seeds = Self.inputs("corpus", target)
        #expect(!seeds.isEmpty, "fuzz/corpus/\(target.rawValue) is empty: run make fuzz-corpus")
        for seed in seeds { target.run(Array(try Data(contentsOf: seed))) }
    }

    @Test("each target returns for every input that once crashed it", arguments: FuzzTarget.allCases)
    func regressions(target: FuzzTarget) throws {
        for input in Self.inputs("regressions", target) { target.run(Array(try Data(contentsOf: input))) }
    }

    /// The replay above passes for a folder that is missing or misnamed; this holds it to existing, to holding
    /// inputs, and to naming only real targets (fuzz/regressions/README.md says where each input comes from).
    @Test("fuzz/regressions holds inputs, each in the folder of a target that exists")
    func regressionsPresent() throws {
        let folder = Self.root.appendingPathComponent("regressions")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        var isDirectory: ObjCBool = false
        let targets = entries.filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        #expect(Set(targets).isSubset(of: FuzzTarget.allCases.map(\.rawValue)), "\(targets)")
        let inputs = FuzzTarget.allCases.flatMap { Self.inputs("regressions", $0) }
        #expect(inputs.count >= 8, "\(inputs.map(\.lastPathComponent))")
        // The two kinds of past fix kept here: json-c's admissions refused by the strict scan, and storyboards
        // refused before XMLParser.
        #expect(!Self.inputs("regressions", .json).isEmpty && !Self.inputs("regressions", .storyboard).isEmpty)
    }

    @Test("the params target decodes the params and results of every method the daemon answers (the two notifications take none)")
    func everyMethod() {
        let names = Set(FuzzTarget.methods.map { $0.name })
        #expect(names.count == FuzzTarget.methods.count)
        #expect(names == Set(Messages.methods).subtracting(["$/cancelRequest", "exit"]))
    }
}

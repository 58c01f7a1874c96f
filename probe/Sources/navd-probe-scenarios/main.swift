// Writes the document of every scenario (ProbeScenarios) to DIRECTORY/NAME.navd.json, and DIRECTORY/expected.tsv:
// one line per document, its file name, a tab, and the codes navctl lint must report (comma-separated, sorted; empty
// for a clean shape). scripts/check_documents.sh lints the documents and validates them against the JSON Schema.
import Foundation
import ProbeScenarios

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let directory = arguments.first else {
    FileHandle.standardError.write(Data("usage: navd-probe-scenarios DIRECTORY\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: directory, isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var expected = ""
    for scenario in Scenario.all {
        let file = scenario.name + ".navd.json"
        try scenario.document().write(to: folder.appendingPathComponent(file))
        expected += file + "\t" + scenario.expectedCodes.joined(separator: ",") + "\n"
    }
    try Data(expected.utf8).write(to: folder.appendingPathComponent("expected.tsv"))
} catch {
    FileHandle.standardError.write(Data("navd-probe-scenarios: \(error)\n".utf8))
    exit(1)
}

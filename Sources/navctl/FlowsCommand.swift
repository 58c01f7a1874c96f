import ArgumentParser
import Foundation
import JSONCore
import NavLint
import NavLocal
import NavModel
import NavProject
import NavProtocol

/// `navctl flows PATH... -o FOLDER`: the flows an app's source shows, as session documents.
struct FlowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flows",
        abstract: "Write the navigation flows an app's source shows as session documents.",
        discussion: """
            Each project under the paths (as navctl lint finds them) is read as one flow; every path from a root \\
            screen along the pushes the source shows becomes one session document, which every query command \\
            (hit, layout, render, back-title, lint) takes with --file. Values the source leaves to run time \\
            (a title from a server) are placeholders in the documents. Without --output, the flows are listed.
            """)

    @Argument(help: "Folders or source files to read.")
    var paths: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Write one document per flow into this folder.", valueName: "folder"))
    var output: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one folder or source file") }
    }

    func run() throws {
        let out = Output()
        let (projects, problems) = ProjectDiscovery.discover(paths, configuration: nil)
        for problem in problems {
            out.errorText("\(problem.location.file):\(problem.location.line):\(problem.location.column): error: \(problem.message)")
        }
        var written = 0
        if let output { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        for project in projects {
            let source = SourceLint.project(project)
            for flow in SourceLinter.flows(source) {
                let (name, model) = (flow.name, flow.model)
                written += 1
                guard let output else {
                    out.line("\(project.name): \(name)")
                    continue
                }
                let file = "\(output)/\(String(format: "%03d", written))-\(Self.fileName(name)).navd.json"
                let document = SessionDocument.encode(name: "\(project.name): \(name)", model: model)
                try Data((document.prettySerialized() + "\n").utf8).write(to: URL(fileURLWithPath: file))
                out.line(file)
            }
        }
        if written == 0 { out.errorText("no flow found: no screen pushes another in the source read") }
        if !problems.isEmpty { throw ExitCode(ExitStatus.usage) }
    }

    /// A file name from a flow's name: its first and last screen, letters and digits only.
    static func fileName(_ flow: String) -> String {
        let parts = flow.components(separatedBy: " > ")
        let ends = parts.count > 1 ? [parts[0], parts[parts.count - 1]] : parts
        return ends.map { String($0.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.prefix(40)) }.joined(separator: "-")
    }
}

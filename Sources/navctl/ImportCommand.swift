import ArgumentParser
import Foundation
import JSONCore
import NavImport

/// `navctl import FILE|-`: a debugger dump of a running app as a session document.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a debugger dump of a running app (recursiveDescription, and optionally _printHierarchy) into a session document.",
        discussion: """
            In the debugger of the running app:
              po [[UIWindow keyWindow] recursiveDescription]
              po [[[UIWindow keyWindow] rootViewController] _printHierarchy]
            Save what they print in one file, then: navctl import dump.txt -o flow.navd.json && navctl lint flow.navd.json
            What the dump cannot show gets the default; each guess is a line of the document's notes and of stderr.
            """)

    @Argument(help: ArgumentHelp("The dump, or - to read it from stdin.", valueName: "file")) var file: String
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the document here instead of stdout.", valueName: "file")) var output: String?

    func run() throws {
        let out = Output()
        let text = try JSONArguments.read(file)
        let name = file == "-" ? "<stdin>" : file
        let result: NavImport.Result
        do {
            result = try NavImport.importDump(text)
        } catch {
            out.errorText("\(name):\(max(1, error.line)): error: \(error.message)")
            throw ExitCode(ExitStatus.usage)
        }
        try out.emit(result.document.prettySerialized() + "\n", to: output)
        for note in result.notes { out.errorText("note: \(note)") }
    }
}

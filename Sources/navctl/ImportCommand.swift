import ArgumentParser
import Foundation
import JSONCore
import NavImport
import NavModel
import NavProject

/// `navctl import FILE|-`: what a debugger or a UI-test rig prints of a running app, as a session document.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Turn what a running app prints (an lldb recursiveDescription, an XCUITest element tree, an Appium page source) into a session document.",
        discussion: """
            The input is told by its content:
              lldb:     po [[UIWindow keyWindow] recursiveDescription]  (optionally followed by _printHierarchy)
              XCUITest: po app, or print(XCUIApplication().debugDescription)
              Appium:   driver.page_source (XML), or WebDriverAgent's /source?format=json
            navctl import dump.txt -o flow.navd.json && navctl lint flow.navd.json
            What the input cannot show gets the default; each guess is a line of the document's notes and of stderr.
            """)

    @Argument(help: ArgumentHelp("The input, or - to read it from stdin.", valueName: "file")) var file: String
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the document here instead of stdout.", valueName: "file")) var output: String?
    @Option(
        help: ArgumentHelp(
            "The profile, when you know the iOS version: ios10 … ios26, or a version (ios18 stands for ios17).", valueName: "profile"))
    var profile: String?

    func run() throws {
        let out = Output()
        let name = file == "-" ? "<stdin>" : file
        var profileNotes: [String] = []
        var chosen: Profile?
        if let profile {
            chosen = Profile(rawValue: profile)
            if chosen == nil, let standing = Profile.standing(for: profile) {
                let versions = standing.coveredMajorVersions
                let range =
                    versions.upperBound == Int.max
                    ? "iOS \(versions.lowerBound) and later" : "iOS \(versions.lowerBound) to \(versions.upperBound)"
                profileNotes.append("--profile \(profile) is read as \(standing.rawValue), the profile of \(range)")
                chosen = standing
            }
            guard chosen != nil else {
                let names = Profile.allCases.map(\.rawValue).joined(separator: ", ")
                out.errorText("error: unknown profile '\(profile)' in --profile (profiles: \(names), or an iOS version such as ios18)")
                throw ExitCode(ExitStatus.usage)
            }
        }
        let text = try JSONArguments.read(file)
        let result: NavImport.Result
        do {
            result = try NavImport.importDump(text, profile: chosen)
        } catch {
            out.errorText("\(name):\(max(1, error.line)): error: \(error.message)")
            throw ExitCode(ExitStatus.usage)
        }
        try out.emit(result.document.prettySerialized() + "\n", to: output)
        for note in profileNotes + result.notes { out.errorText("note: \(note)") }
    }
}

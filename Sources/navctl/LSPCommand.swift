import ArgumentParser
import Foundation

/// `navctl lsp`: a language server on standard input and output that publishes navd's findings as diagnostics.
struct LSPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve navigation-bar diagnostics to an editor: a language server (LSP 3.17) on stdin and stdout.",
        discussion: """
            Runs beside the editor's own language server for Swift and Objective-C, as linters' servers do. \
            It reads every project of the workspace (as navctl lint finds them: Xcode targets, packages, folders, \
            with their .navd.yml) in the background, keeps each file's facts, and after each change reads that \
            file again from the editor's buffer and lints its project: a finding that rests on another file (a \
            push from another screen, a base class) is found, and clears when it is fixed. Documents: .swift, \
            .m, .mm, .h, .storyboard, .xib and *.navd.json. Logs go to stderr.
            Exit status: 0 after shutdown and exit, 1 when exit comes without shutdown or the input ends first.
            """)

    @Flag(name: .long, help: "Talk on standard input and output (the only transport; accepted for clients that pass it).")
    var stdio = false

    func run() async throws {
        // A client that goes away must not kill the server in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(output: LSPOutput(), docsURL: DocsLocation.semanticsURL())
        for await inbound in LSPInput.messages() {
            await server.receive(inbound)
        }
        await server.receive(.end)
    }
}

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
            With a daemon on the socket (or started with --start), every flow of the workspace is also a live \
            session there, named "<project>: <flow>" with its origin (workspace, files, flow), updated as the \
            buffers change, so that navctl watch, render and every client see the screens being edited; they are \
            closed at shutdown. Diagnostics, hover and code actions are the same with or without a daemon.
            Exit status: 0 after shutdown and exit, 1 when exit comes without shutdown or the input ends first.
            """)

    @Flag(name: .long, help: "Talk on standard input and output (the only transport; accepted for clients that pass it).")
    var stdio = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The daemon's socket for live sessions (default: $NAVD_SOCKET, $XDG_RUNTIME_DIR/navd/navd.sock, /tmp/navd-<uid>/navd.sock).",
            valueName: "path"))
    var socket: String?

    @Flag(name: .long, help: "Start navd on the socket when nothing answers there (also NAVCTL_AUTOSTART=1).")
    var start = false

    @Flag(name: .long, help: "Keep no live sessions in navd, even when one is running.")
    var noSessions = false

    func run() async throws {
        // A client that goes away must not kill the server in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        let autostart = start || ProcessInfo.processInfo.environment["NAVCTL_AUTOSTART"] == "1"
        let live = noSessions ? nil : LiveSessions(settings: .init(socket: socket, start: autostart))
        let server = LanguageServer(output: LSPOutput(), docsURL: DocsLocation.semanticsURL(), live: live)
        for await inbound in LSPInput.messages() {
            await server.receive(inbound)
        }
        await server.receive(.end)
    }
}

import ArgumentParser
import JSONCore
import NavClient

/// `navctl back-title SESSION [SCREEN]`: what the back button says, why, and its history menu.
struct BackTitleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "back-title",
        abstract: "Show what a screen's back button says, where the text comes from, and its history menu.",
        discussion: """
            Prints e.g. `‹ Settings  (from the previous screen's title)` followed by the long-press \
            history menu, nearest first. --json prints the raw title/back result.
            """)

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(help: "The session id (none with --file).", completion: SessionCompletion.kind) var sessionId: String?
    @Argument(help: "The screen id (default: the top screen; with --file use --screen).") var screenId: String?

    func validate() throws {
        if let screenId, screenId.isEmpty { throw ValidationError("the screen id must not be empty") }
        if document.isFile, sessionId != nil { throw ValidationError("with --file there is no session; name a screen with --screen") }
        if !document.isFile, sessionId == nil { throw ValidationError("give a session id, or --file DOC.navd.json") }
        if screenId != nil, document.screen != nil { throw ValidationError("name the screen once: as an argument or with --screen") }
    }

    func run() async throws {
        let screen = document.isFile ? nil : (screenId ?? document.screen)
        let result = try await document.withSession(options, sessionId) { client, session in
            try await client.backTitle(session, screenId: screen)
        }
        options.output.result(result.json) { Readable.backTitle(result) }
    }
}

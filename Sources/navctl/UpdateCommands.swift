import ArgumentParser
import JSONCore
import NavClient

/// `navctl update screen|bar ...`: change a screen, or a bar's look, in place.
struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Change a screen (screen/update) or a bar's look (bar/update) in place.",
        subcommands: [Screen.self, Bar.self])

    /// `navctl update screen SESSION SCREEN ...`.
    struct Screen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a screen: its title, back action, back button settings, pop gesture.",
            discussion: """
                Example: navctl update screen s1 home --back-item-title ""     (the seed's empty back title)
                         navctl update screen s1 detail --back-action custom
                --changes JSON merges any other members (PROTOCOL.md's Screen), e.g. --changes '{"item":{"rightItems":[]}}'.
                """)

        @OptionGroup var options: ConnectionOptions
        @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String
        @Argument(help: "The screen id.") var screenId: String
        @Option(help: "The view controller's title.") var title: String?
        @OptionGroup var members: ScreenOptions
        @Option(help: ArgumentHelp("Other members to change, as a JSON object (a partial Screen).", valueName: "json")) var changes: String?
        @Option(name: .customLong("if-version"), help: "Only if the session is at this version (else error 1004).") var ifVersion: Int?

        func validate() throws {
            if let changes { try JSONArguments.check(changes, from: "--changes", object: true) }
            if try patch().isEmpty { throw ValidationError("say what to change, e.g. --title, --back-action or --changes") }
        }

        func patch() throws -> JSONObject {
            var o = try changes.map { try JSONArguments.object($0, from: "--changes") } ?? JSONObject()
            o = o.merged(with: try members.members())
            if let title { o["title"] = .string(title) }
            return o
        }

        func run() async throws {
            let changes = JSON.object(try patch())
            try await options.mutate("updated '\(screenId)'") { [sessionId, screenId, ifVersion] in
                try await $0.updateScreen(sessionId, screenId: screenId, changes: changes, ifVersion: ifVersion)
            }
        }
    }

    /// `navctl update bar SESSION [--screen ID] ...`.
    struct Bar: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a bar's look: the session's bar, or one screen's with --screen.",
            discussion: "Example: navctl update bar s1 --bar-tint '#1C1C1E'      (colours as navctl tint takes them; null resets)")

        @OptionGroup var options: ConnectionOptions
        @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String
        @Option(help: ArgumentHelp("The screen whose own bar changes (default: the session-wide bar).", valueName: "id")) var screen:
            String?
        @Option(name: .customLong("bar-tint"), help: ArgumentHelp("barTintColor.", valueName: "color")) var barTint: String?
        @Option(help: ArgumentHelp("tintColor (items); null for the foreground policy's (systemBlue by default).", valueName: "color"))
        var tint: String?
        @Option(name: .customLong("title-color"), help: ArgumentHelp("The title's colour.", valueName: "color")) var titleColor: String?
        @Option(help: "true or false.") var hidden: Bool?
        @Option(help: "true or false.") var translucent: Bool?
        @Option(name: .customLong("if-version"), help: "Only if the session is at this version (else error 1004).") var ifVersion: Int?

        func validate() throws {
            if appearance().isEmpty { throw ValidationError("say what to change, e.g. --bar-tint, --tint, --hidden") }
        }

        func appearance() -> JSONObject {
            func color(_ text: String) -> JSON {
                if text == "null" { return .null }
                if text.hasPrefix("{"), let json = try? JSON.parse(text) { return json }
                return .string(text)
            }
            var o = JSONObject()
            if let barTint { o["barTintColor"] = color(barTint) }
            if let tint { o["tintColor"] = color(tint) }
            if let titleColor { o["titleColor"] = color(titleColor) }
            if let hidden { o["hidden"] = .bool(hidden) }
            if let translucent { o["translucent"] = .bool(translucent) }
            return o
        }

        func run() async throws {
            let which = screen.map { "the bar of '\($0)'" } ?? "the session's bar"
            let appearance = JSON.object(appearance())
            try await options.mutate("updated \(which)") { [sessionId, screen, ifVersion] in
                try await $0.updateBar(sessionId, screenId: screen, appearance: appearance, ifVersion: ifVersion)
            }
        }
    }
}

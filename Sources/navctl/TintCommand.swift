import ArgumentParser
import Foundation
import JSONCore
import NavClient
import NavModel

/// `navctl tint COLOR [--method wcag] [--backdrop C] [--threshold T] [--foreground P]`: the foreground of a bar colour.
struct TintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tint",
        abstract: "Resolve the foreground and title colours for a bar colour.",
        discussion: """
            COLOR is any colour navd accepts: #RGB, #RRGGBB, #RRGGBBAA, rgb(r,g,b), rgba(r,g,b,a) or a UIKit \
            system colour name such as systemBlue or label:dark. Prints the background judged, the items' \
            foreground and the title's colour, the black or white the automatic rule picks, the luminance and \
            both WCAG contrast ratios, with a swatch when stdout is a terminal and NO_COLOR is unset. By default \
            the foreground is UIKit's (systemBlue items, a black title, whatever the bar colour); --foreground \
            automatic gives the black or white of --method instead. --json prints the raw tint/resolve result.
            """)

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(help: "The colour (none with --session or --file: the bar's own colour).") var color: String?
    @Option(
        help: ArgumentHelp("Resolve the bar of this session's top screen (or of --screen).", valueName: "id"),
        completion: SessionCompletion.kind)
    var session: String?
    @Option(help: ArgumentHelp("yiq (default) or wcag.", valueName: "method")) var method: String?
    @Option(help: ArgumentHelp("What a translucent colour is blended over (default white).", valueName: "color"))
    var backdrop: String?
    @Option(help: ArgumentHelp("The yiq luminance line, 0-1 (default 186/256).", valueName: "number"))
    var threshold: Double?
    @Option(
        help: ArgumentHelp(
            "uikit (UIKit's default colours; the default) or automatic (black or white by --method).", valueName: "policy"))
    var foreground: String?

    func validate() throws {
        if let method, method != "yiq", method != "wcag" { throw ValidationError("--method must be yiq or wcag") }
        if let threshold, !(threshold >= 0 && threshold <= 1) { throw ValidationError("--threshold must be from 0 to 1") }
        if let foreground, foreground != "uikit", foreground != "automatic" {
            throw ValidationError("--foreground must be uikit or automatic")
        }
        if session != nil, document.isFile { throw ValidationError("--session and --file both name the bar; give one") }
        if color == nil, session == nil, !document.isFile {
            throw ValidationError("give a colour, --session ID for a session's bar, or --file DOC.navd.json")
        }
        if document.screen != nil, session == nil, !document.isFile { throw ValidationError("--screen goes with --session or --file") }
    }

    func run() async throws {
        var params: JSONObject = [:]
        if let color {
            // A colour given as components, {"r":..,"g":..,"b":..,"a":..}, is sent as that object.
            let trimmed = color.trimmingCharacters(in: .whitespaces)
            params["color"] = trimmed.hasPrefix("{") ? try JSONArguments.parse(trimmed, from: "COLOR") : .string(color)
        }
        if let method { params["method"] = .string(method) }
        if let backdrop { params["backdrop"] = .string(backdrop) }
        if let threshold { params["threshold"] = .number(threshold) }
        if let foreground { params["foreground"] = .string(foreground) }
        let result: TintResult
        if session != nil || document.isFile {
            let screen = document.isFile ? nil : document.screen
            result = try await document.withSession(options, session) { [params] client, id in
                var p = params
                p["sessionId"] = .string(id)
                if let screen { p["screenId"] = .string(screen) }
                return try await client.resolveTint(p)
            }
        } else {
            result = try await options.withClient { [params] in try await $0.resolveTint(params) }
        }
        let swatch = !options.json && Self.colorAllowed
        options.output.result(result.json) { Readable.tint(result, swatch: swatch) }
    }

    /// A swatch only for a terminal, and never when NO_COLOR is set to anything non-empty (no-color.org).
    static var colorAllowed: Bool {
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}

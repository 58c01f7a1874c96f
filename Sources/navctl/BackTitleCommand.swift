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
            var params: JSONObject = ["sessionId": .string(session)]
            if let screen { params["screenId"] = .string(screen) }
            return try await client.request("title/back", .object(params))
        }
        let backTitle = try BackTitleReply(from: result)
        options.output.result(result) { backTitle.readable }
    }
}

/// A `title/back` result, as navctl prints it.
struct BackTitleReply {
    var title: String?
    var display: String
    var source: String
    var truncated: Bool
    var menu: [String]
    var image: (width: Double, height: Double)?
    var hiddenBecause: String?

    init(from json: JSON) throws {
        guard case .object(let o) = json else { throw NavClientError.badReply("title/back: expected an object") }
        func string(_ key: String) throws -> String {
            guard case .string(let s)? = o[key] else { throw NavClientError.badReply("title/back: '\(key)' is not a string") }
            return s
        }
        switch o["title"] {
        case .string(let s)?: title = s
        case .null?, nil: title = nil
        default: throw NavClientError.badReply("title/back: 'title' is not a string or null")
        }
        display = try string("display")
        hiddenBecause = o["hiddenBecause"]?.stringValue
        source = try string("source")
        truncated = o["truncated"]?.boolValue ?? false
        menu = (o["menu"]?.arrayValue ?? []).compactMap(\.stringValue)
        if let w = o["image"]?["width"]?.doubleValue, let h = o["image"]?["height"]?.doubleValue { image = (w, h) }
    }

    /// The button line, then the history menu.
    var readable: String {
        var lines = [button]
        if menu.isEmpty {
            lines.append("history menu: none")
        } else {
            lines.append("history menu (nearest first):")
            for entry in menu { lines.append("  " + (entry.isEmpty ? "(blank)" : entry)) }
        }
        return lines.joined(separator: "\n")
    }

    /// `‹ Settings  (from the previous screen's title)`.
    var button: String {
        switch display {
        case "hidden":
            switch hiddenBecause {
            case "root"?: return "no back button  (the root screen: there is nothing to go back to)"
            case "hidesBackButton"?: return "no back button  (the screen sets hidesBackButton)"
            case "leftItems"?: return "no back button  (the screen's left items replace it)"
            case "hiddenBar"?: return "no back button  (the screen's bar is hidden)"
            case "emptyBackItem"?: return "no back button  (an empty backItem hides it on iOS 26: glassEmptyBackItemHides)"
            default: return "no back button"
            }
        case "arrowOnly":
            return "‹  (arrow only: \(arrowReason))"
        default:
            let label = title ?? image.map { "[image \(Self.number($0.width))×\(Self.number($0.height))]" } ?? ""
            return "‹ \(label)  (\(origin)\(truncationNote))"
        }
    }

    var origin: String {
        switch source {
        case "backItem": return "from the previous screen's backItem"
        case "backButtonTitle": return "from the previous screen's backButtonTitle"
        case "previousTitle": return "from the previous screen's title"
        case "generic": return "the generic title"
        case "backStyle": return "from this screen's backStyle"
        case "policy": return "the emptyBackTitles policy"
        default: return source
        }
    }

    var arrowReason: String {
        switch source {
        case "none": return truncated ? "no title fits the bar" : "minimal display mode"
        case "policy": return "the emptyBackTitles policy"
        case "backItem": return "the previous screen's backItem title is empty"
        case "backButtonTitle": return "the previous screen's backButtonTitle is empty"
        case "previousTitle": return "the previous screen's title is empty"
        case "backStyle": return "this screen's backStyle title is empty"
        default: return source
        }
    }

    var truncationNote: String {
        guard truncated else { return "" }
        return source == "backStyle" ? "; too long, cut on screen" : "; the preferred title does not fit"
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

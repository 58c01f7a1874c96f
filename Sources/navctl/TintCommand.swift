import ArgumentParser
import Foundation
import JSONCore
import NavClient

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
        let result: JSON
        if session != nil || document.isFile {
            let screen = document.isFile ? nil : document.screen
            result = try await document.withSession(options, session) { [params] client, id in
                var p = params
                p["sessionId"] = .string(id)
                if let screen { p["screenId"] = .string(screen) }
                return try await client.request("tint/resolve", .object(p))
            }
        } else {
            result = try await options.withClient { [params] in try await $0.request("tint/resolve", .object(params)) }
        }
        let tint = try TintReply(from: result)
        let swatch = !options.json && Self.colorAllowed
        options.output.result(result) { tint.readable(swatch: swatch) }
    }

    /// A swatch only for a terminal, and never when NO_COLOR is set to anything non-empty (no-color.org).
    static var colorAllowed: Bool {
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}

/// A `tint/resolve` result, as navctl prints it.
struct TintReply {
    var background: String
    var foreground: String
    var method: String
    var luminance: Double
    var contrastBlack: Double
    var contrastWhite: Double
    var source: String
    var declared: String?
    /// The extensions, absent from a daemon without them (whose foreground was always the automatic one).
    var foregroundPolicy: String
    var automaticForeground: String
    var titleColor: String?

    init(from json: JSON) throws {
        func string(_ key: String) throws -> String {
            guard let s = json[key]?.stringValue else { throw NavClientError.badReply("tint/resolve: '\(key)' is not a string") }
            return s
        }
        func number(_ value: JSON?, _ key: String) throws -> Double {
            guard let d = value?.doubleValue else { throw NavClientError.badReply("tint/resolve: '\(key)' is not a number") }
            return d
        }
        background = try string("background")
        foreground = try string("foreground")
        method = try string("method")
        source = try string("source")
        luminance = try number(json["luminance"], "luminance")
        contrastBlack = try number(json["contrast"]?["black"], "contrast.black")
        contrastWhite = try number(json["contrast"]?["white"], "contrast.white")
        declared = json["declared"]?.stringValue
        foregroundPolicy = json["foregroundPolicy"]?.stringValue ?? "automatic"
        automaticForeground = json["automaticForeground"]?.stringValue ?? foreground
        titleColor = json["titleColor"]?.stringValue
    }

    /// Where the foreground comes from, in words.
    var foregroundOrigin: String {
        if source == "forced" { return "set by the app" }
        if foregroundPolicy == "uikit" { return "UIKit's default tint; foreground uikit" }
        return "automatic by \(method); foreground automatic"
    }

    func readable(swatch: Bool) -> String {
        var rows: [[String]] = [
            ["background", background + (declared.map { "  (\($0) blended over the backdrop)" } ?? "")],
            [
                "foreground",
                foreground + "  (" + ([Self.name(foreground), foregroundOrigin].compactMap { $0 }.joined(separator: ", ")) + ")",
            ],
            ["luminance", Self.fixed(luminance, 4) + "  (\(method))"],
            ["contrast", "black \(Self.fixed(contrastBlack, 2)):1, white \(Self.fixed(contrastWhite, 2)):1"],
        ]
        if let titleColor {
            rows.insert(["title", titleColor + (Self.name(titleColor).map { "  (\($0))" } ?? "")], at: 2)
        }
        if foregroundPolicy != "automatic" || source == "forced" {
            let name = Self.name(automaticForeground).map { "\($0) " } ?? ""
            rows.insert(
                ["automatic", automaticForeground + "  (\(name)by \(method), with --foreground automatic)"], at: titleColor == nil ? 2 : 3)
        }
        if swatch, let bg = Self.rgb(background), let fg = Self.rgb(foreground) {
            let title = titleColor.flatMap(Self.rgb) ?? fg
            let sample =
                "\u{1B}[48;2;\(bg.0);\(bg.1);\(bg.2)m\u{1B}[38;2;\(fg.0);\(fg.1);\(fg.2)m  ‹ Back   "
                + "\u{1B}[38;2;\(title.0);\(title.1);\(title.2)mTitle  \u{1B}[0m"
            rows.append(["swatch", sample])
        }
        return Readable.table(rows)
    }

    static func name(_ hex: String) -> String? {
        switch hex.uppercased() {
        case "#000000": return "black"
        case "#FFFFFF": return "white"
        case "#007AFF": return "systemBlue"
        default: return nil
        }
    }

    /// `#RRGGBB` or `#RRGGBBAA` → bytes.
    static func rgb(_ hex: String) -> (Int, Int, Int)? {
        let digits = Array(hex.dropFirst())
        guard hex.first == "#", digits.count == 6 || digits.count == 8 else { return nil }
        func byte(_ i: Int) -> Int? { Int(String(digits[2 * i...2 * i + 1]), radix: 16) }
        guard let r = byte(0), let g = byte(1), let b = byte(2) else { return nil }
        return (r, g, b)
    }

    /// `value` with exactly `places` decimals, rounded half away from zero.
    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled) - whole * Int(scale))
        while fraction.count < places { fraction = "0" + fraction }
        return (value < 0 && scaled != 0 ? "-" : "") + String(whole) + (places > 0 ? "." + fraction : "")
    }
}

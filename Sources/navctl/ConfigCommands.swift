import ArgumentParser
import JSONCore
import NavClient
import NavLocal
import NavModel

/// `--device NAME|WxH [--status-bar N] [--scale N]`: a real device by name, or a size by hand.
struct DeviceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A real device (see `navctl devices`), e.g. iphone-se-1, or a size in points, e.g. 390x844.", valueName: "name|WxH"),
        completion: .list(DevicePreset.all.map(\.name)))
    var device: String?
    @Option(
        name: .customLong("status-bar"), parsing: .unconditional,
        help: ArgumentHelp("Where the bar starts: the status bar's height in points.", valueName: "n"))
    var statusBar: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point: 1, 2 or 3.", valueName: "n"))
    var scale: Double?

    func validate() throws { _ = try json() }

    /// The `device` member: `{"preset": NAME}` or `{width, height}`, with the status bar and scale given; nil when
    /// nothing is.
    func json() throws -> JSON? {
        var o = JSONObject()
        if let device {
            if let preset = DevicePreset.named(device) {
                o["preset"] = .string(preset.name)
            } else if case let listing = DevicePreset.listing(device), listing.count > 1 {
                let names = listing.map { "\($0.name) (\($0.models))" }.joined(separator: " or ")
                throw ValidationError("--device \(device) is more than one device: \(names); give its name")
            } else {
                let parts = device.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0 else {
                    throw ValidationError(
                        "--device must be a device name (`navctl devices` lists them) or WIDTHxHEIGHT in points, e.g. 390x844 (got '\(device)')"
                    )
                }
                o["width"] = .number(width)
                o["height"] = .number(height)
            }
        }
        if let statusBar {
            guard statusBar >= 0, statusBar <= 1000 else { throw ValidationError("--status-bar must be from 0 to 1000 points") }
            o["statusBarHeight"] = .number(statusBar)
        }
        if let scale {
            guard scale >= 1, scale <= 4 else { throw ValidationError("--scale must be from 1 to 4") }
            o["scale"] = .number(scale)
        }
        return o.isEmpty ? nil : .object(o)
    }
}

/// `navctl devices`: the real devices `--device` and `{"preset": NAME}` know.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the real iPhones and iPads --device knows, with their size, status bar and scale.",
        discussion: "A model the list names is a name too (--device iphone-15). Sources for every number: docs/devices.md.")

    @Flag(help: "Print the list as one JSON line.") var json = false

    func run() {
        let output = Output(json: json)
        let list = JSON.array(
            DevicePreset.all.map {
                [
                    "name": .string($0.name), "models": .string($0.models), "width": .number($0.width), "height": .number($0.height),
                    "statusBarHeight": .number($0.statusBarHeight), "scale": .number($0.scale), "idiom": .string($0.idiom.rawValue),
                ]
            })
        output.result(["devices": list]) {
            var rows = [["NAME", "SIZE", "STATUS BAR", "SCALE", "MODELS"]]
            for p in DevicePreset.all {
                rows.append([
                    p.name, "\(BarReadable.number(p.width))x\(BarReadable.number(p.height))",
                    BarReadable.number(p.statusBarHeight), "@\(BarReadable.number(p.scale))x", p.models,
                ])
            }
            return Readable.table(rows)
        }
    }
}

/// `navctl configure SESSION ...`: change a session's profile, device, locale or policies.
struct ConfigureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "configure",
        abstract: "Change a session's profile, device, locale, app languages or policies (session/configure).",
        discussion: """
            Examples: navctl configure s1 --profile ios10 --device iphone-se-1
                      navctl configure s1 --policy backInterception=mask --policy popGesture=disabled
            A --policy value is read as JSON when it is JSON (true, 20, null, {"above":20,"below":15}), else as a string.
            """)

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String
    @Option(
        help: "The layout profile: \(SessionCommand.profiles.joined(separator: ", ")).",
        completion: .list(SessionCommand.profiles)) var profile: String?
    @OptionGroup var device: DeviceOptions
    @Option(help: "The locale, e.g. de-DE.") var locale: String?
    @Option(
        name: .customLong("app-languages"),
        help: ArgumentHelp("The languages the app declares, comma-separated, e.g. en,de.", valueName: "list"))
    var appLanguages: String?
    @Option(name: .customLong("policy"), help: ArgumentHelp("A policy, as NAME=VALUE (repeatable).", valueName: "name=value"))
    var policies: [String] = []
    @Option(name: .customLong("if-version"), help: "Only if the session is at this version (else error 1004).") var ifVersion: Int?

    func validate() throws {
        if let profile, !SessionCommand.profiles.contains(profile) {
            throw ValidationError("unknown profile '\(profile)'; use one of \(SessionCommand.profiles.joined(separator: ", "))")
        }
        _ = try policyObject()
        if profile == nil, try device.json() == nil, locale == nil, appLanguages == nil, policies.isEmpty {
            throw ValidationError("say what to change: --profile, --device, --status-bar, --scale, --locale, --app-languages or --policy")
        }
    }

    func policyObject() throws -> JSONObject {
        var o = JSONObject()
        for entry in policies {
            guard let eq = entry.firstIndex(of: "="), eq != entry.startIndex else {
                throw ValidationError("--policy takes NAME=VALUE, e.g. backInterception=mask (got '\(entry)')")
            }
            let value = String(entry[entry.index(after: eq)...])
            o[String(entry[..<eq])] = (try? JSON.parse(value)) ?? .string(value)
        }
        return o
    }

    func run() async throws {
        var params = JSONObject()
        if let profile { params["profile"] = .string(profile) }
        if let device = try device.json() { params["device"] = device }
        if let locale { params["locale"] = .string(locale) }
        if let appLanguages {
            params["appLocalizations"] = .array(
                appLanguages.split(separator: ",").map { .string(String($0).trimmingCharacters(in: .whitespaces)) })
        }
        let policies = try policyObject()
        if !policies.isEmpty { params["policies"] = .object(policies) }
        try await options.mutate("configured '\(sessionId)'") { [sessionId, params, ifVersion] in
            try await $0.configureSession(sessionId, params, ifVersion: ifVersion)
        }
    }
}

/// `navctl previous-title SESSION [SCREEN]`: the title the back button is built from, and why.
struct PreviousTitleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "previous-title",
        abstract: "Show the previous screen's title a screen's back button starts from, and why (title/previous).")

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The session id.", completion: SessionCompletion.kind) var sessionId: String
    @Argument(help: "The screen id (default: the top screen).") var screenId: String?

    func run() async throws {
        let result = try await options.withClient { [sessionId, screenId] in try await $0.previousTitle(sessionId, screenId: screenId) }
        options.output.result(result.json) { Readable.previousTitle(result) }
    }
}

import ArgumentParser
import JSONCore
import NavClient
import NavLocal

/// `navctl tap SESSION X Y [--if-version N]`: taps the bar and performs what the tap does.
struct TapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Tap window point (X, Y) on the top screen's bar: pop, ask the app, or run the item's action.")

    @OptionGroup var options: ConnectionOptions
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("SESSION X Y: the session and a window point in points.", valueName: "session x y"))
    var values: [String] = []
    @Option(name: .customLong("if-version"), help: "Only if the session is at this version (else error 1004).")
    var ifVersion: Int?

    func validate() throws { _ = try PointArguments.parse(values, file: false) }

    func run() async throws {
        let point = try PointArguments.parse(values, file: false)
        let (sessionId, x, y) = (point.sessionId ?? "", point.x, point.y)
        var params: JSONObject = ["sessionId": .string(sessionId), "point": ["x": .number(x), "y": .number(y)]]
        if let ifVersion { params["ifVersion"] = .number(ifVersion) }
        let result = try await options.withClient { [params] in try await $0.request("bar/tap", .object(params)) }
        options.output.result(result) {
            let hit = result["hit"] ?? .null
            let performed = result["performed"]?.boolValue ?? false
            let version = result["version"]?.intValue.map(String.init) ?? "?"
            let what = BarReadable.target(hit["target"] ?? .null)
            guard performed else {
                return
                    "tapped \(BarReadable.point(x, y)): \(what); nothing was performed (\(BarReadable.inaction(hit))); version \(version)"
            }
            switch hit["action"]?["kind"]?.stringValue {
            case "pop"?:
                return
                    "tapped \(BarReadable.point(x, y)): \(what); popped to '\(hit["action"]?["to"]?.stringValue ?? "?")', now at version \(version)"
            case "customBack"?:
                return
                    "tapped \(BarReadable.point(x, y)): \(what); sent navigation/backRequested, the stack is unchanged (version \(version))"
            case "itemAction"?:
                return "tapped \(BarReadable.point(x, y)): \(what); sent navigation/itemTapped (version \(version))"
            default:
                return "tapped \(BarReadable.point(x, y)): \(what) (version \(version))"
            }
        }
    }
}

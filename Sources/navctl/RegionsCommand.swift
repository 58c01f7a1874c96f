import ArgumentParser
import JSONCore
import NavClient

/// `navctl regions SESSION`: every touchable area of the top screen's bar.
struct RegionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regions", abstract: "List every touchable area of the top screen's bar and what a tap there does.")

    @OptionGroup var options: ConnectionOptions
    @Argument(help: "The session id.") var sessionId: String

    func run() async throws {
        let result = try await options.withClient { try await $0.request("bar/hitRegions", ["sessionId": .string(sessionId)]) }
        options.output.result(result) {
            let regions = result["regions"]?.arrayValue ?? []
            var rows: [[String]] = [["X", "Y", "WIDTH", "HEIGHT", "TARGET", "ACTION"]]
            for r in regions {
                let f = r["frame"] ?? .null
                var action = BarReadable.action(r["action"] ?? .null)
                if let reason = r["reason"]?.stringValue { action += " (\(reason))" }
                if r["viaSlop"]?.boolValue == true { action += ", via touch slop" }
                rows.append(
                    [
                        BarReadable.number(f["x"]), BarReadable.number(f["y"]), BarReadable.number(f["width"]),
                        BarReadable.number(f["height"]), BarReadable.target(r["target"] ?? .null), action,
                    ])
            }
            return "\(Readable.count(regions.count, "region")) on the bar of '\(sessionId)', window coordinates:\n" + Readable.table(rows)
        }
    }
}

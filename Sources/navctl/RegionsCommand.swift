import ArgumentParser
import JSONCore
import NavClient

/// `navctl regions SESSION`: every touchable area of the top screen's bar.
struct RegionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regions", abstract: "List every touchable area of the top screen's bar and what a tap there does.")

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(help: "The session id (none with --file).") var sessionId: String?

    func validate() throws { _ = try document.session(sessionId) }

    func run() async throws {
        let result = try await document.withSession(options, sessionId) { client, session in
            try await client.request("bar/hitRegions", ["sessionId": .string(session)])
        }
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
            return "\(Readable.count(regions.count, "region")) on the bar of '\(sessionId ?? document.file ?? "")', window coordinates:\n"
                + Readable.table(rows)
        }
    }
}

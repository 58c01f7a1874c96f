import ArgumentParser
import JSONCore
import NavClient
import NavLocal

/// `navctl regions SESSION`: every touchable area of the top screen's bar.
struct RegionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regions", abstract: "List every touchable area of the top screen's bar and what a tap there does.")

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(help: "The session id (none with --file).", completion: SessionCompletion.kind) var sessionId: String?

    func validate() throws { _ = try document.session(sessionId) }

    func run() async throws {
        let result = try await document.withSession(options, sessionId) { client, session in
            try await client.request("bar/hitRegions", ["sessionId": .string(session)])
        }
        let subject = sessionId ?? document.file ?? ""
        options.output.result(result) { Self.readable(result["regions"]?.arrayValue ?? [], subject: subject) }
    }

    /// One row per touchable area. Rows that continue one another (the same target and action over the same
    /// x span, one right below the other) are one row: the touch slop's bands are named in it, not split off.
    static func readable(_ regions: [JSON], subject: String) -> String {
        guard !regions.isEmpty else { return "no touchable areas on the bar of '\(subject)': a tap there reaches nothing on the bar" }
        struct Row {
            var x: Double, y: Double, width: Double, height: Double
            var target: JSON, action: JSON, reason: String?
            var slopBands: [(Double, Double)]
        }
        var rows: [Row] = []
        for r in regions {
            let f = r["frame"] ?? .null
            guard let x = f["x"]?.doubleValue, let y = f["y"]?.doubleValue, let w = f["width"]?.doubleValue,
                let h = f["height"]?.doubleValue
            else { continue }
            let target = r["target"] ?? .null
            let action = r["action"] ?? .null
            let reason = r["reason"]?.stringValue
            let slop = r["viaSlop"]?.boolValue == true
            if let i = rows.firstIndex(where: {
                $0.x == x && $0.width == w && abs($0.y + $0.height - y) < 1e-6 && $0.target == target && $0.action == action
                    && $0.reason == reason
            }) {
                rows[i].height += h
                if slop { rows[i].slopBands.append((y, y + h)) }
            } else {
                rows.append(
                    Row(
                        x: x, y: y, width: w, height: h, target: target, action: action, reason: reason, slopBands: slop ? [(y, y + h)] : []
                    ))
            }
        }
        var table: [[String]] = [["X", "Y", "WIDTH", "HEIGHT", "TARGET", "ACTION"]]
        for row in rows {
            var action = BarReadable.action(row.action)
            if let reason = row.reason { action += " (\(reason))" }
            if !row.slopBands.isEmpty {
                let whole = row.slopBands.count == 1 && row.slopBands[0].0 == row.y && row.slopBands[0].1 == row.y + row.height
                let bands = row.slopBands.map { "\(BarReadable.number(.number($0.0)))-\(BarReadable.number(.number($0.1)))" }
                action += whole ? ", via touch slop" : ", via touch slop at y \(bands.joined(separator: " and "))"
            }
            table.append(
                [
                    BarReadable.number(.number(row.x)), BarReadable.number(.number(row.y)), BarReadable.number(.number(row.width)),
                    BarReadable.number(.number(row.height)), BarReadable.target(row.target), action,
                ])
        }
        return "\(Readable.count(rows.count, "region")) on the bar of '\(subject)', window coordinates:\n" + Readable.table(table)
    }
}

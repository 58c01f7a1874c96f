import ArgumentParser
import JSONCore
import NavClient
import NavLocal
import NavModel
import NavProtocol

/// `navctl regions SESSION`: every touchable area of the top screen's bar.
struct RegionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regions", abstract: "List every touchable area of the top screen's bar and what a tap there does.")

    @OptionGroup var options: ConnectionOptions
    @OptionGroup var document: DocumentOptions
    @Argument(help: "The session id (none with --file).", completion: SessionCompletion.kind) var sessionId: String?

    func validate() throws { _ = try document.session(sessionId) }

    func run() async throws {
        let regions = try await document.withSession(options, sessionId) { client, session in try await client.hitRegions(session) }
        let subject = sessionId ?? document.file ?? ""
        options.output.result(BarHitRegions.Result(regions).json) { Self.readable(regions, subject: subject) }
    }

    /// One row per touchable area. Rows that continue one another (the same target and action over the same
    /// x span, one right below the other) are one row: the touch slop's bands are named in it, not split off.
    static func readable(_ regions: [HitRegion], subject: String) -> String {
        guard !regions.isEmpty else { return "no touchable areas on the bar of '\(subject)': a tap there reaches nothing on the bar" }
        struct Row {
            var frame: Rect
            var target: HitTarget, action: HitAction, reason: HitReason?
            var slopBands: [(Double, Double)]
        }
        var rows: [Row] = []
        for r in regions {
            let f = r.frame
            if let i = rows.firstIndex(where: {
                $0.frame.minX == f.minX && $0.frame.width == f.width && abs($0.frame.maxY - f.minY) < 1e-6 && $0.target == r.target
                    && $0.action == r.action && $0.reason == r.reason
            }) {
                rows[i].frame.height += f.height
                if r.viaSlop { rows[i].slopBands.append((f.minY, f.maxY)) }
            } else {
                rows.append(
                    Row(frame: f, target: r.target, action: r.action, reason: r.reason, slopBands: r.viaSlop ? [(f.minY, f.maxY)] : []))
            }
        }
        var table: [[String]] = [["X", "Y", "WIDTH", "HEIGHT", "TARGET", "ACTION"]]
        for row in rows {
            var action = BarReadable.action(row.action)
            if let reason = row.reason { action += " (\(reason.rawValue))" }
            if !row.slopBands.isEmpty {
                let whole = row.slopBands.count == 1 && row.slopBands[0].0 == row.frame.minY && row.slopBands[0].1 == row.frame.maxY
                let bands = row.slopBands.map { "\(BarReadable.number($0.0))-\(BarReadable.number($0.1))" }
                action += whole ? ", via touch slop" : ", via touch slop at y \(bands.joined(separator: " and "))"
            }
            let f = row.frame
            table.append(
                [
                    BarReadable.number(f.x), BarReadable.number(f.y), BarReadable.number(f.width), BarReadable.number(f.height),
                    BarReadable.target(row.target), action,
                ])
        }
        return "\(Readable.count(rows.count, "region")) on the bar of '\(subject)', window coordinates:\n" + Readable.table(table)
    }
}

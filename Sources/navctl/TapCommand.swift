import ArgumentParser
import JSONCore
import NavClient
import NavLocal
import NavModel
import NavProtocol

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
        let arguments = try PointArguments.parse(values, file: false)
        let (sessionId, point) = (arguments.sessionId ?? "", arguments.point)
        let result = try await options.withClient { [ifVersion] in try await $0.tap(sessionId, point: point, ifVersion: ifVersion) }
        options.output.result(result.json) { Self.readable(result, point: point) }
    }

    /// What was tapped, and what was done: a pop, a notification sent, or nothing and why.
    static func readable(_ result: BarTap.Result, point: Point) -> String {
        let hit = result.hit
        let tapped = "tapped \(BarReadable.point(point)): \(BarReadable.target(hit.target))"
        guard result.performed else {
            return "\(tapped); nothing was performed (\(BarReadable.inaction(hit))); version \(result.version)"
        }
        switch hit.action {
        case .pop(let to):
            return "\(tapped); popped to '\(to)', now at version \(result.version)"
        case .customBack:
            return "\(tapped); sent navigation/backRequested, the stack is unchanged (version \(result.version))"
        case .itemAction:
            return "\(tapped); sent navigation/itemTapped (version \(result.version))"
        case .none:
            return "\(tapped) (version \(result.version))"
        }
    }
}

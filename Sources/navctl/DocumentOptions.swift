import ArgumentParser
import Foundation
import JSONCore
import NavClient
import NavEngine
import NavLint
import NavLocal
import NavModel
import NavProtocol

/// `--file DOC.navd.json [--screen ID] [--profile P]`: answer for a session document in process, through the
/// same engine, decoders and encoders as the daemon, so the output is the same as for a live session.
struct DocumentOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Answer for this session document in process, without a daemon (- reads stdin).", valueName: "doc.navd.json"),
        completion: .file(extensions: ["json"]))
    var file: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The screen: with --file, the stack is cut so it is on top; with a session, the method's screenId where it has one.",
            valueName: "id"))
    var screen: String?

    @Option(
        name: .long, help: ArgumentHelp("With --file: lay the document out under this profile.", valueName: "profile"),
        completion: .list(Profile.allCases.map(\.rawValue)))
    var profile: String?

    func validate() throws {
        if let screen, screen.isEmpty { throw ValidationError("--screen must not be empty") }
        if profile != nil && file == nil {
            throw ValidationError("--profile goes with --file (a live session's profile is set with session configure)")
        }
        if let profile, Profile(rawValue: profile) == nil {
            throw ValidationError("unknown profile '\(profile)' (profiles: \(Profile.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    /// Whether answers come from a document.
    var isFile: Bool { file != nil }

    /// Checks the positional session id against the mode: required without --file, absent with it.
    func session(_ given: String?) throws -> String? {
        if isFile {
            if let given { throw ValidationError("with --file there is no session: '\(given)' is one argument too many") }
            return nil
        }
        guard let given else { throw ValidationError("give a session id, or --file DOC.navd.json to answer for a document") }
        return given
    }

    /// Runs `body` with what answers and the session to ask about: the daemon, for the live session
    /// `sessionId` over the socket, or the engine in process, for the document.
    func withSession<T>(
        _ connection: ConnectionOptions, _ sessionId: String?, _ body: (any NavCalls, String) async throws -> T
    ) async throws -> T {
        guard let file else {
            guard let sessionId else { throw ValidationError("give a session id, or --file DOC.navd.json") }
            return try await connection.withClient { try await body($0, sessionId) }
        }
        let model = try Self.model(file: file, screen: screen, profile: profile.flatMap(Profile.init(rawValue:)))
        return try await body(LocalAnswers(answers: ModelAnswers(model: model)), LocalAnswers.sessionId)
    }

    /// The document's model as the daemon would restore it: loaded with positions for errors, cut at `screen`,
    /// under `profile`.
    static func model(file: String, screen: String?, profile: Profile?) throws -> NavigationModel {
        do throws(DocumentModel.Failure) {
            return try DocumentModel.load(file: file, screen: screen, profile: profile)
        } catch {
            guard let load = error.load else { throw Failure(message: error.message, status: ExitStatus.usage) }
            // As a compiler prints it, so editors jump to the member.
            Output().errorText(load.text)
            throw ExitCode(ExitStatus.usage)
        }
    }
}

/// `SESSION X Y`, or `X Y` with --file: the positionals of the commands that take a window point.
struct PointArguments {
    var sessionId: String?
    var x: Double
    var y: Double

    var point: Point { Point(x: x, y: y) }

    static let help = ArgumentHelp(
        "SESSION X Y: the session and a window point in points (X Y alone with --file).",
        valueName: "session x y")

    static func parse(_ values: [String], file: Bool) throws -> PointArguments {
        // `--` ends the options by habit; the values after it are the same values.
        let values = values.filter { $0 != "--" }
        let expected = file ? 2 : 3
        guard values.count == expected else {
            throw ValidationError(
                file
                    ? "with --file give the point alone: X Y (got \(values.count) arguments)"
                    : "give the session and the point: SESSION X Y (got \(values.count) arguments; --file DOC answers for a document)")
        }
        if let flag = values.first(where: { $0.hasPrefix("-") && Double($0) == nil }) {
            throw ValidationError("unknown option '\(flag)'")
        }
        let numbers = values.suffix(2).map { Double($0) }
        guard let x = numbers[0], let y = numbers[1], x.isFinite, y.isFinite else {
            throw ValidationError("X and Y must be finite numbers, not '\(values[values.count - 2])' '\(values[values.count - 1])'")
        }
        return PointArguments(sessionId: file ? nil : values[0], x: x, y: y)
    }
}

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

    @OptionGroup var font: FontOptions

    func validate() throws {
        if let screen, screen.isEmpty { throw ValidationError("--screen must not be empty") }
        if font.fontFile != nil && file == nil {
            throw ValidationError("--font-file goes with --file (a live session's font is navd's --font-file or its policies.textFont)")
        }
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
        let model = try Self.model(
            file: file, screen: screen, profile: profile.flatMap(Profile.init(rawValue:)), font: font.setting)
        return try await body(LocalAnswers(answers: ModelAnswers(model: model)), LocalAnswers.sessionId)
    }

    /// The document's model as the daemon would restore it: loaded with positions for errors, cut at `screen`,
    /// under `profile`.
    static func model(file: String, screen: String?, profile: Profile?, font: Policies.TextFontSetting? = nil) throws -> NavigationModel {
        do throws(DocumentModel.Failure) {
            return try DocumentModel.load(file: file, screen: screen, profile: profile, font: font)
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

/// `--font-file PATH [--font-face FACE]`: measure bar text with a real font (docs/semantics.md, "Text widths").
struct FontOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Measure bar text with this font file (.ttf, .otf, .ttc) instead of the one the document names, or the calibrated tables.",
            valueName: "path"),
        completion: .file(extensions: ["ttf", "otf", "ttc"]))
    var fontFile: String?

    @Option(name: .long, help: ArgumentHelp("The face of --font-file's collection: its index or its name.", valueName: "face"))
    var fontFace: String?

    func validate() throws {
        if fontFace != nil && fontFile == nil { throw ValidationError("--font-face goes with --font-file") }
        if let fontFile, fontFile.isEmpty { throw ValidationError("--font-file must not be empty") }
    }

    /// The option as a setting, its path made absolute.
    var setting: Policies.TextFontSetting? {
        fontFile.map { file in
            let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
            return Policies.TextFontSetting(
                file: path, face: fontFace.map { Int($0).map(Policies.TextFontSetting.Face.index) ?? .name($0) })
        }
    }
}

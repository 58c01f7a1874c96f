import NavLint
import NavModel

/// A session document's model as the daemon would restore it, for the answers navctl gives about a document in
/// process (`--file`, `navctl mcp`).
public enum DocumentModel {
    /// Why a document gives no model: it cannot be read or loaded (`load`, with the member's position), it has no
    /// such screen, or its screens make no valid stack.
    public struct Failure: Error, Sendable {
        public var message: String
        /// The load error, when the document could not be read or loaded.
        public var load: LoadError?

        /// The message as a compiler prints it (FILE:LINE:COL: error: ...) when there is a position, else alone.
        public var text: String { load?.text ?? message }
    }

    /// The model of the document at `file` (`-`: standard input), loaded with positions for errors, its stack
    /// cut so that `screen` is on top, under `profile` (nil: the document's own).
    /// `font` (`--font-file`) measures its text in place of the font the document names.
    public static func load(
        file: String, screen: String?, profile: Profile?, font: Policies.TextFontSetting? = nil
    ) throws(Failure) -> NavigationModel {
        let source = DocumentSource(name: file == "-" ? "<stdin>" : file, isStdin: file == "-")
        let loaded: LintDocument
        switch source.load(font: font) {
        case .success(let document): loaded = document
        case .failure(let error): throw Failure(message: error.message, load: error)
        }
        var config = loaded.model.config
        if let profile { config.profile = profile }
        var screens = loaded.model.screens
        if let screen {
            guard let index = screens.firstIndex(where: { $0.id == screen }) else {
                let ids = screens.map { "'\($0.id)'" }.joined(separator: ", ")
                throw Failure(message: "\(file) has no screen '\(screen)' (its screens: \(ids))")
            }
            screens = Array(screens[...index])
        }
        do {
            return try NavigationModel(config: config, screens: screens, limits: loaded.model.limits)
        } catch {
            throw Failure(message: "\(file): \(error)")
        }
    }
}

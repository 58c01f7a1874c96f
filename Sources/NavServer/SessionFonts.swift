import NIOConcurrencyHelpers
import NavFontFiles
import NavModel
import NavProtocol

/// The real fonts sessions measure bar text with (docs/semantics.md, "Text widths"): each session's
/// `policies.textFont`, else navd's `--font-file` (unless `textMetrics` is `helveticaNeue`), else on a Mac the
/// system's San Francisco under `textMetrics` `automatic`. Each file is read once while its size and modification date stay the same.
public final class SessionFonts: Sendable {
    /// navd's `--font-file`: the font of sessions that name none.
    public let fallback: Policies.TextFontSetting?
    private let cache = NIOLockedValueBox<[String: (stamp: String, font: TextFont)]>([:])
    private let system = NIOLockedValueBox<TextFont??>(nil)

    public init(fallback: Policies.TextFontSetting? = nil) {
        self.fallback = fallback
    }

    /// `--font-file` and `--font-face` as a setting, the path made absolute.
    public static func setting(file: String, face: String?) -> Policies.TextFontSetting {
        FontFiles.setting(file: file, face: face)
    }

    /// Why `fallback` cannot be read, if it cannot: navd checks it before serving.
    public func fallbackProblem() -> String? {
        guard let fallback else { return nil }
        do {
            _ = try load(fallback)
            return nil
        } catch {
            return error.description
        }
    }

    /// `config` with `textFont` set as its policies ask; an unreadable font is invalid params at `path`.
    func measured(_ config: SessionConfig, path: String) throws(RPCError) -> SessionConfig {
        var config = config
        do {
            if let named = config.policies.textFont {
                config.textFont = try load(named)
            } else if let fallback, config.policies.textMetrics != .helveticaNeue {
                // navd's font stands for the system font: a session set to iOS 7 and 8's Helvetica Neue keeps
                // its calibrated tables.
                config.textFont = try load(fallback)
            } else if config.policies.textMetrics == .automatic {
                config.textFont = systemFont()
            } else {
                config.textFont = nil
            }
        } catch {
            let at = config.policies.textFont == nil ? "--font-file" : path
            throw .invalidParams(path: at, expected: "a readable font file", message: "'\(at)': \(error)")
        }
        return config
    }

    private func load(_ setting: Policies.TextFontSetting) throws(FontFiles.Failure) -> TextFont {
        let key = "\(setting.file)\u{0}\(String(describing: setting.face))"
        let stamp = FontFiles.stamp(setting.file) ?? ""
        if let hit = cache.withLockedValue({ $0[key] }), hit.stamp == stamp { return hit.font }
        let font = try FontFiles.load(setting)
        cache.withLockedValue { $0[key] = (stamp, font) }
        return font
    }

    private func systemFont() -> TextFont? {
        if let known = system.withLockedValue({ $0 }) { return known }
        let found = FontFiles.systemSanFrancisco()
        system.withLockedValue { $0 = .some(found) }
        return found
    }
}

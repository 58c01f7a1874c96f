/// The generic back title ("Back") in the app's resolved UI language (BB-10).
///
/// UIKit shows its own system strings in the app's resolved language: the first of the user's
/// preferred languages that the app declares (`CFBundleLocalizations`), else the development
/// region (English here). App-supplied titles are never translated.
public enum GenericBackTitle {
    /// UIKit's "Back", by language tag.
    public static let table: [String: String] = [
        "en": "Back",
        "de": "Zurück",
        "fr": "Retour",
        "es": "Atrás",
        "it": "Indietro",
        "pt": "Voltar",
        "ja": "戻る",
        "ko": "뒤로",
        "zh-Hans": "返回",
        "zh-Hant": "返回",
        "ru": "Назад",
        "nl": "Terug",
        "sv": "Tillbaka",
        "pl": "Wstecz",
    ]

    /// The language every lookup falls back to.
    public static let developmentLanguage = "en"

    /// The generic title for a session's `locale` and `appLocalizations`.
    public static func title(locale: String, appLocalizations: [String]) -> String {
        // The usual case, answered without normalising: the locale is one of the app's languages, spelled as the table spells it.
        if appLocalizations.contains(locale), let s = table[locale] { return s }
        let language = resolvedLanguage(locale: locale, appLocalizations: appLocalizations)
        return string(for: language) ?? table[developmentLanguage] ?? "Back"
    }

    /// The app's resolved UI language: the first fallback of `locale` ("de-DE" → "de-DE", "de") that the
    /// app declares (tags compared case-insensitively, `_` read as `-`); else an app language with the
    /// same base language ("de" matches a declared "de-AT"); else English.
    public static func resolvedLanguage(locale: String, appLocalizations: [String]) -> String {
        let declared = appLocalizations.map(normalize).filter { !$0.isEmpty && $0 != "base" }
        let tag = normalize(locale)
        for candidate in candidates(for: tag) {
            if let match = declared.first(where: { $0 == candidate }) { return match }
        }
        let base = language(of: tag)
        guard !base.isEmpty else { return developmentLanguage }
        let sameLanguage = declared.filter { language(of: $0) == base }
        if let script = chineseScript(tag), let match = sameLanguage.first(where: { chineseScript($0) == script }) {
            return match
        }
        return sameLanguage.first ?? developmentLanguage
    }

    /// The table entry for a (normalised) language tag: the tag itself, its Chinese script, or its
    /// parent tags, shortest last.
    static func string(for tag: String) -> String? {
        for candidate in fallbacks(of: tag) {
            if let script = chineseScript(candidate) { return table[script] }
            if let s = table.first(where: { $0.key.lowercased() == candidate })?.value { return s }
        }
        return nil
    }

    /// The tags a locale may match, most specific first: its fallbacks, with the Chinese script
    /// inserted before the bare language ("zh-tw" → "zh-tw", "zh-hant", "zh").
    static func candidates(for tag: String) -> [String] {
        var out = fallbacks(of: tag)
        if let script = chineseScript(tag)?.lowercased(), !out.contains(script) {
            out.insert(script, at: max(0, out.count - 1))
        }
        return out
    }

    /// "zh-hans-cn" → ["zh-hans-cn", "zh-hans", "zh"].
    static func fallbacks(of tag: String) -> [String] {
        var parts = tag.split(separator: "-").map(String.init)
        var out: [String] = []
        while !parts.isEmpty {
            out.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return out
    }

    static func normalize(_ tag: String) -> String {
        var out = ""
        for ch in tag.lowercased() {
            if ch == "_" {
                out.append("-")
            } else if !ch.isWhitespace {
                out.append(ch)
            }
        }
        return out
    }

    static func language(of tag: String) -> String {
        String(tag.split(separator: "-").first ?? "")
    }

    /// Which Chinese table entry a tag uses: Traditional for `zh-hant` and the regions that write it.
    static func chineseScript(_ tag: String) -> String? {
        let parts = tag.split(separator: "-").map(String.init)
        guard parts.first == "zh" else { return nil }
        if parts.contains("hant") || parts.contains("tw") || parts.contains("hk") || parts.contains("mo") {
            return "zh-Hant"
        }
        return "zh-Hans"
    }
}

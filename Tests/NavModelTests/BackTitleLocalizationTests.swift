import Testing

@testable import NavModel

/// BB-10: the generic title is shown in the app's resolved language.
@Suite("Generic back title localisation (BB-10)")
struct BackTitleLocalizationTests {
    @Test(
        "the resolved language",
        arguments: [
            ("de-DE", ["en", "de"], "de"),
            ("de-DE", ["en"], "en"),
            ("de_AT", ["en", "DE"], "de"),
            ("de", ["en", "de-AT"], "de-at"),
            ("fr-CA", ["fr-CA", "fr"], "fr-ca"),
            ("zh-TW", ["en", "zh-Hans", "zh-Hant"], "zh-hant"),
            ("zh-HK", ["zh-Hans", "zh-Hant"], "zh-hant"),
            ("zh-Hans-CN", ["zh-Hant", "zh-Hans"], "zh-hans"),
            ("zh", ["zh-Hant", "zh-Hans"], "zh-hans"),
            ("pt-BR", ["en", "pt-PT"], "pt-pt"),
            ("xx", ["en", "xx"], "xx"),
            ("", ["de"], "en"),
            ("ja", ["Base", "en"], "en"),
        ])
    func resolved(_ locale: String, _ apps: [String], _ expected: String) {
        #expect(GenericBackTitle.resolvedLanguage(locale: locale, appLocalizations: apps) == expected)
    }

    @Test(
        "the string UIKit shows",
        arguments: [
            ("en", "Back"), ("de-DE", "Zurück"), ("fr", "Retour"), ("es-MX", "Atrás"), ("it", "Indietro"),
            ("pt-BR", "Voltar"), ("ja", "戻る"), ("ko-KR", "뒤로"), ("zh-Hans", "返回"), ("zh-Hant-TW", "返回"),
            ("ru", "Назад"), ("nl", "Terug"), ("sv", "Tillbaka"), ("pl", "Wstecz"),
        ])
    func string(_ locale: String, _ expected: String) {
        #expect(GenericBackTitle.title(locale: locale, appLocalizations: ["en", locale]) == expected)
    }

    @Test("a resolved language without a string shows English")
    func unknownLanguage() {
        #expect(GenericBackTitle.title(locale: "xx", appLocalizations: ["en", "xx"]) == "Back")
    }
}

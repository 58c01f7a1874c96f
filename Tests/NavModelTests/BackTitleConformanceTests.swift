import Testing

@testable import NavModel

/// One conformance vector: a model, the screen asked about (default: the top) and the expected BackTitle.
struct BackTitleVector: Sendable, CustomTestStringConvertible {
    var id: String
    /// The SEMANTICS.md rule (or seed technique) checked.
    var rule: String
    var build: @Sendable () throws -> NavigationModel
    var screenIndex: Int? = nil
    var title: String?
    var display: BackTitle.Display
    var source: BackTitle.Source
    /// Checked when given.
    var truncated: Bool? = nil
    var menu: [String]? = nil
    var image: Size? = nil
    var shown: BackTitle? = nil

    var testDescription: String { "\(id) (\(rule))" }
}

typealias F = Fixture

let backTitleVectors: [BackTitleVector] = [
    // Worked examples (SEMANTICS section 6)
    BackTitleVector(
        id: "BT-01 root has no back button", rule: "BB-1",
        build: { try F.model([F.screen("A", "Settings")]) },
        title: nil, display: .hidden, source: .none, menu: []),
    BackTitleVector(
        id: "BT-02 previous title, wide bar", rule: "BB-1",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B", "General")]) },
        title: "Settings", display: .text, source: .previousTitle, truncated: false, menu: ["Settings"]),
    BackTitleVector(
        id: "BT-04 backButtonTitle beats title", rule: "BB-3",
        build: {
            try F.model([F.screen("A", "All Contacts") { $0.item.backButtonTitle = "Contacts" }, F.screen("B")])
        },
        title: "Contacts", display: .text, source: .backButtonTitle),
    BackTitleVector(
        id: "BT-05 backItem beats backButtonTitle", rule: "BB-3",
        build: {
            try F.model([
                F.screen("A", "All Contacts") {
                    $0.item.backButtonTitle = "Contacts"
                    $0.item.backItem = BackItem(title: "Cancel")
                }, F.screen("B"),
            ])
        },
        title: "Cancel", display: .text, source: .backItem),
    BackTitleVector(
        id: "BT-06 the seed's empty backItem", rule: "BB-8",
        build: { try F.model([F.screen("A", "Settings") { $0.item.backItem = BackItem(title: "") }, F.screen("B")]) },
        title: nil, display: .arrowOnly, source: .backItem),
    BackTitleVector(
        id: "BT-12 a left item replaces the back button", rule: "BB-2",
        build: { try F.model([F.screen("A"), F.screen("B") { $0.item.leftItems = [F.leftItem("Close")] }]) },
        title: nil, display: .hidden, source: .none, menu: []),

    // BB-1: the previous item supplies the title, the top item decides visibility
    BackTitleVector(
        id: "BB-1 the top screen's own backButtonTitle is for the next screen", rule: "BB-1",
        build: {
            try F.model([F.screen("A", "Settings"), F.screen("B", "General") { $0.item.backButtonTitle = "Gen" }])
        },
        title: "Settings", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "BB-1 three deep reads the second from top", rule: "BB-1",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B", "General"), F.screen("C", "About")]) },
        title: "General", display: .text, source: .previousTitle, menu: ["General", "Settings"]),
    BackTitleVector(
        id: "BB-1 a covered screen has its own back title", rule: "BB-1",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B", "General"), F.screen("C", "About")]) },
        screenIndex: 1, title: "Settings", display: .text, source: .previousTitle, menu: ["Settings"]),

    // BB-2: left-side decision order
    BackTitleVector(
        id: "BB-2 hidesBackButton hides it", rule: "BB-2",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B") { $0.item.hidesBackButton = true }]) },
        title: nil, display: .hidden, source: .none),
    BackTitleVector(
        id: "BB-2 hidesBackButton wins over leftItemsSupplementBackButton", rule: "BB-2",
        build: {
            try F.model([
                F.screen("A", "Settings"),
                F.screen("B") {
                    $0.item.hidesBackButton = true
                    $0.item.leftItems = [F.leftItem("Close")]
                    $0.item.leftItemsSupplementBackButton = true
                },
            ])
        },
        title: nil, display: .hidden, source: .none),
    BackTitleVector(
        id: "BB-2 supplementing left items keep the back button", rule: "BB-2",
        build: {
            try F.model([
                F.screen("A", "Settings"),
                F.screen("B") {
                    $0.item.leftItems = [F.leftItem("Close")]
                    $0.item.leftItemsSupplementBackButton = true
                },
            ])
        },
        title: "Settings", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "BB-2 the previous screen's left items do not matter", rule: "BB-2",
        build: {
            try F.model([F.screen("A", "Settings") { $0.item.leftItems = [F.leftItem("Menu")] }, F.screen("B")])
        },
        title: "Settings", display: .text, source: .previousTitle),

    // BB-3: source order and display modes
    BackTitleVector(
        id: "BB-3 generic mode shows Back", rule: "BB-3",
        build: {
            try F.model([F.screen("A", "Settings") { $0.item.backButtonDisplayMode = .generic }, F.screen("B")])
        },
        title: "Back", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-3 generic mode ignores backButtonTitle", rule: "BB-3",
        build: {
            try F.model([
                F.screen("A", "Settings") {
                    $0.item.backButtonDisplayMode = .generic
                    $0.item.backButtonTitle = "Prefs"
                }, F.screen("B"),
            ])
        },
        title: "Back", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-3 generic mode does not override backItem", rule: "BB-3",
        build: {
            try F.model([
                F.screen("A", "Settings") {
                    $0.item.backButtonDisplayMode = .generic
                    $0.item.backItem = BackItem(title: "Cancel")
                }, F.screen("B"),
            ])
        },
        title: "Cancel", display: .text, source: .backItem),
    BackTitleVector(
        id: "BB-3 minimal mode shows the chevron", rule: "BB-3",
        build: {
            try F.model([F.screen("A", "Settings") { $0.item.backButtonDisplayMode = .minimal }, F.screen("B")])
        },
        title: nil, display: .arrowOnly, source: .none, truncated: false),
    BackTitleVector(
        id: "BB-3 minimal mode does not override backItem", rule: "BB-3",
        build: {
            try F.model([
                F.screen("A", "Settings") {
                    $0.item.backButtonDisplayMode = .minimal
                    $0.item.backItem = BackItem(title: "Cancel")
                }, F.screen("B"),
            ])
        },
        title: "Cancel", display: .text, source: .backItem),
    BackTitleVector(
        id: "BB-3 before iOS 14 the display mode is default", rule: "BB-3",
        build: {
            try F.model(
                [F.screen("A", "Settings") { $0.item.backButtonDisplayMode = .minimal }, F.screen("B")],
                profile: .ios13)
        },
        title: "Settings", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "BB-3 an image backItem", rule: "BB-3",
        build: {
            try F.model([
                F.screen("A", "Settings") { $0.item.backItem = BackItem(title: "Home", image: Size(width: 22, height: 22)) },
                F.screen("B"),
            ])
        },
        title: nil, display: .text, source: .backItem, image: Size(width: 22, height: 22)),
    BackTitleVector(
        id: "BB-3 backButtonTitle too long falls to a title that fits", rule: "BB-3",
        build: {
            try F.model([
                F.screen("A", "Mail") { $0.item.backButtonTitle = "Every Message In Every Mailbox Of Every Account" },
                F.screen("B", "Inbox"),
            ])
        },
        title: "Mail", display: .text, source: .previousTitle, truncated: true),

    // BB-4, BB-5
    BackTitleVector(
        id: "BB-4 nil title reads Back", rule: "BB-4",
        build: { try F.model([F.screen("A", nil), F.screen("B", "General")]) },
        title: "Back", display: .generic, source: .generic, truncated: false, menu: ["Back"]),
    BackTitleVector(
        id: "BB-5 the navigation item title overrides the screen title", rule: "BB-5",
        build: { try F.model([F.screen("A", "Inbox") { $0.item.title = "Mail" }, F.screen("B")]) },
        title: "Mail", display: .text, source: .previousTitle, menu: ["Mail"]),
    BackTitleVector(
        id: "BB-5 a titleView never feeds the back button", rule: "BB-5",
        build: {
            try F.model([F.screen("A", nil) { $0.item.titleView = Size(width: 120, height: 30) }, F.screen("B")])
        },
        title: "Back", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-5 the screen title alone is enough", rule: "BB-5",
        build: { try F.model([F.screen("A", "Inbox"), F.screen("B")]) },
        title: "Inbox", display: .text, source: .previousTitle),

    // BB-6: width fallback
    BackTitleVector(
        id: "BB-6 long title on a 320-pt phone reads Back", rule: "BB-6",
        build: { try F.model([F.screen("A", F.longTitle), F.screen("B", "Details")], device: F.narrowPhone) },
        title: "Back", display: .generic, source: .generic, truncated: true, menu: [F.longTitle]),
    BackTitleVector(
        id: "BB-6 the same title fits a wide bar", rule: "BB-6",
        build: { try F.model([F.screen("A", F.longTitle), F.screen("B", "Details")], device: F.widePad) },
        title: F.longTitle, display: .text, source: .previousTitle, truncated: false),
    BackTitleVector(
        id: "BB-6 nothing fits: the chevron alone", rule: "BB-6",
        build: {
            try F.model([F.screen("A", F.longTitle), F.screen("B", "Details of the Selected Record")], device: F.tiny)
        },
        title: nil, display: .arrowOnly, source: .none, truncated: true),
    BackTitleVector(
        id: "BB-6 a long backItem title falls back too", rule: "BB-6",
        build: {
            try F.model(
                [F.screen("A", "Settings") { $0.item.backItem = BackItem(title: F.longTitle) }, F.screen("B", "Details")],
                device: F.narrowPhone)
        },
        title: "Back", display: .generic, source: .generic, truncated: true),
    BackTitleVector(
        id: "BB-6 generic mode on a tiny bar: the chevron", rule: "BB-6",
        build: {
            try F.model(
                [
                    F.screen("A", "Settings") { $0.item.backButtonDisplayMode = .generic },
                    F.screen("B", "Details of the Selected Record"),
                ],
                device: F.tiny)
        },
        title: nil, display: .arrowOnly, source: .none, truncated: true),

    // BB-7: stickiness
    BackTitleVector(
        id: "BB-7 sticky keeps an earlier fallback", rule: "BB-7",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B", "General")]) { $0.stickyBackTitle = true } },
        title: "Back", display: .generic, source: .generic, truncated: true,
        shown: BackTitle(title: "Back", display: .generic, source: .generic, truncated: true)),
    BackTitleVector(
        id: "BB-7 sticky keeps an earlier chevron fallback", rule: "BB-7",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B", "General")]) { $0.stickyBackTitle = true } },
        title: nil, display: .arrowOnly, source: .none, truncated: true,
        shown: BackTitle(title: nil, display: .arrowOnly, source: .none, truncated: true)),
    BackTitleVector(
        id: "BB-7 without sticky the layout is re-evaluated", rule: "BB-7",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B", "General")]) },
        title: "Settings", display: .text, source: .previousTitle, truncated: false,
        shown: BackTitle(title: "Back", display: .generic, source: .generic, truncated: true)),
    BackTitleVector(
        id: "BB-7 sticky ignores what another ladder showed", rule: "BB-7",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B", "General")]) { $0.stickyBackTitle = true } },
        title: "Settings", display: .text, source: .previousTitle, truncated: false,
        shown: BackTitle(title: "Cancel", display: .text, source: .backItem)),

    // BB-8: empty strings
    BackTitleVector(
        id: "BB-8 empty backItem falls through when set", rule: "BB-8",
        build: {
            try F.model([F.screen("A", "Settings") { $0.item.backItem = BackItem(title: "") }, F.screen("B")]) {
                $0.emptyBackItemTitle = .fallThrough
            }
        },
        title: "Settings", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "BB-8 empty backButtonTitle: the chevron", rule: "BB-8",
        build: { try F.model([F.screen("A", "Settings") { $0.item.backButtonTitle = "" }, F.screen("B")]) },
        title: nil, display: .arrowOnly, source: .backButtonTitle),
    BackTitleVector(
        id: "BB-8 empty backButtonTitle falls through when set", rule: "BB-8",
        build: {
            try F.model([F.screen("A", "Settings") { $0.item.backButtonTitle = "" }, F.screen("B")]) {
                $0.emptyBackButtonTitle = .fallThrough
            }
        },
        title: "Settings", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "BB-8 empty title reads Back by default", rule: "BB-8",
        build: { try F.model([F.screen("A", ""), F.screen("B")]) },
        title: "Back", display: .generic, source: .generic, menu: ["Back"]),
    BackTitleVector(
        id: "BB-8 empty title: the chevron when set", rule: "BB-8",
        build: { try F.model([F.screen("A", ""), F.screen("B")]) { $0.emptyScreenTitle = .arrowOnly } },
        title: nil, display: .arrowOnly, source: .previousTitle, menu: [""]),
    BackTitleVector(
        id: "BB-8 an empty item title hides the screen title", rule: "BB-8",
        build: { try F.model([F.screen("A", "Inbox") { $0.item.title = "" }, F.screen("B")]) },
        title: "Back", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-8 a single space is a title", rule: "BB-8",
        build: { try F.model([F.screen("A", " "), F.screen("B")]) },
        title: " ", display: .text, source: .previousTitle),

    // BB-9: live by default, frozen under backTitleSnapshot
    BackTitleVector(
        id: "BB-9 live: a renamed previous screen renames the back button", rule: "BB-9",
        build: {
            var m = try F.model([F.screen("A", "Settings"), F.screen("B")])
            _ = try m.updateScreen("A") { $0.title = "Preferences" }
            return m
        },
        title: "Preferences", display: .text, source: .previousTitle, menu: ["Preferences"]),
    BackTitleVector(
        id: "BB-9 snapshot: the back button keeps the covered title", rule: "BB-9",
        build: {
            var m = try F.model([F.screen("A", "Settings"), F.screen("B")]) { $0.backTitleSnapshot = true }
            _ = try m.updateScreen("A") { $0.title = "Preferences" }
            return m
        },
        title: "Settings", display: .text, source: .previousTitle, menu: ["Settings"]),

    // BB-10: localisation of the generic title
    BackTitleVector(
        id: "BB-10 de-DE device, app [en, de]: Zurück", rule: "BB-10",
        build: { try F.model([F.screen("A"), F.screen("B")], locale: "de-DE", appLocalizations: ["en", "de"]) },
        title: "Zurück", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-10 de-DE device, English-only app: Back", rule: "BB-10",
        build: { try F.model([F.screen("A"), F.screen("B")], locale: "de-DE", appLocalizations: ["en"]) },
        title: "Back", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-10 French", rule: "BB-10",
        build: { try F.model([F.screen("A"), F.screen("B")], locale: "fr-CA", appLocalizations: ["en", "fr"]) },
        title: "Retour", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-10 Japanese", rule: "BB-10",
        build: { try F.model([F.screen("A"), F.screen("B")], locale: "ja-JP", appLocalizations: ["ja", "en"]) },
        title: "戻る", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-10 Traditional Chinese (Hong Kong)", rule: "BB-10",
        build: { try F.model([F.screen("A"), F.screen("B")], locale: "zh-HK", appLocalizations: ["en", "zh-Hant"]) },
        title: "返回", display: .generic, source: .generic),
    BackTitleVector(
        id: "BB-10 Russian in generic mode", rule: "BB-10",
        build: {
            try F.model(
                [F.screen("A", "Настройки") { $0.item.backButtonDisplayMode = .generic }, F.screen("B")],
                locale: "ru_RU", appLocalizations: ["en", "ru"])
        },
        title: "Назад", display: .generic, source: .generic, menu: ["Настройки"]),
    BackTitleVector(
        id: "BB-10 app titles are never translated", rule: "BB-10",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B")], locale: "de-DE", appLocalizations: ["en", "de"]) },
        title: "Settings", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "BB-10 a regional app localisation matches the bare language", rule: "BB-10",
        build: { try F.model([F.screen("A"), F.screen("B")], locale: "es", appLocalizations: ["en", "es-MX"]) },
        title: "Atrás", display: .generic, source: .generic),

    // BB-11, BB-13: the back action does not change the title
    BackTitleVector(
        id: "BB-11 a custom back action keeps the title", rule: "BB-11",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B") { $0.backAction = .custom }]) },
        title: "Settings", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "BB-13 the seed on iOS 10: mask interception, empty back titles", rule: "BB-13",
        build: {
            try F.model([F.screen("A", "Settings"), F.screen("B") { $0.backAction = .custom }], profile: .ios10) {
                $0.backInterception = .mask
                $0.emptyBackTitles = true
            }
        },
        title: nil, display: .arrowOnly, source: .policy, menu: []),

    // BB-12: history menu
    BackTitleVector(
        id: "BB-12 minimal keeps the titles in the menu", rule: "BB-12",
        build: {
            try F.model([
                F.screen("A", "Settings"), F.screen("B", "General") { $0.item.backButtonDisplayMode = .minimal },
                F.screen("C"),
            ])
        },
        title: nil, display: .arrowOnly, source: .none, menu: ["General", "Settings"]),
    BackTitleVector(
        id: "BB-12 the menu is never width-shortened", rule: "BB-12",
        build: {
            try F.model([F.screen("A", F.longTitle), F.screen("B", "Details")], device: F.narrowPhone)
        },
        title: "Back", display: .generic, source: .generic, menu: [F.longTitle]),
    BackTitleVector(
        id: "BB-12 each entry by its own source", rule: "BB-12",
        build: {
            try F.model([
                F.screen("A", "All Contacts") { $0.item.backButtonTitle = "Contacts" },
                F.screen("B", "Card") { $0.item.backItem = BackItem(title: "Done") },
                F.screen("C", nil), F.screen("D"),
            ])
        },
        title: "Back", display: .generic, source: .generic, menu: ["Back", "Done", "Contacts"]),
    BackTitleVector(
        id: "BB-12 the empty-backItem trick leaves a blank row", rule: "BB-12",
        build: { try F.model([F.screen("A", "Settings") { $0.item.backItem = BackItem(title: "") }, F.screen("B")]) },
        title: nil, display: .arrowOnly, source: .backItem, menu: [""]),
    BackTitleVector(
        id: "BB-12 no menu before iOS 14", rule: "BB-12",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B", "General"), F.screen("C")], profile: .ios13) },
        title: "General", display: .text, source: .previousTitle, menu: []),
    BackTitleVector(
        id: "BB-12 a hidden back button has no menu", rule: "BB-12",
        build: {
            try F.model([F.screen("A", "Settings"), F.screen("B") { $0.item.hidesBackButton = true }])
        },
        title: nil, display: .hidden, source: .none, menu: []),

    // BB-14
    BackTitleVector(
        id: "BB-14 iOS 26, flag on: an empty backItem hides the button", rule: "BB-14",
        build: {
            try F.model([F.screen("A", "Settings") { $0.item.backItem = BackItem(title: "") }, F.screen("B")], profile: .ios26) {
                $0.glassEmptyBackItemHides = true
            }
        },
        title: nil, display: .hidden, source: .backItem, menu: []),
    BackTitleVector(
        id: "BB-14 iOS 26, flag off: the chevron", rule: "BB-14",
        build: {
            try F.model([F.screen("A", "Settings") { $0.item.backItem = BackItem(title: "") }, F.screen("B")], profile: .ios26)
        },
        title: nil, display: .arrowOnly, source: .backItem),
    BackTitleVector(
        id: "BB-14 the flag does nothing on iOS 17", rule: "BB-14",
        build: {
            try F.model([F.screen("A", "Settings") { $0.item.backItem = BackItem(title: "") }, F.screen("B")], profile: .ios17) {
                $0.glassEmptyBackItemHides = true
            }
        },
        title: nil, display: .arrowOnly, source: .backItem),

    // The seed's unified back style (seeds/004) and empty back titles (seeds/000)
    BackTitleVector(
        id: "SEED emptyBackTitles: arrow only", rule: "BB-8",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B")]) { $0.emptyBackTitles = true } },
        title: nil, display: .arrowOnly, source: .policy, menu: ["Settings"]),
    BackTitleVector(
        id: "SEED emptyBackTitles + showsPreviousTitle", rule: "BB-8",
        build: {
            try F.model([F.screen("A", "Workbench"), F.screen("B") { $0.showsPreviousTitle = true }]) {
                $0.emptyBackTitles = true
            }
        },
        title: "Workbench", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "SEED showsPreviousTitle reads the title, not backButtonTitle", rule: "BB-5",
        build: {
            try F.model([
                F.screen("A", "All Contacts") { $0.item.backButtonTitle = "Contacts" },
                F.screen("B") { $0.showsPreviousTitle = true },
            ])
        },
        title: "All Contacts", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "SEED showsPreviousTitle with no title reads Back", rule: "BB-4",
        build: {
            try F.model([F.screen("A"), F.screen("B") { $0.showsPreviousTitle = true }]) { $0.emptyBackTitles = true }
        },
        title: "Back", display: .generic, source: .generic),
    BackTitleVector(
        id: "SEED showsPreviousTitle still falls back by width", rule: "BB-6",
        build: {
            try F.model(
                [F.screen("A", F.longTitle), F.screen("B", "Details") { $0.showsPreviousTitle = true }],
                device: F.narrowPhone)
        },
        title: "Back", display: .generic, source: .generic, truncated: true),
    BackTitleVector(
        id: "SEED backStyle title", rule: "BB-3",
        build: {
            try F.model([F.screen("A", "Settings"), F.screen("B") { $0.backStyle = BackStyle(title: "Workbench") }]) {
                $0.emptyBackTitles = true
            }
        },
        title: "Workbench", display: .text, source: .backStyle, truncated: false),
    BackTitleVector(
        id: "SEED backStyle empty title: the chevron", rule: "BB-8",
        build: { try F.model([F.screen("A", "Settings"), F.screen("B") { $0.backStyle = BackStyle(title: "") }]) },
        title: nil, display: .arrowOnly, source: .backStyle),
    BackTitleVector(
        id: "SEED backStyle colour only lifts the policy", rule: "BB-8",
        build: {
            try F.model([F.screen("A", "Settings"), F.screen("B") { $0.backStyle = BackStyle(color: .black) }]) {
                $0.emptyBackTitles = true
            }
        },
        title: "Settings", display: .text, source: .previousTitle),
    BackTitleVector(
        id: "SEED backStyle never beats hidesBackButton", rule: "BB-2",
        build: {
            try F.model([
                F.screen("A", "Settings"),
                F.screen("B") {
                    $0.backStyle = BackStyle(title: "Workbench")
                    $0.item.hidesBackButton = true
                },
            ])
        },
        title: nil, display: .hidden, source: .none),
    BackTitleVector(
        id: "SEED backStyle never beats replacing left items", rule: "BB-2",
        build: {
            try F.model([
                F.screen("A", "Settings"),
                F.screen("B") {
                    $0.backStyle = BackStyle(title: "Workbench")
                    $0.item.leftItems = [F.leftItem("Close")]
                },
            ])
        },
        title: nil, display: .hidden, source: .none),
    BackTitleVector(
        id: "SEED backStyle at the root: no back button", rule: "BB-1",
        build: { try F.model([F.screen("A", "Settings") { $0.backStyle = BackStyle(title: "Workbench") }]) },
        title: nil, display: .hidden, source: .none),
    BackTitleVector(
        id: "SEED a long backStyle title is cut, not replaced", rule: "BB-6",
        build: {
            try F.model(
                [F.screen("A", "Settings"), F.screen("B", "Details") { $0.backStyle = BackStyle(title: F.longTitle) }],
                device: F.narrowPhone)
        },
        title: F.longTitle, display: .text, source: .backStyle, truncated: true),
    BackTitleVector(
        id: "SEED backStyle beats the previous screen's backItem", rule: "BB-3",
        build: {
            try F.model([
                F.screen("A", "Settings") { $0.item.backItem = BackItem(title: "") },
                F.screen("B") { $0.backStyle = BackStyle(title: "Workbench") },
            ])
        },
        title: "Workbench", display: .text, source: .backStyle),
]

@Suite("Back title conformance (SEMANTICS section 1)")
struct BackTitleConformanceTests {
    @Test(arguments: backTitleVectors)
    func vector(_ v: BackTitleVector) throws {
        let model = try v.build()
        let index = v.screenIndex ?? model.screens.count - 1
        let got = BackTitleEngine.backTitle(model: model, screenIndex: index, shown: v.shown)
        #expect(got.title == v.title, "title")
        #expect(got.display == v.display, "display")
        #expect(got.source == v.source, "source")
        if let truncated = v.truncated { #expect(got.truncated == truncated, "truncated") }
        if let menu = v.menu { #expect(got.menu == menu, "menu") }
        #expect(got.image == v.image, "image")
    }

    @Test("BB-6 the answer always fits, and truncated means an earlier candidate did not")
    func widthConsistency() throws {
        for width in stride(from: 120.0, through: 1400.0, by: 20) {
            let device = Device(width: width, height: 800, statusBarHeight: 20, scale: 2)
            let model = try F.model([F.screen("A", "Account Settings"), F.screen("B", "Notifications")], device: device)
            let got = BackTitleEngine.backTitle(model: model, screenIndex: 1)
            let space = BarMetrics.backTitleSpace(model: model, screenIndex: 1)
            if let title = got.title { #expect(TextMetrics.width(title) <= space) }
            #expect(got.truncated == (got.source != .previousTitle))
            if TextMetrics.width("Account Settings") <= space { #expect(got.title == "Account Settings") }
        }
    }

    @Test("BB-6 wider bars never show less (monotonic fallback)")
    func monotonic() throws {
        func rank(_ b: BackTitle) -> Int { b.display == .text ? 2 : b.display == .generic ? 1 : 0 }
        var last = -1
        for width in stride(from: 120.0, through: 1400.0, by: 10) {
            let device = Device(width: width, height: 800, statusBarHeight: 20, scale: 2)
            let model = try F.model([F.screen("A", "Account Settings"), F.screen("B", "Notifications")], device: device)
            let r = rank(BackTitleEngine.backTitle(model: model, screenIndex: 1))
            #expect(r >= last, "width \(width)")
            last = r
        }
    }
}

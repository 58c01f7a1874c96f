import Testing
@testable import NavModel

/// The diagnostics a linter adds to the original nine: each vector names the SEMANTICS.md rule it checks.
@Suite("Static diagnostics")
struct StaticDiagnosticsTests {
    func find(_ m: NavigationModel, _ code: String, at index: Int? = nil) -> [Diagnostic] {
        DiagnosticsEngine.diagnose(model: m, screenIndex: index ?? m.screens.count - 1).filter { $0.code == code }
    }

    @Test("back-hit-area-wide: the seed's arrow-only button takes taps over x 0-49, drawn at 8-21 (HT-10)")
    func wideLegacyBack() throws {
        let m = try Fx.seedPhone()
        let d = try #require(find(m, "back-hit-area-wide").first)
        #expect(d.severity == .warning && d.screenId == "fish")
        let drawn = try #require(Fx.bar(m).element(.backButton)?.visibleFrame)
        let area = try #require(d.rect)
        #expect(area.minX == 0 && area.maxX - drawn.maxX > DiagnosticsEngine.wideBackReach)
        #expect(d.message.contains("x 0-\(fmt(area.maxX))") && d.message.contains("HT-10"))
    }

    @Test("back-hit-area-wide: iOS 11+ back buttons end near their label; iOS 26 widens on purpose (HT-11, GEO-14)")
    func narrowModernBack() throws {
        for profile in [Profile.ios11, .ios17] {
            let m = try Fx.model(profile, [Screen(id: "home", title: "Settings"), Fx.top()])
            #expect(find(m, "back-hit-area-wide").isEmpty, "\(profile)")
        }
        #expect(find(try Fx.seedPhone(.ios26), "back-hit-area-wide").isEmpty)
    }

    @Test("custom-back-action-ignored: a target on the back item never fires (BB-11)")
    func backItemAction() throws {
        var home = Screen(id: "home", title: "Home")
        home.item.backItem = BackItem(title: "Home", action: .custom)
        for profile in Profile.allCases {
            let m = try Fx.model(profile, [home, Fx.top()])
            let d = try #require(find(m, "custom-back-action-ignored").first, "\(profile)")
            #expect(d.severity == .error && d.screenId == "detail")
            #expect(d.origin == Diagnostic.Origin(screenId: "home", member: "item.backItem.action"))
            // The root screen has no back button, so nothing is reported there.
            #expect(find(m, "custom-back-action-ignored", at: 0).isEmpty)
        }
        home.item.backItem?.action = .none
        #expect(find(try Fx.model([home, Fx.top()]), "custom-back-action-ignored").isEmpty)
        // A left item replaces the back button: no back button, nothing to ignore (BB-2).
        home.item.backItem?.action = .custom
        let replaced = try Fx.model([home, Fx.top(left: [Fx.text("close", "Close")])])
        #expect(find(replaced, "custom-back-action-ignored").isEmpty)
    }

    @Test("supplement-ignored: hidesBackButton wins over leftItemsSupplementBackButton (BB-2)")
    func supplement() throws {
        let both = try Fx.model([Screen(id: "home", title: "Home"), Fx.top(left: [Fx.text("x", "X")], supplement: true, hidesBack: true)])
        let d = try #require(find(both, "supplement-ignored").first)
        #expect(d.origin?.member == "item.leftItemsSupplementBackButton")
        #expect(Fx.bar(both).element(.backButton) == nil)
        let onlySupplement = try Fx.model([Screen(id: "home", title: "Home"), Fx.top(left: [Fx.text("x", "X")], supplement: true)])
        #expect(find(onlySupplement, "supplement-ignored").isEmpty)
    }

    @Test("back-title-from-title-view: a title view never names the back button (BB-5)")
    func titleView() throws {
        var logo = Screen(id: "home", title: nil)
        logo.item.titleView = Size(width: 120, height: 30)
        let m = try Fx.model([logo, Fx.top()])
        let d = try #require(find(m, "back-title-from-title-view").first)
        #expect(d.message.contains("\"Back\"") && d.origin?.member == "item.titleView")
        var titled = logo
        titled.title = "Inbox"
        #expect(find(try Fx.model([titled, Fx.top()]), "back-title-from-title-view").isEmpty)
        var named = logo
        named.item.backButtonTitle = "Inbox"
        #expect(find(try Fx.model([named, Fx.top()]), "back-title-from-title-view").isEmpty)
    }

    @Test("empty-back-title-trick: BB-8 before iOS 14, the blank history-menu row from iOS 14 (BB-12)")
    func emptyTrick() throws {
        let old = try #require(find(try Fx.model(.ios13, [Fx.home, Fx.top()]), "empty-back-title-trick").first)
        #expect(old.message.contains("BB-8") && old.origin?.member == "item.backItem.title")
        let new = try #require(find(try Fx.model(.ios17, [Fx.home, Fx.top()]), "empty-back-title-trick").first)
        #expect(new.message.contains("BB-12"))
        // The menu really has the blank row the message speaks of.
        let title = BackTitleEngine.backTitle(model: try Fx.model(.ios17, [Fx.home, Fx.top()]), screenIndex: 1)
        #expect(title.menu == [""])
        var minimal = Screen(id: "home", title: "Home")
        minimal.item.backButtonDisplayMode = .minimal
        #expect(find(try Fx.model(.ios17, [minimal, Fx.top()]), "empty-back-title-trick").isEmpty)
    }

    @Test("every code is listed once, in report order")
    func codesListed() throws {
        #expect(Set(DiagnosticsEngine.codes).count == DiagnosticsEngine.codes.count)
        for code in [
            "back-hit-area-wide", "custom-back-action-ignored", "supplement-ignored", "back-title-from-title-view",
            "empty-back-title-trick",
        ] {
            #expect(DiagnosticsEngine.codes.contains(code))
        }
    }
}

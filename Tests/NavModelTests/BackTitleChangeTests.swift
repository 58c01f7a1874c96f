import Testing

@testable import NavModel

/// Mutations carry the recomputed `title` change exactly when the top bar's back title changed
/// (PROTOCOL.md section 6).
@Suite("Back title changes from mutations")
struct BackTitleChangeTests {
    typealias F = Fixture

    func titles(_ changes: [Change]) -> [(String, BackTitle)] {
        changes.compactMap { if case .title(let id, let b) = $0 { return (id, b) } else { return nil } }
    }

    func base(_ edit: (inout Policies) -> Void = { _ in }) throws -> NavigationModel {
        try F.model([F.screen("A", "Settings"), F.screen("B", "General"), F.screen("C", "About")], edit)
    }

    @Test("push: the new top's back title")
    func push() throws {
        var m = try base()
        let t = titles(try m.push(F.screen("D", "Legal")))
        #expect(t.count == 1)
        #expect(t.first?.0 == "D" && t.first?.1.title == "About")
        #expect(t.first?.1.menu == ["About", "General", "Settings"])
    }

    @Test("pop: the uncovered screen's back title")
    func pop() throws {
        var m = try base()
        let t = titles(try m.pop().changes)
        #expect(t.count == 1 && t.first?.0 == "B" && t.first?.1.title == "Settings")
        let root = titles(try m.pop(to: "root").changes)
        #expect(root.count == 1 && root.first?.1.display == .hidden)
    }

    @Test("set: the new stack's top")
    func set() throws {
        var m = try base()
        let t = titles(try m.setStack([F.screen("X", "Inbox"), F.screen("Y")]))
        #expect(t.count == 1 && t.first?.0 == "Y" && t.first?.1.title == "Inbox")
    }

    @Test("the previous screen's title change reaches the back button (BB-9 live)")
    func previousTitleChange() throws {
        var m = try base()
        let t = titles(try m.updateScreen("B") { $0.title = "Display" })
        #expect(t.count == 1 && t.first?.1.title == "Display")
    }

    @Test("under backTitleSnapshot the previous screen's title change emits nothing (BB-9)")
    func snapshotTitleChange() throws {
        var m = try base { $0.backTitleSnapshot = true }
        #expect(titles(try m.updateScreen("B") { $0.title = "Display" }).isEmpty)
    }

    @Test("the top screen's own visibility change (BB-2)")
    func ownChange() throws {
        var m = try base()
        let t = titles(try m.updateScreen("C") { $0.item.hidesBackButton = true })
        #expect(t.count == 1 && t.first?.1.display == .hidden)
        #expect(titles(try m.updateScreen("C") { $0.title = "About This Phone" }).isEmpty)
    }

    @Test("the top screen's title change that makes the back title fall back (BB-6)")
    func ownTitleWidth() throws {
        var m = try F.model([F.screen("A", "Settings"), F.screen("B", "Alerts")], device: F.narrowPhone)
        #expect(BackTitleEngine.backTitle(model: m, screenIndex: 1).title == "Settings")
        let t = titles(try m.updateScreen("B") { $0.title = "Notification Preferences Overview" })
        #expect(t.count == 1 && t.first?.1.truncated == true)
    }

    @Test("an unrelated change to a covered screen emits no title change")
    func unrelated() throws {
        var m = try base()
        let changes = try m.updateScreen("A") { $0.item.rightItems = [BarItem(id: "add", content: .system("add"))] }
        #expect(titles(changes).isEmpty)
        #expect(!changes.contains { if case .items = $0 { return true } else { return false } })
    }

    @Test("a covered screen's title feeds the history menu (BB-12)")
    func menuChange() throws {
        var m = try base()
        let t = titles(try m.updateScreen("A") { $0.title = "Preferences" })
        #expect(t.count == 1 && t.first?.1.menu == ["General", "Preferences"])
    }

    @Test("a locale change re-localises a generic title (BB-10), and only then")
    func locale() throws {
        var m = try F.model([F.screen("A"), F.screen("B")], appLocalizations: ["en", "de"])
        let t = titles(try m.configure(fields: ["locale"]) { $0.locale = "de-DE" })
        #expect(t.count == 1 && t.first?.1.title == "Zurück")

        var titled = try F.model(
            [F.screen("A", "Settings"), F.screen("B")], profile: .ios13, appLocalizations: ["en", "de"])
        #expect(titles(try titled.configure(fields: ["locale"]) { $0.locale = "de-DE" }).isEmpty)
    }

    @Test("a device change re-runs the width fallback (BB-6)")
    func device() throws {
        var m = try F.model([F.screen("A", F.longTitle), F.screen("B", "Details")], device: F.widePad)
        let t = titles(try m.configure(fields: ["device"]) { $0.device = F.narrowPhone })
        #expect(t.count == 1 && t.first?.1.title == "Back" && t.first?.1.truncated == true)
        #expect(titles(try m.configure(fields: ["device"]) { $0.device.scale = 3 }).isEmpty)
    }

    @Test("a bar update changes the tint, not the back title")
    func barUpdate() throws {
        var m = try base()
        let changes = try m.configure(fields: ["bar"]) { $0.bar.barTintColor = .black }
        #expect(titles(changes).isEmpty)
        #expect(changes.contains { if case .tint = $0 { return true } else { return false } })
    }

    @Test("a policy change that affects the back title (emptyBackTitles)")
    func policy() throws {
        var m = try base()
        let t = titles(try m.configure(fields: ["policies"]) { $0.policies.emptyBackTitles = true })
        #expect(t.count == 1 && t.first?.1.source == .policy)
    }
}

import Testing

@testable import NavModel

@Suite("title/previous reasons (BB-4, BB-5, BB-8, BB-9)")
struct BackTitlePreviousTests {
    typealias F = Fixture

    func previous(_ screens: [Screen], index: Int? = nil, _ edit: (inout Policies) -> Void = { _ in }) throws -> PreviousTitle {
        let m = try F.model(screens, edit)
        return BackTitleEngine.previousTitle(model: m, screenIndex: index ?? screens.count - 1)
    }

    @Test("BB-1 the root has no previous screen")
    func root() throws {
        let p = try previous([F.screen("A", "Settings")])
        #expect(p.title == nil && p.previousScreenId == nil)
        #expect(p.reason.contains("root"))
    }

    @Test("BB-5 the screen title")
    func screenTitle() throws {
        let p = try previous([F.screen("A", "Settings"), F.screen("B")])
        #expect(p.title == "Settings" && p.previousScreenId == "A")
        #expect(p.reason == "the previous screen's title")
    }

    @Test("BB-5 the navigation item title wins")
    func itemTitle() throws {
        let p = try previous([F.screen("A", "Inbox") { $0.item.title = "Mail" }, F.screen("B")])
        #expect(p.title == "Mail")
        #expect(p.reason.contains("navigation item title"))
    }

    @Test("BB-4 no title at all")
    func none() throws {
        let p = try previous([F.screen("A"), F.screen("B")])
        #expect(p.title == nil && p.previousScreenId == "A")
        #expect(p.reason.contains("has no title"))
    }

    @Test("BB-8 an empty title and an empty item title are told apart")
    func empty() throws {
        let a = try previous([F.screen("A", ""), F.screen("B")])
        let b = try previous([F.screen("A", "Inbox") { $0.item.title = "" }, F.screen("B")])
        #expect(a.title == "" && b.title == "")
        #expect(a.reason.contains("empty title"))
        #expect(b.reason.contains("empty navigation item title"))
        #expect(a.reason != b.reason)
    }

    @Test("BB-8 a blank title is reported as blank")
    func blank() throws {
        let p = try previous([F.screen("A", " "), F.screen("B")])
        #expect(p.title == " ")
        #expect(p.reason.contains("blank"))
    }

    @Test("BB-9 under backTitleSnapshot the frozen title, and the reason says so")
    func snapshot() throws {
        var m = try F.model([F.screen("A", "Settings"), F.screen("B")]) { $0.backTitleSnapshot = true }
        _ = try m.updateScreen("A") { $0.title = "Preferences" }
        let p = BackTitleEngine.previousTitle(model: m, screenIndex: 1)
        #expect(p.title == "Settings")
        #expect(p.reason.contains("frozen"))
    }

    @Test("every case without a previous title has its own reason")
    func distinctReasons() throws {
        let reasons = [
            try previous([F.screen("A", "Settings")]).reason,
            try previous([F.screen("A"), F.screen("B")]).reason,
            try previous([F.screen("A", ""), F.screen("B")]).reason,
            try previous([F.screen("A", "X") { $0.item.title = "" }, F.screen("B")]).reason,
            try previous([F.screen("A", "\t"), F.screen("B")]).reason,
            BackTitleEngine.previousTitle(model: try F.model([]), screenIndex: 0).reason,
        ]
        #expect(Set(reasons).count == reasons.count)
    }
}

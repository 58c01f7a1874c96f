import Testing
@testable import NavModel

@Suite("BB-7: stickyBackTitle keeps a width fallback until the top screen changes")
struct StickyBackTitleTests {
    /// A 320-pt phone: "Settings" fits beside a short title and not beside a long one.
    func model(sticky: Bool) throws -> NavigationModel {
        var config = SessionConfig()
        config.device = Device(width: 320, height: 568, statusBarHeight: 20, scale: 2)
        config.policies.stickyBackTitle = sticky
        return try NavigationModel(
            config: config,
            screens: [
                Screen(id: "a", title: "Settings"), Screen(id: "b", title: "Info"),
            ])
    }

    func grow(_ m: inout NavigationModel) throws -> BackTitle {
        _ = try m.updateScreen("b") { $0.title = "A considerably longer screen title" }
        return BackTitleEngine.backTitle(model: m, screenIndex: 1)
    }

    func shrink(_ m: inout NavigationModel) throws -> BackTitle {
        _ = try m.updateScreen("b") { $0.title = "Info" }
        return BackTitleEngine.backTitle(model: m, screenIndex: 1)
    }

    @Test("BB-7 default: re-evaluated on every layout, so the title comes back")
    func noHysteresis() throws {
        var m = try model(sticky: false)
        #expect(BackTitleEngine.backTitle(model: m, screenIndex: 1).title == "Settings")
        let grown = try grow(&m)
        #expect(grown.truncated)
        #expect(grown.title != "Settings")
        #expect(try shrink(&m).title == "Settings")
    }

    @Test("BB-7 sticky: the fallback stays when the space grows again, and is reported in the change")
    func sticky() throws {
        var m = try model(sticky: true)
        let grown = try grow(&m)
        #expect(grown.truncated)
        let shrunk = try shrink(&m)
        #expect(shrunk == grown)
        #expect(m.shownBackTitle?.backTitle == grown)
        // A new top screen starts afresh.
        _ = try m.pop()
        _ = try m.push(Screen(id: "c", title: "Info"))
        #expect(BackTitleEngine.backTitle(model: m, screenIndex: 1).title == "Settings")
    }
}

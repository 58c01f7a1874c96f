import Testing

@testable import NavModel

/// The interactive pop against SEMANTICS section 4 (POP-1 to POP-7).
struct PopGestureTests {
    static func model(
        _ top: Screen = Screen(id: "detail"), depth: Int = 2, configure: (inout SessionConfig) -> Void = { _ in }
    ) throws -> NavigationModel {
        var config = SessionConfig()
        configure(&config)
        var screens = (0..<(depth - 1)).map { Screen(id: "s\($0)", title: "Screen \($0)") }
        screens.append(top)
        return try NavigationModel(config: config, screens: screens)
    }

    static let closeItem = BarItem(id: "close", content: .title("Close"))

    func test(_ model: NavigationModel, _ x: Double, _ y: Double = 400) -> PopGesture.Verdict {
        PopGesture.test(model: model, start: Point(x: x, y: y))
    }

    @Test("POP-1, POP-6: the default edge swipe begins near the left edge")
    func defaultEdge() throws {
        let v = test(try Self.model(), 5)
        #expect(v.begins)
        #expect(v.recognizer == .systemEdge)
        #expect(v.rule == "POP-6")
        #expect(v.reason.contains("edge band"))
    }

    @Test("POP-6: the edge band is half-open: x < popEdgeWidth", arguments: [(0.0, true), (19.99, true), (20.0, false), (150.0, false)])
    func edgeBand(_ x: Double, _ begins: Bool) throws {
        #expect(test(try Self.model(), x).begins == begins)
    }

    @Test("POP-6: popEdgeWidth is a setting")
    func edgeWidthSetting() throws {
        let wide = try Self.model { $0.policies.popEdgeWidth = 44 }
        #expect(test(wide, 30).begins)
        #expect(!test(wide, 44).begins)
        let none = try Self.model { $0.policies.popEdgeWidth = 0 }
        #expect(!test(none, 0).begins)
    }

    @Test("POP-4: never on the root screen, whatever the mode", arguments: ["inherit", "edge", "fullscreen"])
    func root(_ setting: String) throws {
        let top = Screen(id: "home", popGesture: Screen.PopGesture(rawValue: setting) ?? .inherit)
        let m = try Self.model(top, depth: 1) { $0.policies.popGesture = .fullscreen }
        let v = test(m, 1)
        #expect(!v.begins)
        #expect(v.rule == "POP-4")
        #expect(v.reason.contains("root"))
        let empty = try NavigationModel()
        #expect(!test(empty, 1).begins)
        #expect(test(empty, 1).rule == "POP-4")
    }

    @Test("POP-3: a custom left item that replaces the back button stops the edge swipe (seed 002)")
    func customLeftItemStops() throws {
        let top = Screen(id: "detail", item: NavigationItem(leftItems: [Self.closeItem]))
        let v = test(try Self.model(top), 5)
        #expect(!v.begins)
        #expect(v.rule == "POP-3")
        #expect(v.reason == "a custom left item replaces the back button of 'detail', so UIKit's edge swipe does not begin (POP-3)")
    }

    @Test("POP-3: the screen's own popGesture restores the swipe a custom left item stopped (seed 002's delegate)")
    func screenSettingRestores() throws {
        let top = Screen(id: "detail", item: NavigationItem(leftItems: [Self.closeItem]), popGesture: .edge)
        let v = test(try Self.model(top), 5)
        #expect(v.begins)
        #expect(v.recognizer == .restoredEdge)
        #expect(v.rule == "POP-3")
        #expect(v.reason.contains("keeps the edge swipe"))
        // Restored, the edge band still applies (POP-6).
        #expect(!test(try Self.model(top), 25).begins)
        // And never at the root (POP-4), which seed 002's delegate checks with childViewControllers.count > 1.
        #expect(!test(try Self.model(top, depth: 1), 5).begins)
    }

    @Test("POP-3: a hidden left item does not replace the back button")
    func hiddenLeftItem() throws {
        let hidden = BarItem(id: "close", content: .title("Close"), hidden: true)
        #expect(test(try Self.model(Screen(id: "detail", item: NavigationItem(leftItems: [hidden]))), 5).begins)
    }

    @Test("POP-3: with leftItemsSupplementBackButton the back button stays and so does the swipe (setting)")
    func supplement() throws {
        let top = Screen(id: "detail", item: NavigationItem(leftItems: [Self.closeItem], leftItemsSupplementBackButton: true))
        #expect(test(try Self.model(top), 5).begins)
        let strict = try Self.model(top) { $0.policies.supplementKeepsPopGesture = false }
        let v = test(strict, 5)
        #expect(!v.begins)
        #expect(v.reason.contains("supplementKeepsPopGesture"))
    }

    @Test("POP-3: hidesBackButton stops the edge swipe")
    func hidesBackButton() throws {
        let v = test(try Self.model(Screen(id: "detail", item: NavigationItem(hidesBackButton: true))), 5)
        #expect(!v.begins)
        #expect(v.reason.contains("hidesBackButton"))
    }

    @Test("POP-3: a hidden bar stops the edge swipe; the screen's bar decides over the session's")
    func hiddenBar() throws {
        let sessionHidden = try Self.model { $0.bar.hidden = true }
        let v = test(sessionHidden, 5)
        #expect(!v.begins)
        #expect(v.reason.contains("hidden"))
        let screenShown = try Self.model(Screen(id: "detail", bar: BarAppearance(hidden: false))) { $0.bar.hidden = true }
        #expect(test(screenShown, 5).begins)
        let screenHidden = try Self.model(Screen(id: "detail", bar: BarAppearance(hidden: true)))
        #expect(!test(screenHidden, 5).begins)
        // The screen's explicit edge setting restores it (POP-3).
        let restored = try Self.model(Screen(id: "detail", popGesture: .edge)) { $0.bar.hidden = true }
        #expect(test(restored, 5).begins)
    }

    @Test("POP-3: backInterception leftItem with a custom back action counts as a custom left item")
    func leftItemInterception() throws {
        let custom = Screen(id: "detail", backAction: .custom)
        let m = try Self.model(custom) { $0.policies.backInterception = .leftItem }
        let v = test(m, 5)
        #expect(!v.begins)
        #expect(v.reason.contains("backInterception"))
        // Under the delegate interception the swipe still begins (and bypasses the custom action, POP-5).
        #expect(test(try Self.model(custom), 5).begins)
        // A plain pop screen under leftItem interception keeps its system back button.
        #expect(test(try Self.model { $0.policies.backInterception = .leftItem }, 5).begins)
        let restored = try Self.model(Screen(id: "detail", backAction: .custom, popGesture: .fullscreen)) {
            $0.policies.backInterception = .leftItem
        }
        #expect(test(restored, 200).begins)
    }

    @Test("POP-7: fullscreen begins anywhere when popMaxStartX is 0, and ignores POP-3's stoppers")
    func fullscreenAnywhere() throws {
        let m = try Self.model(Screen(id: "detail", item: NavigationItem(leftItems: [Self.closeItem]))) {
            $0.policies.popGesture = .fullscreen
        }
        let v = test(m, 300)
        #expect(v.begins)
        #expect(v.recognizer == .fullscreen)
        #expect(v.rule == "POP-7")
    }

    @Test("POP-7: popMaxStartX bounds the start, inclusive", arguments: [(100.0, true), (100.5, false), (0.0, true)])
    func fullscreenMaxStart(_ x: Double, _ begins: Bool) throws {
        let m = try Self.model {
            $0.policies.popGesture = .fullscreen
            $0.policies.popMaxStartX = 100
        }
        #expect(test(m, x).begins == begins)
    }

    @Test("POP-1: disabled by policy, or by the screen; a screen's setting overrides the policy both ways")
    func disabled() throws {
        let off = try Self.model { $0.policies.popGesture = .disabled }
        #expect(!test(off, 1).begins)
        #expect(test(off, 1).recognizer == .disabled)
        #expect(test(off, 1).reason.contains("policy"))
        let screenOff = try Self.model(Screen(id: "detail", popGesture: .disabled))
        #expect(!test(screenOff, 1).begins)
        #expect(test(screenOff, 1).reason.contains("screen's popGesture"))
        let screenOn = try Self.model(Screen(id: "detail", popGesture: .edge)) { $0.policies.popGesture = .disabled }
        #expect(test(screenOn, 1).begins)
        let screenFull = try Self.model(Screen(id: "detail", popGesture: .fullscreen))
        #expect(test(screenFull, 250).begins)
    }

    @Test(
        "POP-1: a start outside the window never begins",
        arguments: [(-1.0, 400.0), (5.0, -0.5), (5.0, 844.0), (390.0, 10.0), (Double.nan, 1.0)])
    func outsideWindow(_ x: Double, _ y: Double) throws {
        let v = test(try Self.model { $0.policies.popGesture = .fullscreen }, x, y)
        #expect(!v.begins)
        #expect(v.reason.contains("outside"))
    }

    @Test("POP-1: the swipe may start over the bar or the status bar")
    func anyHeight() throws {
        #expect(test(try Self.model(), 5, 0).begins)
        #expect(test(try Self.model(), 5, 60).begins)
        #expect(test(try Self.model(), 5, 843.5).begins)
    }

    @Test("POP-5: the test is pure; the model is untouched")
    func pure() throws {
        let m = try Self.model()
        let before = m
        _ = test(m, 5)
        #expect(m == before)
        #expect(m.version == 0)
    }
}

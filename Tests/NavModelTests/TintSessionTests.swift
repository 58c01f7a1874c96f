import Testing

@testable import NavModel

/// Which colour a session's bar resolves against, and where the foreground comes from (COL-1, seeds/004).
@Suite("Tint for a session's bar")
struct TintSessionTests {
    typealias F = Fixture

    func tint(_ m: NavigationModel, _ index: Int? = nil) -> TintResult {
        TintEngine.resolve(model: m, screenIndex: index ?? m.screens.count - 1)
    }

    func bar(_ color: Color? = nil, gradient: [Color]? = nil, tint: Color? = nil) -> BarAppearance {
        BarAppearance(barTintColor: color, gradient: gradient, tintColor: tint)
    }

    let systemBlue = Color(r8: 0, g8: 122, b8: 255)

    /// A model under the seed's app policy: the automatic black or white.
    func automatic(_ screens: [Screen], bar: BarAppearance = BarAppearance()) throws -> NavigationModel {
        try F.model(screens, bar: bar) { $0.foreground = .automatic }
    }

    @Test("no bar anywhere: the default white, source default; UIKit's systemBlue items and black title")
    func defaultBar() throws {
        let r = tint(try F.model([F.screen("A")]))
        #expect(r.background.hex == "#FFFFFF" && r.source == .default && r.foregroundPolicy == .uikit)
        #expect(r.foreground.hex == "#007AFF" && r.foreground.name == "systemBlue" && r.titleColor == .black)
        #expect(r.automaticForeground == .black)
    }

    @Test("UIKit never contrasts: systemBlue on a systemBlue bar, the title black (COL-1)")
    func uikitOnBlue() throws {
        let r = tint(try F.model([F.screen("A")], bar: bar(systemBlue)))
        #expect(r.foreground.hex == "#007AFF" && r.titleColor == .black && r.source == .automatic)
        #expect(r.foregroundPolicy == .uikit && r.automaticForeground == .white)
        let dark = tint(try F.model([F.screen("A")], bar: bar(.black)))
        #expect(dark.foreground.hex == "#007AFF" && dark.titleColor == .black)
    }

    @Test("a bar's titleColor is the title's colour under either policy")
    func titleColor() throws {
        let white = BarAppearance(barTintColor: .black, titleColor: .white)
        #expect(tint(try F.model([F.screen("A")], bar: white)).titleColor == .white)
        let red = BarAppearance(barTintColor: .black, titleColor: Color(r8: 255, g8: 0, b8: 0))
        #expect(tint(try automatic([F.screen("A")], bar: red)).titleColor == Color(r8: 255, g8: 0, b8: 0))
    }

    @Test("automatic: no bar anywhere gives black on the default white")
    func automaticDefaultBar() throws {
        let r = tint(try automatic([F.screen("A")]))
        #expect(r.background.hex == "#FFFFFF" && r.foreground == .black && r.titleColor == .black && r.source == .default)
        #expect(r.foregroundPolicy == .automatic)
    }

    @Test("automatic: the session bar colour decides, for the items and the title")
    func sessionBar() throws {
        let r = tint(try automatic([F.screen("A")], bar: bar(.black)))
        #expect(r.background == .black && r.foreground == .white && r.titleColor == .white && r.source == .automatic)
    }

    @Test("a screen's own bar wins over the session bar")
    func ownBar() throws {
        let m = try automatic([F.screen("A") { $0.bar = self.bar(.grey(0xBA)) }], bar: bar(.black))
        #expect(tint(m).background == .grey(0xBA) && tint(m).foreground == .black)
    }

    @Test("a screen without a bar shows the nearest screen below that has one")
    func inherited() throws {
        let m = try F.model(
            [F.screen("A") { $0.bar = self.bar(.black) }, F.screen("B") { $0.bar = self.bar(.white) }, F.screen("C")],
            bar: bar(Color(r8: 255, g8: 0, b8: 0)))
        #expect(tint(m).background == .white)
        #expect(tint(m, 0).background == .black)
        #expect(m.screenBar(at: 2) == bar(.white))
    }

    @Test("a gradient's first colour, source gradient (seeds/004)")
    func gradient() throws {
        let m = try automatic([F.screen("A") { $0.bar = self.bar(.white, gradient: [.black, .white]) }])
        #expect(tint(m).background == .black && tint(m).source == .gradient && tint(m).foreground == .white)
    }

    @Test("an empty gradient is unset: barTintColor applies")
    func emptyGradient() throws {
        let m = try F.model([F.screen("A") { $0.bar = self.bar(.black, gradient: []) }])
        #expect(tint(m).background == .black && tint(m).source == .automatic)
    }

    @Test("a screen bar without a colour takes the session bar's colour")
    func partialScreenBar() throws {
        let m = try F.model([F.screen("A") { $0.bar = self.bar(tint: nil) }], bar: bar(gradient: [.black]))
        #expect(tint(m).background == .black && tint(m).source == .gradient)
    }

    @Test("backStyle.color is forced and wins (seeds/004), under either policy")
    func forced() throws {
        let red = Color(r8: 255, g8: 0, b8: 0)
        for policy in Policies.ForegroundPolicy.allCases {
            let m = try F.model(
                [F.screen("A"), F.screen("B") { $0.backStyle = BackStyle(color: red) }],
                bar: bar(.black, tint: .white)
            ) { $0.foreground = policy }
            let r = tint(m)
            #expect(r.foreground == red && r.source == .forced && r.background == .black && r.foregroundPolicy == policy)
        }
    }

    @Test("an explicit bar tintColor is the foreground (COL-1), source forced; the title keeps its own colour")
    func barTintColor() throws {
        let m = try F.model([F.screen("A") { $0.bar = self.bar(.black, tint: .white) }])
        #expect(tint(m).foreground == .white && tint(m).source == .forced && tint(m).titleColor == .black)
        #expect(tint(m).contrastWhite > tint(m).contrastBlack)
    }

    @Test("the session's tintMethod and tintThreshold apply to the automatic foreground")
    func policies() throws {
        let wcag = try F.model([F.screen("A") { $0.bar = self.bar(self.systemBlue) }]) {
            $0.tintMethod = .wcag
            $0.foreground = .automatic
        }
        #expect(tint(wcag).method == .wcag && tint(wcag).foreground == .black)
        let low = try F.model([F.screen("A") { $0.bar = self.bar(.grey(0x80)) }]) { $0.tintThreshold = 0.5 }
        #expect(tint(low).automaticForeground == .black && tint(low).foreground.hex == "#007AFF")
    }

    @Test("request overrides beat the session policies")
    func overrides() throws {
        let m = try F.model([F.screen("A") { $0.bar = self.bar(Color(r8: 0, g8: 0, b8: 0, alpha: 0.5)) }])
        let r = TintEngine.resolve(model: m, screenIndex: 0, backdrop: .black, method: .wcag, threshold: nil, policy: .automatic)
        #expect(r.background == .black && r.foreground == .white && r.method == .wcag && r.foregroundPolicy == .automatic)
        let uikit = TintEngine.resolve(
            model: try automatic([F.screen("A")]), screenIndex: 0, backdrop: nil, method: nil, threshold: nil, policy: .uikit)
        #expect(uikit.foreground.hex == "#007AFF" && uikit.foregroundPolicy == .uikit)
    }

    @Test("an explicit colour: UIKit's colours by default, the rule's under automatic")
    func explicitColour() {
        let uikit = TintEngine.resolve(color: systemBlue)
        #expect(uikit.foreground.hex == "#007AFF" && uikit.titleColor == .black && uikit.automaticForeground == .white)
        let automatic = TintEngine.resolve(color: systemBlue, policy: .automatic)
        #expect(automatic.foreground == .white && automatic.titleColor == .white && automatic.foregroundPolicy == .automatic)
    }

    @Test("an empty stack resolves the session bar")
    func emptyStack() throws {
        let m = try F.model([], bar: bar(.black))
        let r = TintEngine.resolve(model: m, screenIndex: nil, backdrop: nil, method: nil, threshold: nil)
        #expect(r.background == .black && r.source == .automatic)
    }

    @Test("a system colour keeps its name on the background")
    func named() throws {
        let blue = try Color.parse("systemBlue")
        let m = try F.model([F.screen("A") { $0.bar = self.bar(blue) }])
        #expect(tint(m).background.name == "systemBlue" && tint(m).background.hex == "#007AFF")
    }
}

/// Mutations carry the recomputed `tint` change exactly when the top bar's tint changed.
@Suite("Tint changes from mutations")
struct TintChangeTests {
    typealias F = Fixture

    func tints(_ changes: [Change]) -> [(String, Color?, Color)] {
        changes.compactMap { if case .tint(let id, let bg, let fg, _) = $0 { return (id, bg, fg) } else { return nil } }
    }

    func automatic(_ screens: [Screen]) throws -> NavigationModel { try F.model(screens) { $0.foreground = .automatic } }

    @Test("a session bar update")
    func sessionBar() throws {
        var m = try automatic([F.screen("A"), F.screen("B")])
        let t = tints(try m.configure(fields: ["bar"]) { $0.bar.barTintColor = .black })
        #expect(t.count == 1 && t.first?.0 == "B" && t.first?.1 == .black && t.first?.2 == .white)
    }

    @Test("under UIKit's policy a bar colour change keeps the systemBlue foreground, and says so")
    func uikitChange() throws {
        var m = try F.model([F.screen("A"), F.screen("B")])
        let changes = try m.configure(fields: ["bar"]) { $0.bar.barTintColor = .black }
        let t = tints(changes)
        #expect(t.count == 1 && t.first?.1 == .black && t.first?.2.hex == "#007AFF")
        #expect(changes.contains { if case .tint(_, _, _, .uikit) = $0 { return true } else { return false } })
    }

    @Test("a covered screen's bar under a top screen with its own bar changes nothing")
    func coveredBar() throws {
        var m = try F.model([F.screen("A"), F.screen("B") { $0.bar = BarAppearance(barTintColor: .white) }])
        #expect(tints(try m.updateScreen("A") { $0.bar = BarAppearance(barTintColor: .black) }).isEmpty)
    }

    @Test("a covered screen's bar that the top screen inherits")
    func inheritedBar() throws {
        var m = try automatic([F.screen("A"), F.screen("B")])
        let t = tints(try m.updateScreen("A") { $0.bar = BarAppearance(barTintColor: .black) })
        #expect(t.count == 1 && t.first?.2 == .white)
    }

    @Test("push and pop between bars of different colours")
    func pushPop() throws {
        var m = try automatic([F.screen("A") { $0.bar = BarAppearance(barTintColor: .black) }])
        let pushed = tints(try m.push(F.screen("B") { $0.bar = BarAppearance(barTintColor: .white) }))
        #expect(pushed.count == 1 && pushed.first?.2 == .black)
        let popped = tints(try m.pop().changes)
        #expect(popped.count == 1 && popped.first?.0 == "A" && popped.first?.2 == .white)
    }

    @Test("a backStyle colour on the top screen")
    func backStyle() throws {
        var m = try F.model([F.screen("A"), F.screen("B")])
        let red = Color(r8: 255, g8: 0, b8: 0)
        let t = tints(try m.updateScreen("B") { $0.backStyle = BackStyle(color: red) })
        #expect(t.count == 1 && t.first?.2 == red)
    }

    @Test("a title change leaves the tint alone")
    func titleOnly() throws {
        var m = try F.model([F.screen("A"), F.screen("B")])
        #expect(tints(try m.updateScreen("B") { $0.title = "New" }).isEmpty)
    }
}

import Testing

@testable import NavModel

/// A navigation controller presented as a page sheet (`bar.presentation` `pageSheet`): from iOS 13 its bar is 56 high
/// and centres the 44-pt row of its buttons, back button and title, 6 pt down (Tests/Fixtures/dumps/ios13-sheet-375x667.txt).
@Suite("Page sheet bars")
struct SheetLayoutTests {
    static let sheet = BarAppearance(presentation: .pageSheet)

    /// The iOS 13 sheet's situation: a 375 x 667 phone, the card (and its bar) 40 pt down, '取消' and '下一步' drawn
    /// 38 and 52 wide.
    static func appleIDSheet(
        _ profile: Profile = .ios13, width: Double = 375, height: Double = 667, bar: BarAppearance = sheet,
        screens: [Screen]? = nil
    ) throws -> NavigationModel {
        try Fx.model(
            profile, width: width, height: height, statusBar: 40, bar: bar,
            screens ?? [
                Fx.top("signIn", title: nil, left: [Fx.text("cancel", "取消", width: 38)], right: [Fx.text("next", "下一步", width: 52)])
            ])
    }

    @Test("the dump's frames: a 56-pt bar, both stacks and buttons 44 high at y 6, the labels' content 11 further down")
    func dumpFrames() throws {
        let bar = Fx.bar(try Self.appleIDSheet())
        #expect(bar.barFrame == Rect(x: 0, y: 40, width: 375, height: 56))
        #expect(bar.element(.barItem, id: "cancel")?.frame == Rect(x: 8, y: 46, width: 46, height: 44))
        #expect(bar.element(.barItem, id: "next")?.frame == Rect(x: 307, y: 46, width: 60, height: 44))
        #expect(bar.element(.barItem, id: "cancel")?.visibleFrame == Rect(x: 16, y: 57.5, width: 38, height: 21))
        // The views as the dump names them, bar coordinates.
        let barView = try #require(bar.window.subviews.first)
        let content = try #require(barView.subviews.first { $0.className == "_UINavigationBarContentView" })
        #expect(content.frame == Rect(x: 0, y: 0, width: 375, height: 56))
        let stacks = content.subviews.filter { $0.className == "_UIButtonBarStackView" }.map(\.frame)
        #expect(stacks == [Rect(x: 8, y: 6, width: 46, height: 44), Rect(x: 307, y: 6, width: 60, height: 44)])
        let background = try #require(barView.subviews.first { $0.className == "_UIBarBackground" })
        #expect(background.frame == Rect(x: 0, y: 0, width: 375, height: 56), "the card's bar has no status bar behind it")
    }

    @Test("the back button, the chevron and the title are centred in the same 44-pt row")
    func backAndTitle() throws {
        let m = try Self.appleIDSheet(screens: [Screen(id: "a", title: "Account"), Screen(id: "b", title: "Password")])
        let bar = Fx.bar(m)
        let back = try #require(bar.element(.backButton))
        #expect(back.frame.y == 46 && back.frame.height == 44)
        let title = try #require(bar.element(.title))
        #expect(title.frame.y == 40 + 6 + 11.5, "(44 - 21) / 2 into the row")
        #expect(abs(title.frame.midX - 187.5) < 0.01)
    }

    @Test("a tap in the 6-pt bands above and below the row is the bar's: it swallows it, and no button takes it")
    func hitBands() throws {
        let bar = Fx.bar(try Self.appleIDSheet())
        #expect(Fx.hit(try Self.appleIDSheet(), 20, 48).target.kind == .barItem)
        for y in [41.0, 45.5, 90.5, 95.5] {
            let hit = BarHitTesting.hitTest(bar, point: Point(x: 20, y: y))
            #expect(hit.target.kind == .bar && hit.reason == .swallowed, "y \(y): \(hit.target)")
        }
        #expect(BarHitTesting.hitTest(bar, point: Point(x: 20, y: 96)).target.kind != .bar, "below the 56-pt bar")
        // The regions cover the whole 56-pt bar.
        let regions = BarRegions.regions(bar)
        let bar56 = Rect(x: 0, y: 40, width: 375, height: 56)
        #expect(abs(BarRegions.area(regions.compactMap { $0.frame.intersection(bar56) }) - 375 * 56) < 0.01)
        #expect(regions.contains { $0.target.kind == .barItem && $0.frame == Rect(x: 8, y: 46, width: 46, height: 44) })
    }

    @Test("no sheet bar before iOS 13, on iOS 26, on an iPad, or on a landscape phone; full screen is the default")
    func whereDrawn() throws {
        #expect(Fx.bar(try Self.appleIDSheet(.ios11)).barFrame.height == 44, "iOS 11 and 12 show page sheets full screen on a phone")
        #expect(Fx.bar(try Self.appleIDSheet(.ios26)).barFrame.height == 54)
        #expect(Fx.bar(try Self.appleIDSheet(.ios17, width: 820, height: 1180)).barFrame.height == 50)
        #expect(Fx.bar(try Self.appleIDSheet(.ios17, width: 844, height: 390)).barFrame.height == 32)
        #expect(Fx.bar(try Self.appleIDSheet(.ios14, bar: BarAppearance())).barFrame.height == 44)
        #expect(Fx.bar(try Self.appleIDSheet(.ios17, bar: BarAppearance(presentation: .fullScreen))).barFrame.height == 44)
        #expect(Fx.bar(try Self.appleIDSheet(.ios17)).barFrame.height == 56)
    }

    @Test("a screen's bar that says nothing keeps the session-wide presentation; one that says fullScreen overrides it")
    func inheritance() throws {
        let plain = try Self.appleIDSheet(screens: [Screen(id: "a", title: "A", bar: BarAppearance(tintColor: try Color.parse("#FF0000")))])
        #expect(plain.barAppearance(at: 0).presentation == .pageSheet)
        #expect(Fx.bar(plain).barFrame.height == 56)
        let full = try Self.appleIDSheet(screens: [Screen(id: "a", title: "A", bar: BarAppearance(presentation: .fullScreen))])
        #expect(Fx.bar(full).barFrame.height == 44)
    }
}

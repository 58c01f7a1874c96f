import Testing

@testable import NavModel

/// GEO-13 (large titles) and GEO-16 (the integrated search field) as `bar/layout` reports them: the rows under the
/// bar's top row, the large title's frame, and what stays in the top row.
@Suite("Large titles and the search row")
struct LargeTitleLayoutTests {
    static let largeBar = BarAppearance(prefersLargeTitles: true)

    @Test("GEO-13: the bar frame covers the 52-pt large-title row; the large title sits on the margin, 34 pt bold")
    func largeTitleFrame() throws {
        let m = try Fx.model(bar: Self.largeBar, [Screen(id: "settings", title: "Settings")])
        let bar = Fx.bar(m)
        #expect(bar.barFrame == Rect(x: 0, y: 47, width: 390, height: 96))
        let large = try #require(bar.element(.largeTitle))
        // 'Settings' in Nimbus Sans Bold: S 667, e 556, t 333, t 333, i 278, n 611, g 611, s 556 = 3945 thousandths.
        #expect(large.frame == Rect(x: 16, y: 94, width: 134.13, height: 42))
        #expect(large.text == "Settings")
        #expect(bar.element(.title) == nil, "the top row's title is hidden while the large title shows")
    }

    @Test("GEO-13: 20-pt margins from 414 pt; a title wider than the row is cut to the margins")
    func largeTitleMarginAndLimit() throws {
        let long = String(repeating: "Wide ", count: 20)
        let m = try Fx.model(width: 414, height: 896, statusBar: 44, bar: Self.largeBar, [Screen(id: "a", title: long)])
        let large = try #require(Fx.bar(m).element(.largeTitle))
        #expect(large.frame.x == 20)
        #expect(large.frame.width == 414 - 40)
    }

    @Test("GEO-13: collapsed (scrolled) the bar is 44 high and the title is back in the top row")
    func collapsed() throws {
        let m = try Fx.model(bar: Self.largeBar, [Screen(id: "settings", title: "Settings", scrolled: true)])
        let bar = Fx.bar(m)
        #expect(bar.barFrame.height == 44)
        #expect(bar.element(.largeTitle) == nil)
        #expect(bar.element(.title)?.text == "Settings")
    }

    @Test("GEO-13: largeTitleRowHeight is a setting")
    func rowHeightSetting() throws {
        let m = try Fx.model(bar: Self.largeBar, policies: { $0.largeTitleRowHeight = 58 }, [Screen(id: "a", title: "A")])
        #expect(Fx.bar(m).barFrame.height == 44 + 58)
    }

    @Test("GEO-13: a screen's own bar may turn large titles on, and later screens keep the bar's choice")
    func screenBarPrefers() throws {
        let m = try Fx.model([
            Screen(id: "a", title: "A", bar: BarAppearance(prefersLargeTitles: true)), Screen(id: "b", title: "B"),
        ])
        #expect(m.showsLargeTitle(at: 0))
        #expect(m.showsLargeTitle(at: 1), "automatic follows the previous item, and the shared bar still prefers them")
        let off = try Fx.model(
            bar: Self.largeBar, [Screen(id: "a", title: "A"), Screen(id: "b", title: "B", bar: BarAppearance(prefersLargeTitles: false))])
        #expect(!off.showsLargeTitle(at: 1))
    }

    @Test("GEO-13: the back title of the next screen is the large-title screen's title, as for any title")
    func backTitleUnchanged() throws {
        let m = try Fx.model(bar: Self.largeBar, [Screen(id: "settings", title: "Settings"), Screen(id: "general", title: "General")])
        #expect(Fx.backText(m) == "Settings")
        #expect(Fx.bar(m).element(.largeTitle)?.text == "General")
    }

    @Test("GEO-16: the search row under the large title, its field inset by the margins")
    func searchRow() throws {
        let m = try Fx.model(bar: Self.largeBar, [Screen(id: "a", title: "A", item: NavigationItem(search: SearchField()))])
        let bar = Fx.bar(m)
        #expect(bar.barFrame == Rect(x: 0, y: 47, width: 390, height: 44 + 52 + 52))
        #expect(bar.element(.searchField)?.frame == Rect(x: 16, y: 151, width: 358, height: 36))
    }

    @Test("GEO-16: no search row before iOS 11")
    func noSearchOnLegacy() throws {
        let m = try Fx.model(
            .ios10, width: 320, height: 480, statusBar: 20, [Screen(id: "a", title: "A", item: NavigationItem(search: SearchField()))])
        #expect(Fx.bar(m).barFrame.height == 44)
        #expect(Fx.bar(m).element(.searchField) == nil)
    }

    @Test("GEO-13: the large title is drawn 34 pt bold, the title colour")
    func drawing() throws {
        let m = try Fx.model(bar: Self.largeBar, [Screen(id: "a", title: "Inbox")])
        let drawn = Fx.bar(m).drawing.contains {
            if case .largeTitle("Inbox", let r) = $0 { return r.x == 16 && r.y == 94 }
            return false
        }
        #expect(drawn)
    }
}

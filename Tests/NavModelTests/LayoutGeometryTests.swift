import Testing
@testable import NavModel

/// A row of SEMANTICS' worked table (GEO section, portrait, era M, system items).
struct WorkedRow: Sendable, CustomTestStringConvertible {
    var width: Double
    var margin: Double
    var testDescription: String { "worked table W=\(Int(width)) m=\(Int(margin))" }
}

@Suite("Bar layout geometry")
struct LayoutGeometryTests {
    static let rows = [
        WorkedRow(width: 320, margin: 16), WorkedRow(width: 375, margin: 16), WorkedRow(width: 390, margin: 16),
        WorkedRow(width: 393, margin: 16), WorkedRow(width: 414, margin: 20), WorkedRow(width: 428, margin: 20),
        WorkedRow(width: 430, margin: 20),
    ]

    @Test("GEO-8/GEO-9 worked table: leading and trailing system items, custom views and the chevron", arguments: rows)
    func workedTable(_ row: WorkedRow) throws {
        let W = row.width
        let m = row.margin
        let systemBar = Fx.bar(
            try Fx.model(
                width: W, height: 900, statusBar: 20,
                [Fx.home, Fx.top(left: [Fx.text("l", "Edit", width: 40)], right: [Fx.text("r", "Done", width: 40)])]))
        let left = try #require(systemBar.element(.barItem, id: "l"))
        let right = try #require(systemBar.element(.barItem, id: "r"))
        #expect(left.frame.minX == m - 8, "leading system hit x")
        #expect(left.visibleFrame.minX == m, "leading content x")
        #expect(right.visibleFrame.maxX == W - m, "trailing content end")
        #expect(right.frame.maxX == W - m + 8, "trailing system hit end")
        #expect(left.frame.height == 44 && right.frame.minY == 20)

        let customBar = Fx.bar(
            try Fx.model(
                width: W, height: 900, statusBar: 20, [Fx.home, Fx.top(left: [Fx.custom("l")], right: [Fx.custom("r", width: 17)])]))
        #expect(customBar.element(.barItem, id: "l")?.frame.minX == m, "custom views align at m")
        #expect(customBar.element(.barItem, id: "r")?.frame.maxX == W - m, "and at W - m")

        let backBar = Fx.bar(try Fx.model(width: W, height: 900, statusBar: 20, [Fx.home, Fx.top()]))
        #expect(Fx.chevron(backBar)?.minX == m - 8, "chevron x")
        #expect(backBar.element(.backButton)?.frame.minX == 0, "the back button's hit rect starts at 0")
    }

    @Test("GEO-1/GEO-3: the bar sits below the status bar, 44 high")
    func barFrame() throws {
        let bar = Fx.bar(try Fx.model(width: 393, height: 852, statusBar: 59, [Fx.home]))
        #expect(bar.barFrame == Rect(x: 0, y: 59, width: 393, height: 44))
        #expect(bar.window.frame == Rect(x: 0, y: 0, width: 393, height: 852))
    }

    @Test("GEO-2/GEO-14: compact landscape 32, era G 54 (glassBarHeight), Max landscape 44")
    func heights() throws {
        #expect(Fx.bar(try Fx.model(width: 844, height: 390, statusBar: 0, [Fx.home])).barFrame.height == 32)
        #expect(Fx.bar(try Fx.model(width: 736, height: 414, statusBar: 0, [Fx.home])).barFrame.height == 44)
        #expect(Fx.bar(try Fx.model(.ios10, width: 568, height: 320, statusBar: 0, [Fx.home])).barFrame.height == 32)
        #expect(Fx.bar(try Fx.model(.ios26, [Fx.home])).barFrame.height == 54)
        #expect(Fx.bar(try Fx.model(.ios26, policies: { $0.glassBarHeight = 50 }, [Fx.home])).barFrame.height == 50)
        #expect(
            Fx.bar(try Fx.model(.ios17, width: 667, height: 375, statusBar: 0, policies: { $0.compactBarHeight = 30 }, [Fx.home])).barFrame
                .height == 30)
    }

    @Test("GEO-11: the era M back button: chevron 13x21 at m - 8, gap 6, the title; chevron alone: 44")
    func backButton() throws {
        let model = try Fx.model([Fx.home, Fx.top()])
        let bar = Fx.bar(model)
        let back = try #require(bar.element(.backButton))
        let chevron = try #require(Fx.chevron(bar))
        #expect(chevron == Rect(x: 8, y: 47 + 11.5, width: 13, height: 21))
        #expect(back.frame.minX == 0 && back.frame.minY == 47 && back.frame.height == 44)
        if let text = Fx.backText(model) {
            #expect(back.frame.width == 8 + 13 + 6 + TextMetrics.width(text) + 8)
            #expect(back.visibleFrame.maxX == 8 + 13 + 6 + TextMetrics.width(text))
        } else {
            #expect(back.frame.width == 44)
        }
        // With a title: 8 + 13 + 6 + the label, and 5 more from ios14 (`backButtonEnd`).
        let screens = [Screen(id: "home", title: "Home"), Fx.top()]
        for (profile, pad) in [(Profile.ios11, 0.0), (.ios13, 0), (.ios14, 5), (.ios17, 5)] {
            let titled = try #require(Fx.bar(try Fx.model(profile, screens)).element(.backButton))
            #expect(titled.frame.width == 8 + 13 + 6 + TextMetrics.width("Home") + pad, "\(profile)")
            #expect(titled.visibleFrame.maxX == 8 + 13 + 6 + TextMetrics.width("Home"), "\(profile)")
        }
        let labelEnd = try Fx.model(.ios17, policies: { $0.backButtonEnd = .labelEnd }, screens)
        #expect(Fx.bar(labelEnd).element(.backButton)?.frame.width == 8 + 13 + 6 + TextMetrics.width("Home"))
        let padded = try Fx.model(.ios11, policies: { $0.backButtonEnd = .padded }, screens)
        #expect(Fx.bar(padded).element(.backButton)?.frame.width == 8 + 13 + 6 + TextMetrics.width("Home") + 5)
    }

    @Test("GEO-11: a chevron-only back button is minimalBackButtonWidth wide, at least 8 + 13 + 8")
    func minimalBack() throws {
        for width in [29.0, 44.0] {
            let model = try Fx.model(
                policies: { $0.minimalBackButtonWidth = width },
                [Screen(id: "home", title: "Home", item: NavigationItem(backButtonDisplayMode: .minimal)), Fx.top()])
            let bar = Fx.bar(model)
            let back = try #require(bar.element(.backButton))
            if let text = Fx.backText(model) {
                #expect(back.frame.width == 8 + 13 + 6 + TextMetrics.width(text) + 8)
            } else {
                #expect(back.frame.width == width)
            }
        }
        // A custom back indicator changes the chevron's size.
        let big = Fx.bar(try Fx.model(bar: BarAppearance(backIndicator: Size(width: 20, height: 30)), [Fx.home, Fx.top()]))
        #expect(Fx.chevron(big)?.size == Size(width: 20, height: 30))
    }

    @Test("GEO-11: left items that supplement the back button start 6 after it")
    func supplement() throws {
        let bar = Fx.bar(try Fx.model([Fx.home, Fx.top(left: [Fx.text("close", "Close", width: 40)], supplement: true)]))
        let back = try #require(bar.element(.backButton))
        let close = try #require(bar.element(.barItem, id: "close"))
        #expect(close.frame.minX == back.frame.maxX + 6)
        #expect(close.frame.width == 48)
    }

    @Test("GEO-12: the title is centred when it fits, slid by a wide trailing group, truncated to the guide")
    func title() throws {
        let centred = Fx.bar(try Fx.model([Fx.home, Fx.top()]))
        let t = try #require(centred.element(.title))
        #expect(t.frame.midX == 195)
        #expect(t.frame.width == TextMetrics.width("Detail", weight: .semibold))

        let pushed = Fx.bar(try Fx.model([Fx.home, Fx.top(title: "Detail", right: [Fx.custom("wide", width: 200)])]))
        let pt = try #require(pushed.element(.title))
        let wide = try #require(pushed.element(.barItem, id: "wide"))
        #expect(pt.frame.maxX == wide.frame.minX, "slid left just enough to clear the trailing group")

        let long = String(repeating: "Very Long Title ", count: 10)
        let cut = Fx.bar(try Fx.model([Fx.home, Fx.top(title: long)]))
        let ct = try #require(cut.element(.title))
        let back = try #require(cut.element(.backButton))
        #expect(ct.frame.minX == back.frame.maxX + 6, "the guide starts after the back button (GEO-12: 69 + 6 = 75)")
        #expect(ct.frame.maxX == 390 - 8, "and ends at W - m + 8")
    }

    @Test("GEO-5: era L back button view at (8,6) and at least 41 wide, chevron at (8,11.5)")
    func legacyBack() throws {
        let model = try Fx.seedPhone()
        let bar = Fx.bar(model)
        let path = try #require(BarTreeBuilderPath.find("backButton", in: bar.window))
        let view = try #require(bar.window.descendant(at: path))
        let textWidth = Fx.backText(model).map { 13 + 6 + TextMetrics.width($0) } ?? 13
        #expect(view.frame == Rect(x: 8, y: 6, width: max(41, textWidth), height: 30))
        #expect(view.className == "UINavigationItemButtonView")
        #expect(!view.userInteractionEnabled, "HT-10: the bar decides, not the view")
        #expect(Fx.chevron(bar) == Rect(x: 8, y: 20 + 11.5, width: 13, height: 21))
        // The back column: full bar height, from the bar's edge to the view's right edge.
        #expect(bar.columns.first?.frame == Rect(x: 0, y: 20, width: 8 + max(41, textWidth), height: 44))
        #expect(bar.element(.backButton)?.frame == bar.columns.first?.frame)
    }

    @Test("GEO-14: era G platters are 44 high, capsules label + 12, circles 44")
    func glass() throws {
        let bar = Fx.bar(try Fx.model(.ios26, [Fx.home, Fx.top(right: [Fx.text("a", "A", width: 50), Fx.image("b")])]))
        let a = try #require(bar.element(.barItem, id: "a"))
        let b = try #require(bar.element(.barItem, id: "b"))
        #expect(a.visibleFrame.midX == 390 - 16 - 31)
        let platters = bar.drawing.compactMap { d -> Rect? in if case .platter(let r) = d { return r } else { return nil } }
        // The platters sit in the top 44 of the 54-pt bar, 12 apart (`glassItemSpacing`).
        #expect(platters.contains(Rect(x: 390 - 16 - 62, y: 47, width: 62, height: 44)))
        #expect(platters.contains(Rect(x: 390 - 16 - 62 - 12 - 44, y: 47, width: 44, height: 44)))
        // Hit rects meet in the middle of the gap.
        #expect(a.frame.minX == b.frame.maxX)
    }

    @Test("GEO-14: the title counts as a neighbour: platters widen to the midpoint of the gap to it")
    func glassTitleNeighbour() throws {
        let bar = Fx.bar(try Fx.model(.ios26, [Screen(id: "home", title: "Home"), Fx.top(right: [Fx.text("a", "A", width: 30)])]))
        let a = try #require(bar.element(.barItem, id: "a"))
        let title = try #require(bar.element(.title))
        let back = try #require(bar.element(.backButton))
        let platter = Rect(x: 390 - 16 - 44, y: 52, width: 44, height: 44)
        #expect(a.frame.minX == ((title.frame.maxX + platter.minX) / 2 * 1_000_000).rounded() / 1_000_000)
        #expect(a.frame.maxX == platter.maxX + 8)
        #expect(back.frame.minX == 16 - 8)
        // The capsule ends 6 after the label; its hit rect reaches halfway to the title.
        #expect(abs(back.frame.maxX - (back.visibleFrame.maxX + 6 + title.frame.minX) / 2) < 1e-6)
    }

    @Test("backInterception leftItem: the stand-in back item is a custom view on the margin (GEO-10), per era")
    func syntheticBack() throws {
        // Era L too: custom views sit on the margin in the iOS 9 and 10 dumps (docs/semantics.md, evidence table).
        for (profile, x) in [(Profile.ios17, 16.0), (.ios10, 16), (.ios26, 16)] {
            let m = try Fx.model(profile, policies: { $0.backInterception = .leftItem }, [Fx.home, Fx.top(backAction: .custom)])
            let bar = Fx.bar(m)
            let back = try #require(bar.element(.backButton), "\(profile)")
            let visible = back.visibleFrame
            #expect(visible.minX == x, "\(profile)")
            #expect(visible.width >= 44 && visible.height == 44)
            #expect(bar.backAction == nil, "the system back button is gone")
            let hit = BarHitTesting.hitTest(bar, point: Point(x: visible.midX, y: visible.midY))
            #expect(hit.action == .customBack && hit.target.kind == .backButton)
        }
    }

    @Test("a hidden bar lays out nothing and draws nothing")
    func hidden() throws {
        let bar = Fx.bar(try Fx.model([Fx.home, Fx.top(bar: BarAppearance(hidden: true))]))
        #expect(bar.hidden && bar.elements.isEmpty && bar.drawing.isEmpty && bar.slop == nil)
        #expect(BarRegions.regions(bar).isEmpty)
    }

    @Test("items with the same id get distinct view ids")
    func duplicateIds() throws {
        let bar = Fx.bar(try Fx.model([Fx.home, Fx.top(right: [Fx.text("x", "A", width: 30), Fx.text("x", "B", width: 30)])]))
        #expect(bar.roles["item.x"] == .item("x") && bar.roles["item.x#2"] == .item("x"))
        #expect(bar.elements.filter { $0.id == "x" }.count == 2)
    }

    @Test("the mask is installed on ios10 only, and only for a custom back action (BB-13)")
    func maskInstalled() throws {
        #expect(Fx.bar(try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask })).maskInstalled)
        #expect(!Fx.bar(try Fx.seedPhone(backAction: .pop, policies: { $0.backInterception = .mask })).maskInstalled)
        #expect(!Fx.bar(try Fx.seedPhone(backAction: .custom)).maskInstalled)
        for profile in [Profile.ios11, .ios13, .ios14, .ios17, .ios26] {
            let m = try Fx.model(profile, policies: { $0.backInterception = .mask }, [Fx.home, Fx.top(backAction: .custom)])
            #expect(!Fx.bar(m).maskInstalled)
        }
    }
}

/// Finds a view's path by id.
enum BarTreeBuilderPath {
    static func find(_ id: String, in root: View) -> [Int]? {
        if root.id == id { return [] }
        for (i, child) in root.subviews.enumerated() {
            if let p = find(id, in: child) { return [i] + p }
        }
        return nil
    }
}

@Suite("Back title space (BarMetrics)")
struct LayoutBackTitleSpaceTests {
    @Test("BB-6: the room left of the centred title, after the chevron and its gap (GEO-11: no padding after the label)")
    func formula() throws {
        let model = try Fx.model([Fx.home, Fx.top()])
        let titleLeft = 195 - TextMetrics.width("Detail", weight: .semibold) / 2
        // ios17 (the default profile): the button reaches 5 past its label (`backButtonEnd`).
        #expect(BarMetrics.backTitleSpace(model: model, screenIndex: 1) == titleLeft - 6 - 5 - (8 + 13 + 6))
        let ios11 = try Fx.model(.ios11, [Fx.home, Fx.top()])
        #expect(BarMetrics.backTitleSpace(model: ios11, screenIndex: 1) == titleLeft - 6 - (8 + 13 + 6))
        // backTitleRoom slidTitle: the title may first slide to the trailing group's edge (W − m + 8).
        let slid = try Fx.model(policies: { $0.backTitleRoom = .slidTitle }, [Fx.home, Fx.top()])
        let slidLeft = (390 - 8) - TextMetrics.width("Detail", weight: .semibold)
        #expect(BarMetrics.backTitleSpace(model: slid, screenIndex: 1) == slidLeft - 6 - 5 - (8 + 13 + 6))
    }

    @Test("BB-6 per era: era L's label follows the 8-pt view, era G's sits inside a capsule at m")
    func perEra() throws {
        // Era L: the title slides toward the trailing edge (m − 8 from it) before the back title gives way
        // (backTitleRoom automatic; the iOS 7 dump keeps "Passionfruit" and moves the title to 124).
        let legacy = try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, [Fx.home, Fx.top()])
        let slid320 = (320 - 8) - TextMetrics.width("Detail", weight: .semibold)
        #expect(BarMetrics.backTitleSpace(model: legacy, screenIndex: 1) == slid320 - 6 - (8 + 13 + 6))
        let centred = try Fx.model(
            .ios10, width: 320, height: 480, statusBar: 20, policies: { $0.backTitleRoom = .centredTitle }, [Fx.home, Fx.top()])
        let titleLeft320 = 160 - TextMetrics.width("Detail", weight: .semibold) / 2
        #expect(BarMetrics.backTitleSpace(model: centred, screenIndex: 1) == titleLeft320 - 6 - (8 + 13 + 6))
        let glass = try Fx.model(.ios26, [Fx.home, Fx.top()])
        let titleLeft390 = 195 - TextMetrics.width("Detail", weight: .semibold) / 2
        #expect(BarMetrics.backTitleSpace(model: glass, screenIndex: 1) == titleLeft390 - 6 - 6 - (16 + 6 + 13 + 6))
        // The custom left item that stands in for back sits on the margin and has no trailing padding.
        let leftItem = try Fx.model(policies: { $0.backInterception = .leftItem }, [Fx.home, Fx.top(backAction: .custom)])
        #expect(BarMetrics.backTitleSpace(model: leftItem, screenIndex: 1) == titleLeft390 - (16 + 13 + 6))
    }

    @Test("textMetrics helveticaNeue: era L lays the labels out wider, and a back title that fits in San Francisco gives way")
    func helveticaNeue() throws {
        func legacy(_ family: Policies.TextMetricsSetting, _ screens: [Screen]) throws -> NavigationModel {
            try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, policies: { $0.textMetrics = family }, screens)
        }
        let passion = [Screen(id: "fruit", title: "Passionfruit"), Fx.top(title: "A Story About a Fish")]
        func placed(_ model: NavigationModel) -> BarPlacement {
            BarPlacement(BarPlan(model: model, screenIndex: 1, backTitle: BackTitleEngine.backTitle(model: model, screenIndex: 1)))
        }
        let sf = placed(try legacy(.automatic, passion))
        let neue = placed(try legacy(.helveticaNeue, passion))
        // The iOS 7 dump: the back view (8 6; 110 30), the title view at 124, 163 wide.
        let back = try #require(neue.back)
        #expect(abs(back.width - 110) <= 1 && abs((sf.back?.width ?? 0) - 110) > 1, "\(back)")
        let title = try #require(neue.title)
        #expect(abs(title.minX - 124) <= 1 && abs(title.width - 163) <= 1, "\(title)")

        // A previous title that fits beside "Detail" in San Francisco but not in Helvetica Neue.
        func backText(_ family: Policies.TextMetricsSetting, _ text: String) throws -> String? {
            let model = try legacy(family, [Screen(id: "p", title: text), Fx.top()])
            return BackTitleEngine.backTitle(model: model, screenIndex: 1).title
        }
        let candidates = (0...20).flatMap { m in (0...10).map { l in String(repeating: "m", count: m) + String(repeating: "l", count: l) } }
        let text = try #require(
            candidates.first { text in (try? backText(.sanFrancisco, text)) == text && (try? backText(.helveticaNeue, text)) == "Back" })
        #expect(try backText(.automatic, text) == text)
    }

    @Test("no back button: no room")
    func none() throws {
        #expect(BarMetrics.backTitleSpace(model: try Fx.model([Fx.home]), screenIndex: 0) == 0)
        #expect(BarMetrics.backTitleSpace(model: try Fx.model([Fx.home, Fx.top(hidesBack: true)]), screenIndex: 1) == 0)
        #expect(BarMetrics.backTitleSpace(model: try Fx.model([Fx.home, Fx.top(left: [Fx.custom("c")])]), screenIndex: 1) == 0)
    }

    @Test("a wide trailing group or supplementing left items leave less room; a narrower phone too")
    func shrinks() throws {
        let plain = BarMetrics.backTitleSpace(model: try Fx.model([Fx.home, Fx.top(title: "Settings")]), screenIndex: 1)
        let wideRight = BarMetrics.backTitleSpace(
            model: try Fx.model([Fx.home, Fx.top(title: "Settings", right: [Fx.custom("w", width: 150)])]), screenIndex: 1)
        let supplement = BarMetrics.backTitleSpace(
            model: try Fx.model([Fx.home, Fx.top(title: "Settings", left: [Fx.text("c", "C", width: 30)], supplement: true)]),
            screenIndex: 1)
        let narrow = BarMetrics.backTitleSpace(model: try Fx.model(width: 320, [Fx.home, Fx.top(title: "Settings")]), screenIndex: 1)
        #expect(wideRight < plain)
        #expect(supplement == plain - 38, "the items (30 + 8) sit between the back button and the title guide")
        #expect(narrow == plain - 35)
    }

    @Test("a back title that fits leaves the title centred; the layout and the space agree", arguments: [Profile.ios10, .ios17, .ios26])
    func agrees(_ profile: Profile) throws {
        let model = try Fx.model(profile, [Fx.home, Fx.top(title: "Detail")])
        let bar = Fx.bar(model)
        let space = BarMetrics.backTitleSpace(model: model, screenIndex: 1)
        let back = try #require(bar.element(.backButton))
        let title = try #require(bar.element(.title))
        let textWidth = Fx.backText(model).map { TextMetrics.width($0) } ?? 0
        #expect(textWidth <= space)
        #expect(title.frame.midX == 195)
        #expect(back.visibleFrame.maxX < title.frame.minX)
    }
}

import Testing
@testable import NavModel

@Suite("Bar diagnostics")
struct DiagnosticsTests {
    static let plainHome = Screen(id: "home", title: "Home")

    func codes(_ m: NavigationModel, _ index: Int? = nil) -> [String] {
        DiagnosticsEngine.diagnose(model: m, screenIndex: index ?? m.screens.count - 1).map(\.code)
    }

    func find(_ m: NavigationModel, _ code: String) -> [Diagnostic] {
        DiagnosticsEngine.diagnose(model: m, screenIndex: m.screens.count - 1).filter { $0.code == code }
    }

    @Test("a plain bar has nothing to report")
    func clean() throws {
        #expect(codes(try Fx.model([Self.plainHome, Fx.top()])) == [])
        #expect(codes(try Fx.model([Self.plainHome])) == [])
    }

    @Test("back-title-truncated follows the back-title engine (BB-6)")
    func truncated() throws {
        let long = Screen(id: "home", title: "A Very Long Previous Screen Title Indeed")
        let m = try Fx.model(width: 320, height: 568, statusBar: 20, [long, Fx.top(title: "Details")])
        let engine = BackTitleEngine.backTitle(model: m, screenIndex: 1)
        let found = find(m, "back-title-truncated")
        #expect(found.isEmpty == !engine.truncated)
        if let d = found.first {
            #expect(d.severity == .info && d.screenId == "detail")
            #expect(d.rect == Fx.bar(m).element(.backButton)?.frame)
        }
    }

    @Test("touch-target-small: a 17-wide custom item and the seed's 20x30 mask button (HT-12)")
    func small() throws {
        let m = try Fx.model([Self.plainHome, Fx.top(right: [Fx.custom("tiny", width: 17)])])
        let d = try #require(find(m, "touch-target-small").first)
        #expect(d.itemId == "tiny" && d.rect == Rect(x: 357, y: 47, width: 17, height: 44) && d.severity == .warning)
        #expect(d.message.contains("17 x 44"))

        let seed = try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask })
        let mask = find(seed, "touch-target-small")
        #expect(mask.contains { $0.rect == Rect(x: 8, y: 26, width: 20, height: 30) && $0.message.contains("custom back") })
    }

    @Test("touch-target-small: a system text button within the model's known error is not reported; a custom view of its size is")
    func smallWithinTolerance() throws {
        // The iOS 13 sheet's leading '取消': a 35-pt label, 43 wide in the model (label + 8), 46 drawn.
        let sheet = try Fx.model(
            .ios13, width: 375, height: 667, statusBar: 20, [Fx.top("sheet", left: [Fx.text("cancel", "取消", width: 35)])])
        #expect(find(sheet, "touch-target-small").isEmpty)
        // Under 44 - 3 the model's error cannot make up the difference.
        let tiny = try Fx.model(.ios13, width: 375, height: 667, statusBar: 20, [Fx.top("sheet", left: [Fx.text("x", "X", width: 30)])])
        #expect(find(tiny, "touch-target-small").first?.message.contains("38 x 44") == true)
        // The tolerance is a setting; a custom view's size is the app's own, so 43 is reported.
        let strict = try Fx.model(
            .ios13, width: 375, height: 667, statusBar: 20, policies: { $0.touchTargetTolerance = 0 },
            [Fx.top("sheet", left: [Fx.text("cancel", "取消", width: 35)])])
        #expect(find(strict, "touch-target-small").count == 1)
        let custom = try Fx.model([Self.plainHome, Fx.top(right: [Fx.custom("tiny", width: 43)])])
        #expect(find(custom, "touch-target-small").count == 1)
    }

    @Test("custom-back-unreachable: the mask on ios17 is never installed (BB-13)")
    func maskUnreachable() throws {
        let m = try Fx.model(
            .ios17,
            policies: {
                $0.backInterception = .mask; $0.popGesture = .disabled
            }, [Self.plainHome, Fx.top(backAction: .custom)])
        let d = find(m, "custom-back-unreachable")
        #expect(d.count == 1)
        #expect(d.first?.severity == .error && d.first?.message.contains("BB-13") == true)
        // The same screen on ios10 reaches it through the mask.
        let old = try Fx.model(
            .ios10, width: 320, height: 480, statusBar: 20,
            policies: {
                $0.backInterception = .mask; $0.popGesture = .disabled
            }, [Self.plainHome, Fx.top(backAction: .custom)])
        #expect(!find(old, "custom-back-unreachable").contains { $0.severity == .error })
        // But taps on the back area outside the mask's button still pop (HT-13).
        #expect(find(old, "custom-back-unreachable").contains { $0.message.contains("HT-13") })
    }

    @Test("custom-back-unreachable: the swipe bypasses a delegate-caught custom back (POP-5)")
    func swipeBypasses() throws {
        let m = try Fx.model([Self.plainHome, Fx.top(backAction: .custom)])
        let d = find(m, "custom-back-unreachable")
        #expect(d.count == 1 && d.first?.message.contains("POP-5") == true && d.first?.severity == .warning)
        let noSwipe = try Fx.model([Self.plainHome, Fx.top(backAction: .custom, popGesture: .disabled)])
        #expect(find(noSwipe, "custom-back-unreachable").isEmpty)
        // A custom left item stops the system swipe, so nothing bypasses it.
        let leftItem = try Fx.model(policies: { $0.backInterception = .leftItem }, [Self.plainHome, Fx.top(backAction: .custom)])
        #expect(find(leftItem, "custom-back-unreachable").isEmpty)
    }

    @Test("pop-gesture-disabled: a custom left item, a hidden back button, a hidden bar (POP-3)")
    func popDisabled() throws {
        for top in [Fx.top(left: [Fx.custom("back")]), Fx.top(hidesBack: true), Fx.top(bar: BarAppearance(hidden: true))] {
            let m = try Fx.model([Self.plainHome, top])
            let d = find(m, "pop-gesture-disabled")
            #expect(d.count == 1 && d.first?.message.contains("POP-3") == true)
        }
        #expect(
            find(
                try Fx.model(policies: { $0.backInterception = .leftItem }, [Self.plainHome, Fx.top(backAction: .custom)]),
                "pop-gesture-disabled"
            ).count == 1)
        // A screen that restores the gesture is not reported.
        #expect(find(try Fx.model([Self.plainHome, Fx.top(left: [Fx.custom("back")], popGesture: .edge)]), "pop-gesture-disabled").isEmpty)
    }

    @Test("pop-gesture-at-root: a root screen that forces the gesture on (POP-4)")
    func atRoot() throws {
        let root = Screen(id: "home", title: "Home", popGesture: .fullscreen)
        #expect(codes(try Fx.model([root])) == ["pop-gesture-at-root"])
        #expect(!codes(try Fx.model([root, Fx.top()])).contains("pop-gesture-at-root"))
        #expect(codes(try Fx.model([root, Fx.top()]), 0) == ["pop-gesture-at-root"])
    }

    @Test("outside-touch-lost: seed 002's offset button, seed 001 with and without forwarding")
    func outsideLost() throws {
        let seed002 = try Fx.model([Self.plainHome, Fx.top(left: [Fx.custom("back", offset: Point(x: -10, y: 0))])])
        let d = try #require(find(seed002, "outside-touch-lost").first)
        #expect(d.itemId == "back" && d.rect == Rect(x: 6, y: 47, width: 10, height: 44))
        #expect(d.message.contains("440 pt²"))

        let ix = Fx.top(left: [Fx.custom("back", offset: Point(x: -8, y: 0), policy: .outside)])
        #expect(find(try Fx.model([Self.plainHome, ix]), "outside-touch-lost").first?.message.contains("forwardOutsideTouches") == true)
        #expect(find(try Fx.model(policies: { $0.forwardOutsideTouches = true }, [Self.plainHome, ix]), "outside-touch-lost").isEmpty)
        // Era L pads custom views through the bar's column.
        #expect(
            find(
                try Fx.model(.ios10, [Self.plainHome, Fx.top(left: [Fx.custom("back", offset: Point(x: -10, y: 0))])]), "outside-touch-lost"
            ).isEmpty)
    }

    @Test("dead-zone: the seed's mask and a container's uncovered strip (HT-13)")
    func deadZones() throws {
        let seed = try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask })
        let mask = try #require(find(seed, "dead-zone").first)
        #expect(mask.rect == Rect(x: 28, y: 26, width: 80, height: 30) && mask.message.contains("mask"))

        let seed002 = try Fx.model([Self.plainHome, Fx.top(left: [Fx.custom("back", offset: Point(x: -10, y: 0))])])
        let strip = try #require(find(seed002, "dead-zone").first)
        #expect(strip.itemId == "back" && strip.rect == Rect(x: 50, y: 47, width: 10, height: 44))
    }

    @Test("low-contrast: mid grey takes white under the seed's rule, below WCAG 4.5:1 (COL-4)")
    func lowContrast() throws {
        let grey = BarAppearance(barTintColor: Color(r8: 128, g8: 128, b8: 128))
        let d = find(try Fx.model(bar: grey, policies: { $0.foreground = .automatic }, [Self.plainHome, Fx.top()]), "low-contrast")
        #expect(d.count == 1 && d.first?.message.contains("4.5:1") == true)
        #expect(d.first?.message.contains("#FFFFFF (black or white by yiq: foreground \"automatic\", COL-3)") == true)
        let white = BarAppearance(barTintColor: .white)
        let automaticWhite = try Fx.model(bar: white, policies: { $0.foreground = .automatic }, [Self.plainHome, Fx.top()])
        #expect(find(automaticWhite, "low-contrast").isEmpty)
    }

    @Test("low-contrast: UIKit's systemBlue on the bar colour the app chose (COL-1)")
    func lowContrastUIKit() throws {
        // systemBlue on #007AFF: 1:1, whatever the automatic rule would have picked (white, 4.02:1).
        let blue = BarAppearance(barTintColor: Color(r8: 0, g8: 122, b8: 255))
        let d = find(try Fx.model(bar: blue, [Self.plainHome, Fx.top()]), "low-contrast")
        #expect(d.count == 1)
        #expect(
            d.first?.message
                == "the bar's foreground #007AFF (systemBlue, UIKit's default tint: foreground \"uikit\", COL-1) on #007AFF has a "
                + "contrast of 1:1, below the 3:1 floor for UIKit's tint (defaultTintContrast, COL-4)")
        // On the default bar it is UIKit's own look; on a white or light grey bar the app chose it reaches 3:1.
        #expect(find(try Fx.model([Self.plainHome, Fx.top()]), "low-contrast").isEmpty)
        #expect(find(try Fx.model(bar: BarAppearance(barTintColor: .white), [Self.plainHome, Fx.top()]), "low-contrast").isEmpty)
        let light = BarAppearance(barTintColor: Color(r8: 240, g8: 240, b8: 240))
        #expect(find(try Fx.model(bar: light, [Self.plainHome, Fx.top()]), "low-contrast").isEmpty)
        // A stricter floor holds UIKit's blue to it.
        let strict = try Fx.model(bar: light, policies: { $0.defaultTintContrast = 4.5 }, [Self.plainHome, Fx.top()])
        #expect(find(strict, "low-contrast").count == 1)
        // A tint the app set is its own choice, held to 4.5:1 and said so.
        let set = BarAppearance(barTintColor: .white, tintColor: Color(r8: 150, g8: 150, b8: 150))
        let own = find(try Fx.model(bar: set, [Self.plainHome, Fx.top()]), "low-contrast")
        #expect(own.count == 1 && own.first?.message.contains("(set by the app)") == true && own.first?.message.contains("4.5:1") == true)
    }

    @Test("hidden-bar-swallows: a transparent bar still takes taps")
    func transparent() throws {
        let clear = BarAppearance(barTintColor: Color(r8: 255, g8: 255, b8: 255, alpha: 0))
        let d = find(try Fx.model(bar: clear, [Self.plainHome, Fx.top()]), "hidden-bar-swallows")
        #expect(d.count == 1 && d.first?.rect == Rect(x: 0, y: 47, width: 390, height: 44))
        #expect(find(try Fx.model(bar: BarAppearance(hidden: true), [Self.plainHome, Fx.top()]), "hidden-bar-swallows").isEmpty)
    }

    @Test("the order is stable: by code, then left to right")
    func order() throws {
        let m = try Fx.model(
            policies: { $0.backInterception = .mask },
            [
                Self.plainHome,
                Fx.top(
                    left: [Fx.custom("back", offset: Point(x: -10, y: 0))], right: [Fx.custom("a", width: 17), Fx.custom("b", width: 20)],
                    backAction: .custom),
            ])
        let list = DiagnosticsEngine.diagnose(model: m, screenIndex: 1)
        let ranks = list.map { DiagnosticsEngine.codes.firstIndex(of: $0.code) ?? -1 }
        #expect(ranks == ranks.sorted())
        let small = list.filter { $0.code == "touch-target-small" }.compactMap(\.rect?.minX)
        #expect(small == small.sorted() && small.count == 3, "a, b, and the 34-pt reachable part of back")
        #expect(list == DiagnosticsEngine.diagnose(model: m, screenIndex: 1))
    }

    @Test("a lower screen is diagnosed as its own bar looks when it is on top")
    func lowerScreen() throws {
        let m = try Fx.model([Self.plainHome, Fx.top(right: [Fx.custom("tiny", width: 17)]), Fx.top("third")])
        #expect(codes(m, 1) == ["touch-target-small"])
        #expect(codes(m, 2) == [])
        #expect(DiagnosticsEngine.diagnose(model: m, screenIndex: 7).isEmpty)
    }
}

@Suite("Diagnostics: the region memo")
struct RegionMemoTests {
    @Test("with the memo, every profile's findings are those without it, and era M's alike bars are swept once")
    func sameFindings() throws {
        let memo = DiagnosticsEngine.RegionMemo()
        var screens = [Fx.home, Fx.top(right: [Fx.custom("share", width: 30, height: 30), Fx.text("edit", "Edit")])]
        screens.append(Fx.top("photo", title: "A photo with a long title", backAction: .custom))
        for profile in Profile.allCases {
            let model = try Fx.model(profile, screens)
            for index in model.screens.indices {
                let plain = DiagnosticsEngine.diagnose(model: model, screenIndex: index)
                let memoized = DiagnosticsEngine.diagnose(model: model, screenIndex: index, memo: memo)
                #expect(plain == memoized, "\(profile), screen \(index)")
            }
        }
        // ios11, ios13, ios14 and ios17 lay these phone bars out alike, but for the titled back button of the
        // third screen, which reaches past its label from ios14 (`backButtonEnd`): that bar is swept once more.
        #expect(memo.reused == 3 * screens.count - 1, "\(memo.reused)")
    }
}

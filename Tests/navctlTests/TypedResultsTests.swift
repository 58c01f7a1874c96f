import JSONCore
import NavClient
import NavEngine
import NavLocal
import NavModel
import NavProtocol
import Testing

@testable import navctl

/// What navctl prints, read from the typed results NavClient decodes; each expected text is written out by hand.
@Suite("navctl: sentences from typed results")
struct TypedResultsTests {
    /// An iOS 10 document on a 320 x 480 screen: the bar spans x 0-320, y 20-64.
    static let seed = """
        {"profile": "ios10", "device": {"width": 320, "height": 480, "statusBarHeight": 20},
         "policies": {"backInterception": "mask"},
         "screens": [
           {"id": "home", "title": "Home", "item": {"backItem": {"title": ""}}},
           {"id": "fish", "title": "Fish", "backAction": "custom",
            "item": {"rightItems": [{"id": "add", "system": "add"}, {"id": "off", "title": "Off", "enabled": false}]}}]}
        """

    /// The document's model answered in process, as `navctl --file` answers it.
    static func local(_ text: String = seed) throws -> LocalAnswers {
        guard case .success(let document) = DocumentSource.loadText(text, name: "seed.navd.json") else {
            throw HarnessFailure("the seed document does not load")
        }
        return LocalAnswers(answers: ModelAnswers(model: document.model))
    }

    struct HarnessFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static let bar = Rect(x: 0, y: 20, width: 320, height: 44)

    @Test(
        "a point that misses the bar is placed against the bar's frame, every side named that holds",
        arguments: [
            (20.0, 10.0, HitReason.outsideBar, "the point is above the bar (the bar spans x 0-320, y 20-64)"),
            (20, -3, .outsideBar, "the point is above the bar, off the screen (the bar spans x 0-320, y 20-64)"),
            (500, 40, .outsideBar, "the point is right of the bar, off the screen (the bar spans x 0-320, y 20-64)"),
            (-5, 10, .outsideBar, "the point is above and left of the bar, off the screen (the bar spans x 0-320, y 20-64)"),
            (150, 200, .belowBar, "the point is below the bar (the bar spans x 0-320, y 20-64)"),
            (320, 64, .belowBar, "the point is below and right of the bar, off the screen (the bar spans x 0-320, y 20-64)"),
        ])
    func outside(_ x: Double, _ y: Double, _ reason: HitReason, _ text: String) {
        #expect(BarReadable.whereOutside(reason, bar: Self.bar, point: Point(x: x, y: y)) == text)
    }

    @Test("without the bar's frame, a miss is said without sides")
    func outsideWithoutFrame() {
        #expect(BarReadable.whereOutside(.outsideBar, bar: nil, point: Point(x: 1, y: 1)) == "the point is outside the bar")
        #expect(BarReadable.whereOutside(.belowBar, bar: Self.bar, point: nil) == "the point is below the bar")
    }

    @Test("every target and action has its words")
    func targetsAndActions() {
        let targets: [HitTarget.Kind: String] = [
            .backButton: "the back button", .barItem: "item 'save'", .titleView: "the title view", .title: "the title",
            .bar: "the bar itself", .content: "the screen's content below the bar", .none: "nothing on the bar",
            .searchField: "the search field",
        ]
        #expect(Set(targets.keys) == Set(HitTarget.Kind.allCases))
        for (kind, words) in targets {
            #expect(BarReadable.target(HitTarget(kind: kind, screenId: "s", itemId: kind == .barItem ? "save" : nil)) == words)
        }
        #expect(BarReadable.action(.pop(to: "home")) == "pop to 'home'")
        #expect(BarReadable.action(.itemAction("save")) == "itemAction 'save'")
        #expect(BarReadable.action(.customBack) == "customBack")
        #expect(BarReadable.action(HitAction.none) == "none")
    }

    @Test("why a tap does nothing, for every reason")
    func reasons() {
        func hit(_ reason: HitReason?, view: String? = "mask") -> BarHitResult {
            BarHitResult(target: HitTarget(kind: .bar), action: .none, reason: reason, hitView: view)
        }
        #expect(BarReadable.inaction(hit(.deadZone)) == "'mask' takes the touch and does nothing with it: a dead zone")
        #expect(BarReadable.inaction(hit(.swallowed, view: nil)) == "a view swallows the touch")
        #expect(BarReadable.inaction(hit(.disabled)) == "the item is disabled")
        #expect(BarReadable.inaction(hit(.inert)) == "it is shown, not a control")
        #expect(BarReadable.inaction(hit(.backActionNone)) == "the screen's backAction is \"none\"")
        #expect(BarReadable.inaction(hit(.hiddenBar)) == "the bar is hidden and takes no taps")
        #expect(BarReadable.inaction(hit(.outsideBar)) == "the point is outside the bar")
        #expect(BarReadable.inaction(hit(.search)) == "the search field takes the focus, and the stack stays as it is")
        #expect(BarReadable.inaction(hit(nil)) == "no action")
    }

    @Test("bar/hitTest through the typed call, in process: the paragraph for the mask, and for a miss above the bar")
    func explained() async throws {
        let local = try Self.local()
        let mask = try await local.hitTest(LocalAnswers.sessionId, point: Point(x: 20, y: 40), trace: true)
        #expect(
            BarReadable.explain(mask, point: Point(x: 20, y: 40))
                == "A tap at (20, 40) on 'fish' lands on the back button (UIKit's hit test returns the view 'maskButton'). "
                + "It does not pop: the app is asked to go back (navigation/backRequested). "
                + "'mask' intercepted it: the seed's overlay took the touch before the system back button.")
        let above = try await local.hitTest(LocalAnswers.sessionId, point: Point(x: 150, y: 5))
        #expect(above.bar == Self.bar)
        #expect(
            BarReadable.explain(above, point: Point(x: 150, y: 5))
                == "A tap at (150, 5) lands on nothing on the bar (UIKit's hit test returns the view 'window'). "
                + "Nothing happens: the point is above the bar (the bar spans x 0-320, y 20-64).")
    }

    @Test("a tap on the integrated search field: the stack does not change")
    func searchField() {
        let hit = BarHitResult(
            target: HitTarget(kind: .searchField, screenId: "mail"), action: .none, reason: .search, hitView: "searchField")
        #expect(
            BarReadable.explain(BarHitTest.Result(hit, includeTrace: false), point: Point(x: 50, y: 160))
                == "A tap at (50, 160) on 'mail' lands on the search field (UIKit's hit test returns the view 'searchField'). "
                + "The stack does not change: the search field takes the focus.")
    }

    @Test("bar/tap's sentence for each outcome")
    func tapped() {
        func tap(_ action: HitAction, performed: Bool, reason: HitReason? = nil) -> BarTap.Result {
            BarTap.Result(
                hit: BarHitResult(target: HitTarget(kind: .backButton, screenId: "fish"), action: action, reason: reason),
                performed: performed, version: 4)
        }
        let p = Point(x: 20, y: 40.5)
        #expect(
            TapCommand.readable(tap(.pop(to: "home"), performed: true), point: p)
                == "tapped (20, 40.5): the back button; popped to 'home', now at version 4")
        #expect(
            TapCommand.readable(tap(.customBack, performed: true), point: p)
                == "tapped (20, 40.5): the back button; sent navigation/backRequested, the stack is unchanged (version 4)")
        #expect(
            TapCommand.readable(tap(.itemAction("add"), performed: true), point: p)
                == "tapped (20, 40.5): the back button; sent navigation/itemTapped (version 4)")
        #expect(
            TapCommand.readable(tap(.none, performed: false, reason: .disabled), point: p)
                == "tapped (20, 40.5): the back button; nothing was performed (the item is disabled); version 4")
    }

    @Test("regions in process: slop bands named in the row they continue")
    func regions() async throws {
        let local = try Self.local(Self.seed.replacingOccurrences(of: #""policies": {"backInterception": "mask"},"#, with: ""))
        let regions = try await local.hitRegions(LocalAnswers.sessionId)
        let text = RegionsCommand.readable(regions, subject: "seed")
        let add = text.split(separator: "\n").filter { $0.contains("item 'add'") }
        #expect(add.count == 1 && add[0].hasSuffix("itemAction 'add', via touch slop at y 0-20 and 64-79"), "\(text)")
        #expect(
            RegionsCommand.readable([], subject: "seed")
                == "no touchable areas on the bar of 'seed': a tap there reaches nothing on the bar")
    }

    @Test("back titles: the button line for each display, and the history menu")
    func backTitles() {
        var back = BackTitle(title: "Settings", display: .text, source: .previousTitle, truncated: false, menu: ["Settings", ""])
        #expect(
            Readable.backTitle(back)
                == "‹ Settings  (from the previous screen's title)\nhistory menu (nearest first):\n  Settings\n  (blank)")
        back.truncated = true
        back.source = .backStyle
        #expect(Readable.backButton(back) == "‹ Settings  (from this screen's backStyle; too long, cut on screen)")
        let arrow = BackTitle(title: nil, display: .arrowOnly, source: .none, truncated: true, menu: [])
        #expect(Readable.backTitle(arrow) == "‹  (arrow only: no title fits the bar)\nhistory menu: none")
        var hidden = BackTitle(title: nil, display: .hidden, source: .none, truncated: false, menu: [])
        #expect(Readable.backButton(hidden) == "no back button")
        hidden.hiddenBecause = .leftItems
        #expect(Readable.backButton(hidden) == "no back button  (the screen's left items replace it)")
        var image = BackTitle(title: nil, display: .text, source: .backItem, truncated: false, menu: [])
        image.image = Size(width: 24, height: 22.5)
        #expect(Readable.backButton(image) == "‹ [image 24×22.5]  (from the previous screen's backItem)")
    }

    @Test("tint/resolve in process: UIKit's colours, the automatic pick beside them, the declared colour when blended")
    func tint() async throws {
        let local = try Self.local()
        let tint = try await local.resolveTint(["color": "rgba(0,0,0,0.5)"])
        #expect(
            Readable.tint(tint, swatch: false) == """
                background  #808080  (#00000080 blended over the backdrop)
                foreground  #007AFF  (systemBlue, UIKit's default tint; foreground uikit)
                title       #000000  (black)
                automatic   #FFFFFF  (white by yiq, with --foreground automatic)
                luminance   0.5000  (yiq)
                contrast    black 5.28:1, white 3.98:1
                """)
        // The swatch's escapes reach the terminal as escapes: the items' colour, then the title's.
        let swatch = Readable.tint(tint, swatch: true)
        #expect(swatch.hasPrefix(Readable.tint(tint, swatch: false) + "\n"))
        #expect(
            swatch.hasSuffix(
                "\nswatch      \u{1B}[48;2;128;128;128m\u{1B}[38;2;0;122;255m  ‹ Back   \u{1B}[38;2;0;0;0mTitle  \u{1B}[0m"),
            "\(swatch)")
        let automatic = try await local.resolveTint(["color": "rgba(0,0,0,0.5)", "foreground": "automatic"])
        #expect(
            Readable.tint(automatic, swatch: false) == """
                background  #808080  (#00000080 blended over the backdrop)
                foreground  #FFFFFF  (white, automatic by yiq; foreground automatic)
                title       #FFFFFF  (white)
                luminance   0.5000  (yiq)
                contrast    black 5.28:1, white 3.98:1
                """)
    }

    @Test("title/previous and gesture/popTest in words")
    func previousAndPop() {
        #expect(
            Readable.previousTitle(PreviousTitle(title: "Home\nx", previousScreenId: "home", reason: "the screen below"))
                == "\"Home\\nx\" from 'home': the screen below")
        #expect(
            Readable.previousTitle(PreviousTitle(title: nil, previousScreenId: nil, reason: "the root")) == "no previous title: the root")
        let begins = PopGesture.Verdict(begins: true, reason: "from the edge (POP-2)", rule: "POP-2", recognizer: .systemEdge)
        #expect(
            PopTestCommand.readable(begins, start: Point(x: 8, y: 400))
                == "a swipe from (8, 400) begins swipe-back\n  why: from the edge (POP-2)\n  recognizer: UIKit's edge swipe (interactivePopGestureRecognizer)"
        )
        let root = PopGesture.Verdict(begins: false, reason: "the root screen (POP-1)", rule: "POP-1", recognizer: .none)
        #expect(
            PopTestCommand.readable(root, start: Point(x: 8.5, y: 400))
                == "a swipe from (8.5, 400) does not begin swipe-back\n  why: the root screen (POP-1)")
    }

    @Test("--file answers the daemon's errors for what it cannot answer, and decodes what it answers")
    func localErrors() async throws {
        let local = try Self.local()
        let unanswered = await #expect(throws: NavClientError.self) { try await local.status() }
        #expect(unanswered == .rpc(.methodNotFound("daemon/status")))
        let screen = await #expect(throws: NavClientError.self) { try await local.backTitle(LocalAnswers.sessionId, screenId: "ghost") }
        guard case .rpc(let error)? = screen else {
            Issue.record("\(String(describing: screen))")
            return
        }
        #expect(error.code == ErrorCode.unknownScreen)
        #expect(try await local.stack(LocalAnswers.sessionId).screens.map(\.id) == ["home", "fish"])
    }
}

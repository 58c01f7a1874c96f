import Testing
@testable import NavModel

@Suite("Bar hit regions")
struct BarHitRegionsTests {
    /// A spread of bars: every era, the mask, slop, custom views, forwarding, glass.
    static let bars: [HitVector] = hitVectors.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)

    @Test("each region answers the same as bar/hitTest at its corners and centre", arguments: bars)
    func agree(_ v: HitVector) throws {
        let bar = Fx.bar(try v.build())
        for r in BarRegions.regions(bar) {
            let f = r.frame
            let inset = min(0.01, f.width / 4, f.height / 4)
            for p in [
                Point(x: f.minX, y: f.minY), Point(x: f.midX, y: f.midY), Point(x: f.maxX - inset, y: f.maxY - inset),
                Point(x: f.minX, y: f.maxY - inset), Point(x: f.maxX - inset, y: f.minY),
            ] {
                let hit = BarHitTesting.hitTest(bar, point: p)
                #expect(hit.target == r.target && hit.action == r.action && hit.reason == r.reason, "\(v.name) at \(p)")
                #expect((hit.slopPoint != nil) == r.viaSlop)
            }
        }
    }

    @Test(
        "on a grid every 1.3 pt, the region a point falls in answers as bar/hitTest does there, on every profile",
        arguments: Profile.allCases)
    func grid(_ profile: Profile) throws {
        for model in [
            try Fx.seedPhone(profile),
            try Fx.model(
                profile, [Fx.home, Fx.top(left: [Fx.text("close", "Close")], right: [Fx.image("share"), Fx.text("edit", "Edit")])]),
        ] {
            let bar = Fx.bar(model)
            let regions = BarRegions.regions(bar)
            var y = max(0, bar.barFrame.minY - 25)
            while y < bar.barFrame.maxY + 20 {
                var x = 0.0
                while x < bar.barFrame.maxX {
                    let p = Point(x: x, y: y)
                    let hit = BarHitTesting.hitTest(bar, point: p)
                    if let r = regions.first(where: { $0.frame.contains(p) }) {
                        #expect(hit.target == r.target && hit.action == r.action, "\(profile) at \(p): region \(r.frame)")
                    } else {
                        #expect(hit.target.kind == .none || hit.target.kind == .content, "\(profile) at \(p): \(hit.target)")
                    }
                    x += 1.3
                }
                y += 1.3
            }
        }
    }

    @Test("regions never overlap, and together they cover the whole bar", arguments: bars)
    func partition(_ v: HitVector) throws {
        let bar = Fx.bar(try v.build())
        let regions = BarRegions.regions(bar)
        for (i, a) in regions.enumerated() {
            for b in regions[(i + 1)...] { #expect(a.frame.intersection(b.frame) == nil) }
        }
        guard !bar.hidden else { return }
        let inBar = regions.compactMap { $0.frame.intersection(bar.barFrame) }
        #expect(abs(BarRegions.area(inBar) - bar.barFrame.width * bar.barFrame.height) < 1e-6)
    }

    /// The regions of the session of docs/protocol.md's `bar/layout` and `bar/hitRegions` examples (ios17, 375 x 667
    /// with a 20-pt status bar, "Home" under "Detail" with a "Save" item), worked out by hand from the geometry
    /// table of docs/semantics.md ("Numbers per profile") with the label widths of that example (Home 45.339,
    /// Save 38.743, Detail 44.88): margin m = 16 below 414 pt; the back button from x 0 to (m − 8) + 13 + 6 + 45.339
    /// = 72.339, plus 5 (`backButtonEnd` `padded` on ios17) = 77.339; the edge text item its label + 8 ending at
    /// W − m + 8 = 367, so from 320.257; the title label centred on W / 2 = 187.5, from 165.06; 44 high at y 20,
    /// labels 21 high at y 31.5. The content view swallows what is left: the strips above and below the labels
    /// between the back button and Save, the label row beside the title, and the 8 pt past Save.
    /// (The examples in docs/protocol.md still show the back button ending at 80.339, 8 past its label: they
    /// predate `backButtonEnd`.)
    static let workedRegions: [(HitTarget.Kind, String?, HitAction, HitReason?, Rect)] = [
        (.backButton, nil, .pop(to: "home"), nil, Rect(x: 0, y: 20, width: 77.339, height: 44)),
        (.bar, nil, .none, .swallowed, Rect(x: 77.339, y: 20, width: 320.257 - 77.339, height: 11.5)),
        (.barItem, "save", .itemAction("save"), nil, Rect(x: 320.257, y: 20, width: 46.743, height: 44)),
        (.bar, nil, .none, .swallowed, Rect(x: 367, y: 20, width: 8, height: 44)),
        (.bar, nil, .none, .swallowed, Rect(x: 77.339, y: 31.5, width: 165.06 - 77.339, height: 21)),
        (.title, nil, .none, .inert, Rect(x: 165.06, y: 31.5, width: 44.88, height: 21)),
        (.bar, nil, .none, .swallowed, Rect(x: 209.94, y: 31.5, width: 320.257 - 209.94, height: 21)),
        (.bar, nil, .none, .swallowed, Rect(x: 77.339, y: 52.5, width: 320.257 - 77.339, height: 11.5)),
    ]

    @Test("ios17: the regions of the documented example's bar, in order, to a millionth of a point")
    func documentedExample() throws {
        let model = try Fx.model(
            .ios17, width: 375, height: 667, statusBar: 20,
            [
                Screen(id: "home", title: "Home"),
                Fx.top("detail", title: "Detail", right: [Fx.text("save", "Save")]),
            ])
        let regions = BarRegions.regions(Fx.bar(model))
        try #require(regions.count == Self.workedRegions.count, "\(regions.map(\.frame))")
        for (region, (kind, itemId, action, reason, frame)) in zip(regions, Self.workedRegions) {
            #expect(region.target == HitTarget(kind: kind, screenId: "detail", itemId: itemId))
            #expect(region.action == action && region.reason == reason && !region.viaSlop)
            let f = region.frame
            #expect(
                abs(f.minX - frame.minX) < 1e-6 && abs(f.minY - frame.minY) < 1e-6 && abs(f.width - frame.width) < 1e-6
                    && abs(f.height - frame.height) < 1e-6, "\(f) is not \(frame)")
        }
    }

    @Test("ios17: the back button's region runs from x 0 to its touch container's end, the bar's full height")
    func backRegion() throws {
        // The back button of the example above ("Home", 77.339 wide on ios17), on a bar 47 pt down.
        let bar = Fx.bar(try Fx.model([Screen(id: "home", title: "Home"), Fx.top()]))
        let back = BarRegions.regions(bar).filter { $0.target.kind == .backButton }
        #expect(back.count == 1)
        let frame = try #require(back.first?.frame)
        #expect(frame.minX == 0 && frame.minY == 47 && frame.height == 44 && abs(frame.width - 77.339) < 1e-6, "\(frame)")
        #expect(back.first?.action == .pop(to: "home"))
    }

    @Test("ios10: the slop band adds back-button regions above and below the bar (HT-9)")
    func slopRegions() throws {
        let bar = Fx.bar(try Fx.seedPhone())
        let slop = BarRegions.regions(bar).filter(\.viaSlop)
        #expect(!slop.isEmpty)
        #expect(slop.allSatisfy { $0.target.kind == .backButton })
        #expect(slop.contains { $0.frame.minY == 0 } && slop.contains { $0.frame.maxY == 79 })
    }

    @Test("seed 000: the mask's dead zone is a region of its own (HT-13)")
    func maskRegion() throws {
        let bar = Fx.bar(try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask }))
        let regions = BarRegions.regions(bar).filter { !$0.viaSlop }
        let dead = regions.filter { $0.reason == .deadZone }
        #expect(dead.map(\.frame) == [Rect(x: 28, y: 26, width: 80, height: 30)])
        #expect(regions.filter { $0.action == .customBack }.map(\.frame) == [Rect(x: 8, y: 26, width: 20, height: 30)])
    }
}

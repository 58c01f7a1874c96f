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

    @Test("ios17: the back button's region is exactly its element's frame")
    func backRegion() throws {
        let bar = Fx.bar(try Fx.model([Fx.home, Fx.top()]))
        let back = BarRegions.regions(bar).filter { $0.target.kind == .backButton }
        #expect(back.count == 1)
        #expect(back.first?.frame == bar.element(.backButton)?.frame)
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

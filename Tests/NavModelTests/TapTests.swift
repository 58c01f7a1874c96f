import Testing
@testable import NavModel

@Suite("Bar taps")
struct TapTests {
    @Test("a back tap pops: the stack changes and the version rises by one")
    func pop() throws {
        var m = try Fx.model([Screen(id: "a", title: "A"), Screen(id: "b", title: "B"), Screen(id: "c", title: "C")])
        let outcome = try BarTapping.tap(&m, at: Point(x: 1, y: 69))
        #expect(outcome.performed)
        #expect(outcome.hit.action == .pop(to: "b"))
        #expect(m.screens.map(\.id) == ["a", "b"])
        #expect(m.version == 1)
        #expect(outcome.changes.first == .stack(op: .pop, screens: ["c"]))
        #expect(outcome.event == nil)
    }

    @Test("a custom back asks the app and changes nothing")
    func customBack() throws {
        var m = try Fx.model([Fx.home, Fx.top(backAction: .custom)])
        let outcome = try BarTapping.tap(&m, at: Point(x: 1, y: 69))
        #expect(outcome.performed && outcome.changes.isEmpty)
        #expect(outcome.event == .backRequested(screenId: "detail"))
        #expect(m.version == 0 && m.depth == 2)
    }

    @Test("an item tap reports the item")
    func item() throws {
        var m = try Fx.model([Fx.home, Fx.top(right: [Fx.text("save", "Save", width: 40)])])
        let outcome = try BarTapping.tap(&m, at: Point(x: 360, y: 69))
        #expect(outcome.event == .itemTapped(screenId: "detail", itemId: "save"))
        #expect(m.version == 0)
    }

    @Test("a tap that does nothing is not performed")
    func nothing() throws {
        var m = try Fx.model([Fx.home, Fx.top(right: [Fx.text("save", "Save", width: 40, enabled: false)])])
        for p in [Point(x: 360, y: 69), Point(x: 120, y: 69), Point(x: 10, y: 300), Point(x: 10, y: 10)] {
            let outcome = try BarTapping.tap(&m, at: p)
            #expect(!outcome.performed && outcome.event == nil && outcome.changes.isEmpty)
        }
        #expect(m.version == 0)
    }

    @Test("ifVersion is honoured even when the tap would do nothing")
    func ifVersion() throws {
        var m = try Fx.model([Fx.home, Fx.top()])
        #expect(throws: ModelError.versionConflict(current: 0)) { try BarTapping.tap(&m, at: Point(x: 120, y: 69), ifVersion: 3) }
        #expect(throws: ModelError.versionConflict(current: 0)) { try BarTapping.tap(&m, at: Point(x: 1, y: 69), ifVersion: 1) }
        #expect(m.depth == 2)
        let ok = try BarTapping.tap(&m, at: Point(x: 1, y: 69), ifVersion: 0)
        #expect(ok.performed && m.version == 1)
    }

    @Test("the mask on ios10 runs the custom back; on ios17 the same tap pops (seed 000, BB-13)")
    func seedMask() throws {
        var old = try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask })
        #expect(try BarTapping.tap(&old, at: Point(x: 15, y: 40)).event == .backRequested(screenId: "fish"))
        var new = try Fx.model(.ios17, policies: { $0.backInterception = .mask }, [Fx.home, Fx.top(backAction: .custom)])
        let outcome = try BarTapping.tap(&new, at: Point(x: 15, y: 69))
        #expect(outcome.hit.action == .pop(to: "home") && new.depth == 1)
    }

    @Test("an empty stack has no bar to tap")
    func empty() throws {
        var m = try NavigationModel()
        #expect(throws: ModelError.self) { try BarTapping.tap(&m, at: Point(x: 1, y: 69)) }
    }
}

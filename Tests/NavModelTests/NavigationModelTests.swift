import Testing
@testable import NavModel

@Suite("NavigationModel mutations")
struct NavigationModelTests {
    func model(_ titles: [String], _ configure: (inout SessionConfig) -> Void = { _ in }) throws -> NavigationModel {
        var config = SessionConfig()
        configure(&config)
        return try NavigationModel(config: config, screens: titles.map { Screen(id: $0.lowercased(), title: $0) })
    }

    @Test("push appends, raises the version by one and reports the pushed screen first")
    func push() throws {
        var m = try model(["Settings"])
        let changes = try m.push(Screen(id: "general", title: "General"))
        #expect(m.version == 1)
        #expect(m.screens.map(\.id) == ["settings", "general"])
        #expect(changes.first == .stack(op: .push, screens: ["general"]))
        // The new top bar is reported in full: its items, tint and back title.
        #expect(
            changes.contains { if case .items(let s) = $0 { return s.screenId == "general" && s.title == "General" } else { return false } }
        )
        #expect(
            changes.contains { if case .title(let id, let t) = $0 { return id == "general" && t.display != .hidden } else { return false } }
        )
        #expect(changes.contains { if case .tint(let id, _, _, _) = $0 { return id == "general" } else { return false } })
    }

    @Test("a pushed id already on the stack is refused and nothing changes")
    func duplicatePush() throws {
        var m = try model(["A", "B"])
        #expect(throws: ModelError.duplicateScreen(id: "a", path: "screen.id")) { try m.push(Screen(id: "a")) }
        #expect(m.version == 0)
        #expect(m.depth == 2)
    }

    @Test("pop, pop to a screen, pop to root")
    func pops() throws {
        var m = try model(["A", "B", "C", "D"])
        #expect(try m.pop().popped == ["d"])
        #expect(try m.pop(to: "b").popped == ["c"])
        #expect(m.screens.map(\.id) == ["a", "b"])
        _ = try m.push(Screen(id: "e"))
        let (popped, changes) = try m.pop(to: "root")
        #expect(popped == ["e", "b"])
        #expect(changes.first == .stack(op: .pop, screens: ["e", "b"]))
        #expect(m.version == 4)
    }

    @Test("popping the root, an empty stack or an unknown target is refused")
    func popRefusals() throws {
        var root = try model(["A"])
        #expect(throws: ModelError.notAllowed("cannot pop the root screen")) { try root.pop() }
        var empty = try model([])
        #expect(throws: ModelError.notAllowed("the stack is empty")) { try empty.pop() }
        var m = try model(["A", "B"])
        #expect(throws: ModelError.unknownScreen(id: "zz", path: "to")) { try m.pop(to: "zz") }
        #expect(m.version == 0)
        // An unknown target is named as such even where nothing could be popped.
        #expect(throws: ModelError.unknownScreen(id: "zz", path: "to")) { try root.pop(to: "zz") }
    }

    @Test("ifVersion must match the current version")
    func ifVersion() throws {
        var m = try model(["A"])
        #expect(throws: ModelError.versionConflict(current: 0)) { try m.push(Screen(id: "b"), ifVersion: 3) }
        _ = try m.push(Screen(id: "b"), ifVersion: 0)
        #expect(m.version == 1)
    }

    @Test("the stack depth limit is enforced by name")
    func depthLimit() throws {
        var m = try NavigationModel(screens: [Screen(id: "a")], limits: ModelLimits(maxStackDepth: 2))
        _ = try m.push(Screen(id: "b"))
        #expect(throws: ModelError.limitExceeded(name: "maxStackDepth", limit: 2)) { try m.push(Screen(id: "c")) }
        #expect(throws: ModelError.limitExceeded(name: "maxStackDepth", limit: 2)) {
            try m.setStack([Screen(id: "x"), Screen(id: "y"), Screen(id: "z")])
        }
    }

    @Test("set replaces the stack and refuses duplicate ids with their path")
    func set() throws {
        var m = try model(["A"])
        let changes = try m.setStack([Screen(id: "x"), Screen(id: "y")])
        #expect(changes.first == .stack(op: .set, screens: ["x", "y"]))
        #expect(throws: ModelError.duplicateScreen(id: "x", path: "screens[1].id")) {
            try m.setStack([Screen(id: "x"), Screen(id: "x")])
        }
    }

    @Test("editing a covered screen that the top bar does not show reports only the screen edit")
    func coveredEditIsQuiet() throws {
        var m = try model(["A", "B", "C"])
        let changes = try m.updateScreen("a") { $0.item.rightItems = [BarItem(id: "x", content: .title("X"))] }
        #expect(changes == [.screen(screenId: "a")])
        #expect(m.version == 1)
    }

    @Test("editing the top screen's items reports the recomputed items")
    func topEditReportsItems() throws {
        var m = try model(["A", "B"])
        let changes = try m.updateScreen("b") { $0.item.rightItems = [BarItem(id: "share", content: .title("Share"))] }
        #expect(changes.count == 2)
        guard case .items(let items) = changes[1] else { Issue.record("expected an items change"); return }
        #expect(items.rightItems.map(\.id) == ["share"])
    }

    @Test("an update cannot change a screen's id")
    func idIsStable() throws {
        var m = try model(["A"])
        _ = try m.updateScreen("a") {
            $0.id = "other"; $0.title = "New"
        }
        #expect(m.screens[0].id == "a")
        #expect(m.screens[0].title == "New")
    }

    @Test("covered screens are frozen as they were when covered (BB-9 backTitleSnapshot)")
    func snapshots() throws {
        var m = try model(["A", "B"]) { $0.policies.backTitleSnapshot = true }
        _ = try m.updateScreen("a") { $0.title = "Renamed" }
        #expect(m.previousScreen(before: 1)?.title == "A")
        m.config.policies.backTitleSnapshot = false
        #expect(m.previousScreen(before: 1)?.title == "Renamed")
        // Uncovering a screen drops its frozen copy; covering it again freezes its current state.
        _ = try m.pop()
        #expect(m.coveredSnapshots.isEmpty)
        #expect(m.coveredSnapshot(of: "a") == nil)
        _ = try m.push(Screen(id: "c"))
        #expect(m.coveredSnapshot(of: "a")?.title == "Renamed")
        // A covered screen that has not changed since it was covered is not stored a second time.
        #expect(m.coveredSnapshots.isEmpty)
    }

    @Test("BB-9 snapshots through every kind of mutation: kept while covered, dropped when uncovered or undone")
    func snapshotsThroughMutations() throws {
        var m = try model(["A", "B", "C", "D"]) { $0.policies.backTitleSnapshot = true }
        _ = try m.updateScreen("b") { $0.title = "B2" }
        #expect(m.coveredSnapshot(of: "b")?.title == "B")
        // Pushes, pops above it and configuration changes keep it.
        _ = try m.push(Screen(id: "e", title: "E"))
        _ = try m.pop(to: "c")
        _ = try m.configure(fields: ["locale"]) { $0.locale = "de" }
        #expect(m.coveredSnapshot(of: "b")?.title == "B" && m.coveredSnapshots.count == 1)
        // A second change keeps the state it was covered in; changing it back to that state drops the copy.
        _ = try m.updateScreen("b") { $0.title = "B3" }
        #expect(m.coveredSnapshot(of: "b")?.title == "B")
        _ = try m.updateScreen("b") { $0.title = "B" }
        #expect(m.coveredSnapshots.isEmpty)
        // The top screen is never frozen; an update of it stores nothing.
        _ = try m.updateScreen("c") { $0.title = "C2" }
        #expect(m.coveredSnapshots.isEmpty)
        // Replacing the stack keeps the copies of screens still covered, by id, wherever they now are.
        _ = try m.updateScreen("a") { $0.title = "A2" }
        _ = try m.updateScreen("b") { $0.title = "B4" }
        _ = try m.setStack([m.screens[1], Screen(id: "x", title: "X"), m.screens[0], m.screens[2]])
        #expect(m.coveredSnapshot(of: "a")?.title == "A" && m.coveredSnapshot(of: "b")?.title == "B")
        // Popping to the root uncovers and drops them all.
        _ = try m.pop(to: "root")
        #expect(m.coveredSnapshots.isEmpty)
    }

    @Test("generated ids never collide with ids on the stack")
    func generatedIds() throws {
        var m = try NavigationModel(screens: [Screen(id: "screen-1")])
        #expect(m.generateScreenId() == "screen-2")
        #expect(m.generateScreenId() == "screen-3")
    }

    @Test("configure reports the fields it touched and recomputes the top bar")
    func configure() throws {
        var m = try model(["A", "B"])
        let changes = try m.configure(fields: ["bar"]) { $0.bar.barTintColor = .black }
        #expect(changes.first == .config(fields: ["bar"]))
        #expect(changes.contains { if case .tint(_, let bg, _, _) = $0 { return bg == .black } else { return false } })
    }

    @Test(
        "half-open containment (HT-3)",
        arguments: [
            (Point(x: 0, y: 0), true), (Point(x: 99.999, y: 10), true), (Point(x: 100, y: 10), false),
            (Point(x: 10, y: 50), false), (Point(x: -0.001, y: 10), false),
        ])
    func rectContains(point: Point, inside: Bool) {
        #expect(Rect(x: 0, y: 0, width: 100, height: 50).contains(point) == inside)
    }
}

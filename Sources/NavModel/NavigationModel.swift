/// A session's navigation model: configuration plus the stack, bottom (root) first.
///
/// Every mutation checks `ifVersion`, raises `version` by one, and returns the `Change`s it made:
/// the structural change itself, then the recomputed `items`/`tint`/`title` of the top bar
/// whenever what the top bar shows differs from before.
public struct NavigationModel: Sendable, Hashable {
    public var config: SessionConfig {
        didSet { lastTopBar = Kept() }
    }
    public private(set) var screens: [Screen]
    public private(set) var version: Int
    /// Under `backTitleSnapshot`: each covered screen that has changed since it was covered, as it was when
    /// it was covered (BB-9). A covered screen that has not changed is its own snapshot and is not stored
    /// twice; ``coveredSnapshot(of:)`` answers for every screen.
    public private(set) var coveredSnapshots: [String: Screen]
    /// Counter for generated screen ids.
    public private(set) var nextGeneratedId: Int
    /// The back title the top screen's bar last showed, which `stickyBackTitle` (BB-7) keeps from upgrading.
    public private(set) var shownBackTitle: ShownBackTitle?
    /// Bounds applied to every mutation.
    public var limits: ModelLimits
    /// What the top bar showed after the last mutation: the next one's "before", which nothing but a mutation or a
    /// new configuration changes. Not part of the model's value (equal models may differ in it).
    private var lastTopBar = Kept()

    /// A value kept beside the model that its equality and hash leave out. Held by reference: a `TopBarState`
    /// inline would add its whole size to every model, idle sessions' included.
    private struct Kept: Sendable, Hashable {
        private final class Box: Sendable {
            let state: TopBarState
            init(_ state: TopBarState) { self.state = state }
        }
        private var box: Box?
        var topBar: TopBarState? {
            get { box?.state }
            set { box = newValue.map(Box.init) }
        }
        static func == (_: Kept, _: Kept) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// A new model at version 0. `nextGeneratedId` continues the numbering of ids generated for `screens`.
    public init(
        config: SessionConfig = SessionConfig(), screens: [Screen] = [], limits: ModelLimits = ModelLimits(),
        nextGeneratedId: Int = 1
    ) throws(ModelError) {
        self.config = config
        self.screens = []
        self.version = 0
        self.coveredSnapshots = [:]
        self.nextGeneratedId = max(1, nextGeneratedId)
        self.shownBackTitle = nil
        self.limits = limits
        try checkDepth(screens.count)
        try checkUnique(screens, path: "screens")
        self.screens = screens
        rememberShownBackTitle()
    }

    /// Rebuilds a model from a snapshot's parts, exactly as it was.
    public init(
        restoring config: SessionConfig, screens: [Screen], version: Int, coveredSnapshots: [String: Screen],
        nextGeneratedId: Int, shownBackTitle: ShownBackTitle? = nil, limits: ModelLimits = ModelLimits()
    ) throws(ModelError) {
        self.config = config
        self.screens = screens
        self.version = version
        // Stored only where a screen differs from its snapshot.
        self.coveredSnapshots = coveredSnapshots.filter { id, frozen in
            screens.first { $0.id == id }.map { $0 != frozen } ?? false
        }
        self.nextGeneratedId = nextGeneratedId
        self.shownBackTitle = shownBackTitle
        self.limits = limits
        try checkDepth(screens.count)
        try checkUnique(screens, path: "document.screens")
    }

    /// The model as it was while `screens[index]` was on top: the screens above it gone, the ones below it
    /// keeping the snapshots taken when they were covered (BB-9), and `screens[index]` none, being on top. A
    /// prefix of a valid stack is valid, so nothing is checked again.
    func prefix(through index: Int) -> NavigationModel {
        var scoped = self
        scoped.screens = Array(screens[...index])
        let below = Set(screens[..<index].map(\.id))
        scoped.coveredSnapshots = coveredSnapshots.filter { below.contains($0.key) }
        scoped.shownBackTitle = nil
        scoped.lastTopBar = Kept()
        return scoped
    }

    /// The same stack under another profile, as a new model of it would be: only the back title its top bar
    /// last showed, which only `stickyBackTitle` reads, is worked out again under the new profile.
    public func reprofiled(_ profile: Profile) -> NavigationModel {
        var model = self
        model.config.profile = profile
        model.shownBackTitle = nil
        if config.policies.stickyBackTitle { model.rememberShownBackTitle() }
        return model
    }

    // MARK: Queries

    public var top: Screen? { screens.last }
    public var depth: Int { screens.count }

    public func index(of screenId: String) -> Int? { screens.firstIndex { $0.id == screenId } }

    public func screen(_ id: String) -> Screen? { screens.first { $0.id == id } }

    /// The screen `id` as it was when it was covered (BB-9): its snapshot, else the screen itself while it is
    /// covered; nil when it is not on the stack below the top.
    public func coveredSnapshot(of id: String) -> Screen? {
        if let frozen = coveredSnapshots[id] { return frozen }
        guard let i = index(of: id), i < screens.count - 1 else { return nil }
        return screens[i]
    }

    /// The screen whose back button is built from `screens[index]`'s predecessor, honouring `backTitleSnapshot`.
    public func previousScreen(before index: Int) -> Screen? {
        guard index > 0, index < screens.count else { return nil }
        let previous = screens[index - 1]
        if config.policies.backTitleSnapshot, let frozen = coveredSnapshots[previous.id] { return frozen }
        return previous
    }

    /// A fresh screen id, unique in this model.
    public mutating func generateScreenId() -> String {
        while true {
            let candidate = "screen-\(nextGeneratedId)"
            nextGeneratedId += 1
            if index(of: candidate) == nil { return candidate }
        }
    }

    // MARK: Mutations

    /// Pushes a screen; its id must not be on the stack already.
    public mutating func push(_ screen: Screen, ifVersion: Int? = nil) throws(ModelError) -> [Change] {
        try checkVersion(ifVersion)
        try checkDepth(screens.count + 1)
        if index(of: screen.id) != nil { throw .duplicateScreen(id: screen.id, path: "screen.id") }
        return mutate(touching: .none) {
            $0.screens.append(screen)
            return [.stack(op: .push, screens: [screen.id])]
        }
    }

    /// Pops the top screen, or every screen above `to` (a screen id or "root").
    public mutating func pop(to target: String? = nil, ifVersion: Int? = nil) throws(ModelError) -> (popped: [String], changes: [Change]) {
        try checkVersion(ifVersion)
        if let target, target != "root", index(of: target) == nil { throw .unknownScreen(id: target, path: "to") }
        guard screens.count > 1 else {
            throw .notAllowed(screens.isEmpty ? "the stack is empty" : "cannot pop the root screen")
        }
        let keep: Int
        switch target {
        case nil: keep = screens.count - 1
        case "root"?: keep = 1
        case let id?:
            guard let i = index(of: id) else { throw .unknownScreen(id: id, path: "to") }
            keep = i + 1
        }
        let popped = screens[keep...].map(\.id)
        let changes = mutate(touching: .none) {
            $0.screens.removeLast($0.screens.count - keep)
            return popped.isEmpty ? [] : [.stack(op: .pop, screens: Array(popped.reversed()))]
        }
        return (Array(popped.reversed()), changes)
    }

    /// Replaces the whole stack.
    public mutating func setStack(_ newScreens: [Screen], ifVersion: Int? = nil) throws(ModelError) -> [Change] {
        try checkVersion(ifVersion)
        try checkDepth(newScreens.count)
        try checkUnique(newScreens, path: "screens")
        return mutate(touching: .all) {
            $0.screens = newScreens
            return [.stack(op: .set, screens: newScreens.map(\.id))]
        }
    }

    /// Applies `update` to one screen. The screen's id cannot change.
    public mutating func updateScreen(
        _ id: String, ifVersion: Int? = nil, _ update: (inout Screen) throws(ModelError) -> Void
    ) throws(ModelError) -> [Change] {
        try checkVersion(ifVersion)
        guard let i = index(of: id) else { throw .unknownScreen(id: id, path: "screenId") }
        var updated = screens[i]
        try update(&updated)
        updated.id = id
        return mutate(touching: .screen(i)) {
            $0.screens[i] = updated
            return [.screen(screenId: id)]
        }
    }

    /// Applies `update` to the configuration; `fields` names what the request touched.
    public mutating func configure(
        fields: [String], ifVersion: Int? = nil, _ update: (inout SessionConfig) throws(ModelError) -> Void
    ) throws(ModelError) -> [Change] {
        try checkVersion(ifVersion)
        var updated = config
        try update(&updated)
        return mutate(touching: .none) {
            $0.config = updated
            return [.config(fields: fields)]
        }
    }

    // MARK: Internals

    /// The screens a mutation may change in place. Every mutation but `setStack` keeps each remaining screen's id
    /// at its index (a push or a pop adds or removes at the top, an update changes one screen, a configuration
    /// none), so only the screens it names need comparing: a push or a pop costs the same at any depth.
    private enum Touched {
        case none
        case screen(Int)
        case all
    }

    /// The screens a mutation touches, as they were before it.
    private enum Old {
        case none
        case screen(Screen, at: Int, wasCovered: Bool)
        case all([Screen])
    }

    private mutating func mutate(touching touched: Touched, _ body: (inout NavigationModel) -> [Change]) -> [Change] {
        let before = lastTopBar.topBar ?? TopBarState(self)
        assert(lastTopBar.topBar.map { $0 == TopBarState(self) } ?? true, "the kept top bar is the one the model shows")
        // What the snapshots need of the screens before: holding the whole array would make a push copy it.
        let old: Old
        switch touched {
        case .none: old = .none
        case .screen(let i): old = .screen(screens[i], at: i, wasCovered: i < screens.count - 1)
        case .all: old = .all(screens)
        }
        var changes = body(&self)
        version += 1
        refreshSnapshots(old)
        let after = TopBarState(self)
        changes += TopBarState.changes(from: before, to: after)
        shownBackTitle = after.screenId.flatMap { id in after.backTitle.map { ShownBackTitle(screenId: id, backTitle: $0) } }
        lastTopBar.topBar = after
        return changes
    }

    private mutating func rememberShownBackTitle() {
        guard let top else { return }
        shownBackTitle = ShownBackTitle(screenId: top.id, backTitle: BackTitleEngine.backTitle(model: self, screenIndex: screens.count - 1))
    }

    /// After a mutation: a screen that stays covered keeps the state it was covered in, stored only if it has
    /// changed since; a newly covered screen is frozen as it is now (nothing to store); a screen that is top
    /// (or gone) has no snapshot.
    private mutating func refreshSnapshots(_ old: Old) {
        switch old {
        case .all(let old):
            var frozenBefore: [String: Screen] = [:]
            for screen in old.dropLast() { frozenBefore[screen.id] = coveredSnapshots[screen.id] ?? screen }
            var next: [String: Screen] = [:]
            for screen in screens.dropLast() {
                if let frozen = frozenBefore[screen.id], frozen != screen { next[screen.id] = frozen }
            }
            coveredSnapshots = next
        case .none, .screen:
            if !coveredSnapshots.isEmpty {
                // Popped screens and the new top lose theirs.
                let covered = Set(screens.dropLast().lazy.map(\.id))
                coveredSnapshots = coveredSnapshots.filter { covered.contains($0.key) }
            }
            // An update of a screen covered before and after: frozen as it was before, unless it is that again.
            if case .screen(let before, let i, let wasCovered) = old, wasCovered, i < screens.count - 1 {
                let frozen = coveredSnapshots[before.id] ?? before
                coveredSnapshots[before.id] = frozen != screens[i] ? frozen : nil
            }
        }
    }

    private func checkVersion(_ expected: Int?) throws(ModelError) {
        if let expected, expected != version { throw .versionConflict(current: version) }
    }

    private func checkDepth(_ count: Int) throws(ModelError) {
        if count > limits.maxStackDepth { throw .limitExceeded(name: "maxStackDepth", limit: limits.maxStackDepth) }
    }

    private func checkUnique(_ list: [Screen], path: String) throws(ModelError) {
        var seen = Set<String>()
        for (i, s) in list.enumerated() where !seen.insert(s.id).inserted {
            throw .duplicateScreen(id: s.id, path: "\(path)[\(i)].id")
        }
    }
}

/// What a screen's back button showed when its bar was last laid out.
public struct ShownBackTitle: Sendable, Hashable {
    public var screenId: String
    public var backTitle: BackTitle
    public init(screenId: String, backTitle: BackTitle) {
        self.screenId = screenId
        self.backTitle = backTitle
    }
}

/// Bounds on one model.
public struct ModelLimits: Sendable, Hashable {
    /// The most screens a stack may hold.
    public var maxStackDepth: Int
    public init(maxStackDepth: Int = 256) { self.maxStackDepth = maxStackDepth }
}

/// What the top screen's bar shows; two states are diffed to produce `items`/`tint`/`title` changes.
public struct TopBarState: Sendable, Hashable {
    public var screenId: String?
    public var items: ItemsState?
    public var tint: TintResult?
    public var backTitle: BackTitle?

    public init(_ model: NavigationModel) {
        guard let top = model.top else { return }
        let index = model.screens.count - 1
        screenId = top.id
        items = ItemsState(top)
        tint = TintEngine.resolve(model: model, screenIndex: index)
        backTitle = BackTitleEngine.backTitle(model: model, screenIndex: index)
    }

    static func changes(from before: TopBarState, to after: TopBarState) -> [Change] {
        guard let id = after.screenId else { return [] }
        let sameScreen = before.screenId == after.screenId
        var out: [Change] = []
        if let items = after.items, !sameScreen || before.items != items { out.append(.items(items)) }
        if let tint = after.tint, !sameScreen || before.tint != tint {
            out.append(
                .tint(
                    screenId: id, barTintColor: tint.background, foreground: tint.foreground,
                    foregroundPolicy: tint.foregroundPolicy))
        }
        if let title = after.backTitle, !sameScreen || before.backTitle != title {
            out.append(.title(screenId: id, backTitle: title))
        }
        return out
    }
}

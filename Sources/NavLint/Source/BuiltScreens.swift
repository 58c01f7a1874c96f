import NavModel
import NavSource

/// The screens one lint built, with the files it built them from: the next lint of the same project rebuilds
/// only the screens an edit can change, and takes the others as they were.
///
/// A screen is built from the drafts and classes of its class chain and of its host's chain (and
/// `UINavigationController`'s, whose hooks see every back tap), and from what the whole project shares: the
/// appearance proxies, the colour sets, the edges between screens (which give hosts, roots and SwiftUI-only
/// screens), the class hierarchy, which names are screens and which navigation controllers make settings, and
/// the swizzled pops. An edit that changes only drafts and classes (a title, an item, a colour set in
/// `viewDidLoad`) dirties the names whose declarations in the edited file differ, and a screen is rebuilt when its chain or its
/// host's chain holds one; an edit to anything shared (a push, a superclass, an appearance proxy) rebuilds
/// every screen, as does a file added, removed or moved.
struct BuiltScreens: Sendable {
    /// The files last built from, in the project's order.
    var files: [SourceFacts] = []
    var screens: [String: Made] = [:]
    var placeholders: [PlaceholderKey: Made] = [:]

    /// A screen as built, with its hash, taken once: a check's memo key is made of its screens' hashes.
    struct Made: Sendable {
        var screen: BuiltScreen
        var digest: Int
        /// Taken from the last lint as it was (or made only from such screens): a stack of taken screens is the
        /// stack the last lint checked.
        var taken = false
        init(_ screen: BuiltScreen, taken: Bool = false) {
            self.screen = screen
            digest = screen.hashValue
            self.taken = taken
        }
    }

    /// The screens the source never shows that a check puts on a stack.
    enum PlaceholderKey: Hashable, Sendable {
        /// The screen below one pushed from outside any screen.
        case pushing(String)
        /// The next screen pushed on one.
        case pushedOn(String)
        /// A screen, and the screen pushed on it, under an appearance proxy's back-title offset.
        case anyScreen, pushedOnAnyScreen

        var id: String {
            switch self {
            case .pushing(let name): return "(the screen that pushes \(name))"
            case .pushedOn(let name): return "(a screen pushed on \(name))"
            case .anyScreen: return "(a screen)"
            case .pushedOnAnyScreen: return "(the screen pushed on it)"
            }
        }

        /// The screen whose host's bar it gets.
        var below: String? {
            switch self {
            case .pushing(let name), .pushedOn(let name): return name
            case .anyScreen, .pushedOnAnyScreen: return nil
            }
        }
    }

    /// The names whose drafts or classes changed between `files` and `now`; nil when something shared changed
    /// (or the files are not the same files), and nothing built before may be taken.
    func dirtyNames(_ now: [SourceFacts]) -> Set<String>? {
        guard files.count == now.count, !files.isEmpty else { return nil }
        var dirty: Set<String> = []
        for (old, new) in zip(files, now) where old != new {
            guard old.file == new.file, old.language == new.language, Shared(old) == Shared(new) else { return nil }
            // The names whose declarations in this file differ (a line typed above moves every one below it).
            let (oldDrafts, newDrafts) = (Dictionary(grouping: old.screens, by: \.name), Dictionary(grouping: new.screens, by: \.name))
            for name in Set(oldDrafts.keys).union(newDrafts.keys) where oldDrafts[name] != newDrafts[name] { dirty.insert(name) }
            let (oldClasses, newClasses) = (Dictionary(grouping: old.classes, by: \.name), Dictionary(grouping: new.classes, by: \.name))
            for name in Set(oldClasses.keys).union(newClasses.keys) where oldClasses[name] != newClasses[name] { dirty.insert(name) }
        }
        return dirty
    }

    /// What a file gives the whole project, beyond the drafts and classes of its own names.
    struct Shared: Equatable {
        struct Link: Equatable {
            var kind: Edge.Kind
            var from: String?
            var to: ScreenRef
        }
        struct Draft: Equatable {
            var name: String
            var kind: ScreenDraft.Kind
            var superclass: String?
            var elementId: String?
            var storyboardIdentifiers: [String]
            var makesSettings: Bool
            var swizzles: [Hook]
        }
        struct Class: Equatable {
            var name: String
            var superclass: String?
            var swizzles: [Hook]
        }
        /// Edges without their places: where a push is written is no input to a screen.
        var links: [Link]
        var appWide: [Setting]
        var colors: [String: Color]
        var drafts: [Draft]
        var classes: [Class]

        init(_ facts: SourceFacts) {
            links = facts.edges.map { Link(kind: $0.kind, from: $0.from, to: $0.to) }
            appWide = facts.appWide
            colors = facts.colors
            drafts = facts.screens.map {
                Draft(
                    name: $0.name, kind: $0.kind, superclass: $0.superclass, elementId: $0.elementId,
                    storyboardIdentifiers: $0.storyboardIdentifiers, makesSettings: !$0.settings.isEmpty || !$0.hooks.isEmpty,
                    swizzles: $0.hooks.filter { $0.kind == .swizzledPop })
            }
            classes = facts.classes.map {
                Class(name: $0.name, superclass: $0.superclass, swizzles: $0.hooks.filter { $0.kind == .swizzledPop })
            }
        }
    }
}

/// A `ScreenBuilder` that takes each screen from the last lint's when no edit since can have changed it.
struct IncrementalBuilder {
    let builder: ScreenBuilder
    let previous: BuiltScreens
    /// Names whose declarations changed; nil: every screen is built anew.
    let dirty: Set<String>?
    private(set) var made: BuiltScreens
    /// Screens built anew and taken from before, for tests.
    private(set) var builtCount = 0
    private(set) var takenCount = 0

    init(flows: Flows, files: [SourceFacts], previous: BuiltScreens) {
        builder = ScreenBuilder(flows: flows)
        self.previous = previous
        dirty = previous.dirtyNames(files)
        made = BuiltScreens(files: files)
    }

    /// Whether a screen built below `name` (its own, or a placeholder whose host is `name`'s) may differ now.
    mutating func touched(_ name: String, ownChain: Bool) -> Bool {
        guard let dirty else { return true }
        if dirty.isEmpty { return false }
        if dirty.contains("UINavigationController") { return true }
        if ownChain, chainTouched(name) { return true }
        if let host = builder.flows.host(of: name), chainTouched(host) { return true }
        return false
    }

    /// Whether a name's class chain holds a dirty name, answered once per name.
    private var chains: [String: Bool] = [:]
    private mutating func chainTouched(_ name: String) -> Bool {
        if let known = chains[name] { return known }
        let answer = builder.flows.chain(name).contains { dirty?.contains($0) ?? true }
        chains[name] = answer
        return answer
    }

    mutating func screen(_ name: String) -> BuiltScreens.Made {
        if let known = made.screens[name] { return known }
        let b: BuiltScreens.Made
        if var kept = previous.screens[name], !touched(name, ownChain: true) {
            kept.taken = true
            b = kept
            takenCount += 1
        } else {
            var fresh = BuiltScreens.Made(builder.build(name))
            fresh.taken = false
            b = fresh
            builtCount += 1
        }
        made.screens[name] = b
        return b
    }

    mutating func placeholder(_ key: BuiltScreens.PlaceholderKey) -> BuiltScreens.Made {
        if let known = made.placeholders[key] { return known }
        let name = key.below
        let b: BuiltScreens.Made
        if var kept = previous.placeholders[key], dirty != nil, name.map({ !touched($0, ownChain: false) }) ?? true {
            kept.taken = true
            b = kept
        } else {
            b = BuiltScreens.Made(builder.placeholder(key.id, below: name))
        }
        made.placeholders[key] = b
        return b
    }
}

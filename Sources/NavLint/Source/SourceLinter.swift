import NavModel
import NavSource

/// Lints an app's source: joins its files into one flow, builds the model's screens from what the code sets,
/// puts each screen on the stacks the flow allows, asks `DiagnosticsEngine`, and places every finding at the
/// line that made the setting.
///
/// The stacks a screen is checked on:
/// - below each screen that pushes it (`[P, S]`), and below a screen the source does not show when something
///   outside any screen pushes it: what the swipe and the back button do on it;
/// - alone, as the root it is (or may be): what its own bar shows;
/// - with an unknown screen pushed on top (`[S, next]`): what its back item does for the next screen.
///
/// A child view controller (`addChild`, an embed segue) that the flow never shows on a stack of its own is on none
/// of these: its container's navigation item is the one the bar shows, and what it pushes goes on the container.
///
/// A finding stays silent when it rests on a member the source leaves to run time (``dependencies``).
public enum SourceLinter {
    /// The findings of a project, sorted by file, line, column and code; each finding once, with every profile
    /// that found it.
    public static func lint(_ project: SourceProject) -> [SourceFinding] {
        var memo = LintMemo()
        return lint(project, memo: &memo)
    }

    /// The same, taking what `memo` kept from the last lint of this project: a stack built exactly as it was then
    /// is not diagnosed again, its findings are replayed (through this lint's suppressions). `memo` then holds
    /// this lint's checks, for the next.
    public static func lint(_ project: SourceProject, memo: inout LintMemo) -> [SourceFinding] {
        let flows = Flows(project.files)
        var builder = IncrementalBuilder(flows: flows, files: project.files, previous: memo.screens)
        func screen(_ name: String) -> BuiltScreens.Made { builder.screen(name) }
        var collector = Collector(project: project, taking: &memo)
        let regions = DiagnosticsEngine.RegionMemo()
        for name in flows.screenNames where flows.isScreen(name) {
            let me = screen(name)
            let pushers = Array((flows.pushedFrom[name] ?? []).prefix(8))
            let isRoot = flows.roots[name] != nil
            let belows = pushers.map { pusher -> BuiltScreens.Made in
                if let pusher, flows.isScreen(pusher) || flows.drafts[pusher] != nil { return screen(pusher) }
                return builder.placeholder(.pushing(name))
            }
            let next = builder.placeholder(.pushedOn(name))
            // Every screen of its stacks as the last lint had them: the last lint's checks of this screen stand.
            if collector.replay(name, if: me.taken && next.taken && belows.allSatisfy(\.taken)) { continue }
            // Below each screen that pushes it.
            for (pusher, below) in zip(pushers, belows) {
                var top = me
                // What the screen below changes as it leaves (`viewWillDisappear`) and this screen does not set itself.
                if let pusher, case let left = flows.leftForNext(by: pusher, above: name), !left.isEmpty {
                    var screen = me.screen
                    screen.unknown.formUnion(left)
                    top = BuiltScreens.Made(screen, taken: me.taken)
                }
                collector.check([below, top], top: 1, names: [pusher ?? "", name], config: project.config, memo: regions, keep: .all)
            }
            // A child view controller that is never on a stack of its own shows no bar: its container's is shown.
            if flows.childOnly.contains(name) { continue }
            // Alone: as a root, or as a screen the flow never shows pushed.
            if isRoot || pushers.isEmpty {
                var alone = me.screen
                if alone.restoreGuarded, alone.screen.popGesture == .edge { alone.screen.popGesture = .inherit }
                collector.check(
                    [BuiltScreens.Made(alone)], top: 0, names: [name], config: project.config, memo: regions,
                    keep: isRoot ? .all : .notRootOnly)
            }
            // With the next screen on top: what this screen's back item and title do for it.
            collector.check([me, next], top: 1, names: [name, ""], config: project.config, memo: regions, keep: .origin(name))
        }
        // Each offset the appearance proxy sets reaches every back button: checked on a pushed screen of its own.
        collector.begin("")
        for setting in flows.appWide {
            guard case .backTitleOffset(.known(let offset)) = setting.value else { continue }
            let below = builder.placeholder(.anyScreen)
            var top = builder.placeholder(.pushedOnAnyScreen).screen
            var techniques = top.screen.techniques ?? Techniques()
            techniques.backTitleOffset = offset
            top.screen.techniques = techniques
            top.locations["techniques.backTitleOffset"] = setting.location
            top.declaration = setting.location
            collector.check(
                [below, BuiltScreens.Made(top)], top: 1, names: ["", "(every screen)"], config: project.config, memo: regions,
                keep: .all)
        }
        memo = collector.finish()
        memo.screens = builder.made
        memo.built = builder.builtCount
        return collector.findings()
    }

    /// The members a code's finding rests on, by the screen they belong to: the top screen (`top`) and the one
    /// below it (`below`). A finding whose members include one the source leaves unknown is not reported.
    static let dependencies: [String: (top: [String], below: [String])] = [
        "back-title-truncated": (
            ["title", "item.title", "item.leftItems", "item.rightItems", "item.titleView", "geometry", "item.hidesBackButton"],
            ["title", "item.title", "item.backItem", "item.backItem.title", "item.backButtonTitle", "item.backButtonDisplayMode"]
        ),
        "touch-target-small": (["geometry", "item.leftItems", "item.rightItems", "item.hidesBackButton"], []),
        "outside-touch-lost": (["geometry", "item.leftItems", "item.rightItems"], []),
        "dead-zone": (["geometry", "item.leftItems", "item.rightItems"], []),
        "back-hit-area-wide": (
            ["geometry", "item.leftItems", "item.hidesBackButton"], ["title", "item.title", "item.backItem.title", "item.backButtonTitle"]
        ),
        "low-contrast": (["colours", "bar.barTintColor", "bar.tintColor"], []),
        "hidden-bar-swallows": (["colours", "bar.barTintColor", "bar.hidden"], []),
        "pop-gesture-disabled": (
            ["popGesture", "item.hidesBackButton", "item.leftItems", "item.leftItemsSupplementBackButton", "bar.hidden"], []
        ),
        "pop-gesture-at-root": (["popGesture"], []),
        "custom-back-unreachable": (["popGesture", "item.leftItems"], []),
        "custom-back-action-ignored": (["item.hidesBackButton"], ["item.backItem.action"]),
        "empty-back-title-trick": (["item.hidesBackButton"], ["item.backItem.title"]),
        "supplement-ignored": (["item.hidesBackButton", "item.leftItemsSupplementBackButton"], []),
        "back-title-from-title-view": (
            ["item.hidesBackButton"],
            ["title", "item.title", "item.titleView", "item.backItem", "item.backItem.title", "item.backButtonTitle"]
        ),
        "back-button-hidden": (["item.hidesBackButton", "item.leftItems", "bar.hidden"], []),
        "back-title-offset-hack": (["item.hidesBackButton", "item.backButtonDisplayMode"], []),
        "negative-fixed-space": ([], []),
        "back-pop-hook": (
            ["popGesture", "item.hidesBackButton", "item.leftItems", "item.leftItemsSupplementBackButton", "bar.hidden"], []
        ),
        "bar-tint-ignored": (["bar.hidden"], []),
    ]

    /// Where a finding without an origin points, by code: the members to try, in order, on the top screen, or on
    /// the screen below it for a member written `below:…`.
    static let fallbackMembers: [String: [String]] = [
        // The text that does not fit is the screen below's; its title is where it is set.
        "back-title-truncated": [
            "below:item.backItem.title", "below:item.backButtonTitle", "below:title", "below:item.title", "title", "item.title",
        ],
        "low-contrast": ["bar.tintColor", "bar.barTintColor"],
        "hidden-bar-swallows": ["bar.barTintColor"],
        "pop-gesture-at-root": ["popGesture"],
        "custom-back-unreachable": ["techniques.backHook", "popGesture"],
        "back-hit-area-wide": ["item.backItem", "item.backButtonTitle", "title"],
    ]
}

/// Gathers findings across stacks and profiles, each located once.
struct Collector {
    enum Keep: Hashable, Sendable {
        /// Every finding.
        case all
        /// Every finding but those that need the screen to be the root (it may be pushed by code the flow does not see).
        case notRootOnly
        /// Only findings caused by this screen's back item (it is below a placeholder).
        case origin(String)
    }

    let project: SourceProject
    private var byKey: [Key: SourceFinding] = [:]
    private var order: [Key] = []
    /// Every check's findings by its key: the last lints', and this lint's as they are made.
    private var checks: [LintMemo.Key: [LintMemo.Found]]
    /// The checks of each screen in the last lint, and in this one.
    private let previousScreens: [String: [LintMemo.Record]]
    private var screens: [String: [LintMemo.Record]] = [:]
    /// The screen whose checks are being made, and its checks so far.
    private var current = ""
    private var records: [LintMemo.Record] = []
    private var reused = 0

    struct Key: Hashable {
        var file: String
        var line: Int
        var column: Int
        var code: String
    }

    /// The screens that make a setting of their own on each line.
    private let settingLines: [LineKey: Set<String>]

    struct LineKey: Hashable {
        var file: String
        var line: Int
    }

    /// The project's configuration, profiles and contrast floor are those of the last lint.
    let sameSettings: Bool
    let settings: LintMemo.Settings

    /// A collector that takes over what `memo` holds (left empty): its checks are kept in place, not copied.
    init(project: SourceProject, taking memo: inout LintMemo) {
        self.project = project
        settings = LintMemo.Settings(config: project.config, profiles: project.profiles, floor: project.defaultForegroundContrastFloor)
        sameSettings = memo.settings == settings
        checks = memo.checks
        previousScreens = memo.screenChecks
        memo = LintMemo()
        var lines: [LineKey: Set<String>] = [:]
        for facts in project.files {
            for screen in facts.screens {
                for setting in screen.settings {
                    lines[LineKey(file: setting.location.file, line: setting.location.line), default: []].insert(screen.name)
                }
            }
        }
        settingLines = lines
    }

    init(project: SourceProject) {
        var memo = LintMemo()
        self.init(project: project, taking: &memo)
    }

    /// Starts the checks of the screen `name`.
    mutating func begin(_ name: String) {
        if !records.isEmpty || !current.isEmpty { screens[current] = records }
        current = name
        records = []
    }

    /// Starts the checks of `name`; when `unchanged` (every screen of its stacks as the last lint built them) and
    /// the settings are the same, takes the last lint's checks of it instead and returns true.
    mutating func replay(_ name: String, if unchanged: Bool) -> Bool {
        begin(name)
        guard unchanged, sameSettings, let kept = previousScreens[name] else { return false }
        for record in kept {
            for f in record.found { add(f) }
        }
        records = kept
        reused += kept.count
        return true
    }

    /// The memo for the next lint: this lint's checks, by screen, and the findings of every key still in use
    /// (with those of keys no longer used while they are few).
    mutating func finish() -> LintMemo {
        begin("")
        var memo = LintMemo()
        let live = screens.values.reduce(0) { $0 + $1.count }
        if checks.count > 2 * live + 1024 {
            var kept: [LintMemo.Key: [LintMemo.Found]] = [:]
            kept.reserveCapacity(live)
            for record in screens.values.joined() { kept[record.key] = record.found }
            checks = kept
        }
        memo.checks = checks
        memo.screenChecks = screens
        memo.settings = settings
        memo.reused = reused
        memo.count = live
        return memo
    }

    /// Diagnoses `screens[top]` on the stack `screens` (bottom first) under every profile of the project.
    mutating func check(
        _ made: [BuiltScreens.Made], top: Int, names: [String], config: SessionConfig, memo: DiagnosticsEngine.RegionMemo, keep: Keep
    ) {
        let screens = made.map(\.screen)
        var config = config
        config.bar = screens[top].sessionBar
        let key = LintMemo.Key(
            screens: screens, digests: made.map(\.digest), top: top, names: names, keep: keep, config: config,
            profiles: project.profiles, floor: project.defaultForegroundContrastFloor)
        if let found = checks[key] {
            for f in found { add(f) }
            records.append(LintMemo.Record(key: key, found: found))
            reused += 1
            return
        }
        var found: [LintMemo.Found] = []
        defer {
            checks[key] = found
            records.append(LintMemo.Record(key: key, found: found))
        }
        guard let model = try? NavigationModel(config: config, screens: screens.map(\.screen)) else { return }
        for profile in project.profiles {
            let scoped = model.reprofiled(profile)
            for diagnostic in DiagnosticsEngine.diagnose(model: scoped, screenIndex: top, memo: memo) {
                guard let located = locate(diagnostic, screens: screens, top: top, keep: keep) else { continue }
                guard !silenced(diagnostic, screens: screens, top: top) else { continue }
                let f = LintMemo.Found(
                    location: located.location, diagnostic: diagnostic, profile: profile,
                    screen: names[top].isEmpty ? names[0] : names[top], declaration: located.declaration,
                    stack: FindingStack(model: scoped, top: top))
                found.append(f)
                add(f)
            }
        }
    }

    /// Where a finding points, or nil when it points at no line of the source (a placeholder's member).
    func locate(_ d: Diagnostic, screens: [BuiltScreen], top: Int, keep: Keep) -> (location: SourceLocation, declaration: SourceLocation)? {
        let topScreen = screens[top]
        var owner = topScreen
        var member: String?
        if let origin = d.origin, let o = screens.first(where: { $0.screen.id == origin.screenId }) {
            owner = o
            member = origin.member
        } else if let item = d.itemId {
            member = "item:\(item)"
        }
        // Below an unknown screen, only what this screen's own back item does holds whatever is pushed: the rest
        // (a title view's "Back", a long title) depends on a push the source does not show.
        if case .origin(let name) = keep, owner.screen.id != name || !(d.origin?.member.hasPrefix("item.backItem") ?? false) { return nil }
        if case .notRootOnly = keep, d.code == "pop-gesture-at-root" { return nil }
        var candidates: [String] = []
        if let member {
            // A member, then its parents: `item.backItem.action`, `item.backItem`.
            var m = Substring(member)
            while true {
                candidates.append(String(m))
                guard let dot = m.lastIndex(of: ".") else { break }
                m = m[..<dot]
            }
        }
        for c in candidates {
            if let at = owner.locations[c], !at.file.isEmpty { return (at, owner.declaration) }
        }
        // A bar member the screen does not set is the bar the screens below left it: the nearest one that sets it.
        if let index = screens.firstIndex(where: { $0.screen.id == owner.screen.id }) {
            for c in candidates where c.hasPrefix("bar.") {
                for below in screens[..<index].reversed() {
                    if let at = below.locations[c], !at.file.isEmpty { return (at, below.declaration) }
                }
            }
        }
        for c in SourceLinter.fallbackMembers[d.code] ?? [] {
            var screen = topScreen
            var member = Substring(c)
            if member.hasPrefix("below:") {
                guard top > 0 else { continue }
                screen = screens[top - 1]
                member = member.dropFirst("below:".count)
            }
            if let at = screen.locations[String(member)], !at.file.isEmpty { return (at, screen.declaration) }
        }
        // Only a screen of the source has a declaration to point at.
        guard !owner.declaration.file.isEmpty, d.origin == nil || owner.screen.id == topScreen.screen.id else { return nil }
        return (owner.declaration, owner.declaration)
    }

    /// Whether the finding rests on something the source leaves unknown, or is UIKit's own default look.
    func silenced(_ d: Diagnostic, screens: [BuiltScreen], top: Int) -> Bool {
        let deps = SourceLinter.dependencies[d.code] ?? (["geometry"], [])
        if !screens[top].unknown.isDisjoint(with: deps.top) { return true }
        if top > 0, !screens[top - 1].unknown.isDisjoint(with: deps.below) { return true }
        switch d.code {
        case "pop-gesture-disabled":
            // A hidden back button takes the swipe with it on purpose: back-button-hidden (no other way back) and
            // supplement-ignored say what matters about it.
            if d.origin?.member == "item.hidesBackButton" { return true }
        case "supplement-ignored":
            // SwiftUI keeps the back button beside leading toolbar items by itself: a view that hides the back
            // button and puts its own there has asked for nothing to be supplemented.
            if screens[top].isSwiftUI { return true }
        case "touch-target-small":
            // Only a custom view's size is in the source; a text or image item's width is the model's estimate of
            // the font and the asset, whose error is larger than the margin that would matter here.
            let items = screens[top].screen.item.leftItems + screens[top].screen.item.rightItems
            guard let id = d.itemId, items.first(where: { $0.id == id })?.customView != nil else { return true }
            // A view that handles no tap (a spinner) is not a touch target, however small.
            if screens[top].inertItems.contains(id) { return true }
        default: break
        }
        if d.code == "low-contrast" {
            let s = screens[top]
            // The default look (no colour the app chose) is Apple's, not the app's. UIKit's own item colour on a
            // colour the app chose is reported below the project's floor for it (WCAG's 3:1 for user-interface
            // components by default): systemBlue reaches only 4.02:1 on white, so 4.5 would flag UIKit itself.
            if !s.appColours { return true }
            if s.defaultForeground, project.config.policies.foreground == .uikit {
                let background = s.screen.bar?.barTintColor ?? s.sessionBar.barTintColor ?? .white
                if DiagnosticsEngine.contrast(TintEngine.defaultTintColor, background) >= project.defaultForegroundContrastFloor {
                    return true
                }
            }
        }
        return false
    }

    mutating func add(_ f: LintMemo.Found) {
        let (at, d, profile) = (f.location, f.diagnostic, f.profile)
        let key = Key(file: at.file, line: at.line, column: at.column, code: d.code)
        if var known = byKey[key] {
            if !known.profiles.contains(profile) { known.profiles.append(profile) }
            // A class's line reaches each of its subclasses (a navigation controller's, each of its screens) the same
            // way: one finding, which names them all.
            if f.screen != known.screen, !known.otherScreens.contains(f.screen), inherits(known.screen, at), inherits(f.screen, at) {
                known.otherScreens.append(f.screen)
            }
            byKey[key] = known
            return
        }
        if let s = project.suppressions[at.file], s.suppresses(d.code, line: at.line) { return }
        order.append(key)
        byKey[key] = SourceFinding(
            location: at, diagnostic: d, profile: profile, profiles: [profile], screen: f.screen,
            screenLocation: f.declaration == at ? nil : f.declaration, stack: f.stack)
    }

    /// Whether `screen` has the setting at `at` from another screen (a class above it, or its navigation
    /// controller): some screen makes a setting on that line, and it is not `screen`.
    func inherits(_ screen: String, _ at: SourceLocation) -> Bool {
        guard let owners = settingLines[LineKey(file: at.file, line: at.line)] else { return false }
        return !owners.contains(screen)
    }

    func findings() -> [SourceFinding] {
        order.compactMap { byKey[$0]?.namingOtherScreens() }.sorted {
            ($0.location.file, $0.location.line, $0.location.column, $0.code) < (
                $1.location.file, $1.location.line, $1.location.column, $1.code
            )
        }
    }
}

extension SourceLinter {
    /// The flows of a project as stacks of the model, one for every path from a root (or a screen nothing pushes)
    /// along the pushes the source shows, to a screen that pushes nothing further; cycles end a path. At most
    /// `limit` stacks, each at most `maxDepth` deep, in a stable order.
    public static func flows(_ project: SourceProject, limit: Int = 200, maxDepth: Int = 16) -> [SourceFlow] {
        let flows = Flows(project.files)
        let builder = ScreenBuilder(flows: flows)
        var children: [String: [String]] = [:]
        for (to, pushers) in flows.pushedFrom.sorted(by: { $0.key < $1.key }) where flows.isScreen(to) {
            for case let from? in pushers { children[from, default: []].append(to) }
        }
        let starts = flows.screenNames.filter { name in
            flows.isScreen(name) && (flows.roots[name] != nil || (flows.pushedFrom[name] ?? []).isEmpty) && !(children[name] ?? []).isEmpty
        }
        var paths: [[String]] = []
        func walk(_ path: [String]) {
            guard paths.count < limit else { return }
            let next = (children[path[path.count - 1]] ?? []).filter { !path.contains($0) }
            if next.isEmpty || path.count >= maxDepth {
                paths.append(path)
                return
            }
            for n in next { walk(path + [n]) }
        }
        for start in starts { walk([start]) }
        var built: [String: BuiltScreen] = [:]
        var out: [SourceFlow] = []
        for path in paths {
            let screens = path.map { name -> BuiltScreen in
                if let b = built[name] { return b }
                let b = builder.build(name)
                built[name] = b
                return b
            }
            var config = project.config
            config.profile = project.profiles.last ?? config.profile
            config.bar = screens.last?.sessionBar ?? config.bar
            guard let model = try? NavigationModel(config: config, screens: screens.map(\.screen)) else { continue }
            var files: [String] = []
            for file in screens.map(\.declaration.file) where !file.isEmpty && !files.contains(file) { files.append(file) }
            out.append(SourceFlow(name: path.joined(separator: " > "), model: model, files: files))
        }
        return out
    }
}

/// One flow of a project: a stack of the model, from a root along the pushes the source shows.
public struct SourceFlow: Sendable {
    /// The screens from the root, joined by " > ".
    public var name: String
    public var model: NavigationModel
    /// The files the screens are declared in, root first, each once.
    public var files: [String]
}

/// The stacks one lint of a project checked, with what each gave before suppressions: what the next lint of the
/// same project (an editor's, after an edit) reuses for every stack built exactly as before. A check depends only
/// on its key (the screens as built, the stack, the configuration, the profiles and the contrast floor), so a
/// stack the edit did not touch gives the same findings without being diagnosed again.
public struct LintMemo: Sendable {
    /// A check's inputs, hashed once when made: a dictionary hashes a key on every lookup, insertion and growth,
    /// and hashing the screens is most of a key's cost.
    struct Key: Hashable, Sendable {
        let screens: [BuiltScreen]
        let top: Int
        let names: [String]
        let keep: Collector.Keep
        let config: SessionConfig
        let profiles: [Profile]
        let floor: Double
        let digest: Int

        /// `digests` are the screens' hash values, each taken once when the screen was built.
        init(
            screens: [BuiltScreen], digests: [Int], top: Int, names: [String], keep: Collector.Keep, config: SessionConfig,
            profiles: [Profile], floor: Double
        ) {
            self.screens = screens
            self.top = top
            self.names = names
            self.keep = keep
            self.config = config
            self.profiles = profiles
            self.floor = floor
            var hasher = Hasher()
            hasher.combine(digests)
            hasher.combine(top)
            hasher.combine(names)
            hasher.combine(keep)
            hasher.combine(config)
            hasher.combine(profiles)
            hasher.combine(floor)
            digest = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        static func == (a: Key, b: Key) -> Bool {
            a.digest == b.digest && a.top == b.top && a.floor == b.floor && a.names == b.names && a.keep == b.keep
                && a.profiles == b.profiles && a.screens == b.screens && a.config == b.config
        }
    }

    struct Found: Sendable {
        var location: SourceLocation
        var diagnostic: Diagnostic
        var profile: Profile
        var screen: String
        var declaration: SourceLocation
        /// The stack it was found on, for the finding's picture.
        var stack: FindingStack
    }

    var checks: [Key: [Found]] = [:]
    /// The checks of each screen (its stacks below each pusher, alone, and under the next screen), with their
    /// findings: a screen whose stacks hold only screens built as before takes them whole.
    var screenChecks: [String: [Record]] = [:]
    /// The settings of the lint that made it.
    var settings: Settings?

    /// One check: its key and what it found.
    struct Record: Sendable {
        var key: Key
        var found: [Found]
    }

    /// The settings every check depends on.
    struct Settings: Equatable, Sendable {
        var config: SessionConfig
        var profiles: [Profile]
        var floor: Double
    }

    public init() {}

    /// How many checks the lint that made it made (or took).
    public internal(set) var count = 0
    /// How many of them the lint that made it took from the memo before it, rather than diagnosing.
    public internal(set) var reused = 0
    /// The screens that lint built, for the next to take those no edit changed.
    var screens = BuiltScreens()
    /// How many screens that lint built anew (the others it took from the memo before it).
    public internal(set) var built = 0
}

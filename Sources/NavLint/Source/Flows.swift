import NavModel
import NavSource

/// The files of one project joined into one flow: screens by name across files (a class, its extensions and
/// categories, its storyboard scene), superclass chains, the edges between screens, and which navigation
/// controller hosts which screen.
///
/// Nothing here judges: it only says what the source declares and how it connects.
struct Flows {
    /// Every declaration of each name, storyboard scenes first (UIKit applies a scene's attributes when it loads
    /// the controller, before the code's `viewDidLoad`), then in file order.
    let drafts: [String: [ScreenDraft]]
    let classes: [String: [ClassDraft]]
    let superclass: [String: String]
    /// Screens that some screen pushes (or shows, or links to), with the screens that do; nil stands for a push
    /// from outside any screen (an app delegate, a coordinator).
    let pushedFrom: [String: [String?]]
    /// Screens that only SwiftUI pushes (`NavigationLink`, `navigationDestination`): a `NavigationStack` shows
    /// the bar each of its views asks for, so nothing a screen below set carries over to them.
    let linkedOnly: Set<String>
    /// Screens that are (or whose ancestor is) added as a child view controller and that the flow never shows on a
    /// stack of their own (never a root, never pushed): the container's navigation item is the one on the stack,
    /// so such a screen's own bar is never shown.
    let childOnly: Set<String>
    /// Screens that are the root of a navigation controller, with the edge that makes them one.
    let roots: [String: Edge]
    /// The navigation controller that hosts each screen, where the source says.
    let host: [String: String]
    /// Settings that reach every bar (appearance proxies), in file order.
    let appWide: [Setting]
    /// Colour sets of the asset catalogs, by name.
    let colors: [String: Color]
    /// Every hook in the project, in file order.
    let hooks: [Hook]
    /// The names of the screens, sorted.
    let screenNames: [String]
    /// The navigation controller classes in the project that make settings of their own (every screen's host is
    /// looked for among them, so they are found once, not once per screen).
    let navigationControllers: [String]

    /// UIKit's view controller classes: a chain that reaches one of these is a screen.
    static let viewControllerBases: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UIPageViewController",
        "UIHostingController", "UISearchController", "UIAlertController", "UIActivityViewController", "UITabBarController",
        "UISplitViewController", "UIDocumentBrowserViewController", "UIImagePickerController", "UIReferenceLibraryViewController",
    ]
    static let navigationControllerBases: Set<String> = ["UINavigationController"]
    /// Controllers that are never pushed onto a navigation stack with a bar of their own to lint.
    static let containerBases: Set<String> = [
        "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController", "UIAlertController",
        "UIActivityViewController", "UIImagePickerController", "UISearchController",
    ]

    init(_ files: [SourceFacts]) {
        var drafts: [String: [ScreenDraft]] = [:]
        var classes: [String: [ClassDraft]] = [:]
        var superclass: [String: String] = [:]
        var scenes: [String: String] = [:]
        var identifiers: [String: String] = [:]
        var appWide: [Setting] = []
        var colors: [String: Color] = [:]
        var hooks: [Hook] = []
        let ordered =
            files.filter { $0.language == .storyboard || $0.language == .xib }
            + files.filter {
                $0.language != .storyboard && $0.language != .xib
            }
        // A scene's superclass is the UIKit class of its element (`viewController`), which the class's own declaration
        // refines (`OnboardingWidgetsViewController: OnboardingContentViewController`): the code's comes first.
        var sceneSuperclass: [String: String] = [:]
        for file in ordered {
            for draft in file.screens {
                drafts[draft.name, default: []].append(draft)
                if let s = draft.superclass, draft.kind == .storyboardScene {
                    if sceneSuperclass[draft.name] == nil, s != draft.name { sceneSuperclass[draft.name] = s }
                } else if let s = draft.superclass, superclass[draft.name] == nil, s != draft.name {
                    superclass[draft.name] = s
                }
                if let id = draft.elementId { scenes[Self.sceneKey(file.file, id)] = draft.name }
                for identifier in draft.storyboardIdentifiers where identifiers[identifier] == nil { identifiers[identifier] = draft.name }
                hooks += draft.hooks
            }
            for c in file.classes {
                classes[c.name, default: []].append(c)
                if let s = c.superclass, superclass[c.name] == nil, s != c.name { superclass[c.name] = s }
                hooks += c.hooks
            }
            appWide += file.appWide
            colors.merge(file.colors) { a, _ in a }
        }
        superclass.merge(sceneSuperclass) { code, _ in code }
        self.drafts = drafts
        self.classes = classes
        self.superclass = superclass
        self.appWide = appWide
        self.colors = colors
        self.hooks = hooks

        func resolve(_ ref: ScreenRef) -> String? {
            switch ref {
            case .className(let n): return n
            case .scene(let file, let id): return scenes[Self.sceneKey(file, id)]
            case .storyboardIdentifier(let i): return identifiers[i]
            case .unknown: return nil
            }
        }
        var roots: [String: Edge] = [:]
        var rootHost: [String: String] = [:]
        var pushes: [(from: String?, to: String, kind: Edge.Kind)] = []
        var containers: [String: [String?]] = [:]
        for file in files {
            for edge in file.edges {
                guard let to = resolve(edge.to) else { continue }
                switch edge.kind {
                case .push, .show, .navigationLink:
                    pushes.append((edge.from, to, edge.kind))
                case .root:
                    if roots[to] == nil { roots[to] = edge }
                    // The root's host is the navigation controller that roots it (a reader may name the screen
                    // whose code builds the controller instead, which hosts nothing).
                    if let from = edge.from, rootHost[to] == nil,
                        Self.chain(from, superclass).contains(where: Self.navigationControllerBases.contains)
                    {
                        rootHost[to] = from
                    }
                case .child:
                    // A navigation controller's children are its stack, which its pushes and roots already say.
                    if let from = edge.from, Self.chain(from, superclass).contains(where: Self.navigationControllerBases.contains) {
                        continue
                    }
                    if !(containers[to]?.contains(edge.from) ?? false) { containers[to, default: []].append(edge.from) }
                case .present:
                    break
                }
            }
        }
        let shown = Set(roots.keys).union(pushes.map(\.to))
        var pushedFrom: [String: [String?]] = [:]
        var linked: Set<String> = []
        var pushedByUIKit: Set<String> = []
        var children: [String: [String]] = [:]
        for push in pushes {
            for from in Self.below(push.from, containers: containers, shown: shown, superclass: superclass)
            where !(pushedFrom[push.to]?.contains(from) ?? false) {
                pushedFrom[push.to, default: []].append(from)
                if let from { children[from, default: []].append(push.to) }
            }
            if push.kind == .navigationLink { linked.insert(push.to) } else { pushedByUIKit.insert(push.to) }
        }
        self.childOnly = Set(
            drafts.keys.filter { !shown.contains($0) && Self.chain($0, superclass).contains(where: { containers[$0] != nil }) })
        self.pushedFrom = pushedFrom
        self.linkedOnly = linked.subtracting(pushedByUIKit)
        self.roots = roots

        // The host of a root is the navigation controller that roots it; a push keeps its host.
        var host: [String: String] = [:]
        var queue = rootHost.keys.sorted()
        for r in queue { host[r] = rootHost[r] }
        while let next = queue.popLast() {
            guard let h = host[next] else { continue }
            for child in children[next] ?? [] where host[child] == nil {
                host[child] = h
                queue.append(child)
            }
        }
        self.host = host
        self.screenNames = drafts.keys.sorted()
        self.navigationControllers = screenNames.filter { name in
            Self.chain(name, superclass).contains(where: Self.navigationControllerBases.contains)
                && (drafts[name] ?? []).contains { !$0.settings.isEmpty || !$0.hooks.isEmpty }
        }
    }

    static func sceneKey(_ file: String, _ id: String) -> String { file + "\u{1F}" + id }

    /// The screens a push from `from` may land on, as `pushedFrom` lists them. A child view controller's
    /// `navigationController` is its container's, so what a child pushes goes on top of the container (or of the
    /// container's own container): the container is the screen below. The screen itself is below too when the
    /// flow also shows it on a stack of its own. Below is unknown (nil) when the container is not named, is a
    /// container without a bar of its own to check (a tab bar controller), or when only an ancestor of the class
    /// is added as a child (which of its subclasses is, the source does not say).
    static func below(_ from: String?, containers: [String: [String?]], shown: Set<String>, superclass: [String: String]) -> [String?] {
        guard let from else { return [nil] }
        var out: [String?] = []
        var seen: Set<String> = []
        func add(_ x: String?) { if !out.contains(x) { out.append(x) } }
        func visit(_ name: String) {
            guard seen.insert(name).inserted, seen.count <= 64 else { return }
            let chain = Self.chain(name, superclass)
            let inherited = chain.dropFirst().contains { containers[$0] != nil }
            guard let own = containers[name] ?? (inherited ? [] : nil) else { return add(name) }
            if shown.contains(name) { add(name) }
            if inherited { add(nil) }
            for container in own {
                guard let container, !Self.chain(container, superclass).contains(where: Self.containerBases.contains) else {
                    add(nil)
                    continue
                }
                visit(container)
            }
        }
        visit(from)
        return out
    }

    /// The class and its ancestors, nearest first; stops at a cycle and after 64 steps.
    func chain(_ name: String) -> [String] { Self.chain(name, superclass) }

    static func chain(_ name: String, _ superclass: [String: String]) -> [String] {
        var out = [name]
        var seen: Set<String> = [name]
        var current = name
        while out.count < 64, let s = superclass[current], !seen.contains(s) {
            out.append(s)
            seen.insert(s)
            current = s
        }
        return out
    }

    func isNavigationController(_ name: String) -> Bool {
        chain(name).contains { Self.navigationControllerBases.contains($0) }
    }

    /// A screen with a bar of its own to check: a view controller that is not a container, a storyboard scene of
    /// one, or a SwiftUI view with navigation modifiers.
    func isScreen(_ name: String) -> Bool {
        let chain = self.chain(name)
        if chain.contains(where: { Self.containerBases.contains($0) }) { return false }
        if chain.contains(where: { Self.viewControllerBases.contains($0) }) { return true }
        // A chain that leaves the project (a pod's base class) is a screen when it sets something only a view
        // controller has.
        return (drafts[name] ?? []).contains { $0.kind != .viewController || !$0.settings.isEmpty }
    }

    /// Navigation controllers of libraries that give every screen its own bar and keep the swipe whatever the
    /// screen's items (they install their own pop-gesture delegate): RTRootNavigationController, HBDNavigationBar's
    /// controller. Their screens' left items and hidden bars do not stop the swipe (their READMEs).
    static let swipeKeepingControllers: Set<String> = ["RTRootNavigationController", "HBDNavigationController"]

    /// The host of a screen: the one the flow says, else, for a screen the flow shows in a navigation controller
    /// (pushed, or a root), the project's only navigation controller with settings.
    func host(of name: String) -> String? {
        if let h = host[name] { return h }
        guard roots[name] != nil || pushedFrom[name] != nil else { return nil }
        let candidates = navigationControllers
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// The declarations of a name and its ancestors, most distant ancestor first: the order their settings apply
    /// in (a subclass's `viewDidLoad` calls `super` first).
    func declarations(of name: String) -> [ScreenDraft] {
        chain(name).reversed().flatMap { drafts[$0] ?? [] }
    }

    /// The `navigationBar(_:shouldPop:)` hooks that see a screen's back taps: its host's (and the host's
    /// ancestors'), and those of extensions and categories of `UINavigationController` itself. A class that also
    /// implements `gestureRecognizerShouldBegin` governs the swipe too, and its hook is left out.
    func shouldPopHooks(of name: String) -> [Hook] {
        var owners = ["UINavigationController"]
        if let host = host(of: name) { owners = chain(host) + owners }
        var out: [Hook] = []
        for owner in owners {
            let hooks = (drafts[owner] ?? []).flatMap(\.hooks) + (classes[owner] ?? []).flatMap(\.hooks)
            guard !hooks.contains(where: { $0.kind == .gestureShouldBegin }) else { continue }
            out += hooks.filter { $0.kind == .shouldPop }
        }
        return out
    }

    /// The members a screen's leaving callbacks change for the screen pushed on it (`ScreenDraft.leaving`), less
    /// those the pushed screen `above` sets itself, named as `BuiltScreen.unknown` names them. They are not carried
    /// onto the pushed screen, so on it they are unknown, and the rules that rest on them stay silent.
    func leftForNext(by name: String, above: String) -> Set<String> {
        let changed = Set(declarations(of: name).flatMap { $0.leaving.flatMap { Self.members(of: $0.value) } })
        guard !changed.isEmpty else { return [] }
        return changed.subtracting(declarations(of: above).flatMap { $0.settings.flatMap { Self.members(of: $0.value) } })
    }

    /// The members of `BuiltScreen` a stack-wide setting changes.
    static func members(of value: SettingValue) -> [String] {
        switch value {
        case .bar(let property, _): return ["bar.\(property.rawValue)", "colours"]
        case .barTranslucent, .appearance: return ["bar.barTintColor", "colours"]
        case .barHidden: return ["bar.hidden"]
        case .prefersLargeTitles: return ["bar.prefersLargeTitles"]
        case .popGestureEnabled, .popGestureDelegate: return ["popGesture"]
        default: return []
        }
    }

    /// Hooks of a name and its ancestors, and of its classes' categories.
    func hooks(of name: String) -> [Hook] {
        chain(name).flatMap { n in (drafts[n] ?? []).flatMap(\.hooks) + (classes[n] ?? []).flatMap(\.hooks) }
    }
}

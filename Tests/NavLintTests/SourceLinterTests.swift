import NavModel
import NavSource
import Testing

@testable import NavLint

typealias SourceLocation = NavSource.SourceLocation

/// The flow and the rules over facts as readers give them, without a reader: each test states what a file sets
/// and where, and checks which lines the linter reports.
@Suite struct SourceLinterTests {
    static func at(_ line: Int, _ file: String = "App.swift") -> SourceLocation { SourceLocation(file: file, line: line, column: 5) }

    static func screen(
        _ name: String, _ superclass: String? = "UIViewController", line: Int, _ settings: [Setting] = [], hooks: [Hook] = []
    )
        -> ScreenDraft
    {
        ScreenDraft(name: name, kind: .viewController, superclass: superclass, location: at(line), settings: settings, hooks: hooks)
    }

    static func push(_ from: String?, _ to: String, line: Int) -> Edge {
        Edge(kind: .push, from: from, to: .className(to), location: at(line))
    }

    static func item(_ title: String, action: Bool, line: Int) -> ItemDraft {
        ItemDraft(content: .title(.known(title)), hasAction: .known(action), action: action ? "back" : nil, location: at(line))
    }

    static func lint(_ facts: SourceFacts, profiles: [Profile] = [.ios17]) -> [SourceFinding] {
        SourceLinter.lint(SourceProject(name: "App", files: [facts], profiles: profiles))
    }

    static func lines(_ findings: [SourceFinding], _ code: String) -> [Int] {
        findings.filter { $0.code == code }.map(\.location.line)
    }

    @Test func backItemActionIsReportedWhereItIsSet() {
        let facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                Self.screen("ListViewController", line: 1, [Setting(.backItem(Self.item("Back", action: true, line: 4)), at: Self.at(4))]),
                Self.screen("DetailViewController", line: 20),
            ],
            edges: [Self.push("ListViewController", "DetailViewController", line: 8)])
        let findings = Self.lint(facts)
        #expect(Self.lines(findings, "custom-back-action-ignored") == [4])
        // Without a target and action the same item is clean.
        var clean = facts
        clean.screens[0].settings = [Setting(.backItem(Self.item("Back", action: false, line: 4)), at: Self.at(4))]
        #expect(Self.lint(clean).isEmpty)
    }

    @Test func aBackItemIsCheckedEvenWhenThePushIsNotInTheSource() {
        // The next screen is unknown, but the back item's action is wrong whatever is pushed.
        let facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                Self.screen("ListViewController", line: 1, [Setting(.backItem(Self.item("", action: false, line: 3)), at: Self.at(3))])
            ])
        let findings = Self.lint(facts)
        #expect(Self.lines(findings, "empty-back-title-trick") == [3])
        #expect(findings.count == 1)
    }

    @Test func aCustomLeftItemStopsTheSwipeOnlyOnAPushedScreen() {
        let left = Setting(.leftItems([Self.item("Close", action: true, line: 12)]), at: Self.at(12))
        let pushed = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [Self.screen("HomeViewController", line: 1), Self.screen("EditViewController", line: 10, [left])],
            edges: [Self.push("HomeViewController", "EditViewController", line: 5)])
        #expect(Self.lines(Self.lint(pushed), "pop-gesture-disabled") == [12])

        // The same screen never pushed (a root, or shown modally): clean.
        var modal = pushed
        modal.edges = [Edge(kind: .present, from: "HomeViewController", to: .className("EditViewController"), location: Self.at(5))]
        #expect(Self.lint(modal).isEmpty)

        // Supplementing the back button keeps it, and the swipe.
        var supplement = pushed
        supplement.screens[1].settings.append(Setting(.leftItemsSupplementBackButton(.known(true)), at: Self.at(13)))
        #expect(Self.lines(Self.lint(supplement), "pop-gesture-disabled").isEmpty)

        // A left item set only in a branch may not be there: silent.
        var branch = pushed
        branch.screens[1].settings = [Setting(left.value, at: left.location, conditional: true)]
        #expect(Self.lint(branch).isEmpty)
    }

    @Test func aSwiftUIBarHiddenByTheViewBelowIsNotCarriedToAViewPushedOnIt() {
        // SwiftUI's bar settings are preferences of the view they modify (docs/semantics.md, "SwiftUI bar
        // preferences"): the root hiding its bar leaves the bar of a view it links to as that view asks.
        func view(_ name: String, line: Int, _ settings: [Setting] = []) -> ScreenDraft {
            ScreenDraft(name: name, kind: .swiftUIView, location: Self.at(line), settings: settings)
        }
        let hidden = Setting(.barHidden(.known(true)), at: Self.at(4))
        let link = Edge(kind: .navigationLink, from: "HomeView", to: .className("SettingsView"), location: Self.at(5))
        let facts = SourceFacts(
            file: "App.swift", language: .swift, screens: [view("HomeView", line: 1, [hidden]), view("SettingsView", line: 10)],
            edges: [link])
        #expect(Self.lint(facts).isEmpty)

        // The pushed view hiding its own bar loses the swipe.
        var own = facts
        own.screens[1].settings = [Setting(.barHidden(.known(true)), at: Self.at(12))]
        #expect(Self.lines(Self.lint(own), "pop-gesture-disabled") == [12])

        // Pushed by UIKit (a hosting controller), the navigation controller's bar stays as the screen below left it:
        // reported where the view below hides it.
        var hosted = facts
        hosted.edges = [Self.push("HomeView", "SettingsView", line: 5)]
        #expect(Self.lines(Self.lint(hosted), "pop-gesture-disabled") == [4])
        // Two views pushed on it: one finding on that line, naming both.
        hosted.screens.append(view("AboutView", line: 20))
        hosted.edges.append(Self.push("HomeView", "AboutView", line: 6))
        let both = Self.lint(hosted).filter { $0.code == "pop-gesture-disabled" }
        #expect(both.map(\.location.line) == [4])
        #expect(Set(both.flatMap { [$0.screen] + $0.otherScreens }) == ["SettingsView", "AboutView"])
    }

    @Test func aLintWithTheLastLintsMemoDiagnosesOnlyWhatChanged() {
        let left = Setting(.leftItems([Self.item("Close", action: true, line: 12)]), at: Self.at(12))
        let facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                Self.screen("HomeViewController", line: 1), Self.screen("EditViewController", line: 10, [left]),
                Self.screen("SettingsViewController", line: 20),
            ],
            edges: [
                Self.push("HomeViewController", "EditViewController", line: 5),
                Self.push("HomeViewController", "SettingsViewController", line: 6),
            ])
        let project = SourceProject(name: "App", files: [facts], profiles: [.ios13, .ios17])
        var memo = LintMemo()
        let first = SourceLinter.lint(project, memo: &memo)
        #expect(Self.lines(first, "pop-gesture-disabled") == [12])
        #expect(memo.count > 0 && memo.reused == 0)

        // Nothing changed: every check is taken from the memo, with the same findings.
        let checks = memo.count
        #expect(SourceLinter.lint(project, memo: &memo) == first)
        #expect(memo.count == checks && memo.reused == checks)

        // An edit to one screen: the same findings as a lint from scratch, and its stacks diagnosed again.
        var edited = facts
        edited.screens[1].settings.append(Setting(.leftItemsSupplementBackButton(.known(true)), at: Self.at(13)))
        let editedProject = SourceProject(name: "App", files: [edited], profiles: [.ios13, .ios17])
        let relinted = SourceLinter.lint(editedProject, memo: &memo)
        #expect(relinted == SourceLinter.lint(editedProject))
        #expect(Self.lines(relinted, "pop-gesture-disabled").isEmpty)
        #expect(memo.reused > 0 && memo.reused < memo.count)

        // A suppression added on the line is applied to findings taken from the memo too.
        _ = SourceLinter.lint(project, memo: &memo)
        var suppressed = project
        suppressed.suppressions["App.swift"] = Suppressions.resolve(
            [Directive(kind: .disableNext, codes: ["pop-gesture-disabled"], line: 11)], lineCount: 30
        ) { _ in "code" }
        #expect(Self.lines(SourceLinter.lint(suppressed, memo: &memo), "pop-gesture-disabled").isEmpty)
        #expect(memo.reused == memo.count)
    }

    @Test func aRestoredSwipeMustBeGuardedAtTheRoot() {
        let restore = Setting(.popGestureDelegate(.this), at: Self.at(3))
        let left = Setting(.leftItems([Self.item("Back", action: true, line: 22)]), at: Self.at(22))
        var facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                Self.screen("AppNavigationController", "UINavigationController", line: 1, [restore]),
                Self.screen("HomeViewController", line: 10), Self.screen("EditViewController", line: 20, [left]),
            ],
            edges: [
                Edge(kind: .root, from: nil, to: .className("HomeViewController"), location: Self.at(40)),
                Self.push("HomeViewController", "EditViewController", line: 12),
            ])
        let findings = Self.lint(facts)
        #expect(Self.lines(findings, "pop-gesture-at-root") == [3])
        // The delegate brings the swipe back after the custom left item.
        #expect(Self.lines(findings, "pop-gesture-disabled").isEmpty)

        facts.screens[0].hooks = [Hook(kind: .gestureShouldBegin, name: "gestureRecognizerShouldBegin(_:)", location: Self.at(6))]
        #expect(Self.lint(facts).isEmpty)
    }

    @Test func barTintColorWithoutAnAppearanceIsIgnoredFromIOS15() {
        let tint = Setting(.bar(.barTintColor, .literal(Color(r8: 250, g8: 250, b8: 250))), at: Self.at(3))
        var facts = SourceFacts(file: "App.swift", language: .swift, screens: [Self.screen("HomeViewController", line: 1, [tint])])
        #expect(Self.lines(Self.lint(facts, profiles: [.ios14, .ios17]), "bar-tint-ignored") == [3])
        #expect(Self.lint(facts, profiles: [.ios13, .ios14]).isEmpty)
        facts.appWide = [Setting(.appearance(.scrollEdge, background: .literal(Color(r8: 240, g8: 240, b8: 240))), at: Self.at(30))]
        #expect(Self.lint(facts, profiles: [.ios17]).isEmpty)
    }

    @Test func contrastUsesUIKitsItemColour() throws {
        // systemBlue items on a blue bar: the app's colour clashes with UIKit's default tint.
        let blue = Setting(.appearance(.standard, background: .literal(Color(r8: 0, g8: 100, b8: 230))), at: Self.at(3))
        var facts = SourceFacts(file: "App.swift", language: .swift, screens: [Self.screen("HomeViewController", line: 1, [blue])])
        let findings = Self.lint(facts)
        #expect(Self.lines(findings, "low-contrast") == [3])
        let message = try #require(findings.first { $0.code == "low-contrast" }).diagnostic.message
        #expect(message.contains("#007AFF (systemBlue, UIKit's default tint: foreground \"uikit\", COL-1)"), "\(message)")
        // An app whose configuration says it picks black or white by the bar colour (foreground: automatic) gets
        // white items there, which read well.
        var automatic = SessionConfig()
        automatic.policies.foreground = .automatic
        #expect(SourceLinter.lint(SourceProject(name: "App", files: [facts], profiles: [.ios17], config: automatic)).isEmpty)
        // White items on it read well.
        facts.screens[0].settings.append(Setting(.bar(.tintColor, .system("white")), at: Self.at(4)))
        #expect(Self.lint(facts).isEmpty)
        // A white or light grey bar with UIKit's blue items is UIKit's own look.
        facts.screens[0].settings = [Setting(.appearance(.standard, background: .system("white")), at: Self.at(3))]
        #expect(Self.lint(facts).isEmpty)
        facts.screens[0].settings = [
            Setting(.appearance(.standard, background: .literal(Color(r8: 240, g8: 240, b8: 240))), at: Self.at(3))
        ]
        #expect(Self.lint(facts).isEmpty)
        // A project may hold UIKit's blue to the 4.5:1 of text.
        let strict = SourceLinter.lint(SourceProject(name: "App", files: [facts], profiles: [.ios17], defaultForegroundContrastFloor: 4.5))
        #expect(Self.lines(strict, "low-contrast") == [3])
        // A colour known only at run time says nothing.
        facts.screens[0].settings = [Setting(.appearance(.standard, background: .unknown), at: Self.at(3))]
        #expect(Self.lint(facts).isEmpty)
    }

    @Test func aBaseClassSettingIsReportedOnceAtTheBase() {
        let facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                Self.screen("BaseViewController", line: 1, [Setting(.backItem(Self.item("", action: true, line: 3)), at: Self.at(3))]),
                Self.screen("ListViewController", "BaseViewController", line: 10),
                Self.screen("DetailViewController", "BaseViewController", line: 20),
            ],
            edges: [Self.push("ListViewController", "DetailViewController", line: 12)])
        let findings = Self.lint(facts, profiles: [.ios13, .ios17])
        #expect(Self.lines(findings, "custom-back-action-ignored") == [3])
        #expect(Self.lines(findings, "empty-back-title-trick") == [3])
        let profiles = findings.first { $0.code == "custom-back-action-ignored" }?.profiles
        #expect(profiles == [Profile.ios13, .ios17])
    }

    @Test func aBaseClassLineNamesEverySubclassItReaches() {
        let left = Setting(.leftItems([Self.item("Back", action: true, line: 3)]), at: Self.at(3))
        var facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                Self.screen("ServicesViewController", line: 1),
                Self.screen("StorageViewController", line: 2, [left]),
                Self.screen("DropboxViewController", "StorageViewController", line: 10),
                Self.screen("BoxViewController", "StorageViewController", line: 20),
                Self.screen("DriveViewController", "StorageViewController", line: 30),
            ],
            edges: [
                Self.push("ServicesViewController", "DropboxViewController", line: 40),
                Self.push("ServicesViewController", "BoxViewController", line: 41),
                Self.push("ServicesViewController", "DriveViewController", line: 42),
            ])
        var findings = Self.lint(facts).filter { $0.code == "pop-gesture-disabled" }
        #expect(findings.map(\.location.line) == [3])
        let first = findings.first?.screen ?? ""
        let others = ["BoxViewController", "DriveViewController", "DropboxViewController"].filter { $0 != first }
        #expect(findings.first?.otherScreens == others)
        #expect(
            findings.first?.diagnostic.message.hasSuffix(
                "; this line does the same on '\(others[0])' and '\(others[1])'") == true)

        // One subclass pushed: the rule's message alone.
        facts.edges = [Self.push("ServicesViewController", "BoxViewController", line: 41)]
        findings = Self.lint(facts).filter { $0.code == "pop-gesture-disabled" }
        #expect(findings.first?.screen == "BoxViewController")
        #expect(findings.first?.otherScreens == [])
        #expect(findings.first?.diagnostic.message.contains("this line does the same") == false)

        // The class that makes the setting is pushed too: it is not one that has the line from above.
        facts.edges = [
            Self.push("ServicesViewController", "StorageViewController", line: 40),
            Self.push("ServicesViewController", "BoxViewController", line: 41),
        ]
        findings = Self.lint(facts).filter { $0.code == "pop-gesture-disabled" }
        #expect(findings.map(\.location.line) == [3])
        #expect(findings.first?.otherScreens == [])
    }

    static func child(_ container: String?, _ child: String, line: Int) -> Edge {
        Edge(kind: .child, from: container, to: .className(child), location: at(line))
    }

    @Test func aChildsPushGoesOnItsContainerAndItsOwnItemsShowNowhere() {
        // DuckDuckGo's onboarding: the navigation controller's root adds a page as a child, and the page pushes.
        let back = Setting(.backItem(Self.item("Back", action: true, line: 11)), at: Self.at(11))
        let facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                Self.screen("PagerViewController", line: 1),
                Self.screen("PageViewController", line: 10, [back]),
                Self.screen("DetailViewController", line: 20),
            ],
            edges: [
                Self.child("PagerViewController", "PageViewController", line: 30),
                Self.push("PageViewController", "DetailViewController", line: 31),
            ])
        // The page's back item is not the one the bar shows: the pager's is.
        #expect(Flows([facts]).pushedFrom["DetailViewController"] == ["PagerViewController"])
        #expect(Flows([facts]).childOnly == ["PageViewController"])
        #expect(Self.lines(Self.lint(facts), "custom-back-action-ignored") == [])
        // Without the child edge the page is the screen below, and its back item is reported.
        var plain = facts
        plain.edges.removeFirst()
        #expect(Flows([plain]).pushedFrom["DetailViewController"] == ["PageViewController"])
        #expect(Self.lines(Self.lint(plain), "custom-back-action-ignored") == [11])

        // Pushed on a stack of its own as well: both are below.
        var both = facts
        both.edges.append(Self.push("PagerViewController", "PageViewController", line: 32))
        #expect(Flows([both]).pushedFrom["DetailViewController"] == ["PageViewController", "PagerViewController"])
        #expect(Flows([both]).childOnly.isEmpty)
        #expect(Self.lines(Self.lint(both), "custom-back-action-ignored") == [11])

        // A container that is itself a child: the outer container is below.
        var nested = facts
        nested.screens.append(Self.screen("ShellViewController", line: 40))
        nested.edges.append(Self.child("ShellViewController", "PagerViewController", line: 41))
        #expect(Flows([nested]).pushedFrom["DetailViewController"] == ["ShellViewController"])

        // Below is unknown when the container is not named, is a tab bar controller, or only an ancestor is a child.
        var unnamed = facts
        unnamed.edges[0] = Self.child(nil, "PageViewController", line: 30)
        #expect(Flows([unnamed]).pushedFrom["DetailViewController"] == [nil])
        var tabs = facts
        tabs.screens[0].superclass = "UITabBarController"
        #expect(Flows([tabs]).pushedFrom["DetailViewController"] == [nil])
        var ancestor = facts
        ancestor.screens[1].superclass = "BasePageViewController"
        ancestor.screens.append(Self.screen("BasePageViewController", line: 50))
        ancestor.edges[0] = Self.child("PagerViewController", "BasePageViewController", line: 30)
        #expect(Flows([ancestor]).pushedFrom["DetailViewController"] == [nil])
        #expect(Flows([ancestor]).childOnly == ["BasePageViewController", "PageViewController"])
        #expect(Self.lines(Self.lint(ancestor), "custom-back-action-ignored") == [])

        // A navigation controller's children are its stack: the edge changes nothing.
        var navigation = facts
        navigation.screens[0].superclass = "UINavigationController"
        #expect(Flows([navigation]).pushedFrom["DetailViewController"] == ["PageViewController"])
        #expect(Flows([navigation]).childOnly.isEmpty)
    }

    @Test func aBarTheScreenBelowShowsAgainAsItLeavesIsNotTakenForHidden() {
        // Brave's shields screen: the bar hidden in viewWillAppear, shown again in viewWillDisappear, then a push.
        let hide = Setting(.barHidden(.known(true)), at: Self.at(3))
        let show = Setting(.barHidden(.known(false)), at: Self.at(6))
        var facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                ScreenDraft(
                    name: "ShieldsViewController", kind: .viewController, superclass: "UIViewController", location: Self.at(1),
                    settings: [hide], leaving: [show]),
                Self.screen("AboutViewController", line: 20),
            ],
            edges: [Self.push("ShieldsViewController", "AboutViewController", line: 8)])
        #expect(Self.lines(Self.lint(facts), "pop-gesture-disabled") == [])
        // Without the leaving callback the pushed screen has the hidden bar, and the swipe is stopped: reported where
        // the screen below hides the bar, naming the pushed screen.
        var kept = facts
        kept.screens[0].leaving = []
        let inherited = Self.lint(kept).filter { $0.code == "pop-gesture-disabled" }
        #expect(inherited.map(\.location.line) == [3])
        #expect(inherited.map(\.screen) == ["AboutViewController"])
        // A pushed screen that hides the bar itself is reported whatever the screen below does as it leaves.
        facts.screens[1].settings = [Setting(.barHidden(.known(true)), at: Self.at(22))]
        #expect(Self.lines(Self.lint(facts), "pop-gesture-disabled") == [22])
    }

    @Test func aClassDeclarationsSuperclassOutranksItsScenesElement() {
        // The scene says only `viewController`; the Swift class says which base class it has.
        let sb = "Main.storyboard"
        let scene = ScreenDraft(
            name: "PageViewController", kind: .storyboardScene, superclass: "UIViewController",
            location: SourceLocation(file: sb, line: 10, column: 9), elementId: "pg-1")
        let storyboard = SourceFacts(file: sb, language: .storyboard, screens: [scene])
        let code = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [Self.screen("PageViewController", "BasePageViewController", line: 1), Self.screen("BasePageViewController", line: 5)])
        let flows = Flows([storyboard, code])
        #expect(flows.chain("PageViewController") == ["PageViewController", "BasePageViewController", "UIViewController"])
        // Without a declaration in code, the scene's element gives the superclass.
        #expect(Flows([storyboard]).chain("PageViewController") == ["PageViewController", "UIViewController"])
    }

    @Test func storyboardSeguesNameScenesByElementId() {
        let sb = "Main.storyboard"
        let scene = ScreenDraft(
            name: "EditViewController", kind: .storyboardScene, superclass: "UIViewController",
            location: SourceLocation(file: sb, line: 30, column: 9), elementId: "abc-12-xyz",
            settings: [Setting(.leftItems([Self.item("Done", action: true, line: 33)]), at: SourceLocation(file: sb, line: 33, column: 13))]
        )
        let home = ScreenDraft(
            name: ScreenDraft.sceneName(file: sb, id: "home-1"), kind: .storyboardScene, superclass: "UIViewController",
            location: SourceLocation(file: sb, line: 10, column: 9), elementId: "home-1")
        let facts = SourceFacts(
            file: sb, language: .storyboard, screens: [home, scene],
            edges: [
                Edge(
                    kind: .show, from: home.name, to: .scene(file: sb, id: "abc-12-xyz"),
                    location: SourceLocation(file: sb, line: 20, column: 1))
            ])
        let findings = Self.lint(facts)
        #expect(findings.map(\.location) == [SourceLocation(file: sb, line: 33, column: 13)])
        #expect(findings.map(\.code) == ["pop-gesture-disabled"])
    }

    @Test func directivesSwitchFindingsOff() {
        let lines = [
            "class A {", "  // navd:disable:next custom-back-action-ignored", "", "  x = 1", "  // navd:disable", "  y", "  // navd:enable",
            "  z",
        ]
        let directives = [
            Directive(kind: .disableNext, codes: ["custom-back-action-ignored"], line: 2), Directive(kind: .disable, codes: [], line: 5),
            Directive(kind: .enable, codes: [], line: 7),
        ]
        let s = Suppressions.resolve(directives, lineCount: lines.count) { lines[$0 - 1] }
        #expect(s.suppresses("custom-back-action-ignored", line: 4))
        #expect(!s.suppresses("empty-back-title-trick", line: 4))
        #expect(s.suppresses("low-contrast", line: 6))
        #expect(!s.suppresses("low-contrast", line: 8))

        let facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                Self.screen("ListViewController", line: 1, [Setting(.backItem(Self.item("Back", action: true, line: 4)), at: Self.at(4))])
            ])
        let project = SourceProject(name: "App", files: [facts], profiles: [.ios17], suppressions: ["App.swift": s])
        #expect(SourceLinter.lint(project).isEmpty)
    }

    @Test func everyLargeOffsetOfTheAppearanceProxyIsReportedWhereItIsSet() {
        let hack = Setting(.backTitleOffset(.known(Point(x: -1000, y: 0))), at: Self.at(4, "AppDelegate.swift"))
        let nudge = Setting(.backTitleOffset(.known(Point(x: 2, y: 0))), at: Self.at(9, "Theme.swift"))
        let other = Setting(.backTitleOffset(.known(Point(x: 0, y: -200))), at: Self.at(12, "Theme.swift"))
        let files = [
            SourceFacts(file: "AppDelegate.swift", language: .swift, appWide: [hack]),
            SourceFacts(file: "Theme.swift", language: .swift, appWide: [nudge, other]),
        ]
        let findings = SourceLinter.lint(SourceProject(name: "App", files: files, profiles: [.ios17]))
        #expect(
            findings.filter { $0.code == "back-title-offset-hack" }.map(\.location) == [
                Self.at(4, "AppDelegate.swift"), Self.at(12, "Theme.swift"),
            ])
        // The offset hack is no hack before iOS 11.
        #expect(SourceLinter.lint(SourceProject(name: "App", files: files, profiles: [.ios10])).isEmpty)
    }
}

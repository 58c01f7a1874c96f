import Testing
@testable import NavModel

/// One conformance vector: a bar, a window point, and who must receive the tap and what it does.
struct HitVector: Sendable, CustomTestStringConvertible {
    var rule: String
    var name: String
    var build: @Sendable () throws -> NavigationModel
    var point: Point
    var expect: Expect

    init(
        _ rule: String, _ name: String, _ x: Double, _ y: Double, _ expect: Expect,
        _ build: @escaping @Sendable () throws -> NavigationModel
    ) {
        self.rule = rule
        self.name = name
        self.build = build
        self.point = Point(x: x, y: y)
        self.expect = expect
    }

    var testDescription: String { "\(rule): \(name)" }
}

private let detail = Fx.top()
private let twoScreens: @Sendable () throws -> NavigationModel = { try Fx.model([Fx.home, detail]) }
private func withSlop(_ p: inout Policies) { p.touchSlop = .on(above: 20, below: 15) }
private func largeMode(_ id: String, _ mode: NavigationItem.LargeTitleDisplayMode) -> Screen {
    Screen(id: id, title: id, item: NavigationItem(largeTitleDisplayMode: mode))
}
/// A large-title root with an Add item, as iOS's Settings and Mail draw theirs.
private let largeRoot: @Sendable () throws -> NavigationModel = {
    try Fx.model(
        bar: BarAppearance(prefersLargeTitles: true),
        [Screen(id: "home", title: "Mailboxes", item: NavigationItem(rightItems: [Fx.text("add", "Add", width: 30)]))])
}
/// A large-title root with an integrated search field: rows 47-91, 91-143, 143-195; the field 151-187.
private let searchRoot: @Sendable () throws -> NavigationModel = {
    try Fx.model(
        bar: BarAppearance(prefersLargeTitles: true), [Screen(id: "home", title: "Home", item: NavigationItem(search: SearchField()))])
}

/// The vectors: SEMANTICS HT-9 to HT-13, GEO-1 to GEO-15 as modelled, the worked table and the seeds.
let hitVectors: [HitVector] = [
    // GEO-11 / HT-11: the era M back button starts at x = 0 and is the bar's full height.
    HitVector("GEO-11", "back button from x = 0", 1, 69, .back(.pop(to: "home")), twoScreens),
    HitVector("GEO-11", "back button at the bar's top edge", 1, 47, .back(.pop(to: "home")), twoScreens),
    HitVector("GEO-11", "back button at the bar's last row", 1, 90.9, .back(.pop(to: "home")), twoScreens),
    HitVector("HT-11", "between the back button and the title the content view swallows", 120, 69, .swallowed, twoScreens),
    HitVector("GEO-12", "the centred title is shown, not a control", 195, 69, .title, twoScreens),
    HitVector("GEO-1", "below the 44-pt bar is content", 195, 91, .content, twoScreens),
    HitVector("GEO-1", "the status bar above is nothing", 195, 10, .none, twoScreens),
    HitVector("BB-1", "pop returns to the screen below", 1, 69, .back(.pop(to: "b"))) {
        try Fx.model([Screen(id: "a", title: "A"), Screen(id: "b", title: "B"), Screen(id: "c", title: "C")])
    },
    HitVector("BB-1", "a root screen has no back button", 10, 69, .swallowed) { try Fx.model([Fx.home]) },

    // HT-9 / GEO-15: the touch slop.
    HitVector("HT-9", "no slop below the bar on ios17", 10, 95, .content, twoScreens),
    HitVector("HT-9", "no slop above the bar on ios17", 10, 40, .none, twoScreens),
    HitVector("GEO-15", "slop turned on pulls a touch 9 pt below into the back button", 10, 100, .back(.pop(to: "home"))) {
        try Fx.model(policies: withSlop, [Fx.home, detail])
    },
    HitVector("GEO-15", "slop applies only in an item's column: under the title it is content", 195, 100, .content) {
        try Fx.model(policies: withSlop, [Fx.home, detail])
    },
    HitVector("GEO-15", "the slop band ends 15 pt below (half-open)", 10, 106, .content) {
        try Fx.model(policies: withSlop, [Fx.home, detail])
    },
    HitVector("HT-9", "slop above pulls a status-bar touch into the back button", 10, 30, .back(.pop(to: "home"))) {
        try Fx.model(policies: withSlop, [Fx.home, detail])
    },
    HitVector("HT-9", "ios10 slop on by default: 6 pt below the bar", 20, 70, .back(.pop(to: "home"))) { try Fx.seedPhone() },
    HitVector("HT-9", "ios10 slop on by default: in the status bar", 20, 5, .back(.pop(to: "home"))) { try Fx.seedPhone() },
    HitVector("HT-9", "ios10 slop ends 15 pt below the bar", 20, 79, .content) { try Fx.seedPhone() },
    HitVector("HT-9", "ios10 slop under the title is content", 160, 70, .content) { try Fx.seedPhone() },
    HitVector("HT-9", "touchSlop off on ios10", 20, 70, .content) {
        try Fx.seedPhone(policies: { $0.touchSlop = .off })
    },

    // HT-27, HT-10: the seed's iOS 7 bar (GEO-5).
    HitVector("HT-27", "the seed's iOS 7 bar at window (20,40)", 20, 40, .back(.pop(to: "home"))) { try Fx.seedPhone() },
    HitVector("HT-10", "era L: the back column covers the full bar height, above the button view", 45, 21, .back(.pop(to: "home"))) {
        try Fx.seedPhone()
    },
    HitVector("HT-10", "era L: the back column starts at the bar's edge, left of the view", 2, 60, .back(.pop(to: "home"))) {
        try Fx.seedPhone()
    },
    HitVector("HT-10", "era L: a right item's column reaches the bar's top", 316, 21, .item("share")) {
        try Fx.seedPhone(right: [Fx.text("share", "Share", width: 40)])
    },
    HitVector("HT-10", "era L: a right item's column reaches the bar's bottom", 300, 63, .item("share")) {
        try Fx.seedPhone(right: [Fx.text("share", "Share", width: 40)])
    },
    HitVector("GEO-10", "era L pads a custom view through its column", 2, 21, .item("c")) {
        try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, [Fx.home, Fx.top(left: [Fx.custom("c", width: 30, height: 30)])])
    },
    HitVector("HT-11", "era M: the same custom view's hit area is its own frame", 2, 21, .swallowed) {
        try Fx.model(.ios17, width: 320, height: 480, statusBar: 20, [Fx.home, Fx.top(left: [Fx.custom("c", width: 30, height: 30)])])
    },
    HitVector("GEO-10", "era L: seed 002's offset button is still reached through the column", 1, 40, .item("back")) {
        try Fx.model(
            .ios10, width: 320, height: 480, statusBar: 20, [Fx.home, Fx.top(left: [Fx.custom("back", offset: Point(x: -10, y: 0))])])
    },

    // HT-13, BB-13: the seed's mask.
    HitVector("HT-13", "ios10 mask: the 20x30 button runs the custom back", 15, 40, .back(.customBack)) {
        try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask })
    },
    HitVector("HT-13", "ios10 mask: outside its button the mask swallows (dead zone)", 60, 40, .swallowed) {
        try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask })
    },
    HitVector("HT-13", "maskOutside pop: the bar's own back handling fires", 60, 40, .back(.pop(to: "home"))) {
        try Fx.seedPhone(
            backAction: .custom,
            policies: {
                $0.backInterception = .mask; $0.maskOutside = .pop
            })
    },
    HitVector("HT-13", "ios10 mask: left of the mask the system back still pops", 4, 40, .back(.pop(to: "home"))) {
        try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask })
    },
    HitVector("HT-13", "ios10 mask: below the mask inside the back column the system back pops", 20, 60, .back(.pop(to: "home"))) {
        try Fx.seedPhone(backAction: .custom, policies: { $0.backInterception = .mask })
    },
    HitVector("BB-13", "ios17: the mask is never installed, back pops", 10, 69, .back(.pop(to: "home"))) {
        try Fx.model(.ios17, policies: { $0.backInterception = .mask }, [Fx.home, Fx.top(backAction: .custom)])
    },
    HitVector("BB-13", "ios11: the mask is never installed, back pops", 10, 69, .back(.pop(to: "home"))) {
        try Fx.model(.ios11, policies: { $0.backInterception = .mask }, [Fx.home, Fx.top(backAction: .custom)])
    },
    HitVector("BB-13", "ios26: the mask is never installed, back pops", 20, 74, .back(.pop(to: "home"))) {
        try Fx.model(.ios26, policies: { $0.backInterception = .mask }, [Fx.home, Fx.top(backAction: .custom)])
    },
    HitVector("BB-13", "ios17 mask, no custom action: plain pop at the mask's place", 15, 69, .back(.pop(to: "home"))) {
        try Fx.model(.ios17, policies: { $0.backInterception = .mask }, [Fx.home, detail])
    },

    // BB-11: delegate interception and the other back actions.
    HitVector("BB-11", "delegate: custom back on ios10", 20, 40, .back(.customBack)) { try Fx.seedPhone(backAction: .custom) },
    HitVector("BB-11", "delegate: custom back on ios13", 10, 69, .back(.customBack)) {
        try Fx.model(.ios13, [Fx.home, Fx.top(backAction: .custom)])
    },
    HitVector("BB-11", "delegate: custom back on ios17", 10, 69, .back(.customBack)) {
        try Fx.model(.ios17, [Fx.home, Fx.top(backAction: .custom)])
    },
    HitVector("BB-11", "delegate: custom back on ios26", 20, 74, .back(.customBack)) {
        try Fx.model(.ios26, [Fx.home, Fx.top(backAction: .custom)])
    },
    HitVector("BB-11", "backAction none: the back button does nothing", 10, 69, .back(.none)) {
        try Fx.model([Fx.home, Fx.top(backAction: .none)])
    },
    HitVector("BB-11", "leftItem interception: the custom left item asks the app", 20, 69, .back(.customBack)) {
        try Fx.model(policies: { $0.backInterception = .leftItem }, [Fx.home, Fx.top(backAction: .custom)])
    },
    HitVector("GEO-10", "seed 003: with a custom left item the screen's left edge is dead", 5, 69, .swallowed) {
        try Fx.model(policies: { $0.backInterception = .leftItem }, [Fx.home, Fx.top(backAction: .custom)])
    },
    HitVector("BB-11", "leftItem interception leaves a pop screen's system back alone", 5, 69, .back(.pop(to: "home"))) {
        try Fx.model(policies: { $0.backInterception = .leftItem }, [Fx.home, detail])
    },

    // BB-2: the left side.
    HitVector("BB-2", "a left item replaces the back button: its hit edge is m - 8", 10, 69, .item("close")) {
        try Fx.model([Fx.home, Fx.top(left: [Fx.text("close", "Close", width: 40)])])
    },
    HitVector("BB-2", "a left item replaces the back button: x < 8 is swallowed", 7.9, 69, .swallowed) {
        try Fx.model([Fx.home, Fx.top(left: [Fx.text("close", "Close", width: 40)])])
    },
    HitVector("BB-2", "hidesBackButton: no back button", 10, 69, .swallowed) { try Fx.model([Fx.home, Fx.top(hidesBack: true)]) },

    // GEO-9: system items (worked examples).
    HitVector("GEO-9", "375 trailing \"Next\": hit area ends at 367", 366.9, 42, .item("next")) {
        try Fx.model(width: 375, height: 667, statusBar: 20, [Fx.home, Fx.top(right: [Fx.text("next", "Next", width: 52)])])
    },
    HitVector("GEO-9", "375 trailing \"Next\": x 367 is past it", 367, 42, .swallowed) {
        try Fx.model(width: 375, height: 667, statusBar: 20, [Fx.home, Fx.top(right: [Fx.text("next", "Next", width: 52)])])
    },
    HitVector("GEO-9", "375 leading \"Cancel\": hit area starts at 8", 8, 42, .item("cancel")) {
        try Fx.model(width: 375, height: 667, statusBar: 20, [Fx.home, Fx.top(left: [Fx.text("cancel", "Cancel", width: 38)])])
    },
    HitVector("GEO-9", "390 two image items: the 8-pt space between them swallows", 335, 69, .swallowed) {
        try Fx.model([Fx.home, Fx.top(right: [Fx.image("a"), Fx.image("b")])])
    },
    HitVector("GEO-9", "390 two image items: the inner one", 300, 69, .item("b")) {
        try Fx.model([Fx.home, Fx.top(right: [Fx.image("a"), Fx.image("b")])])
    },
    HitVector("GEO-9", "390 two image items: the edge one ends at 382", 381.9, 69, .item("a")) {
        try Fx.model([Fx.home, Fx.top(right: [Fx.image("a"), Fx.image("b")])])
    },
    HitVector("GEO-9", "390 two image items: past 382 the content view swallows", 382, 69, .swallowed) {
        try Fx.model([Fx.home, Fx.top(right: [Fx.image("a"), Fx.image("b")])])
    },
    HitVector("GEO-8", "414: a trailing system item ends at 402 = W - m + 8", 401.9, 69, .item("t")) {
        try Fx.model(width: 414, height: 896, statusBar: 47, [Fx.home, Fx.top(right: [Fx.text("t", "Edit", width: 40)])])
    },
    HitVector("GEO-8", "414: a leading system item starts at 12 = m - 8", 11.9, 69, .swallowed) {
        try Fx.model(width: 414, height: 896, statusBar: 47, [Fx.home, Fx.top(left: [Fx.text("l", "Edit", width: 40)])])
    },

    // GEO-10: custom views.
    HitVector("GEO-10", "375 leading custom view sits exactly on the margin (16)", 15.9, 42, .swallowed) {
        try Fx.model(width: 375, height: 667, statusBar: 20, [Fx.home, Fx.top(left: [Fx.custom("c")])])
    },
    HitVector("GEO-10", "375 leading custom view from x = 16", 16, 42, .item("c")) {
        try Fx.model(width: 375, height: 667, statusBar: 20, [Fx.home, Fx.top(left: [Fx.custom("c")])])
    },
    HitVector("GEO-10", "375 trailing 17-wide custom view ends at 359", 359, 42, .swallowed) {
        try Fx.model(width: 375, height: 667, statusBar: 20, [Fx.home, Fx.top(right: [Fx.custom("t", width: 17)])])
    },
    HitVector("GEO-10", "375 trailing 17-wide custom view", 350, 42, .item("t")) {
        try Fx.model(width: 375, height: 667, statusBar: 20, [Fx.home, Fx.top(right: [Fx.custom("t", width: 17)])])
    },
    HitVector("HT-11", "a 30-pt custom view is not padded vertically on ios17", 20, 25, .swallowed) {
        try Fx.model(width: 375, height: 667, statusBar: 20, [Fx.home, Fx.top(left: [Fx.custom("c", width: 30, height: 30)])])
    },

    // Seeds 001 and 002: custom views whose button leaves the container.
    HitVector("HT-1", "seed 002: the part of the -10 offset button outside its container is lost", 10, 69, .swallowed) {
        try Fx.model([Fx.home, Fx.top(left: [Fx.custom("back", offset: Point(x: -10, y: 0))])])
    },
    HitVector("HT-1", "seed 002: the part inside the container works", 20, 69, .item("back")) {
        try Fx.model([Fx.home, Fx.top(left: [Fx.custom("back", offset: Point(x: -10, y: 0))])])
    },
    HitVector("HT-13", "seed 002: the container's uncovered strip is a dead zone", 55, 69, .itemNone("back")) {
        try Fx.model([Fx.home, Fx.top(left: [Fx.custom("back", offset: Point(x: -10, y: 0))])])
    },
    HitVector("HT-11", "seed 001 on ios17 without forwarding: the content view swallows", 10, 69, .swallowed) {
        try Fx.model([Fx.home, Fx.top(left: [Fx.custom("back", offset: Point(x: -8, y: 0), policy: .outside)])])
    },
    HitVector("HT-6", "seed 001 on ios17 with forwardOutsideTouches: the button gets it", 10, 69, .item("back")) {
        try Fx.model(
            policies: { $0.forwardOutsideTouches = true },
            [Fx.home, Fx.top(left: [Fx.custom("back", offset: Point(x: -8, y: 0), policy: .outside)])])
    },
    HitVector("HT-6", "forwarding needs touchPolicy outside", 10, 69, .swallowed) {
        try Fx.model(
            policies: { $0.forwardOutsideTouches = true }, [Fx.home, Fx.top(left: [Fx.custom("back", offset: Point(x: -8, y: 0))])])
    },
    HitVector("HT-6", "hitInsets beyond the container are lost without forwarding", 12, 69, .swallowed) {
        try Fx.model([Fx.home, Fx.top(left: [Fx.custom("c", insets: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10))])])
    },
    HitVector("HT-6", "hitInsets beyond the container work with outside + forwarding", 8, 69, .item("c")) {
        try Fx.model(
            policies: { $0.forwardOutsideTouches = true },
            [Fx.home, Fx.top(left: [Fx.custom("c", policy: .outside, insets: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10))])])
    },

    // Item states, the title view, hidden bars.
    HitVector("HT-7", "a disabled item takes the tap and does nothing", 360, 69, .itemNone("save")) {
        try Fx.model([Fx.home, Fx.top(right: [Fx.text("save", "Save", width: 40, enabled: false)])])
    },
    HitVector("HT-1", "a hidden item is not laid out", 360, 69, .swallowed) {
        try Fx.model([Fx.home, Fx.top(right: [Fx.text("save", "Save", width: 40, hidden: true)])])
    },
    HitVector("GEO-12", "a custom title view takes the tap and does nothing", 195, 69, .titleView) {
        try Fx.model([Fx.home, Fx.top(title: nil, titleView: Size(width: 100, height: 30))])
    },
    HitVector("HT-1", "a hidden bar takes no taps: its area is content", 10, 69, .content) {
        try Fx.model([Fx.home, Fx.top(bar: BarAppearance(hidden: true))])
    },
    HitVector("HT-1", "a hidden bar: the status bar is nothing", 10, 20, .none) {
        try Fx.model([Fx.home, Fx.top(bar: BarAppearance(hidden: true))])
    },
    HitVector("HT-9", "a hidden bar has no slop either", 20, 70, .content) {
        try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, [Fx.home, Fx.top(bar: BarAppearance(hidden: true))])
    },

    // GEO-14: era G.
    HitVector("GEO-14", "two capsules: the inner one is widened to the midpoint of the 12-pt gap", 323.9, 74, .item("b")) {
        try Fx.model(.ios26, [Fx.home, Fx.top(right: [Fx.text("a", "A", width: 30), Fx.text("b", "B", width: 30)])])
    },
    HitVector("GEO-14", "two capsules: the outer one from the midpoint", 324, 74, .item("a")) {
        try Fx.model(.ios26, [Fx.home, Fx.top(right: [Fx.text("a", "A", width: 30), Fx.text("b", "B", width: 30)])])
    },
    HitVector("GEO-14", "the outermost capsule reaches 8 toward the edge", 381.9, 74, .item("a")) {
        try Fx.model(.ios26, [Fx.home, Fx.top(right: [Fx.text("a", "A", width: 30), Fx.text("b", "B", width: 30)])])
    },
    HitVector("GEO-14", "past the edge widening the bar swallows", 382, 74, .swallowed) {
        try Fx.model(.ios26, [Fx.home, Fx.top(right: [Fx.text("a", "A", width: 30), Fx.text("b", "B", width: 30)])])
    },
    HitVector("GEO-14", "44-pt platters at the top of the 54-pt bar: its bottom 10 pt swallow", 350, 91, .swallowed) {
        try Fx.model(.ios26, [Fx.home, Fx.top(right: [Fx.text("a", "A", width: 30)])])
    },
    HitVector("GEO-14", "44-pt platters at the top of the 54-pt bar: from its top edge", 350, 47, .item("a")) {
        try Fx.model(.ios26, [Fx.home, Fx.top(right: [Fx.text("a", "A", width: 30)])])
    },
    HitVector("GEO-14", "the back platter reaches 8 toward the screen edge", 8, 74, .back(.pop(to: "home"))) {
        try Fx.model(.ios26, [Fx.home, detail])
    },
    HitVector("GEO-14", "left of that the bar swallows", 7.9, 74, .swallowed) { try Fx.model(.ios26, [Fx.home, detail]) },
    HitVector("GEO-14", "glassBarHeight 44: the bar ends at 91", 195, 91, .content) {
        try Fx.model(.ios26, policies: { $0.glassBarHeight = 44 }, [Fx.home, detail])
    },

    // GEO-13: the large-title row (52 under the 44-pt row: bar 47-143 on a 390-pt phone).
    HitVector("GEO-13", "the large title is shown, not a control", 60, 110, .title, largeRoot),
    HitVector("GEO-13", "the large-title row beside the title is the bar's: it swallows", 300, 110, .swallowed, largeRoot),
    HitVector("GEO-13", "the large-title row's last point is still the bar", 300, 142.9, .swallowed, largeRoot),
    HitVector("GEO-13", "below the large-title row is content", 300, 143, .content, largeRoot),
    HitVector("GEO-13", "items stay in the top row", 370, 60, .item("add"), largeRoot),
    HitVector("GEO-13", "scrolled: the large title collapses, and y 100 is content", 60, 100, .content) {
        try Fx.model(bar: BarAppearance(prefersLargeTitles: true), [Screen(id: "home", title: "Home", scrolled: true)])
    },
    HitVector("GEO-13", "never: a pushed screen shows its title in the 44-pt row", 60, 100, .content) {
        try Fx.model(bar: BarAppearance(prefersLargeTitles: true), [Fx.home, largeMode("detail", .never)])
    },
    HitVector("GEO-13", "automatic after never stays small", 60, 100, .content) {
        try Fx.model(
            bar: BarAppearance(prefersLargeTitles: true),
            [Fx.home, largeMode("middle", .never), largeMode("detail", .automatic)])
    },
    HitVector("GEO-13", "always brings the large title back after never", 60, 110, .title) {
        try Fx.model(
            bar: BarAppearance(prefersLargeTitles: true), [Fx.home, largeMode("middle", .never), largeMode("detail", .always)])
    },
    HitVector("GEO-13", "the back button stays in the top row of a large-title bar", 1, 60, .back(.pop(to: "home"))) {
        try Fx.model(bar: BarAppearance(prefersLargeTitles: true), [Fx.home, largeMode("detail", .always)])
    },
    HitVector("GEO-13", "without prefersLargeTitles, always shows no large title", 60, 110, .content) {
        try Fx.model([largeMode("home", .always)])
    },
    HitVector("GEO-13", "era L has no large titles", 60, 80, .content) {
        try Fx.model(.ios10, width: 320, height: 480, statusBar: 20, bar: BarAppearance(prefersLargeTitles: true), [Fx.home])
    },
    HitVector("GEO-13", "a compact landscape phone shows no large title", 60, 40, .content) {
        try Fx.model(width: 844, height: 390, statusBar: 0, bar: BarAppearance(prefersLargeTitles: true), [Fx.home])
    },
    HitVector("GEO-13", "iOS 26: the large-title row starts under the 54-pt bar", 60, 110, .title) {
        try Fx.model(.ios26, bar: BarAppearance(prefersLargeTitles: true), [Fx.home])
    },
    HitVector("GEO-13", "iOS 26: 54 + 52, content from 153", 300, 153, .content) {
        try Fx.model(.ios26, bar: BarAppearance(prefersLargeTitles: true), [Fx.home])
    },

    // GEO-16: the integrated search field's row.
    HitVector("GEO-16", "the search field under the large title takes the focus", 100, 169, .searchField, searchRoot),
    HitVector("GEO-16", "beside the field the search row swallows", 8, 169, .swallowed, searchRoot),
    HitVector("GEO-16", "below the search row is content", 100, 195, .content, searchRoot),
    HitVector("GEO-16", "without a large title the search row follows the top row", 100, 117, .searchField) {
        try Fx.model([Screen(id: "home", title: "Home", item: NavigationItem(search: SearchField()))])
    },
    HitVector("GEO-16", "scrolled, a field that hides when scrolling is gone", 100, 117, .content) {
        try Fx.model([Screen(id: "home", title: "Home", item: NavigationItem(search: SearchField()), scrolled: true)])
    },
    HitVector("GEO-16", "scrolled, a field that does not hide stays", 100, 117, .searchField) {
        try Fx.model([
            Screen(id: "home", title: "Home", item: NavigationItem(search: SearchField(hidesWhenScrolling: false)), scrolled: true)
        ])
    },

    // GEO-2, GEO-3: heights and status bars.
    HitVector("GEO-2", "compact landscape: the 32-pt bar", 10, 31.9, .back(.pop(to: "home"))) {
        try Fx.model(width: 844, height: 390, statusBar: 0, [Fx.home, detail])
    },
    HitVector("GEO-2", "compact landscape: content from y 32", 10, 32, .content) {
        try Fx.model(width: 844, height: 390, statusBar: 0, [Fx.home, detail])
    },
    HitVector("GEO-2", "a Max phone in landscape keeps 44", 10, 43, .back(.pop(to: "home"))) {
        try Fx.model(width: 932, height: 430, statusBar: 0, [Fx.home, detail])
    },
    HitVector("GEO-3", "Dynamic Island status bar 59: the bar starts at 59", 10, 59, .back(.pop(to: "home"))) {
        try Fx.model(width: 393, height: 852, statusBar: 59, [Fx.home, detail])
    },
    HitVector("GEO-3", "Dynamic Island status bar 59: above is the status bar", 10, 58.9, .none) {
        try Fx.model(width: 393, height: 852, statusBar: 59, [Fx.home, detail])
    },
]

@Suite("Bar hit-test conformance vectors")
struct BarHitConformanceTests {
    @Test("there are at least 60 vectors, each naming its rule")
    func enough() {
        #expect(hitVectors.count >= 60)
        #expect(hitVectors.allSatisfy { $0.rule.contains("-") })
    }

    @Test(arguments: hitVectors)
    func vector(_ v: HitVector) throws {
        let model = try v.build()
        let result = Fx.hit(model, v.point.x, v.point.y, trace: true)
        #expect(
            v.expect.matches(result),
            "\(v.rule) \(v.name): got \(result.target.kind.rawValue) \(result.target.itemId ?? "") \(result.action)")
        // Every target names the top screen, except "none".
        if result.target.kind != .none { #expect(result.target.screenId == model.top?.id) }
    }

    @Test("the answer is the same with and without the trace (HT-8)", arguments: hitVectors)
    func pure(_ v: HitVector) throws {
        let model = try v.build()
        let bar = Fx.bar(model)
        let a = BarHitTesting.hitTest(bar, point: v.point, trace: false)
        let b = BarHitTesting.hitTest(bar, point: v.point, trace: true)
        #expect(a.target == b.target && a.action == b.action && a.reason == b.reason)
        #expect(a.trace.isEmpty)
    }
}

/// Finds the bugs of the seed documents in a screen's bar (PROTOCOL.md `Diagnostic`).
///
/// Every finding is computed from the same layout, hit regions, back title, tint and pop-gesture answers
/// the other methods give, so a diagnostic can always be reproduced with `bar/hitTest` or `gesture/popTest`.
/// Order is stable: by code in the order below, then left to right, then by item id.
public enum DiagnosticsEngine {
    /// The codes, in report order.
    public static let codes: [String] = [
        "back-title-truncated", "touch-target-small", "custom-back-unreachable", "pop-gesture-disabled",
        "pop-gesture-at-root", "outside-touch-lost", "dead-zone", "low-contrast", "hidden-bar-swallows",
        "back-hit-area-wide", "custom-back-action-ignored", "supplement-ignored", "back-title-from-title-view",
        "empty-back-title-trick", "back-button-hidden", "back-title-offset-hack", "negative-fixed-space", "back-pop-hook",
        "bar-tint-ignored",
    ]

    /// How far a back button's touch area may reach past its drawn frame toward the title before
    /// `back-hit-area-wide` reports it (reasoned: a fingertip's half-width, so a tap that lands beside
    /// the drawn button still counts, while one on the empty bar beyond it does not).
    public static let wideBackReach = 16.0

    /// WCAG 2 AA for normal text (COL-4).
    public static let minimumContrast = 4.5
    /// Apple's minimum hit target (HT-12).
    public static let minimumTarget = 44.0

    /// Remembers the hit regions of bars already diagnosed, so that a caller diagnosing the same bar again
    /// (the linter, under profiles that lay it out alike) sweeps it once. Regions depend on the laid-out
    /// bar alone, and on its profile only through the era, so a bar equal to the last one of its screen and
    /// era, once its profile is replaced by the era's first, has the same regions. Not shared between threads.
    public final class RegionMemo {
        /// The last bar swept per screen and era, with its regions.
        private var last: [Slot: (layout: LaidOutBar, regions: [HitRegion])] = [:]
        private struct Slot: Hashable {
            var era: Era
            var screenId: String
        }
        /// How many sweeps were answered from the memo.
        public private(set) var reused = 0

        public init() {}

        func regions(_ layout: LaidOutBar) -> [HitRegion] {
            var key = layout
            key.profile = Profile.allCases.first { $0.era == layout.profile.era } ?? layout.profile
            let slot = Slot(era: layout.profile.era, screenId: layout.screenId)
            // Comparing with the last bar of this screen and era stops at the first difference, and costs far
            // less than hashing a whole bar.
            if let known = last[slot], known.layout == key {
                reused += 1
                return known.regions
            }
            let computed = BarRegions.regions(layout)
            last[slot] = (key, computed)
            return computed
        }
    }

    /// The diagnostics for the bar shown while `model.screens[screenIndex]` is the top screen. `memo`
    /// reuses the hit regions of a bar laid out alike before.
    public static func diagnose(model: NavigationModel, screenIndex: Int, memo: RegionMemo) -> [Diagnostic] {
        diagnose(model: model, screenIndex: screenIndex, regions: memo.regions)
    }

    /// The diagnostics for the bar shown while `model.screens[screenIndex]` is the top screen.
    public static func diagnose(model: NavigationModel, screenIndex: Int) -> [Diagnostic] {
        diagnose(model: model, screenIndex: screenIndex, regions: BarRegions.regions)
    }

    static func diagnose(model: NavigationModel, screenIndex: Int, regions: (LaidOutBar) -> [HitRegion]) -> [Diagnostic] {
        guard screenIndex >= 0, screenIndex < model.screens.count else { return [] }
        // The bar as it looks when this screen is on top: the screens above it do not exist for it.
        let scoped = screenIndex == model.screens.count - 1 ? model : model.prefix(through: screenIndex)
        let context = Context(model: scoped, index: screenIndex, regions: regions)
        var out: [Diagnostic] = []
        out += context.backTitleTruncated()
        out += context.touchTargetsSmall()
        out += context.customBackUnreachable()
        out += context.popGestureDisabled()
        out += context.popGestureAtRoot()
        out += context.outsideTouchLost()
        out += context.deadZones()
        out += context.lowContrast()
        out += context.hiddenBarSwallows()
        out += context.backHitAreaWide()
        out += context.customBackActionIgnored()
        out += context.supplementIgnored()
        out += context.backTitleFromTitleView()
        out += context.emptyBackTitleTrick()
        out += context.backButtonHidden()
        out += context.backTitleOffsetHack()
        out += context.negativeFixedSpaces()
        out += context.backPopHook()
        out += context.barTintIgnored()
        return out
    }

    /// The WCAG 2 contrast ratio of two colours, as `low-contrast` measures it (COL-4).
    public static func contrast(_ a: Color, _ b: Color) -> Double { Context.contrast(a, b) }

    /// Everything one diagnosis looks at.
    struct Context {
        let model: NavigationModel
        let index: Int
        let screen: Screen
        /// What the back button says (BB rules), as the layout drew it.
        let backTitle: BackTitle
        let layout: LaidOutBar
        let regions: [HitRegion]
        /// A swipe from the left edge at mid-height (POP rules); nil on the root screen, which has nothing to pop to.
        let swipe: PopGesture.Verdict?

        init(model: NavigationModel, index: Int, regions: (LaidOutBar) -> [HitRegion]) {
            self.model = model
            self.index = index
            self.screen = model.screens[index]
            self.backTitle = BackTitleEngine.backTitle(model: model, screenIndex: index)
            self.layout = BarLayoutEngine.layout(model: model, screenIndex: index, backTitle: backTitle)
            self.regions = regions(layout)
            self.swipe = index > 0 ? PopGesture.test(model: model, start: Point(x: 0, y: model.config.device.height / 2)) : nil
        }

        private var id: String { screen.id }
        private var profile: String { model.config.profile.rawValue }

        private func diag(
            _ code: String, _ severity: Diagnostic.Severity, _ message: String, item: String? = nil, rect: Rect? = nil,
            origin: Diagnostic.Origin? = nil
        ) -> Diagnostic {
            Diagnostic(code: code, severity: severity, message: message, screenId: id, itemId: item, rect: rect, origin: origin)
        }

        /// The screen below this one, whose item supplies the back button (BB-1).
        private var previous: Screen? { index > 0 ? model.screens[index - 1] : nil }

        // MARK: back-title-truncated (BB-6)

        func backTitleTruncated() -> [Diagnostic] {
            let title = backTitle
            guard title.truncated, title.display != .hidden, !layout.hidden else { return [] }
            let shown: String
            switch title.display {
            case .generic:
                return [
                    diag(
                        "back-title-truncated", .info,
                        "the back title does not fit beside the title and fell back to \"\(title.title ?? "Back")\" (BB-6)",
                        rect: layout.element(.backButton)?.frame)
                ]
            case .arrowOnly: shown = "the arrow alone"
            case .text where title.source == .backStyle:
                // A custom label never falls back: it is cut at its end to the room there is.
                let room = BarMetrics.backTitleSpace(model: model, screenIndex: index)
                return [
                    diag(
                        "back-title-truncated", .info,
                        "the back button's label \"\(title.title ?? "")\" is \(fmt(model.config.buttonTextWidth(title.title ?? ""))) pt wide and is cut at its end to the \(fmt(room)) pt beside the title (BB-6, GEO-11)",
                        rect: layout.element(.backButton)?.frame)
                ]
            default: shown = "\"\(title.title ?? "")\""
            }
            return [
                diag(
                    "back-title-truncated", .info, "the back title does not fit beside the title and fell back to \(shown) (BB-6)",
                    rect: layout.element(.backButton)?.frame)
            ]
        }

        // MARK: touch-target-small (HT-12)

        func touchTargetsSmall() -> [Diagnostic] {
            var groups: [(HitTarget, HitAction, Rect)] = []
            for r in regions where !r.viaSlop && r.action != .none {
                if let i = groups.firstIndex(where: { $0.0 == r.target && $0.1 == r.action }) {
                    groups[i].2 = groups[i].2.union(r.frame)
                } else {
                    groups.append((r.target, r.action, r.frame))
                }
            }
            // A system button's width is the model's (label or glyph plus padding), known to miss by a few points; a
            // custom view's is the app's own.
            let custom = Set((screen.item.leftItems + screen.item.rightItems).filter { $0.customView != nil }.map(\.id))
            let tolerance = model.config.policies.touchTargetTolerance
            var out: [Diagnostic] = []
            for (target, action, rect) in groups.sorted(by: { $0.2.minX < $1.2.minX }) {
                let system = target.kind == .barItem ? !custom.contains(target.itemId ?? "") : action != .customBack
                let narrowest = minimumTarget - (system ? tolerance : 0)
                guard rect.width < narrowest || rect.height < minimumTarget else { continue }
                let what: String
                switch target.kind {
                case .backButton: what = action == .customBack ? "the custom back control" : "the back button"
                case .barItem: what = "item '\(target.itemId ?? "")'"
                default: what = "a control"
                }
                out.append(
                    diag(
                        "touch-target-small", .warning,
                        "\(what) can be tapped in only \(fmt(rect.width)) x \(fmt(rect.height)) pt, under the 44 x 44 minimum (HT-12)",
                        item: target.itemId, rect: rect))
            }
            return out
        }

        // MARK: custom-back-unreachable (BB-13, POP-5)

        func customBackUnreachable() -> [Diagnostic] {
            guard screen.backAction == .custom, index > 0, !layout.hidden else { return [] }
            var out: [Diagnostic] = []
            let backShown = layout.element(.backButton) != nil
            if backShown, !regions.contains(where: { $0.action == .customBack }) {
                let why: String
                switch model.config.policies.backInterception {
                case .mask:
                    why =
                        "the mask overlay is installed only where the bar has a UINavigationItemButtonView (iOS 10 and earlier); on \(profile) it never is, so the back button pops directly (BB-13)"
                case .delegate, .leftItem:
                    why = "no tap on the bar reaches it on \(profile)"
                }
                out.append(
                    diag(
                        "custom-back-unreachable", .error, "'\(id)' has a custom back action that is never called: \(why)",
                        rect: layout.element(.backButton)?.frame))
            } else if backShown,
                regions.contains(where: { $0.target.kind == .backButton && $0.action != .customBack && !$0.viaSlop && $0.action != .none })
            {
                let area = regions.filter { $0.target.kind == .backButton && $0.action != .customBack && $0.action != .none }
                let rect = area.map(\.frame).reduce(area[0].frame) { $0.union($1) }
                out.append(
                    diag(
                        "custom-back-unreachable", .warning,
                        "taps on parts of the back button outside the mask's 20 x 30 button pop '\(id)' without calling its custom back action (HT-13)",
                        rect: rect))
            }
            if let swipe, swipe.begins {
                out.append(
                    diag(
                        "custom-back-unreachable", .warning,
                        "a swipe back pops '\(id)' without calling its custom back action (POP-5): \(swipe.reason)"))
            }
            return out
        }

        // MARK: pop-gesture-disabled (POP-3)

        func popGestureDisabled() -> [Diagnostic] {
            guard let swipe, !swipe.begins, swipe.rule == "POP-3" else { return [] }
            let member = PopGesture.stopperMember(model: model, top: screen)
            return [
                diag(
                    "pop-gesture-disabled", .warning, "swipe-back is stopped: \(swipe.reason)",
                    origin: member.map { .init(screenId: id, member: $0) })
            ]
        }

        // MARK: pop-gesture-at-root (POP-4)

        func popGestureAtRoot() -> [Diagnostic] {
            guard index == 0 else { return [] }
            let mode = screen.popGesture
            guard mode == .edge || mode == .fullscreen else { return [] }
            return [
                diag(
                    "pop-gesture-at-root", .warning,
                    "root screen '\(id)' turns the pop gesture on (popGesture \"\(mode.rawValue)\"); an app that re-enables the recognizer must still refuse it on a stack of one, or the UI freezes (POP-4)"
                )
            ]
        }

        // MARK: outside-touch-lost (HT-1, HT-11, seeds 001/002)

        func outsideTouchLost() -> [Diagnostic] {
            guard !layout.hidden else { return [] }
            var out: [Diagnostic] = []
            let items = (screen.item.leftItems + screen.item.rightItems).filter { !$0.hidden }
            for item in items {
                guard let custom = item.customView,
                    let container = layout.element(.barItem, id: item.id)
                else { continue }
                let containerRect = containerFrame(item.id) ?? container.frame
                // Only the part on screen can be touched at all.
                guard
                    let button = Rect(
                        x: containerRect.x + custom.offset.x, y: containerRect.y + custom.offset.y, width: custom.width,
                        height: custom.height
                    ).inset(by: custom.hitInsets).intersection(layout.window.frame)
                else { continue }
                let outside = Geometry.subtract(button, [containerRect])
                guard !outside.isEmpty else { continue }
                let reached = regions.filter { $0.target.itemId == item.id && $0.target.kind == .barItem && $0.reason != .deadZone }.map(
                    \.frame)
                let lost = Geometry.subtract(button, reached)
                guard !lost.isEmpty else { continue }
                let area = lost.reduce(0) { $0 + $1.width * $1.height }
                let bounds = lost.dropFirst().reduce(lost[0]) { $0.union($1) }
                let why: String
                if layout.profile.era == .legacy {
                    why = "it lies beyond the bar's item column"
                } else if custom.touchPolicy == .bounds {
                    why = "its container's hitTest stops at its bounds (HT-1); use touchPolicy \"outside\" with forwardOutsideTouches"
                } else if !model.config.policies.forwardOutsideTouches {
                    why = "the bar's content view swallows touches outside the item's stack (HT-11); turn on forwardOutsideTouches"
                } else {
                    why = "no view on the bar reaches it"
                }
                out.append(
                    diag(
                        "outside-touch-lost", .warning,
                        "\(fmt(area)) pt² of item '\(item.id)''s button lies outside its container and taps there are lost: \(why)",
                        item: item.id, rect: bounds))
            }
            return out.sorted { ($0.rect?.minX ?? 0) < ($1.rect?.minX ?? 0) }
        }

        private func containerFrame(_ itemId: String) -> Rect? {
            for path in BarTreeBuilder.containerPaths(in: layout.window, roles: layout.roles, outsideOnly: false) {
                guard let v = layout.window.descendant(at: path), let vid = v.id, layout.roles[vid] == .itemContainer(itemId) else {
                    continue
                }
                return layout.window.frameOfDescendant(at: path)
            }
            return nil
        }

        // MARK: dead-zone (HT-13)

        func deadZones() -> [Diagnostic] {
            var byView: [(String, [Rect], HitTarget)] = []
            for r in regions where r.reason == .deadZone {
                let key = r.hitView ?? "?"
                if let i = byView.firstIndex(where: { $0.0 == key }) {
                    byView[i].1.append(r.frame)
                } else {
                    byView.append((key, [r.frame], r.target))
                }
            }
            return byView.map { view, rects, target in
                let bounds = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
                let area = BarRegions.area(rects)
                let message: String
                if layout.roles[view] == .mask {
                    message =
                        "the seed's mask overlay swallows taps outside its 20 x 30 button: \(fmt(area)) pt² of the bar do nothing (HT-13)"
                } else {
                    message =
                        "item '\(target.itemId ?? view)''s container takes taps that miss its button and does nothing with them: \(fmt(area)) pt²"
                }
                return diag("dead-zone", .warning, message, item: target.itemId, rect: bounds)
            }.sorted { ($0.rect?.minX ?? 0) < ($1.rect?.minX ?? 0) }
        }

        // MARK: low-contrast (COL-4)

        func lowContrast() -> [Diagnostic] {
            guard !layout.hidden else { return [] }
            let tint = TintEngine.resolve(model: model, screenIndex: index)
            let uikitDefault = tint.source != .forced && tint.foregroundPolicy == .uikit
            // UIKit's own look, where the app chose neither the bar colour nor the items' (systemBlue on the default
            // white bar), is Apple's, not the app's.
            if uikitDefault, tint.source == .default { return [] }
            // UIKit's default tint on a colour the app chose is held to `defaultTintContrast` (3:1 by default), since
            // systemBlue reaches only 4.02:1 on white; a colour the app or the automatic rule chose, to WCAG's 4.5:1.
            let minimum = uikitDefault ? model.config.policies.defaultTintContrast : minimumContrast
            let ratio = Self.contrast(tint.foreground, tint.background)
            guard ratio < minimum else { return [] }
            let line = uikitDefault ? "the \(fmt(minimum)):1 floor for UIKit's tint (defaultTintContrast, COL-4)" : "WCAG's 4.5:1 (COL-4)"
            return [
                diag(
                    "low-contrast", .warning,
                    "the bar's foreground \(tint.foreground.hex) (\(Self.foregroundOrigin(tint))) on \(tint.background.hex) has a "
                        + "contrast of \(fmt(ratio)):1, below \(line)",
                    rect: layout.barFrame)
            ]
        }

        /// Where a bar's foreground comes from, in words: the colour the app set, UIKit's default tint, or the
        /// automatic rule.
        static func foregroundOrigin(_ tint: TintResult) -> String {
            if tint.source == .forced { return "set by the app" }
            switch tint.foregroundPolicy {
            case .uikit: return "systemBlue, UIKit's default tint: foreground \"uikit\", COL-1"
            case .automatic:
                return "black or white by \(tint.method.rawValue): foreground \"automatic\", \(tint.method == .yiq ? "COL-3" : "COL-4")"
            }
        }

        /// The WCAG 2 contrast ratio of two colours, from the tint engine's WCAG luminances (COL-4).
        static func contrast(_ a: Color, _ b: Color) -> Double {
            let la = TintEngine.resolve(color: a, method: .wcag).luminance
            let lb = TintEngine.resolve(color: b, method: .wcag).luminance
            return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
        }

        // MARK: hidden-bar-swallows (GEO-7)

        func hiddenBarSwallows() -> [Diagnostic] {
            guard !layout.hidden else { return [] }
            let appearance = model.barAppearance(at: index)
            guard let colour = appearance.gradient?.first ?? appearance.barTintColor, colour.alpha < 0.01 else { return [] }
            let swallowed = regions.filter { $0.reason == .swallowed && !$0.viaSlop }
            return [
                diag(
                    "hidden-bar-swallows", .warning,
                    "the bar is transparent (alpha \(fmt(colour.alpha))) but still takes taps: \(fmt(BarRegions.area(swallowed.map(\.frame)))) pt² of it do nothing",
                    rect: layout.barFrame)
            ]
        }

        // MARK: back-hit-area-wide (HT-10, HT-11)

        func backHitAreaWide() -> [Diagnostic] {
            // iOS 26 widens every platter's hit area toward its neighbours on purpose, by amounts not known (GEO-14).
            guard !layout.hidden, layout.profile.era != .glass, let back = layout.element(.backButton) else { return [] }
            guard let area = BarRegions.backTouchArea(regions) else { return [] }
            let drawn = back.visibleFrame
            let reach = area.maxX - drawn.maxX
            // A chevron-only button no wider than the minimum target (HT-12) is the system's own 44 (a dump, GEO-11).
            guard reach > wideBackReach, area.width > minimumTarget else { return [] }
            return [
                diag(
                    "back-hit-area-wide", .warning,
                    "the back button takes taps over x \(fmt(area.minX))-\(fmt(area.maxX)) but is drawn at x \(fmt(drawn.minX))-\(fmt(drawn.maxX)): a tap \(fmt(reach)) pt right of what is drawn still goes back (\(layout.profile.era == .legacy ? "HT-10" : "HT-11"))",
                    rect: area)
            ]
        }

        // MARK: custom-back-action-ignored (BB-11)

        func customBackActionIgnored() -> [Diagnostic] {
            guard let previous, previous.item.backItem?.action == .custom, layout.element(.backButton) != nil else { return [] }
            return [
                diag(
                    "custom-back-action-ignored", .error,
                    "'\(previous.id)' sets a target and action on its back item, which UIKit never calls: tapping back on '\(id)' always pops (BB-11); use backAction \"custom\" (the bar's delegate) or a left item",
                    rect: layout.element(.backButton)?.frame, origin: .init(screenId: previous.id, member: "item.backItem.action"))
            ]
        }

        // MARK: supplement-ignored (BB-2)

        func supplementIgnored() -> [Diagnostic] {
            let item = screen.item
            guard index > 0, item.hidesBackButton, item.leftItemsSupplementBackButton else { return [] }
            return [
                diag(
                    "supplement-ignored", .warning,
                    "'\(id)' asks its left items to supplement the back button, but hidesBackButton hides it regardless (BB-2): there is no back button on this screen",
                    origin: .init(screenId: id, member: "item.leftItemsSupplementBackButton"))
            ]
        }

        // MARK: back-title-from-title-view (BB-5)

        func backTitleFromTitleView() -> [Diagnostic] {
            guard let previous, previous.item.titleView != nil, !layout.hidden, layout.element(.backButton) != nil else { return [] }
            let title = backTitle
            guard title.source == .generic, title.display == .generic, !title.truncated else { return [] }
            return [
                diag(
                    "back-title-from-title-view", .info,
                    "'\(previous.id)' shows a title view and has no title, so the back button on '\(id)' says \"\(title.title ?? "Back")\" (BB-5): a title view never names the back button; give '\(previous.id)' a title or a backButtonTitle",
                    rect: layout.element(.backButton)?.frame, origin: .init(screenId: previous.id, member: "item.titleView"))
            ]
        }

        // MARK: empty-back-title-trick (BB-8, BB-12)

        func emptyBackTitleTrick() -> [Diagnostic] {
            guard let previous, let backItem = previous.item.backItem, backItem.title == "", backItem.image == nil,
                layout.element(.backButton) != nil
            else { return [] }
            let why =
                layout.profile.majorVersion >= 14
                ? "on iOS 14 and later the back button's long-press menu then lists '\(previous.id)' as a blank row; backButtonDisplayMode \"minimal\" hides the title and keeps the menu (BB-12)"
                : "an empty title was reported to show the standard \"Back\" on some devices, and apps moved to a single space (BB-8)"
            return [
                diag(
                    "empty-back-title-trick", .info, "'\(previous.id)' hides the back title with an empty back item title: \(why)",
                    rect: layout.element(.backButton)?.frame, origin: .init(screenId: previous.id, member: "item.backItem.title"))
            ]
        }

        // MARK: back-button-hidden (SRC-7, POP-3)

        func backButtonHidden() -> [Diagnostic] {
            let item = screen.item
            guard index > 0, item.hidesBackButton, !item.leftItems.contains(where: { !$0.hidden }), !layout.hidden else { return [] }
            return [
                diag(
                    "back-button-hidden", .info,
                    "'\(id)' hides its back button and has no left item: with the button goes the edge swipe (POP-3), so the screen offers no way back of the bar's own; fine for a step that must be finished, a trap otherwise (SRC-7)",
                    origin: .init(screenId: id, member: "item.hidesBackButton"))
            ]
        }

        // MARK: back-title-offset-hack (SRC-5)

        func backTitleOffsetHack() -> [Diagnostic] {
            guard index > 0, layout.profile.era != .legacy, let offset = screen.techniques?.backTitleOffset, !layout.hidden else {
                return []
            }
            let limit = model.config.policies.backTitleOffsetLimit
            guard abs(offset.x) > limit || abs(offset.y) > limit else { return [] }
            let why =
                layout.profile.majorVersion >= 14
                ? "the title is moved out of sight but still named in the back button's long-press menu; backButtonDisplayMode \"minimal\" hides it cleanly (BB-12)"
                : "the title is moved out of sight but the back button keeps its width, so taps far right of the chevron still go back"
            return [
                diag(
                    "back-title-offset-hack", .warning,
                    "the back title is shifted by (\(fmt(offset.x)), \(fmt(offset.y))) pt with setBackButtonTitlePositionAdjustment, beyond \(fmt(limit)) pt: \(why) (SRC-5)",
                    rect: layout.element(.backButton)?.frame, origin: .init(screenId: id, member: "techniques.backTitleOffset"))
            ]
        }

        // MARK: negative-fixed-space (SRC-3)

        func negativeFixedSpaces() -> [Diagnostic] {
            guard layout.profile.era != .legacy, let spaces = screen.techniques?.fixedSpaces else { return [] }
            return spaces.enumerated().filter { $0.element < 0 }.map { i, width in
                diag(
                    "negative-fixed-space", .warning,
                    "a fixed space of \(fmt(width)) pt no longer pulls the items beside it outward: from iOS 11 bar items sit in a stack view inside the bar's layout margins, and a negative width is ignored (SRC-3)",
                    origin: .init(screenId: id, member: "techniques.fixedSpaces[\(i)]"))
            }
        }

        // MARK: back-pop-hook (SRC-4, POP-5)

        func backPopHook() -> [Diagnostic] {
            guard let hook = screen.techniques?.backHook, let swipe, swipe.begins else { return [] }
            let how: String
            switch hook {
            case .handler: how = "'\(id)' answers a back-button handler, which the bar's navigationBar(_:shouldPop:) asks on a tap"
            case .swizzledShouldPop: how = "the app exchanges navigationBar:shouldPopItem:, which UIKit calls on a tap on the back button"
            case .shouldPop:
                how = "the navigation controller answers navigationBar(_:shouldPop:), which UIKit calls on a tap on the back button"
            }
            let glass =
                layout.profile.era == .glass
                ? "; on iOS 26 the bar's back button changed, and hooks into its private methods stopped being called" : ""
            return [
                diag(
                    "back-pop-hook", .warning,
                    "\(how), but the edge swipe pops '\(id)' without asking it (POP-5)\(glass); turn the swipe off while the screen must be asked, or use a left item (SRC-4)",
                    origin: .init(screenId: id, member: "techniques.backHook"))
            ]
        }

        // MARK: bar-tint-ignored (SRC-2)

        func barTintIgnored() -> [Diagnostic] {
            guard layout.profile.majorVersion >= 15, screen.techniques?.barTintWithoutAppearance == true, !layout.hidden else { return [] }
            return [
                diag(
                    "bar-tint-ignored", .warning,
                    "the bar's colour is set with barTintColor and no UINavigationBarAppearance: from iOS 15 the bar uses its scroll-edge appearance while content is at the top, whose background is transparent, so the colour shows only after scrolling; set standardAppearance and scrollEdgeAppearance (SRC-2)",
                    rect: layout.barFrame, origin: .init(screenId: id, member: "bar.barTintColor"))
            ]
        }
    }
}

/// Rectangle arithmetic for the diagnostics.
enum Geometry {
    /// `rect` minus every rectangle of `holes`, as non-overlapping rectangles (empty when fully covered).
    static func subtract(_ rect: Rect, _ holes: [Rect]) -> [Rect] {
        var pieces = [rect]
        for hole in holes {
            var next: [Rect] = []
            for p in pieces {
                guard let cut = p.intersection(hole) else {
                    next.append(p)
                    continue
                }
                // Up to four pieces around the cut: above, below, left, right.
                if cut.minY > p.minY { next.append(Rect(x: p.minX, y: p.minY, width: p.width, height: cut.minY - p.minY)) }
                if cut.maxY < p.maxY { next.append(Rect(x: p.minX, y: cut.maxY, width: p.width, height: p.maxY - cut.maxY)) }
                if cut.minX > p.minX { next.append(Rect(x: p.minX, y: cut.minY, width: cut.minX - p.minX, height: cut.height)) }
                if cut.maxX < p.maxX { next.append(Rect(x: cut.maxX, y: cut.minY, width: p.maxX - cut.maxX, height: cut.height)) }
            }
            pieces = next
        }
        return pieces.filter { $0.width > 1e-9 && $0.height > 1e-9 }
    }
}

/// A number for messages: at most two decimals, no trailing zeros.
func fmt(_ v: Double) -> String { SVGNumber.format(v) }

/// Answers "who receives a tap at this window point, and what happens" from a `LaidOutBar`'s one tree.
///
/// The view is found by `HitTester` (HT-1 to HT-3); this type only adds what lives outside a plain
/// `hitTest`: the touch slop (HT-9), era L's columns (HT-10), the bar's forwarding to outside-touch
/// custom views (`forwardOutsideTouches`) and the mapping from the hit view to a target and action.
public enum BarHitTesting {
    /// The result for a window point. Pure: the same layout and point always give the same answer (HT-8).
    public static func hitTest(_ layout: LaidOutBar, point: Point, trace: Bool = false) -> BarHitResult {
        hitTest(layout, point: point, trace: trace, overrides: overrides(layout))
    }

    /// `hitTest` with the bar's forwarding already prepared by `overrides(_:)`, for callers that test many points.
    static func hitTest(_ layout: LaidOutBar, point: Point, trace: Bool, overrides: [[Int]: HitTestOverride]) -> BarHitResult {
        if let slop = layout.slop, !layout.hidden, let warped = warp(point, layout.barFrame, slop) {
            // GEO-15: the slop applies only where an item's touch area lies in that column.
            var pulled = resolve(layout, warped, trace: trace, overrides: overrides)
            if pulled.target.kind == .backButton || pulled.target.kind == .barItem {
                pulled.slopPoint = warped
                return pulled
            }
        }
        // An untraced test records no steps, so its result's trace is already empty.
        return resolve(layout, point, trace: trace, overrides: overrides)
    }

    /// IXNavigationBar: the bar's swizzled hitTest first asks each registered outside-touch view.
    static func overrides(_ layout: LaidOutBar) -> [[Int]: HitTestOverride] {
        guard !layout.forwardingPaths.isEmpty else { return [:] }
        return [LaidOutBar.barPath: .forwardFirst(layout.forwardingPaths.map { Array($0.dropFirst(LaidOutBar.barPath.count)) })]
    }

    /// The point the window's `warpPoint:` moves a touch near the bar to, when it lies in the band (HT-9).
    static func warp(_ p: Point, _ bar: Rect, _ slop: TouchSlop) -> Point? {
        guard p.x >= bar.minX, p.x < bar.maxX else { return nil }
        if p.y >= bar.maxY, p.y < bar.maxY + slop.below {
            let w = Point(x: p.x, y: p.y - slop.below)
            return bar.contains(w) ? w : nil
        }
        if p.y < bar.minY, p.y >= bar.minY - slop.above {
            let w = Point(x: p.x, y: p.y + slop.above)
            return bar.contains(w) ? w : nil
        }
        return nil
    }

    static func resolve(_ layout: LaidOutBar, _ point: Point, trace: Bool, overrides: [[Int]: HitTestOverride]) -> BarHitResult {
        let options = HitTestOptions(alphaRule: layout.alphaRule, recordTrace: trace)
        let outcome = HitTester.hitTest(layout.window, point: point, options: options, overrides: overrides)
        guard let path = outcome.path else {
            return BarHitResult(target: HitTarget(kind: .none), action: .none, trace: outcome.trace, reason: .outsideBar)
        }
        return classify(layout, path: path, hitId: outcome.hitViewId, point: point, steps: outcome.trace, trace: trace)
    }

    /// Maps the hit view (the last view on `path`) to a target and an action.
    static func classify(
        _ layout: LaidOutBar, path: [Int], hitId: String?, point: Point, steps: [TraceStep], trace: Bool
    ) -> BarHitResult {
        let role = hitId.flatMap { layout.roles[$0] }
        var steps = steps
        let screen = layout.screenId

        func result(_ kind: HitTarget.Kind, _ action: HitAction, _ reason: HitReason?, item: String? = nil) -> BarHitResult {
            BarHitResult(
                target: HitTarget(kind: kind, screenId: kind == .none ? nil : screen, itemId: item), action: action,
                trace: steps, reason: reason, hitView: hitId)
        }

        if path.isEmpty || role == .window {
            if PointPlacement(point: point, bar: layout.barFrame).vertical == .below { return result(.content, .none, .belowBar) }
            if layout.hidden, layout.barFrame.contains(point) { return result(.content, .none, .hiddenBar) }
            return result(.none, .none, .outsideBar)
        }
        switch role {
        case .bar?:
            if layout.profile.era == .legacy, let column = layout.columns.first(where: { $0.frame.contains(point) }) {
                if trace {
                    steps.append(
                        TraceStep(
                            view: "column:\(describe(column.role))", frame: column.frame, verdict: .hit, path: path,
                            note: "the bar assigns the touch to the item whose column holds x (HT-10)"))
                }
                let acted = act(layout, role: column.role)
                return result(acted.kind, acted.action, acted.reason, item: acted.item)
            }
            return swallowed(layout, point, steps, hitId)
        case .swallow?, nil:
            return swallowed(layout, point, steps, hitId)
        case .mask?:
            if trace {
                steps.append(
                    TraceStep(
                        view: "mask", frame: maskFrame(layout, path), verdict: .intercepted, path: path,
                        note: "the seed's overlay took the touch before the system back button"))
            }
            if layout.maskOutside == .pop, let previous = layout.previousScreenId {
                return result(.backButton, .pop(to: previous), nil)
            }
            return result(.bar, .none, .deadZone)
        case .maskButton?:
            if trace {
                steps.append(
                    TraceStep(
                        view: "mask", frame: maskFrame(layout, path.dropLast()), verdict: .intercepted,
                        path: Array(path.dropLast()), note: "the seed's overlay took the touch before the system back button"))
            }
            return result(.backButton, .customBack, nil)
        case let other?:
            let acted = act(layout, role: other)
            return result(acted.kind, acted.action, acted.reason, item: acted.item)
        }
    }

    /// What an acting role does: the target's kind and item, the action and why there is none. The caller
    /// makes the result whole, with its trace and hit view, rather than changing it after (which copied it).
    static func act(
        _ layout: LaidOutBar, role: BarRole
    ) -> (kind: HitTarget.Kind, action: HitAction, reason: HitReason?, item: String?) {
        switch role {
        case .backButton:
            let action = layout.backAction ?? .none
            return (.backButton, action, action == .none ? .backActionNone : nil, nil)
        case .syntheticBack, .maskButton:
            return (.backButton, .customBack, nil, nil)
        case .item(let id):
            let enabled = !layout.disabledItems.contains(id)
            return (.barItem, enabled ? .itemAction(id) : .none, enabled ? nil : .disabled, id)
        case .itemContainer(let id):
            return (.barItem, .none, .deadZone, id)
        case .titleView:
            return (.titleView, .none, .inert, nil)
        case .searchField:
            return (.searchField, .none, .search, nil)
        case .window, .bar, .swallow, .mask:
            return (.bar, .none, .swallowed, nil)
        }
    }

    /// A touch the bar, its content view or a stack view keeps: on the title it is "the title", else "the bar".
    private static func swallowed(_ layout: LaidOutBar, _ point: Point, _ steps: [TraceStep], _ hitId: String?) -> BarHitResult {
        if let title = layout.titleFrame, title.contains(point) {
            return BarHitResult(
                target: HitTarget(kind: .title, screenId: layout.screenId), action: .none, trace: steps, reason: .inert,
                hitView: hitId)
        }
        return BarHitResult(
            target: HitTarget(kind: .bar, screenId: layout.screenId), action: .none, trace: steps, reason: .swallowed,
            hitView: hitId)
    }

    private static func maskFrame<C: Collection>(_ layout: LaidOutBar, _ path: C) -> Rect where C.Element == Int {
        layout.window.frameOfDescendant(at: Array(path)) ?? layout.barFrame
    }

    /// A readable name for a role, as traces and `bar/layout`'s columns show it.
    public static func describe(_ role: BarRole) -> String {
        switch role {
        case .backButton: return "backButton"
        case .syntheticBack: return "syntheticBack"
        case .item(let id): return "item.\(id)"
        case .itemContainer(let id): return "item.\(id).container"
        case .titleView: return "titleView"
        case .mask: return "mask"
        case .maskButton: return "maskButton"
        case .searchField: return "searchField"
        case .window: return "window"
        case .bar: return "navigationBar"
        case .swallow: return "swallow"
        }
    }
}

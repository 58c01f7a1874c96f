/// Whether the interactive pop (swipe-back) begins for a touch starting at a point (SEMANTICS section 4). Pure.
///
/// The checks, in order:
/// 1. the stack holds more than one screen (POP-4);
/// 2. the start lies in the window: `0 <= x < device.width`, `0 <= y < device.height`;
/// 3. the recognizer in charge: the top screen's `popGesture`, or the session's policy when it is `inherit`;
///    `disabled` never begins;
/// 4. only for the system edge recognizer under the policy (`inherit` + policy `edge`): POP-3's stoppers, which
///    are UIKit's own delegate refusing to begin: `hidesBackButton`, a custom left item replacing the back button
///    (also the one `backInterception: leftItem` installs for `backAction: custom`), a hidden bar. A screen's own
///    `edge`/`fullscreen` setting stands for an app that installed its own delegate or recognizer, which these do
///    not stop (the seeds' technique); the `fullscreen` policy is the app's own pan recognizer, which neither;
/// 5. the start position: `edge` needs `x < popEdgeWidth` (POP-6, half-open like `point(inside:)`);
///    `fullscreen` needs `x <= popMaxStartX` when that is above 0 (POP-7, FDFullscreenPopGesture's comparison).
///
/// Not modelled: transitions in flight (POP-4; the model has none), the pan's direction (POP-7: a start point
/// alone cannot tell), right-to-left layouts (the edge is the left one). A swipe that begins pops directly and
/// bypasses a custom back action (POP-5); `bar/diagnose` reports that, this test only says whether it begins.
public enum PopGesture {
    /// Which recognizer decides.
    public enum Recognizer: String, Sendable, Hashable, CaseIterable {
        /// UIKit's `UIScreenEdgePanGestureRecognizer` with its own delegate (POP-2, POP-3).
        case systemEdge
        /// The system edge recognizer re-enabled by the app (its delegate replaced): POP-3's stoppers do not apply.
        case restoredEdge
        /// An app pan recognizer forwarding to the system transition (POP-7).
        case fullscreen
        /// Switched off.
        case disabled
        /// Nothing to decide (root screen, empty stack, start outside the window).
        case none
    }

    /// The answer, with the rule that settled it.
    public struct Verdict: Sendable, Hashable {
        public var begins: Bool
        /// A readable sentence naming the rule.
        public var reason: String
        /// The SEMANTICS rule id that settled the answer, e.g. `"POP-3"`.
        public var rule: String
        public var recognizer: Recognizer

        public init(begins: Bool, reason: String, rule: String, recognizer: Recognizer) {
            self.begins = begins
            self.reason = reason
            self.rule = rule
            self.recognizer = recognizer
        }
    }

    /// Whether a swipe starting at `start` (window coordinates) begins an interactive pop of the top screen.
    public static func test(model: NavigationModel, start: Point) -> Verdict {
        guard let top = model.top else {
            return Verdict(
                begins: false, reason: "the stack is empty, so there is nothing to pop (POP-4)", rule: "POP-4", recognizer: .none)
        }
        guard model.depth > 1 else {
            return Verdict(
                begins: false,
                reason: "'\(top.id)' is the root screen; a pop gesture must not begin on a stack of one (POP-4)",
                rule: "POP-4", recognizer: .none)
        }
        let device = model.config.device
        guard start.x.isFinite, start.y.isFinite, start.x >= 0, start.x < device.width, start.y >= 0, start.y < device.height else {
            return Verdict(
                begins: false,
                reason:
                    "the start (\(number(start.x)), \(number(start.y))) lies outside the \(number(device.width)) x \(number(device.height)) window",
                rule: "POP-1", recognizer: .none)
        }

        let policies = model.config.policies
        let explicit = top.popGesture != .inherit
        let mode: Policies.PopGestureMode
        switch top.popGesture {
        case .inherit: mode = policies.popGesture
        case .edge: mode = .edge
        case .fullscreen: mode = .fullscreen
        case .disabled: mode = .disabled
        }
        let whose = explicit ? "the screen's popGesture" : "the session's popGesture policy"

        switch mode {
        case .disabled:
            return Verdict(begins: false, reason: "\(whose) is \"disabled\"", rule: "POP-1", recognizer: .disabled)

        case .fullscreen:
            if policies.popMaxStartX > 0, !(start.x <= policies.popMaxStartX) {
                return Verdict(
                    begins: false,
                    reason:
                        "the full-screen pan only begins within \(number(policies.popMaxStartX)) pt of the left edge (popMaxStartX); x \(number(start.x)) is beyond it (POP-7)",
                    rule: "POP-7", recognizer: .fullscreen)
            }
            let range = policies.popMaxStartX > 0 ? "within popMaxStartX \(number(policies.popMaxStartX))" : "anywhere (popMaxStartX 0)"
            return Verdict(
                begins: true,
                reason: "\(whose) is \"fullscreen\": the app's pan recognizer begins \(range) on a stack of \(model.depth) (POP-7)",
                rule: "POP-7", recognizer: .fullscreen)

        case .edge:
            let recognizer: Recognizer = explicit ? .restoredEdge : .systemEdge
            if !explicit, let stopper = stopper(model: model, top: top) {
                return Verdict(
                    begins: false, reason: "\(stopper), so UIKit's edge swipe does not begin (POP-3)", rule: "POP-3", recognizer: recognizer
                )
            }
            guard start.x < policies.popEdgeWidth else {
                return Verdict(
                    begins: false,
                    reason:
                        "x \(number(start.x)) is not within the \(number(policies.popEdgeWidth)) pt edge band (popEdgeWidth, x < width) (POP-6)",
                    rule: "POP-6", recognizer: recognizer)
            }
            let restored = explicit && stopper(model: model, top: top) != nil
            let because =
                restored
                ? "the screen's popGesture \"edge\" keeps the edge swipe although \(stopper(model: model, top: top) ?? ""), as an app that replaces the recognizer's delegate does (POP-3)"
                : "UIKit's edge swipe begins: x \(number(start.x)) is within the \(number(policies.popEdgeWidth)) pt edge band (POP-6)"
            return Verdict(begins: true, reason: because, rule: restored ? "POP-3" : "POP-6", recognizer: recognizer)
        }
    }

    /// The first POP-3 condition that stops UIKit's own edge recognizer on `top`, in words; nil when none does.
    public static func stopper(model: NavigationModel, top: Screen) -> String? {
        let policies = model.config.policies
        if top.item.hidesBackButton { return "'\(top.id)' hides its back button (hidesBackButton)" }
        if top.item.leftItems.contains(where: { !$0.hidden }) {
            if !top.item.leftItemsSupplementBackButton {
                return "a custom left item replaces the back button of '\(top.id)'"
            }
            if !policies.supplementKeepsPopGesture {
                return "'\(top.id)' has left items beside the back button and supplementKeepsPopGesture is off"
            }
        }
        if policies.backInterception == .leftItem && top.backAction == .custom {
            return "'\(top.id)' catches back with a custom left item (backInterception \"leftItem\"), which replaces the back button"
        }
        if barHidden(model: model, top: top) { return "the navigation bar of '\(top.id)' is hidden" }
        return nil
    }

    /// The member of `top` behind `stopper(model:top:)`'s answer (`item.hidesBackButton`, `item.leftItems`,
    /// `backAction`, `bar.hidden`), for a linter to point at; nil when nothing stops the recognizer.
    public static func stopperMember(model: NavigationModel, top: Screen) -> String? {
        let policies = model.config.policies
        if top.item.hidesBackButton { return "item.hidesBackButton" }
        if top.item.leftItems.contains(where: { !$0.hidden }),
            !top.item.leftItemsSupplementBackButton || !policies.supplementKeepsPopGesture
        {
            return "item.leftItems"
        }
        if policies.backInterception == .leftItem && top.backAction == .custom { return "backAction" }
        if barHidden(model: model, top: top) { return "bar.hidden" }
        return nil
    }

    /// The bar shown for `top` is hidden (`NavigationModel.barAppearance(at:)`).
    public static func barHidden(model: NavigationModel, top: Screen) -> Bool {
        guard let index = model.index(of: top.id) else { return top.bar?.hidden ?? model.config.bar.hidden }
        return model.barAppearance(at: index).hidden
    }

    static func number(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }
}

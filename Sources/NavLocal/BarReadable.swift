import NavModel
import NavProtocol

/// Readable forms of the bar methods' results (hit, tap, regions), as navctl prints them and `navctl mcp` answers.
/// Every form reads the result's own types; where a point lies against the bar is `PointPlacement`'s, the hit test's.
public enum BarReadable {
    /// `(20, 40)`.
    public static func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    /// A number without a needless `.0`, else rounded to three decimals.
    public static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String((d * 1000).rounded() / 1000)
    }

    /// `x, y, w x h`.
    public static func frame(_ r: Rect) -> String {
        "\(number(r.x)), \(number(r.y)), \(number(r.width)) x \(number(r.height))"
    }

    /// `the back button`, `item 'save'`, ….
    public static func target(_ t: HitTarget) -> String {
        switch t.kind {
        case .backButton: return "the back button"
        case .barItem: return "item '\(t.itemId ?? "?")'"
        case .titleView: return "the title view"
        case .title: return "the title"
        case .bar: return "the bar itself"
        case .content: return "the screen's content below the bar"
        case .none: return "nothing on the bar"
        case .searchField: return "the search field"
        }
    }

    /// `pop to 'home'`, `customBack`, `itemAction 'save'`, `none`.
    public static func action(_ a: HitAction) -> String {
        switch a {
        case .pop(let to): return "pop to '\(to)'"
        case .itemAction(let item): return "itemAction '\(item)'"
        case .customBack, .none: return a.kindName
        }
    }

    /// Why a tap does nothing, in words. `bar` and `point` say where a point that misses the bar lies.
    public static func inaction(_ hit: BarHitResult, bar: Rect? = nil, point: Point? = nil) -> String {
        let view = hit.hitView.map { "'\($0)'" } ?? "a view"
        guard let reason = hit.reason else { return "no action" }
        switch reason {
        case .deadZone: return "\(view) takes the touch and does nothing with it: a dead zone"
        case .swallowed: return "\(view) swallows the touch"
        case .disabled: return "the item is disabled"
        case .inert: return "it is shown, not a control"
        case .backActionNone: return "the screen's backAction is \"none\""
        case .outsideBar, .belowBar: return whereOutside(reason, bar: bar, point: point)
        case .hiddenBar: return "the bar is hidden and takes no taps"
        case .search: return "the search field takes the focus, and the stack stays as it is"
        }
    }

    /// Where a point that misses the bar lies, from the bar's frame: above, below, left or right of it.
    public static func whereOutside(_ reason: HitReason, bar: Rect?, point: Point?) -> String {
        guard let point, let bar else {
            return reason == .belowBar ? "the point is below the bar" : "the point is outside the bar"
        }
        let placement = PointPlacement(point: point, bar: bar)
        let frame = "the bar spans x \(number(bar.minX))-\(number(bar.maxX)), y \(number(bar.minY))-\(number(bar.maxY))"
        let sides = [placement.vertical.map(side), placement.horizontal.map(side)].compactMap { $0 }
        let offScreen = placement.offScreen ? ", off the screen" : ""
        let side = sides.isEmpty ? "outside" : sides.joined(separator: " and ")
        return "the point is \(side) the bar\(offScreen) (\(frame))"
    }

    static func side(_ v: PointPlacement.Vertical) -> String {
        switch v {
        case .above: return "above"
        case .below: return "below"
        }
    }

    static func side(_ h: PointPlacement.Horizontal) -> String {
        switch h {
        case .left: return "left of"
        case .right: return "right of"
        }
    }

    /// One paragraph: where the tap lands, through which view, and what happens.
    public static func explain(_ result: BarHitTest.Result, point: Point) -> String {
        let hit = result.hit
        let screen = hit.target.screenId.map { " on '\($0)'" } ?? ""
        var text = "A tap at \(Self.point(point))\(screen) lands on \(target(hit.target))"
        if let view = hit.hitView { text += " (UIKit's hit test returns the view '\(view)')" }
        text += ". "
        switch hit.action {
        case .pop(let to):
            text += "It pops back to '\(to)'."
        case .customBack:
            text += "It does not pop: the app is asked to go back (navigation/backRequested)."
        case .itemAction(let item):
            text += "It runs the action of item '\(item)' (navigation/itemTapped)."
        case .none where hit.reason == .search:
            text += "The stack does not change: the search field takes the focus."
        case .none:
            text += "Nothing happens: \(inaction(hit, bar: result.bar, point: point))."
        }
        if let slop = hit.slopPoint {
            text += " The touch slop moved the point to \(Self.point(slop)) inside the bar."
        }
        for step in hit.trace {
            switch step.verdict {
            case .intercepted:
                text += " '\(step.view)' intercepted it" + (step.note.map { ": \($0)." } ?? ".")
            case .forwarded:
                text += " The bar forwarded it to a custom view that searches beyond its bounds (forwardOutsideTouches)."
            case .hit where step.view.hasPrefix("column:"):
                text += " The bar's own subviews take no touches, so the bar picked the item whose column holds x (HT-10)."
            case .hit, .outside, .hidden, .transparent, .disabled:
                break
            }
        }
        return text
    }

    /// The trace as aligned rows: verdict, view, frame, note.
    public static func traceRows(_ steps: [TraceStep]) -> [[String]] {
        [["VERDICT", "VIEW", "FRAME", "NOTE"]]
            + steps.map { s in
                let f = s.frame
                return [
                    s.verdict.rawValue, s.view, "(\(number(f.x)), \(number(f.y)), \(number(f.width)), \(number(f.height)))", s.note ?? "",
                ]
            }
    }
}

import JSONCore

/// Readable forms of the bar methods' results (hit, tap, regions), as navctl prints them and `navctl mcp` answers.
public enum BarReadable {
    /// `(20, 40)`.
    public static func point(_ x: Double, _ y: Double) -> String { "(\(number(.number(x))), \(number(.number(y))))" }

    /// A number without a needless `.0`; `?` when missing.
    public static func number(_ json: JSON?) -> String {
        guard let d = json?.doubleValue else { return "?" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String((d * 1000).rounded() / 1000)
    }

    /// `the back button`, `item 'save'`, ….
    public static func target(_ t: JSON) -> String {
        switch t["kind"]?.stringValue {
        case "backButton"?: return "the back button"
        case "barItem"?: return "item '\(t["itemId"]?.stringValue ?? "?")'"
        case "titleView"?: return "the title view"
        case "title"?: return "the title"
        case "bar"?: return "the bar itself"
        case "content"?: return "the screen's content below the bar"
        case "searchField"?: return "the search field"
        default: return "nothing on the bar"
        }
    }

    /// `pop to 'home'`, `customBack`, `itemAction 'save'`, `none`.
    public static func action(_ a: JSON) -> String {
        switch a["kind"]?.stringValue {
        case "pop"?: return "pop to '\(a["to"]?.stringValue ?? "?")'"
        case "itemAction"?: return "itemAction '\(a["itemId"]?.stringValue ?? "?")'"
        case let kind?: return kind
        case nil: return "?"
        }
    }

    /// Why a tap does nothing, in words; where the point lies is read from the bar frame the result carries.
    public static func inaction(_ hit: JSON, point: (Double, Double)? = nil) -> String {
        let view = hit["hitView"]?.stringValue.map { "'\($0)'" } ?? "a view"
        switch hit["reason"]?.stringValue {
        case "deadZone"?: return "\(view) takes the touch and does nothing with it: a dead zone"
        case "swallowed"?: return "\(view) swallows the touch"
        case "disabled"?: return "the item is disabled"
        case "inert"?: return "it is shown, not a control"
        case "backActionNone"?: return "the screen's backAction is \"none\""
        case "outsideBar"?, "belowBar"?: return whereOutside(hit, point: point)
        case "hiddenBar"?: return "the bar is hidden and takes no taps"
        case "search"?: return "the search field takes the focus, and the stack stays as it is"
        default: return "no action"
        }
    }

    /// Where a point that misses the bar lies, from the bar's frame: above, below, left or right of it.
    public static func whereOutside(_ hit: JSON, point: (Double, Double)?) -> String {
        guard let point, let bar = hit["bar"], let x = bar["x"]?.doubleValue, let y = bar["y"]?.doubleValue,
            let w = bar["width"]?.doubleValue, let h = bar["height"]?.doubleValue
        else {
            return hit["reason"]?.stringValue == "belowBar" ? "the point is below the bar" : "the point is outside the bar"
        }
        let frame = "the bar spans x \(number(.number(x)))-\(number(.number(x + w))), y \(number(.number(y)))-\(number(.number(y + h)))"
        var sides: [String] = []
        if point.1 < y { sides.append("above") } else if point.1 >= y + h { sides.append("below") }
        if point.0 < x { sides.append("left of") } else if point.0 >= x + w { sides.append("right of") }
        let offScreen = point.0 < x || point.0 >= x + w || point.1 < 0 ? ", off the screen" : ""
        let side = sides.isEmpty ? "outside" : sides.joined(separator: " and ")
        return "the point is \(side) the bar\(offScreen) (\(frame))"
    }

    /// One paragraph: where the tap lands, through which view, and what happens.
    public static func explain(_ hit: JSON, point: (Double, Double)) -> String {
        let screen = hit["target"]?["screenId"]?.stringValue.map { " on '\($0)'" } ?? ""
        var text = "A tap at \(Self.point(point.0, point.1))\(screen) lands on \(target(hit["target"] ?? .null))"
        if let view = hit["hitView"]?.stringValue { text += " (UIKit's hit test returns the view '\(view)')" }
        text += ". "
        let action = hit["action"] ?? .null
        switch action["kind"]?.stringValue {
        case "pop"?:
            text += "It pops back to '\(action["to"]?.stringValue ?? "?")'."
        case "customBack"?:
            text += "It does not pop: the app is asked to go back (navigation/backRequested)."
        case "itemAction"?:
            text += "It runs the action of item '\(action["itemId"]?.stringValue ?? "?")' (navigation/itemTapped)."
        default:
            text += "Nothing happens: \(inaction(hit, point: point))."
        }
        if let slop = hit["slopPoint"] {
            text +=
                " The touch slop moved the point to \(Self.point(slop["x"]?.doubleValue ?? 0, slop["y"]?.doubleValue ?? 0)) inside the bar."
        }
        for step in hit["trace"]?.arrayValue ?? [] {
            switch step["verdict"]?.stringValue {
            case "intercepted"?:
                text += " '\(step["view"]?.stringValue ?? "?")' intercepted it" + (step["note"]?.stringValue.map { ": \($0)." } ?? ".")
            case "forwarded"?:
                text += " The bar forwarded it to a custom view that searches beyond its bounds (forwardOutsideTouches)."
            default:
                if let view = step["view"]?.stringValue, view.hasPrefix("column:") {
                    text += " The bar's own subviews take no touches, so the bar picked the item whose column holds x (HT-10)."
                }
            }
        }
        return text
    }
}

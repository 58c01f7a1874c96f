import NavLint
import NavModel
import NavSource

/// Hover text and code lens titles: what the bar of the screen under the cursor shows and does, per profile, in
/// the model's numbers. What the source leaves to run time is said to be unknown, never filled in.
enum LSPHover {
    /// A number of points as the reports print them: integers without a fraction, else one decimal.
    static func pt(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func span(_ r: Rect) -> String { "x \(pt(r.minX))–\(pt(r.maxX))" }

    static func size(_ r: Rect) -> String { "\(pt(r.width)) × \(pt(r.height)) pt" }

    static func profileName(_ p: Profile) -> String { "iOS \(p.majorVersion)" }

    /// What a tap does, in words.
    static func action(_ a: HitAction) -> String {
        switch a {
        case .pop(let to): return "pops to `\(to)`"
        case .customBack: return "asks the app's back handler"
        case .itemAction(let name): return "runs `\(name)`"
        case .none: return "does nothing"
        }
    }

    static func backTitle(_ t: BackTitle) -> String {
        switch t.display {
        case .text:
            if let title = t.title { return "‹ \(title)" + (t.truncated ? " (the text set did not fit)" : "") }
            return "‹ (an image)"
        case .generic: return "‹ \(t.title ?? "Back")" + (t.truncated ? " (the title did not fit)" : "")
        case .arrowOnly: return "‹ (no text)"
        case .hidden: return "none (\(t.hiddenBecause?.rawValue ?? "hidden"))"
        }
    }

    static func ratio(_ r: Double) -> String {
        let rounded = (r * 100).rounded() / 100
        return "\(rounded):1"
    }

    /// The hover of a line that declares `report.screen` or sets `members` of it.
    static func markdown(_ report: ScreenReport, members: [String]) -> String {
        var out: [String] = []
        var head = "**`\(report.screen)`**"
        if !report.pushedFrom.isEmpty {
            let names = report.pushedFrom.map { $0.isEmpty ? "code outside any screen" : "`\($0)`" }
            head += ", pushed from " + names.joined(separator: ", ")
        } else if report.isRoot {
            head += ", the root of a navigation controller"
        } else {
            head += ", not pushed anywhere the source shows"
        }
        out.append(head)
        if !members.isEmpty { out.append("Set on this line: " + members.map { "`\($0)`" }.joined(separator: ", ")) }

        var rows: [String] = []
        for p in report.profiles {
            var cells: [String] = [profileName(p.profile)]
            if p.barHidden {
                cells += ["bar hidden", "", "", ""]
            } else {
                if let back = p.back {
                    let touch = back.touch.map { "taps at \(span($0)), drawn at \(span(back.drawn)); a tap \(action(back.action))" }
                    cells.append(touch ?? "drawn at \(span(back.drawn)), takes no taps")
                } else {
                    cells.append(report.pushedFrom.isEmpty ? "none (not pushed)" : "unknown until run time")
                }
                let items = p.items.map { item -> String in
                    let name = item.area.text.map { "“\($0)”" } ?? "`\(item.id)`"
                    guard let touch = item.area.touch else { return "\(name) takes no taps" }
                    return "\(name) taps at \(span(touch)) (\(size(touch))), drawn at \(span(item.area.drawn)); \(action(item.area.action))"
                }
                cells.append(
                    items.isEmpty
                        ? (report.unknown.contains("geometry") ? "unknown until run time" : "none") : items.joined(separator: "<br>"))
                if let c = p.colours {
                    let item = c.itemIsDefault ? "systemBlue \(c.item.hex)" : c.item.hex
                    cells.append("items \(item) on \(c.background.hex): \(ratio(c.itemContrast)); title \(ratio(c.titleContrast))")
                } else {
                    cells.append("unknown until run time")
                }
            }
            if p.barHidden {
                cells[4] = p.nextBackTitle.map(backTitle) ?? "unknown until run time"
            } else {
                cells.append(p.nextBackTitle.map(backTitle) ?? "unknown until run time")
            }
            rows.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        if !rows.isEmpty {
            out.append(
                (["| profile | back button | bar items | contrast | back title of the next screen |", "|---|---|---|---|---|"] + rows)
                    .joined(separator: "\n"))
        }
        switch report.popGesture {
        case .disabled: out.append("The swipe back is switched off for this screen.")
        case .fullscreen: out.append("A full-screen pan pops this screen (the app's own recognizer).")
        case .edge, .inherit: break
        }
        return out.joined(separator: "\n\n")
    }

    /// The code lens title of a screen: the back title the next screen shows and the back button's touch area,
    /// under the newest profile the project is checked under.
    static func lens(_ report: ScreenReport) -> String {
        guard let p = report.profiles.last else { return "navd: no profile" }
        var parts: [String] = []
        parts.append("next screen's back: " + (p.nextBackTitle.map(backTitle) ?? "unknown until run time"))
        if p.barHidden {
            parts.append("bar hidden")
        } else if let back = p.back {
            if let touch = back.touch {
                parts.append("back button taps \(span(touch)), drawn \(span(back.drawn))")
            } else {
                parts.append("back button takes no taps")
            }
        } else if !report.pushedFrom.isEmpty {
            parts.append("back button area unknown until run time")
        }
        return parts.joined(separator: " · ") + " (\(profileName(p.profile)))"
    }
}

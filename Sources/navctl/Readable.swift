import JSONCore
import NavClient
import NavLocal
import NavModel
import NavProtocol

/// The readable forms of results.
enum Readable {
    /// `navd 0.1.0, pid 1234, up 3m 2s, 2 connections, 1 session`.
    static func status(_ status: DaemonStatus.Result) -> String {
        "navd \(status.version), pid \(status.pid), up \(duration(milliseconds: status.uptimeMs)), "
            + "\(count(status.connections, "connection")), \(count(status.sessions, "session"))"
    }

    /// `1 session`, `2 sessions`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// `45s`, `3m 2s`, `2h 5m`, `3d 4h`.
    static func duration(milliseconds: Int) -> String {
        let seconds = max(0, milliseconds) / 1000
        let (days, hours, minutes, secs) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60)
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m \(secs)s" }
        return "\(secs)s"
    }

    /// Rows of text in aligned columns, aligned by the columns a terminal gives each cell (wide characters
    /// and emoji take two) and with control characters shown as escapes, so one row stays one line.
    static func table(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        let cells = rows.map { $0.map(visible) }
        var widths = Array(repeating: 0, count: first.count)
        for row in cells {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], columns(cell)) }
        }
        return cells.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - columns(cell) + 2)
            }.joined()
        }.joined(separator: "\n")
    }

    /// Text with line breaks, tabs and other control characters written as escapes (`\n`, `\t`, `\u{7}`).
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.properties.generalCategory == .control {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// The columns a terminal gives `text`: two for East Asian wide characters and emoji, one otherwise.
    static func columns(_ text: String) -> Int {
        text.reduce(0) { total, character in
            guard let first = character.unicodeScalars.first else { return total }
            let wide =
                first.properties.isEmojiPresentation
                || character.unicodeScalars.contains { $0.value == 0xFE0F }
                || (0x1100...0x115F).contains(first.value) || (0x2E80...0xA4CF).contains(first.value)
                || (0xAC00...0xD7A3).contains(first.value) || (0xF900...0xFAFF).contains(first.value)
                || (0xFE30...0xFE4F).contains(first.value) || (0xFF00...0xFF60).contains(first.value)
                || (0xFFE0...0xFFE6).contains(first.value) || (0x20000...0x3FFFD).contains(first.value)
            return total + (wide ? 2 : 1)
        }
    }

    /// The stack, root first, the top marked.
    static func stack(_ sessionId: String, _ state: StackGet.Result) -> String {
        var rows: [[String]] = [["#", "ID", "TITLE"]]
        for (index, screen) in state.screens.enumerated() {
            let id = screen.id
            let title = screen.title.map { "\"\($0)\"" } ?? "(no title)"
            let top = index == state.screens.count - 1 ? "  (top)" : ""
            rows.append([String(index), id, title + top])
        }
        return "session '\(sessionId)' at version \(state.version), \(count(state.screens.count, "screen")), root first:\n"
            + table(rows)
    }

    /// `"Home" from 'home': REASON`, or `no previous title: REASON`.
    static func previousTitle(_ previous: PreviousTitle) -> String {
        guard let title = previous.title else { return "no previous title: \(previous.reason)" }
        return "\"\(visible(title))\" from '\(previous.previousScreenId ?? "?")': \(previous.reason)"
    }

    // MARK: tint/resolve

    /// The background judged, the foreground, the luminance and both contrast ratios, one row each; a swatch
    /// drawn in the two colours when asked.
    static func tint(_ tint: TintResult, swatch: Bool) -> String {
        let background = tint.background.hex + (tint.declared.map { "  (\($0.hex) blended over the backdrop)" } ?? "")
        let origin: String
        switch (tint.source, tint.foregroundPolicy) {
        case (.forced, _): origin = "set by the app"
        case (_, .uikit): origin = "UIKit's default tint; foreground uikit"
        case (_, .automatic): origin = "automatic by \(tint.method.rawValue); foreground automatic"
        }
        let foreground =
            tint.foreground.hex + "  (" + ([colorName(tint.foreground), origin].compactMap { $0 }.joined(separator: ", ")) + ")"
        var rows: [[String]] = [
            ["background", background],
            ["foreground", foreground],
            ["title", tint.titleColor.hex + (colorName(tint.titleColor).map { "  (\($0))" } ?? "")],
        ]
        if tint.foregroundPolicy != .automatic || tint.source == .forced {
            let name = colorName(tint.automaticForeground).map { "\($0) " } ?? ""
            rows.append(
                [
                    "automatic",
                    tint.automaticForeground.hex + "  (\(name)by \(tint.method.rawValue), with --foreground automatic)",
                ])
        }
        rows += [
            ["luminance", fixed(tint.luminance, 4) + "  (\(tint.method.rawValue))"],
            ["contrast", "black \(fixed(tint.contrastBlack, 2)):1, white \(fixed(tint.contrastWhite, 2)):1"],
        ]
        guard swatch else { return table(rows) }
        // The swatch's escapes are written as they are: `table` would show them as text, as it shows every control
        // character a value holds.
        let (bg, fg, title) = (tint.background, tint.foreground, tint.titleColor)
        let sample =
            "\u{1B}[48;2;\(bg.r8);\(bg.g8);\(bg.b8)m\u{1B}[38;2;\(fg.r8);\(fg.g8);\(fg.b8)m  ‹ Back   "
            + "\u{1B}[38;2;\(title.r8);\(title.g8);\(title.b8)mTitle  \u{1B}[0m"
        let width = rows.map { $0[0].count }.max() ?? 0
        return table(rows) + "\nswatch" + String(repeating: " ", count: width - "swatch".count + 2) + sample
    }

    /// `black`, `white` or `systemBlue` for exactly those colours.
    static func colorName(_ color: Color) -> String? {
        let named: [(String, Color?)] = [
            ("black", .black), ("white", .white), ("systemBlue", SystemPalette.color(named: "systemBlue", dark: false)),
        ]
        return named.first { $0.1?.hex == color.hex }?.0
    }

    /// `value` with exactly `places` decimals, rounded half away from zero.
    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled) - whole * Int(scale))
        while fraction.count < places { fraction = "0" + fraction }
        return (value < 0 && scaled != 0 ? "-" : "") + String(whole) + (places > 0 ? "." + fraction : "")
    }

    // MARK: title/back

    /// The button line, then the history menu.
    static func backTitle(_ back: BackTitle) -> String {
        var lines = [backButton(back)]
        if back.menu.isEmpty {
            lines.append("history menu: none")
        } else {
            lines.append("history menu (nearest first):")
            for entry in back.menu { lines.append("  " + (entry.isEmpty ? "(blank)" : entry)) }
        }
        return lines.joined(separator: "\n")
    }

    /// `‹ Settings  (from the previous screen's title)`.
    static func backButton(_ back: BackTitle) -> String {
        switch back.display {
        case .hidden:
            guard let why = back.hiddenBecause else { return "no back button" }
            switch why {
            case .root: return "no back button  (the root screen: there is nothing to go back to)"
            case .hidesBackButton: return "no back button  (the screen sets hidesBackButton)"
            case .leftItems: return "no back button  (the screen's left items replace it)"
            case .hiddenBar: return "no back button  (the screen's bar is hidden)"
            case .emptyBackItem: return "no back button  (an empty backItem hides it on iOS 26: glassEmptyBackItemHides)"
            }
        case .arrowOnly:
            return "‹  (arrow only: \(arrowReason(back)))"
        case .text, .generic:
            let label = back.title ?? back.image.map { "[image \(BarReadable.number($0.width))×\(BarReadable.number($0.height))]" } ?? ""
            return "‹ \(label)  (\(origin(back.source))\(truncationNote(back)))"
        }
    }

    /// Where the title comes from.
    static func origin(_ source: BackTitle.Source) -> String {
        switch source {
        case .backItem: return "from the previous screen's backItem"
        case .backButtonTitle: return "from the previous screen's backButtonTitle"
        case .previousTitle: return "from the previous screen's title"
        case .generic: return "the generic title"
        case .backStyle: return "from this screen's backStyle"
        case .policy: return "the emptyBackTitles policy"
        case .none: return "none"
        }
    }

    /// Why only the arrow shows.
    static func arrowReason(_ back: BackTitle) -> String {
        switch back.source {
        case .none: return back.truncated ? "no title fits the bar" : "minimal display mode"
        case .policy: return "the emptyBackTitles policy"
        case .backItem: return "the previous screen's backItem title is empty"
        case .backButtonTitle: return "the previous screen's backButtonTitle is empty"
        case .previousTitle: return "the previous screen's title is empty"
        case .backStyle: return "this screen's backStyle title is empty"
        case .generic: return "generic"
        }
    }

    static func truncationNote(_ back: BackTitle) -> String {
        guard back.truncated else { return "" }
        return back.source == .backStyle ? "; too long, cut on screen" : "; the preferred title does not fit"
    }
}

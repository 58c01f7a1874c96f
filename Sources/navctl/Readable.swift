import JSONCore
import NavClient
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
}

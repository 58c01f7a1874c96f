import JSONCore
import NavClient

/// The readable forms of results.
enum Readable {
    /// `navd 0.1.0, pid 1234, up 3m 2s, 2 connections, 1 session`.
    static func status(_ status: DaemonInfo) -> String {
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

    /// Rows of text in aligned columns.
    static func table(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var widths = Array(repeating: 0, count: first.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
            }.joined()
        }.joined(separator: "\n")
    }

    /// The stack, root first, the top marked.
    static func stack(_ sessionId: String, _ state: StackState) -> String {
        var rows: [[String]] = [["#", "ID", "TITLE"]]
        for (index, screen) in state.screens.enumerated() {
            let id = screen["id"]?.stringValue ?? "?"
            let title = screen["title"]?.stringValue.map { "\"\($0)\"" } ?? "(no title)"
            let top = index == state.screens.count - 1 ? "  (top)" : ""
            rows.append([String(index), id, title + top])
        }
        return "session '\(sessionId)' at version \(state.version), \(count(state.screens.count, "screen")), root first:\n"
            + table(rows)
    }
}

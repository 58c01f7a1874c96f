import NavModel
import NavProtocol
import Testing

@testable import navctl

/// The sentences and tables navctl prints without --json; each expected text is written out by hand.
@Suite("navctl: readable text")
struct ReadableTests {
    @Test(
        "durations keep their two largest units, seconds rounded down",
        arguments: [
            (0, "0s"), (999, "0s"), (45_000, "45s"), (59_999, "59s"), (60_000, "1m 0s"), (182_000, "3m 2s"),
            (3_600_000, "1h 0m"), (7_500_000, "2h 5m"), (86_400_000, "1d 0h"), (288_000_000, "3d 8h"), (-5, "0s"),
        ])
    func duration(_ milliseconds: Int, _ text: String) {
        #expect(Readable.duration(milliseconds: milliseconds) == text)
    }

    @Test("counts take a plural s except for one")
    func count() {
        #expect(Readable.count(0, "session") == "0 sessions")
        #expect(Readable.count(1, "session") == "1 session")
        #expect(Readable.count(2, "connection") == "2 connections")
    }

    @Test("daemon/status as one sentence")
    func status() {
        let status = DaemonStatus.Result(version: "0.1.0", pid: 1234, uptimeMs: 182_000, connections: 2, sessions: 1)
        #expect(Readable.status(status) == "navd 0.1.0, pid 1234, up 3m 2s, 2 connections, 1 session")
    }

    @Test("control characters are shown as escapes, so one value stays on one line")
    func visible() {
        #expect(Readable.visible("plain") == "plain")
        #expect(Readable.visible("a\nb\tc\rd") == #"a\nb\tc\rd"#)
        #expect(Readable.visible("bell\u{7}") == #"bell\u{7}"#)
        #expect(Readable.visible("del\u{7F}") == #"del\u{7f}"#)
    }

    @Test("terminal columns: two for wide characters and emoji, one otherwise")
    func columns() {
        #expect(Readable.columns("abc") == 3)
        #expect(Readable.columns("漢字") == 4)
        #expect(Readable.columns("한") == 2)
        #expect(Readable.columns("🙂") == 2)
        #expect(Readable.columns("é") == 1)
        #expect(Readable.columns("❤️") == 2)  // U+2764 with the emoji variation selector
    }

    @Test("tables align by terminal columns, two spaces between columns, the last column unpadded")
    func table() {
        #expect(Readable.table([]) == "")
        let text = Readable.table([["#", "ID", "TITLE"], ["0", "漢字", "x"], ["10", "a\nb", "y"]])
        #expect(
            text == """
                #   ID    TITLE
                0   漢字  x
                10  a\\nb  y
                """)
    }

    @Test("the stack, root first, the top marked")
    func stack() {
        let state = StackGet.Result(screens: [Screen(id: "home", title: "Home"), Screen(id: "detail", title: nil)], version: 3)
        #expect(
            Readable.stack("s1", state) == """
                session 's1' at version 3, 2 screens, root first:
                #  ID      TITLE
                0  home    "Home"
                1  detail  (no title)  (top)
                """)
    }
}

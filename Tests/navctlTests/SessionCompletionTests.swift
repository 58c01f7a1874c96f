import Testing

@testable import navctl

/// The socket a session-id completion asks, read from the words a shell passes, as the command will be parsed.
@Suite("navctl: the socket of a session-id completion")
struct SessionCompletionTests {
    @Test(
        "--socket PATH, --socket=PATH, bash's split --socket = PATH, the last one given, none after --",
        arguments: [
            (["navctl", "session", "close", ""], nil),
            (["navctl", "session", "close", "--socket", "/a.sock", ""], "/a.sock"),
            (["navctl", "--socket=/b.sock", "watch", ""], "/b.sock"),
            (["navctl", "watch", "--socket", "=", "/c.sock", ""], "/c.sock"),
            (["navctl", "--socket", "/a.sock", "push", "--socket", "/d.sock", ""], "/d.sock"),
            (["navctl", "call", "stack/get", "--", "--socket", "/e.sock"], nil),
            (["navctl", "watch", "--socket="], nil),
            (["navctl", "watch", "--socket"], nil),
        ] as [([String], String?)])
    func socket(_ words: [String], _ expected: String?) {
        #expect(SessionCompletion.socketOption(in: words) == expected)
    }

    @Test("no daemon on the socket: no ids, and no error")
    func noDaemon() async {
        #expect(await SessionCompletion.ids(words: ["navctl", "watch", "--socket", "/nonexistent/navd.sock", ""], prefix: "").isEmpty)
    }
}

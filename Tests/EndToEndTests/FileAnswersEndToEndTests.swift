import Foundation
import JSONCore
import Testing

/// `--file DOC`: the query commands answer for a document in process, exactly as for the same session in navd.
@Suite("navctl --file answers as a live session does")
struct FileAnswersEndToEndTests {
    /// The seed's scenario: the empty back title and a custom back action on an iOS 10 phone, plus a custom view.
    static let document = """
        {"format": "navd-session", "formatVersion": 1, "profile": "ios10",
         "device": {"width": 320, "height": 480, "statusBarHeight": 20, "scale": 2},
         "policies": {"backInterception": "mask"},
         "screens": [
           {"id": "home", "title": "Home", "item": {"backItem": {"title": ""}}},
           {"id": "fish", "title": "A Story About a Fish", "backAction": "custom",
            "item": {"rightItems": [{"id": "more", "customView": {"width": 30, "height": 30, "offset": {"x": -12, "y": 0}}}]}}
         ]}
        """

    /// Each query, as `[arguments after the session]` for the live form and the same for --file.
    static let queries: [(live: [String], file: [String])] = [
        (["back-title", "SESSION"], ["back-title"]),
        (["back-title", "SESSION", "home"], ["back-title", "--screen", "home"]),
        (["tint", "--session", "SESSION"], ["tint"]),
        (["hit", "SESSION", "30", "40", "--trace"], ["hit", "30", "40", "--trace"]),
        (["hit", "SESSION", "300", "60"], ["hit", "300", "60"]),
        (["regions", "SESSION"], ["regions"]),
        (["pop-test", "SESSION", "0", "200"], ["pop-test", "0", "200"]),
        (["diagnose", "SESSION"], ["diagnose"]),
        (["diagnose", "SESSION", "--screen", "home"], ["diagnose", "--screen", "home"]),
        (["layout", "SESSION"], ["layout"]),
        (["render", "SESSION", "-o", "-"], ["render", "-o", "-"]),
    ]

    @Test("every query command: the same output, readable and --json, with --file as with the session")
    func sameAnswers() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("seed.navd.json")
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: path))
        try await withDaemon { daemon in
            let restored = try await runNavctl(["session", "restore", path, "--json", "--socket", daemon.socketPath])
            let session = try #require(try JSON.parse(restored.stdout)["sessionId"]?.stringValue, "\(restored)")
            for (live, file) in Self.queries {
                for json in [false, true] {
                    let extra = json ? ["--json"] : []
                    let liveArgs = live.map { $0 == "SESSION" ? session : $0 } + extra + ["--socket", daemon.socketPath]
                    let fromDaemon = try await runNavctl(liveArgs)
                    let fromFile = try await runNavctl(file + extra + ["--file", path])
                    #expect(fromDaemon.status == 0 && fromFile.status == 0, "\(live): \(fromDaemon) / \(fromFile)")
                    // Names differ only where the output names its subject: the session id or the file.
                    let normalised = fromFile.stdout.replacingOccurrences(of: "'\(path)'", with: "'\(session)'")
                        .replacingOccurrences(of: "restored-", with: "")
                    #expect(normalised == fromDaemon.stdout, "\(live) \(extra)")
                }
            }
        }
    }

    @Test("--file needs no daemon, reads stdin, cuts the stack at --screen and lays out under --profile")
    func withoutDaemon() async throws {
        let env = ["NAVD_SOCKET": "/nonexistent/navd.sock", "XDG_RUNTIME_DIR": "/nonexistent"]
        let title = try await runNavctl(["back-title", "--file", "-", "--json"], stdin: Self.document, environment: env)
        let display = try JSON.parse(title.stdout)["display"]
        #expect(title.status == 0 && display == "arrowOnly", "\(title)")
        let root = try await runNavctl(["layout", "--file", "-", "--screen", "home", "--json"], stdin: Self.document)
        let kinds = try JSON.parse(root.stdout)["elements"]?.arrayValue?.compactMap { $0["kind"]?.stringValue }
        #expect(kinds == ["title"], "the root screen has no back button: \(root)")
        let modern = try await runNavctl(["diagnose", "--file", "-", "--profile", "ios17", "--json"], stdin: Self.document)
        let codes = try JSON.parse(modern.stdout)["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(codes.contains("custom-back-unreachable") && !codes.contains("back-hit-area-wide"), "\(codes)")
    }

    @Test("a bad document is FILE:LINE:COL on stderr with exit 2; a session and --file together is bad usage")
    func refusals() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("bad.navd.json")
        try Data("{\"screens\": [\n {\"id\": \"a\", \"popGesture\": \"sideways\"}]}".utf8).write(to: URL(fileURLWithPath: path))
        let bad = try await runNavctl(["diagnose", "--file", path])
        #expect(bad.status == 2 && bad.stderr.hasPrefix("\(path):2:14: error: 'screens[0].popGesture' must be one of"), "\(bad)")
        let both = try await runNavctl(["regions", "s1", "--file", path])
        #expect(both.status == 2 && both.stderr.contains("with --file there is no session"), "\(both)")
        let missingScreen = try await runNavctl(["layout", "--file", "-", "--screen", "nope"], stdin: Self.document)
        #expect(missingScreen.status == 2 && missingScreen.stderr.contains("no screen 'nope'"), "\(missingScreen)")
        let point = try await runNavctl(["hit", "--file", path, "1", "2", "3"])
        #expect(point.status == 2 && point.stderr.contains("with --file give the point alone"), "\(point)")
    }
}

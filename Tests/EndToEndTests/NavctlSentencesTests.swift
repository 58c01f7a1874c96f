import Foundation
import JSONCore
import Testing

/// What navctl says, checked against the numbers it says it from, and the mistakes a new user met.
@Suite("navctl as a person meets it")
struct NavctlSentencesTests {
    static func document(_ text: String) throws -> (TemporaryDirectory, String) {
        let dir = try TemporaryDirectory()
        let path = dir.file("flow.navd.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (dir, path)
    }

    /// Every class of outcome: back (pop, custom back via the mask), item action, disabled item, dead zone, title,
    /// the bar swallowing, the content below, the status bar above, beside the screen, and the touch slop.
    static let seed = """
        {"profile": "ios10", "device": {"width": 320, "height": 480, "statusBarHeight": 20},
         "policies": {"backInterception": "mask"},
         "screens": [
           {"id": "home", "title": "Home", "item": {"backItem": {"title": ""}}},
           {"id": "fish", "title": "Fish", "backAction": "custom",
            "item": {"rightItems": [{"id": "add", "system": "add"}, {"id": "off", "title": "Off", "enabled": false}]}}]}
        """
    static let modern = """
        {"profile": "ios17", "screens": [
           {"id": "home", "title": "Home"},
           {"id": "detail", "title": "Detail", "item": {"rightItems": [{"id": "box", "customView": {"width": 60, "height": 44, "offset": {"x": 30, "y": 0}}}]}}]}
        """

    /// A point of a document, and for a point that misses the bar, where the sentence must say it lies (written
    /// out from the document's device: the seed's bar spans x 0-320, y 20-64; the modern one's x 0-390, y 47-91).
    struct Probe: Sendable {
        var x: Double
        var y: Double
        var miss: String? = nil
    }

    @Test("hit: for every class of outcome, the sentence says what the result says")
    func sentencesMatchResults() async throws {
        let seedBar = "(the bar spans x 0-320, y 20-64)"
        let modernBar = "(the bar spans x 0-390, y 47-91)"
        for (text, probes) in [
            (
                Self.seed,
                [
                    Probe(x: 20, y: 40), Probe(x: 40, y: 40), Probe(x: 60, y: 40), Probe(x: 150, y: 40), Probe(x: 300, y: 40),
                    Probe(x: 250, y: 40), Probe(x: 20, y: 10), Probe(x: 20, y: 70),
                    Probe(x: 150, y: 200, miss: "the point is below the bar \(seedBar)"),
                    Probe(x: 500, y: 40, miss: "the point is right of the bar, off the screen \(seedBar)"),
                    Probe(x: -5, y: 40, miss: "the point is left of the bar, off the screen \(seedBar)"),
                    Probe(x: 150, y: 5, miss: "the point is above the bar \(seedBar)"),
                ]
            ),
            (
                Self.modern,
                [
                    Probe(x: 30, y: 60), Probe(x: 195, y: 70), Probe(x: 360, y: 60), Probe(x: 330, y: 60), Probe(x: 100, y: 60),
                    Probe(x: 200, y: 900, miss: "the point is below the bar \(modernBar)"),
                    Probe(x: 500, y: 60, miss: "the point is right of the bar, off the screen \(modernBar)"),
                    Probe(x: 100, y: 10, miss: "the point is above the bar \(modernBar)"),
                ]
            ),
        ] {
            let (dir, path) = try Self.document(text)
            var kinds: Set<String> = []
            for probe in probes {
                let json = try await runNavctl(["hit", "--file", path, "--json", "--", "\(probe.x)", "\(probe.y)"])
                let readable = try await runNavctl(["hit", "--file", path, "--", "\(probe.x)", "\(probe.y)"])
                #expect(json.status == 0 && readable.status == 0, "\(json) \(readable)")
                let hit = try JSON.parse(json.stdout)
                kinds.insert(hit["target"]?["kind"]?.stringValue ?? "?")
                Self.check(readable.stdout, against: hit, probe: probe)
            }
            _ = dir
            #expect(kinds.count >= 4, "\(kinds)")
        }
    }

    /// The claims a sentence makes, each held to the result: the target, the action, and where a miss lies.
    static func check(_ sentence: String, against hit: JSON, probe: Probe) {
        let (x, y) = (probe.x, probe.y)
        let target = hit["target"] ?? .null
        let phrases: [String: String] = [
            "backButton": "lands on the back button", "title": "lands on the title", "bar": "lands on the bar itself",
            "content": "lands on the screen's content below the bar", "none": "lands on nothing on the bar",
            "titleView": "lands on the title view",
        ]
        if let kind = target["kind"]?.stringValue {
            let phrase = kind == "barItem" ? "lands on item '\(target["itemId"]?.stringValue ?? "")'" : phrases[kind] ?? "?"
            #expect(sentence.contains(phrase), "(\(x), \(y)) \(kind): \(sentence)")
        }
        switch hit["action"]?["kind"]?.stringValue {
        case "pop"?: #expect(sentence.contains("It pops back to '\(hit["action"]?["to"]?.stringValue ?? "")'"), "\(sentence)")
        case "customBack"?: #expect(sentence.contains("the app is asked to go back"), "\(sentence)")
        case "itemAction"?:
            #expect(sentence.contains("runs the action of item '\(hit["action"]?["itemId"]?.stringValue ?? "")'"), "\(sentence)")
        default: #expect(sentence.contains("Nothing happens"), "\(sentence)")
        }
        #expect(!sentence.contains("It pops") || hit["action"]?["kind"] == "pop")
        #expect(hit["bar"] != nil, "bar/hitTest carries the bar's frame: \(hit)")
        let reason = hit["reason"]?.stringValue
        let missed = reason == "outsideBar" || reason == "belowBar"
        #expect(missed == (probe.miss != nil), "(\(x), \(y)) reason \(reason ?? "none")")
        if let miss = probe.miss { #expect(sentence.contains(miss), "(\(x), \(y)): \(sentence)") }
    }

    @Test("watch: an unknown session and no daemon are sentences with exit 1 and 3, never a crash")
    func watchFailures() async throws {
        try await withDaemon { daemon in
            let unknown = try await runNavctl(["watch", "s999", "--socket", daemon.socketPath])
            #expect(unknown.status == 1, "\(unknown)")
            #expect(unknown.stderr.contains("no session 's999'; `navctl session list` shows the open ones"), "\(unknown)")
            let created = try await runNavctl(["session", "create", "--json", "--socket", daemon.socketPath])
            let id = try #require(try JSON.parse(created.stdout)["sessionId"]?.stringValue)
            // `model` is a topic the daemon advertises: accepted.
            let watcher = try NavctlProcess(["watch", id, "--topics", "model", "--socket", daemon.socketPath])
            let first = try await watcher.nextErrorLine()
            #expect(first.contains("watching session '\(id)'"), "\(first)")
            watcher.interrupt()
            #expect(try await watcher.waitForExit() == 0)
        }
        let dir = try TemporaryDirectory()
        let none = try await runNavctl(["watch", "s1", "--socket", dir.file("none.sock")])
        #expect(none.status == 3 && none.stderr.contains("cannot connect"), "\(none)")
    }

    @Test("a bare navctl is bad usage (2) with the help on stderr; negative coordinates need no --")
    func usage() async throws {
        let bare = try await runNavctl([])
        #expect(bare.status == 2 && bare.stderr.contains("SUBCOMMANDS") && bare.stdout.isEmpty, "\(bare)")
        let (dir, path) = try Self.document(Self.modern)
        let negative = try await runNavctl(["hit", "--file", path, "-5", "60"])
        #expect(negative.status == 0 && negative.stdout.contains("left of the bar, off the screen"), "\(negative)")
        let unknownFlag = try await runNavctl(["hit", "--file", path, "--bogus", "60"])
        #expect(unknownFlag.status == 2 && unknownFlag.stderr.contains("unknown option '--bogus'"), "\(unknownFlag)")
        _ = dir
    }

    @Test("a hidden bar has no back button, and the root screen gives its one reason")
    func hiddenAndRoot() async throws {
        let (dir, path) = try Self.document(
            #"{"screens": [{"id": "home", "title": "Home"}, {"id": "d", "title": "Detail", "bar": {"hidden": true}}]}"#)
        let hidden = try await runNavctl(["back-title", "--file", path])
        #expect(hidden.stdout.hasPrefix("no back button  (the screen's bar is hidden)"), "\(hidden)")
        let layout = try JSON.parse(try await runNavctl(["layout", "--file", path, "--json"]).stdout)
        #expect(layout["elements"]?.arrayValue?.isEmpty == true)
        let root = try await runNavctl(["back-title", "--file", path, "--screen", "home"])
        #expect(root.stdout.hasPrefix("no back button  (the root screen: there is nothing to go back to)\n"), "\(root)")
        let regions = try await runNavctl(["regions", "--file", path])
        #expect(regions.stdout.hasPrefix("no touchable areas on the bar"), "\(regions)")
        _ = dir
    }

    @Test("a long backStyle title is cut at its end beside the title, and the diagnostic says so")
    func longBackStyle() async throws {
        let (dir, path) = try Self.document(
            #"{"screens": [{"id": "home", "title": "Home"}, {"id": "d", "title": "Detail", "backStyle": {"title": "A really very long back style title that cannot fit"}}]}"#
        )
        let layout = try JSON.parse(try await runNavctl(["layout", "--file", path, "--json"]).stdout)
        let elements = layout["elements"]?.arrayValue ?? []
        let back = try #require(elements.first { $0["kind"] == "backButton" })
        let title = try #require(elements.first { $0["kind"] == "title" })
        // The title keeps its own width; the back button ends before it.
        #expect((title["frame"]?["width"]?.doubleValue ?? 0) > 40)
        let backEnd = (back["frame"]?["x"]?.doubleValue ?? 0) + (back["frame"]?["width"]?.doubleValue ?? 0)
        #expect(backEnd <= title["frame"]?["x"]?.doubleValue ?? 0)
        let diagnose = try await runNavctl(["diagnose", "--file", path])
        #expect(diagnose.stdout.contains("is cut at its end") && !diagnose.stdout.contains("fell back"), "\(diagnose)")
        _ = dir
    }

    @Test("error messages say what to fix, as navctl and navd users need it")
    func errorMessages() async throws {
        try await withDaemon { daemon in
            let socket = ["--socket", daemon.socketPath]
            let tint = try await runNavctl(["tint", #"{"r":0.1,"g":0.1,"b":0.1}"#] + socket)
            #expect(tint.status == 0 && tint.stdout.contains("#1A1A1A"), "\(tint)")
            let dir = try TemporaryDirectory()
            let bad = dir.file("bad.json")
            try Data("{\n  \"screens\": [,]\n}".utf8).write(to: URL(fileURLWithPath: bad))
            for command in [["session", "restore", bad], ["tree-hit", bad, "1", "1"]] {
                let run = try await runNavctl(command + socket)
                #expect(
                    run.status == 2 && run.stderr == "\(bad):2:15: error: invalid JSON: unexpected character ',', expected a value\n",
                    "\(run)")
            }
            let member = dir.file("member.json")
            try Data(#"{"screens": [{"id": "a", "popGesture": "sideways"}]}"#.utf8).write(to: URL(fileURLWithPath: member))
            let restore = try await runNavctl(["session", "restore", member] + socket)
            #expect(
                restore.status == 2 && restore.stderr.hasPrefix("\(member):1:26: error: 'screens[0].popGesture' must be one of"),
                "\(restore)")
            let big = try await runNavctl(["call", "session/configure", #"{"sessionId":"s1","ifVersion":1e20}"#] + socket)
            #expect(big.stderr.contains("no session 's1'") || big.stderr.contains("too large for an integer"), "\(big)")
            _ = try await runNavctl(["session", "create"] + socket)
            let created = try await runNavctl(["session", "list", "--json"] + socket)
            let id = try JSON.parse(created.stdout)["sessions"]?.arrayValue?.first?["sessionId"]?.stringValue ?? "s1"
            let version = try await runNavctl(["call", "session/configure", #"{"sessionId":"\#(id)","ifVersion":1e20}"#] + socket)
            #expect(version.stderr.contains("'ifVersion' must be an integer: 1e+20 is too large for an integer"), "\(version)")
        }
        let negative = try await runChild(Paths.navd, ["--max-sessions", "-1", "--socket", "/tmp/navd-never.sock"])
        #expect(negative.status == 64 && negative.stderr.contains("--max-sessions must be at least 1"), "\(negative)")
        let dir = try TemporaryDirectory()
        let deep = dir.file(String(repeating: "d", count: 120)) + "/navd.sock"
        let long = try await runChild(Paths.navd, ["--socket", deep])
        #expect(long.status == 1 && long.stderr.contains("a Unix socket path may have at most"), "\(long)")
        #expect(!FileManager.default.fileExists(atPath: dir.file(String(repeating: "d", count: 120))), "nothing is left behind")
    }

    @Test("navd --help keeps each example command on one line")
    func navdHelp() async throws {
        let help = try await runChild(Paths.navd, ["--help"])
        #expect(help.stdout.contains("\n  socat - UNIX-CONNECT:<socket>\n"), "\(help.stdout)")
        #expect(help.stdout.contains("\n  {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon/status\"}\n"))
    }

    @Test("tables align on emoji and wide characters, and show line breaks and tabs as escapes")
    func tables() async throws {
        let (dir, path) = try Self.document(
            #"{"screens": [{"id": "home", "title": "Home"}, {"id": "d", "title": "Fotos 📷\tneu", "item": {"rightItems": [{"id": "s", "title": "写真\nx"}]}}]}"#
        )
        let layout = try await runNavctl(["layout", "--file", path])
        #expect(!layout.stdout.contains("\t") && layout.stdout.contains("Fotos 📷\\tneu") && layout.stdout.contains("写真\\nx"), "\(layout)")
        // Every row's second column starts at the same terminal column.
        let lines = layout.stdout.split(separator: "\n").dropFirst()
        let starts = lines.map { line -> Int in
            // The second column starts after the first run of two spaces; count terminal columns up to it.
            let text = String(line)
            guard let gap = text.range(of: "  ") else { return -1 }
            let rest = text[gap.lowerBound...].prefix { $0 == " " }
            let prefix = text[..<gap.lowerBound] + rest
            return prefix.reduce(0) { total, character in
                let wide = character.unicodeScalars.first.map { $0.properties.isEmojiPresentation || (0x4E00...0x9FFF).contains($0.value) }
                return total + (wide == true ? 2 : 1)
            }
        }
        #expect(Set(starts).count == 1, "\(layout.stdout)")
        _ = dir
    }

    @Test("real devices by name, sizes by hand with their status bar and scale; previous-title")
    func devicesAndTitles() async throws {
        let list = try await runNavctl(["devices"])
        #expect(list.status == 0 && list.stdout.contains("iphone-se-1        320x568    20          @2x"), "\(list)")
        try await withDaemon { daemon in
            let socket = ["--socket", daemon.socketPath]
            _ = try await runNavctl(["session", "create", "--device", "iphone-se-1"] + socket)
            _ = try await runNavctl(["session", "create", "--device", "320x480", "--status-bar", "20", "--scale", "2"] + socket)
            let named = try JSON.parse(try await runNavctl(["session", "snapshot", "s1", "--json"] + socket).stdout)["document"]?["device"]
            #expect(named == ["width": 320, "height": 568, "statusBarHeight": 20, "scale": 2, "preset": "iphone-se-1"])
            let byHand = try JSON.parse(try await runNavctl(["session", "snapshot", "s2", "--json"] + socket).stdout)["document"]?["device"]
            #expect(byHand == ["width": 320, "height": 480, "statusBarHeight": 20, "scale": 2])
            let bad = try await runNavctl(["configure", "s1", "--device", "iphone-99"] + socket)
            #expect(bad.status == 2 && bad.stderr.contains("`navctl devices` lists them"), "\(bad)")
            // A model navctl devices lists is a name too; one that is two devices is refused with both.
            let model = try await runNavctl(["configure", "s2", "--device", "iphone-15"] + socket)
            #expect(model.status == 0, "\(model)")
            let fifteen = try JSON.parse(try await runNavctl(["session", "snapshot", "s2", "--json"] + socket).stdout)["document"]?[
                "device"]
            #expect(fifteen?["preset"] == "iphone-14-pro" && fifteen?["width"] == 393, "\(String(describing: fifteen))")
            let ambiguous = try await runNavctl(["configure", "s2", "--device", "iphone-se"] + socket)
            #expect(
                ambiguous.status == 2 && ambiguous.stderr.contains("iphone-se-1") && ambiguous.stderr.contains("iphone-8"), "\(ambiguous)")
            _ = try await runNavctl(["push", "s1", "--id", "home", "--title", "Home", "--back-button-title", "Start"] + socket)
            _ = try await runNavctl(["push", "s1", "--id", "next", "--title", "Next"] + socket)
            let previous = try await runNavctl(["previous-title", "s1"] + socket)
            #expect(previous.status == 0 && previous.stdout.hasPrefix("\"Home\" from 'home'"), "\(previous)")
            let back = try await runNavctl(["back-title", "s1"] + socket)
            #expect(back.stdout.hasPrefix("‹ Start"), "\(back)")
        }
    }

    @Test("navctl call with a method the daemon has not: the one meant, and every method")
    func unknownMethod() async throws {
        try await withDaemon { daemon in
            let typo = try await runNavctl(["call", "bar/hittest", "--socket", daemon.socketPath])
            #expect(typo.status == 1 && typo.stderr.contains("did you mean 'bar/hitTest'?"), "\(typo)")
            let bogus = try await runNavctl(["call", "bogus/method", "--socket", daemon.socketPath])
            #expect(!bogus.stderr.contains("did you mean"), "\(bogus)")
            for method in ["session/create", "tree/hitTest", "rpc.discover"] {
                #expect(bogus.stderr.contains(method), "\(method) is listed: \(bogus.stderr)")
            }
        }
    }

    @Test("iOS 10 regions: one row per item, the slop bands named in it")
    func legacyRegions() async throws {
        let (dir, path) = try Self.document(Self.seed.replacingOccurrences(of: #""policies": {"backInterception": "mask"},"#, with: ""))
        let regions = try await runNavctl(["regions", "--file", path])
        let addRows = regions.stdout.split(separator: "\n").filter { $0.contains("item 'add'") }
        #expect(addRows.count == 1 && addRows[0].contains("via touch slop at y 0-20 and 64-79"), "\(regions)")
        _ = dir
    }
}

/// A finished child process: status and output.
func runChild(_ executable: String, _ arguments: [String]) async throws -> NavctlResult {
    let dir = try TemporaryDirectory()
    let out = dir.file("out")
    let err = dir.file("err")
    for p in [out, err] { _ = FileManager.default.createFile(atPath: p, contents: nil) }
    guard let o = FileHandle(forWritingAtPath: out), let e = FileHandle(forWritingAtPath: err) else {
        throw HarnessError("cannot open output files")
    }
    let child = try ChildProcess(executable: executable, arguments: arguments, standardOutput: o, standardError: e)
    try? o.close()
    try? e.close()
    let status = try await child.waitForExit(timeout: .seconds(20))
    return NavctlResult(
        status: status, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
}

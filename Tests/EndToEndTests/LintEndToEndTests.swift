import Foundation
import JSONCore
import Testing

/// `navctl lint` as a user and a CI job meet it: the real binary, real files, exit statuses.
@Suite("navctl lint", .serialized)
struct LintEndToEndTests {
    static let root = Paths.packageRoot.path

    /// A custom action on a back item (an error on the screen above it) and a swipe-back killer (a warning).
    static let flow = """
        {
          "format": "navd-session", "formatVersion": 1, "profile": "ios17",
          "screens": [
            {"id": "inbox", "title": "Inbox", "item": {"backItem": {"title": "Inbox", "action": "custom"}}},
            {"id": "message", "title": "Message"},
            {"id": "compose", "title": "Compose", "item": {"leftItems": [{"id": "cancel", "title": "Cancel"}]}}
          ]
        }
        """

    func write(_ text: String, _ name: String, in dir: TemporaryDirectory) throws -> String {
        let path = dir.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("exit 1 on an error finding, 0 with --fail-on never; the text names file, line, column, code, screen and profile")
    func statuses() async throws {
        let dir = try TemporaryDirectory()
        _ = try write(Self.flow, "flow.navd.json", in: dir)
        let run = try await runNavctl(["lint", "flow.navd.json"], in: dir.path)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stdout.contains(
                "flow.navd.json:4:79: error: 'inbox' sets a target and action on its back item, which UIKit never calls"))
        #expect(run.stdout.contains("[custom-back-action-ignored] (screen 'message', ios17)"))
        // At the member that stops the swipe: the left items.
        #expect(run.stdout.contains("flow.navd.json:6:52: warning: swipe-back is stopped"))
        let never = try await runNavctl(["lint", "--fail-on", "never", "flow.navd.json"], in: dir.path)
        #expect(never.status == 0 && never.stdout == run.stdout)
        // Only info findings: passes at error and warning, fails at info.
        _ = try write(
            #"{"screens": [{"id": "a", "item": {"titleView": {"width": 90, "height": 30}}}, {"id": "b"}]}"#, "info.navd.json", in: dir)
        #expect(try await runNavctl(["lint", "--fail-on", "warning", "info.navd.json"], in: dir.path).status == 0)
        #expect(try await runNavctl(["lint", "--fail-on", "info", "info.navd.json"], in: dir.path).status == 1)
    }

    @Test("an invalid document: exit 2 with FILE:LINE:COL on stderr, and the other files are still linted")
    func invalidAmongValid() async throws {
        let dir = try TemporaryDirectory()
        _ = try write(Self.flow, "good.navd.json", in: dir)
        _ = try write("{\"screens\": [\n  {\"id\": \"a\", \"bar\": {\"barTintColor\": \"teal-ish\"}}]}", "bad.navd.json", in: dir)
        let run = try await runNavctl(["lint", "bad.navd.json", "missing.navd.json", "good.navd.json"], in: dir.path)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("bad.navd.json:2:23: error: 'screens[0].bar.barTintColor'"))
        #expect(run.stderr.contains("missing.navd.json:1:1: error: no such file"))
        #expect(run.stdout.contains("good.navd.json:4:79: error:"))
        let json = try JSON.parse(try await runNavctl(["lint", "--format", "json", "bad.navd.json"], in: dir.path).stdout)
        #expect(json["errors"]?.arrayValue?.first?["path"] == "screens[0].bar.barTintColor")
    }

    @Test("folders recurse into *.navd.json only; - reads stdin under --stdin-name; --output writes the file")
    func sources() async throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("flows/deep"), withIntermediateDirectories: true)
        _ = try write(Self.flow, "flows/deep/a.navd.json", in: dir)
        _ = try write("not json", "flows/notes.json", in: dir)
        let folder = try await runNavctl(["lint", "--format", "json", "flows"], in: dir.path)
        let files = Set(try JSON.parse(folder.stdout)["diagnostics"]?.arrayValue?.compactMap { $0["file"]?.stringValue } ?? [])
        #expect(files == ["flows/deep/a.navd.json"], "\(folder)")
        let piped = try await runNavctl(["lint", "--stdin-name", "Editor.navd.json", "-"], stdin: Self.flow, in: dir.path)
        #expect(piped.status == 1 && piped.stdout.hasPrefix("Editor.navd.json:4:79: error:"), "\(piped)")
        let written = try await runNavctl(["lint", "--output", "report.txt", "flows"], in: dir.path)
        #expect(written.stdout.isEmpty && written.status == 1)
        #expect(try String(contentsOfFile: dir.file("report.txt"), encoding: .utf8).contains("[pop-gesture-disabled]"))
        try FileManager.default.createDirectory(atPath: dir.file("empty"), withIntermediateDirectories: true)
        let empty = try await runNavctl(["lint", "empty"], in: dir.path)
        #expect(
            empty.status == 2 && empty.stderr == "empty:1:1: error: no *.navd.json documents or source files in this folder\n", "\(empty)")
    }

    @Test("bad usage is exit 2: no path, an unknown profile, an unknown format")
    func usage() async throws {
        #expect(try await runNavctl(["lint"]).status == 2)
        let profile = try await runNavctl(["lint", "--profile", "ios6", "x.navd.json"])
        #expect(profile.status == 2 && profile.stderr.contains("unknown profile 'ios6'"))
        #expect(try await runNavctl(["lint", "--profile", "android14", "x.navd.json"]).status == 2)
        #expect(try await runNavctl(["lint", "--format", "xml", "x.navd.json"]).status == 2)
    }

    @Test("an empty object, or another JSON file, says that it has no screens")
    func notADocument() async throws {
        let dir = try TemporaryDirectory()
        _ = try write("{}\n", "empty.navd.json", in: dir)
        _ = try write(#"{"name": "x", "items": [1, 2]}"# + "\n", "other.navd.json", in: dir)
        for file in ["empty.navd.json", "other.navd.json"] {
            let run = try await runNavctl(["lint", file], in: dir.path)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("\(file):1:1: error: 'screens' is missing: this is not a session document"), "\(run.stderr)")
        }
    }

    @Test("--profile takes an iOS version for the profile that covers it, with a note")
    func profileByVersion() async throws {
        let dir = try TemporaryDirectory()
        _ = try write(Self.flow, "flow.navd.json", in: dir)
        let run = try await runNavctl(
            ["lint", "--profile", "ios18,ios12", "--format", "json", "--fail-on", "never", "flow.navd.json"], in: dir.path)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("note: --profile ios18 is checked as ios17, the profile of iOS 17 to 25"), "\(run.stderr)")
        #expect(run.stderr.contains("note: --profile ios12 is checked as ios11, the profile of iOS 11 to 12"), "\(run.stderr)")
        let profiles = try JSON.parse(run.stdout)["diagnostics"]?.arrayValue?.compactMap { $0["profile"]?.stringValue } ?? []
        #expect(!profiles.isEmpty && Set(profiles).isSubset(of: ["ios17", "ios11"]), "\(profiles)")
    }

    @Test("--profile all tags every finding with its profile")
    func allProfiles() async throws {
        let dir = try TemporaryDirectory()
        _ = try write(Self.flow, "flow.navd.json", in: dir)
        let run = try await runNavctl(["lint", "--profile", "all", "--format", "json", "flow.navd.json"], in: dir.path)
        let profiles = try JSON.parse(run.stdout)["diagnostics"]?.arrayValue?.compactMap { $0["profile"]?.stringValue } ?? []
        #expect(Set(profiles) == ["ios10", "ios11", "ios13", "ios14", "ios17", "ios26"])
    }

    @Test("navctl import: a dump becomes a document (notes on stderr) that lint and --file read")
    func importThenLint() async throws {
        let dir = try TemporaryDirectory()
        let dump = "\(Self.root)/Tests/Fixtures/dumps/ios7-seed-320x480.txt"
        let imported = try await runNavctl(["import", dump, "-o", "seed.navd.json"], in: dir.path)
        #expect(imported.status == 0 && imported.stderr.contains("note: profile ios10"), "\(imported)")
        let lint = try await runNavctl(["lint", "--format", "json", "--fail-on", "never", "seed.navd.json"], in: dir.path)
        let codes = try JSON.parse(lint.stdout)["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(codes.contains("back-hit-area-wide"), "the seed's arrow-only button: \(codes)")
        let title = try await runNavctl(["back-title", "--file", "seed.navd.json"], in: dir.path)
        #expect(title.stdout.hasPrefix("‹  (arrow only"), "\(title)")
        let bad = try await runNavctl(["import", "-"], stdin: "not a dump at all\n")
        #expect(bad.status == 2 && bad.stderr.hasPrefix("<stdin>:1: error:"), "\(bad)")
    }

    @Test("navctl import reads a test rig's page source; --profile ios18 stands for ios17; tree-hit refuses an accessibility tree")
    func importOfTestRigs() async throws {
        let dir = try TemporaryDirectory()
        let page = "\(Self.root)/Tests/Fixtures/dumps/appium-settings-keyboards-390x844.xml"
        let imported = try await runNavctl(["import", page, "--profile", "ios18", "-o", "keyboards.navd.json"], in: dir.path)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stderr.contains("ios17"), "the note on the profile: \(imported.stderr)")
        let document = try JSON.parse(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir.file("keyboards.navd.json"))), as: UTF8.self))
        #expect(document["profile"]?.stringValue == "ios17")
        #expect(document["device"]?["preset"]?.stringValue == "iphone-12", "the 390x844 window is a known device")
        let lint = try await runNavctl(["lint", "--fail-on", "never", "keyboards.navd.json"], in: dir.path)
        #expect(lint.status == 0, "\(lint)")
        let title = try await runNavctl(["back-title", "--file", "keyboards.navd.json"], in: dir.path)
        #expect(title.status == 0 && !title.stdout.isEmpty, "\(title)")
        let hit = try await runNavctl(["tree-hit", page, "30", "70"], in: dir.path)
        #expect(hit.status != 0 && hit.stderr.contains("navctl import"), "an accessibility tree has no views to hit-test: \(hit)")
    }

    // MARK: The committed examples

    static func exampleFiles(_ folder: String) -> [String] {
        let dir = "\(root)/examples/\(folder)"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".navd.json") }.sorted()
    }

    @Test("examples/rules: CODE.navd.json reports CODE and CODE.clean.navd.json reports nothing, for every code")
    func ruleExamples() async throws {
        let files = Self.exampleFiles("rules")
        let codes =
            try JSON.parse(
                try await runNavctl(["lint", "--format", "sarif", "--fail-on", "never", "-"], stdin: "{\"screens\": []}").stdout)[
                "runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(codes.count >= 14)
        // What only an app's source can show: techniques documents do not carry (examples/source has them).
        let sourceOnly: Set<String> = [
            "back-title-offset-hack", "negative-fixed-space", "back-pop-hook", "bar-tint-ignored", "source-not-read",
        ]
        for code in codes where !sourceOnly.contains(code) {
            #expect(files.contains("\(code).navd.json"), "examples/rules/\(code).navd.json is missing")
            #expect(files.contains("\(code).clean.navd.json"), "examples/rules/\(code).clean.navd.json is missing")
            guard files.contains("\(code).navd.json"), files.contains("\(code).clean.navd.json") else { continue }
            let found = try await lintCodes("examples/rules/\(code).navd.json")
            #expect(found.contains(code), "examples/rules/\(code).navd.json does not report \(code): \(found)")
            // A clean example is clean: no finding of any rule, under every profile.
            let clean = try await lintCodes("examples/rules/\(code).clean.navd.json", profiles: "all")
            #expect(clean.isEmpty, "examples/rules/\(code).clean.navd.json reports \(clean)")
        }
    }

    func lintCodes(_ path: String, profiles: String? = nil) async throws -> [String] {
        let run = try await runNavctl(
            ["lint", "--format", "json", "--fail-on", "never", path] + (profiles.map { ["--profile", $0] } ?? []), in: Self.root)
        #expect(run.status == 0, "\(run)")
        return try JSON.parse(run.stdout)["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
    }

    @Test(
        "examples: the text and SARIF reports are the committed ones (make examples writes them)",
        .enabled(if: readsSwift, "this navctl is built without the Swift reader"))
    func committedReports() async throws {
        let text = try await runNavctl(["lint", "--fail-on", "never", "examples"], in: Self.root)
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text)")
        let expectedText = try String(contentsOfFile: "\(Self.root)/examples/expected/lint.txt", encoding: .utf8)
        #expect(text.stdout == expectedText)
        let sarif = try await runNavctl(
            ["lint", "--format", "sarif", "--fail-on", "never", "--docs-url", Self.docsURL, "examples"], in: Self.root)
        let expectedSARIF = try String(contentsOfFile: "\(Self.root)/examples/expected/lint.sarif", encoding: .utf8)
        #expect(sarif.stdout == expectedSARIF)
    }

    @Test("SARIF links each rule only to docs published where --docs-url says, and always carries its help")
    func sarifHelp() async throws {
        let file = "\(Self.root)/examples/rules/low-contrast.navd.json"
        let plain = try await runNavctl(["lint", "--format", "sarif", "--fail-on", "never", file], environment: ["NAVD_DOCS_URL": ""])
        let rules = try JSON.parse(plain.stdout)["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue ?? []
        #expect(!rules.isEmpty)
        for rule in rules {
            #expect(rule["helpUri"] == nil, "no link to a file of the machine that linted: \(rule)")
            #expect(rule["help"]?["text"]?.stringValue?.isEmpty == false && rule["help"]?["markdown"]?.stringValue?.isEmpty == false)
        }
        let linked = try await runNavctl(
            ["lint", "--format", "sarif", "--fail-on", "never", "--docs-url", "https://example.org/navd/semantics.md", file])
        let first = try JSON.parse(linked.stdout)["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue?.first
        #expect(first?["helpUri"]?.stringValue?.hasPrefix("https://example.org/navd/semantics.md#") == true)
    }

    /// Every `expect:` marker of the source examples: `// expect: CODE, CODE` at the end of a line of Swift or
    /// Objective-C, `<!-- expect: CODE -->` in a storyboard. Read from the files' text, not from navd.
    static func markers(_ path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var out: Set<String> = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: "expect:") else { continue }
            let rest = line[range.upperBound...].replacingOccurrences(of: "-->", with: "")
            for code in rest.split(whereSeparator: { $0 == "," || $0 == " " }) where !code.isEmpty {
                out.insert("\(i + 1) \(code)")
            }
        }
        return out
    }

    /// A navctl built without the Swift reader (the sanitizer builds: see Package.swift) reports Swift files as
    /// not read, so what Swift examples should find cannot be checked with it.
    static let readsSwift = ProcessInfo.processInfo.environment["NAVD_WITHOUT_SWIFT_READER"] == nil

    @Test(
        "examples/source: every finding is on a line marked to expect it, and every marked line is found",
        .enabled(if: readsSwift, "this navctl is built without the Swift reader"))
    func sourceExamples() async throws {
        let dir = "\(Self.root)/examples/source"
        let files = (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".swift") || $0.hasSuffix(".m") || $0.hasSuffix(".storyboard")
        }.sorted()
        #expect(files.count >= 40, "\(files)")
        // The whole folder as one project: the examples' class names are unique, so each file's findings are its own.
        let run = try await runNavctl(["lint", "--format", "json", "--fail-on", "never", "examples/source"], in: Self.root)
        #expect(run.status == 0, "\(run)")
        var found: [String: Set<String>] = [:]
        for d in try JSON.parse(run.stdout)["diagnostics"]?.arrayValue ?? [] {
            guard let file = d["file"]?.stringValue, let line = d["line"]?.intValue.map(Int.init), let code = d["code"]?.stringValue else {
                continue
            }
            found[file, default: []].insert("\(line) \(code)")
        }
        for file in files {
            let path = "examples/source/\(file)"
            let expected = try Self.markers("\(Self.root)/\(path)")
            #expect(found[path] ?? [] == expected, "\(path): found \((found[path] ?? []).sorted()), marked \(expected.sorted())")
            if file.contains("clean") { #expect(expected.isEmpty, "\(path) is clean and carries markers") }
        }
        #expect(Set(found.keys).isSubset(of: Set(files.map { "examples/source/\($0)" })), "\(found.keys.sorted())")
    }

    /// The help link the committed SARIF report uses: where `make install` puts the docs.
    static let docsURL = "file:///usr/local/share/doc/navd/semantics.md"
}

/// The cache of source findings, through the real navctl: a hit is proven by an entry altered on disk
/// showing through, a miss by the true findings coming back.
@Suite("navctl lint's cache", .serialized)
struct LintCacheEndToEndTests {
    @Test("a second run over unchanged source answers from the cache; a changed .navd.yml or file, or --no-cache, does not")
    func cache() async throws {
        let dir = try TemporaryDirectory()
        let cacheDir = dir.file("cache")
        try FileManager.default.createDirectory(atPath: dir.file("App"), withIntermediateDirectories: true)
        let source = try String(
            contentsOfFile: "\(LintEndToEndTests.root)/examples/source/back-title-offset-hack/failing.m", encoding: .utf8)
        try Data(source.utf8).write(to: URL(fileURLWithPath: dir.file("App/Screen.m")))
        let lint = ["lint", "--fail-on", "never", "--cache-dir", cacheDir, "App"]
        let first = try await runNavctl(lint, in: dir.path)
        #expect(first.status == 0 && first.stdout.contains("[back-title-offset-hack]"), "\(first)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cacheDir)
        #expect(entries.count == 1, "\(entries)")
        // The entry altered on disk: a run that shows the alteration took its findings from the cache.
        let entry = "\(cacheDir)/\(entries[0])"
        let stored = try String(contentsOfFile: entry, encoding: .utf8)
        let altered = stored.replacingOccurrences(of: #""back-title-offset-hack""#, with: #""from-the-cache""#)
        #expect(altered != stored)
        try Data(altered.utf8).write(to: URL(fileURLWithPath: entry))
        let second = try await runNavctl(lint, in: dir.path)
        #expect(second.stdout.contains("[from-the-cache]") && !second.stdout.contains("[back-title-offset-hack]"), "\(second)")
        // --no-cache reads the files.
        let fresh = try await runNavctl(lint + ["--no-cache"], in: dir.path)
        #expect(fresh.stdout == first.stdout, "\(fresh)")
        // A configuration that changes the answer changes the key.
        try Data("severity:\n  back-title-offset-hack: error\n".utf8).write(to: URL(fileURLWithPath: dir.file(".navd.yml")))
        let configured = try await runNavctl(lint, in: dir.path)
        #expect(configured.stdout.contains("error:") && configured.stdout.contains("[back-title-offset-hack]"), "\(configured)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cacheDir).count == 2)
        try FileManager.default.removeItem(atPath: dir.file(".navd.yml"))
        #expect(try await runNavctl(lint, in: dir.path).stdout.contains("[from-the-cache]"))
        // So does a changed file, even by a comment.
        try Data((source + "\n// edited\n").utf8).write(to: URL(fileURLWithPath: dir.file("App/Screen.m")))
        let edited = try await runNavctl(lint, in: dir.path)
        #expect(edited.stdout == first.stdout, "\(edited)")
    }

    @Test("a colour set that cannot be read is reported only when a bar colour names it; Xcode's grey space is read")
    func unreadableColorSets() async throws {
        let dir = try TemporaryDirectory()
        let catalog = dir.file("App/Assets.xcassets")
        func colorSet(_ name: String, space: String, components: String) throws {
            let folder = "\(catalog)/\(name).colorset"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let json = """
                {"colors": [{"color": {"color-space": "\(space)", "components": {\(components)}}, "idiom": "universal"}],
                 "info": {"author": "xcode", "version": 1}}
                """
            try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder)/Contents.json"))
        }
        try colorSet("Chrome", space: "lab", components: #""l": "0.5", "a": "0", "b": "0""#)
        try colorSet("Separator", space: "lab", components: #""l": "0.9", "a": "0", "b": "0""#)
        try colorSet("Ink", space: "gray-gamma-22", components: #""white": "0.200", "alpha": "1.000""#)
        let swift = """
            import UIKit

            final class InboxViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "Inbox"
                    navigationController?.navigationBar.barTintColor = UIColor(named: "Chrome")
                    navigationController?.navigationBar.tintColor = UIColor(named: "Ink")
                }
            }
            """
        try Data(swift.utf8).write(to: URL(fileURLWithPath: dir.file("App/InboxViewController.swift")))
        let result = try await runNavctl(["lint", "--fail-on", "never", "--no-cache", "--format", "json", "App"], in: dir.path)
        #expect(result.status == 0, "\(result)")
        let report = try JSON.parse(result.stdout)
        let notRead = (report["diagnostics"]?.arrayValue ?? []).filter { $0["code"] == "source-not-read" }
        // Chrome is named and unreadable; Separator is unreadable and named by nothing; Ink is read.
        #expect(notRead.count == 1, "\(result.stdout)")
        #expect(notRead.first?["file"]?.stringValue?.hasSuffix("Chrome.colorset/Contents.json") == true, "\(result.stdout)")
        #expect(notRead.first?["message"]?.stringValue?.contains("'lab'") == true, "\(result.stdout)")
    }

    @Test("a file two targets build is linted with each, and what it finds the same way is reported once")
    func sharedFilesReportOnce() async throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("Shop/App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.file("Shop/Shop.xcodeproj"), withIntermediateDirectories: true)
        let source = try String(
            contentsOfFile: "\(LintEndToEndTests.root)/examples/source/back-title-offset-hack/failing.m", encoding: .utf8)
        try Data(source.utf8).write(to: URL(fileURLWithPath: dir.file("Shop/App/Screen.m")))
        // An app and its debug twin, both building the synchronised folder App.
        let project = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\tP0 = {isa = PBXProject; mainGroup = G0; targets = (T0, T1, ); };
            \t\tG0 = {isa = PBXGroup; children = (S0, ); sourceTree = "<group>"; };
            \t\tS0 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
            \t\tT0 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S0, ); name = Shop;
            \t\t\tproductType = "com.apple.product-type.application"; };
            \t\tT1 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S0, ); name = ShopDebug;
            \t\t\tproductType = "com.apple.product-type.application"; };
            \t};
            \trootObject = P0;
            }
            """
        try Data(project.utf8).write(to: URL(fileURLWithPath: dir.file("Shop/Shop.xcodeproj/project.pbxproj")))
        let both = try await runNavctl(["lint", "--fail-on", "never", "--no-cache", "--format", "json", "Shop"], in: dir.path)
        let alone = try await runNavctl(["lint", "--fail-on", "never", "--no-cache", "--format", "json", "Shop/App"], in: dir.path)
        let found = try JSON.parse(both.stdout)["diagnostics"]?.arrayValue ?? []
        let foundAlone = try JSON.parse(alone.stdout)["diagnostics"]?.arrayValue ?? []
        #expect(!foundAlone.isEmpty && found.contains { $0["code"] == "back-title-offset-hack" }, "\(both)")
        #expect(found == foundAlone, "\(both.stdout)\n\(alone.stdout)")
    }
}

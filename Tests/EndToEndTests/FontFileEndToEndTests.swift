import Foundation
import JSONCore
import Testing

/// `--font-file` and a document's `policies.textFont` through the real navctl and navd (Debian's DejaVu Sans,
/// installed by `make test-deps`).
@Suite("Font files through navctl and navd")
struct FontFileEndToEndTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func document(policies: String = "") -> String {
        """
        {"format": "navd-session", "formatVersion": 1, "profile": "ios17",\(policies)
         "screens": [{"id": "a", "title": "Settings"}, {"id": "b", "title": "Item"}]}
        """
    }

    @Test("--font-file and a document's relative textFont measure with the font, and the answer names it")
    func navctl() async throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: dir.file("fonts/Body.ttf"))
        let named = dir.file("named.navd.json")
        try Data(Self.document(policies: #" "policies": {"textFont": {"file": "fonts/Body.ttf"}},"#).utf8).write(
            to: URL(fileURLWithPath: named))
        let fromDocument = try await runNavctl(["back-title", "--file", named, "--json"])
        #expect(fromDocument.status == 0, "\(fromDocument)")
        let metrics = try JSON.parse(fromDocument.stdout)["metrics"]
        #expect(metrics?["file"] == .string(dir.file("fonts/Body.ttf")) && metrics?["face"] == "DejaVu Sans", "\(fromDocument)")

        let fromOption = try await runNavctl(["layout", "--file", "-", "--font-file", Self.dejaVu, "--json"], stdin: Self.document())
        #expect(try JSON.parse(fromOption.stdout)["metrics"]?["file"] == .string(Self.dejaVu), "\(fromOption)")
        let plain = try await runNavctl(["layout", "--file", "-", "--json"], stdin: Self.document())
        #expect(try JSON.parse(plain.stdout)["metrics"] == nil, "\(plain)")
    }

    @Test("a font that cannot be read: FILE:LINE:COL at the member, or the option, exit 2")
    func refusals() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("missing.navd.json")
        try Data(Self.document(policies: "\n \"policies\": {\"textFont\": {\"file\": \"gone.ttf\"}},").utf8).write(
            to: URL(fileURLWithPath: path))
        let missing = try await runNavctl(["back-title", "--file", path])
        #expect(
            missing.status == 2
                && missing.stderr.hasPrefix("\(path):2:28: error: policies.textFont: \(dir.file("gone.ttf")): no such font file"),
            "\(missing)")
        let lint = try await runNavctl(["lint", path])
        #expect(lint.status == 2 && lint.stderr.contains("no such font file"), "\(lint)")
        let option = try await runNavctl(["lint", "--font-file", "/nonexistent/x.ttf", path])
        #expect(option.status == 2 && option.stderr.contains("--font-file /nonexistent/x.ttf: no such font file"), "\(option)")
        let live = try await runNavctl(["back-title", "s1", "--font-file", Self.dejaVu])
        #expect(live.status == 2 && live.stderr.contains("--font-file goes with --file"), "\(live)")
    }

    @Test("navd --font-file measures every session")
    func daemon() async throws {
        try await withDaemon(["--font-file", Self.dejaVu]) { daemon in
            let created = try await runNavctl(["session", "create", "--json", "--socket", daemon.socketPath])
            let session = try #require(try JSON.parse(created.stdout)["sessionId"]?.stringValue, "\(created)")
            _ = try await runNavctl(["push", session, "--id", "a", "--title", "Settings", "--socket", daemon.socketPath])
            _ = try await runNavctl(["push", session, "--id", "b", "--title", "Item", "--socket", daemon.socketPath])
            let title = try await runNavctl(["back-title", session, "--json", "--socket", daemon.socketPath])
            #expect(try JSON.parse(title.stdout)["metrics"]?["face"] == "DejaVu Sans", "\(title)")
        }
    }
}

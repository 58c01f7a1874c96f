import Foundation
import JSONCore
import NavClient
import Testing

/// `title/back`, `title/previous` and `tint/resolve` through the real daemon on a socket, every error
/// included, and the navctl commands that print them.
@Suite("Back titles and tint end to end")
struct TitleTintEndToEndTests {
    static let stack: JSONObject = [
        "screens": [
            ["id": "settings", "title": "Settings"],
            ["id": "general", "title": "General"],
            ["id": "about", "title": "About"],
        ]
    ]

    /// The RPC error a request fails with.
    func rpcError(_ client: NavClient, _ method: String, _ params: JSON) async -> (code: Int, path: String?)? {
        do {
            _ = try await client.request(method, params)
            return nil
        } catch let error as NavClientError {
            guard let rpc = error.rpcError else { return nil }
            return (rpc.code, rpc.data?["path"]?.stringValue)
        } catch {
            return nil
        }
    }

    @Test("title/back: the top screen, a named screen, the root")
    func titleBack() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: Self.stack).sessionId
            let top = try await client.request("title/back", ["sessionId": .string(s)])
            #expect(top["title"] == "General" && top["display"] == "text" && top["source"] == "previousTitle")
            #expect(top["truncated"] == false && top["menu"] == ["General", "Settings"])
            let general = try await client.request("title/back", ["sessionId": .string(s), "screenId": "general"])
            #expect(general["title"] == "Settings" && general["menu"] == ["Settings"])
            let root = try await client.request("title/back", ["sessionId": .string(s), "screenId": "settings"])
            #expect(root["display"] == "hidden" && root["title"] == .null && root["source"] == "none")
        }
    }

    @Test("title/back errors: unknown session 1001, unknown screen 1002, bad params -32602")
    func titleBackErrors() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: Self.stack).sessionId
            let noSession = await rpcError(client, "title/back", ["sessionId": "nope"])
            #expect(noSession?.code == 1001)
            let noScreen = await rpcError(client, "title/back", ["sessionId": .string(s), "screenId": "nope"])
            #expect(noScreen?.code == 1002 && noScreen?.path == "screenId")
            let missing = await rpcError(client, "title/back", [:])
            #expect(missing?.code == -32602 && missing?.path == "sessionId")
            let wrongType = await rpcError(client, "title/back", ["sessionId": .string(s), "screenId": 4])
            #expect(wrongType?.code == -32602 && wrongType?.path == "screenId")
        }
    }

    @Test("title/previous: a title, the root's reason, and errors")
    func titlePrevious() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: Self.stack).sessionId
            let top = try await client.request("title/previous", ["sessionId": .string(s)])
            #expect(top["title"] == "General" && top["previousScreenId"] == "general")
            #expect(top["reason"]?.stringValue?.isEmpty == false)
            let root = try await client.request("title/previous", ["sessionId": .string(s), "screenId": "settings"])
            #expect(root["title"] == .null && root["previousScreenId"] == .null)
            #expect(root["reason"]?.stringValue?.contains("root") == true)
            #expect(await rpcError(client, "title/previous", ["sessionId": "nope"])?.code == 1001)
            let noScreen = await rpcError(client, "title/previous", ["sessionId": .string(s), "screenId": "x"])
            #expect(noScreen?.code == 1002 && noScreen?.path == "screenId")
            #expect(await rpcError(client, "title/previous", ["sessionId": 1])?.path == "sessionId")
        }
    }

    @Test("tint/resolve for a colour needs no session")
    func tintColour() async throws {
        try await withClient { client, _ in
            // UIKit's colours by default: systemBlue items and a black title on any bar (COL-1).
            let blue = try await client.request("tint/resolve", ["color": "#007AFF"])
            #expect(blue["background"] == "#007AFF" && blue["foreground"] == "#007AFF" && blue["method"] == "yiq")
            #expect(blue["source"] == "automatic" && blue["foregroundPolicy"] == "uikit" && blue["titleColor"] == "#000000")
            #expect(blue["automaticForeground"] == "#FFFFFF")
            let automatic = try await client.request("tint/resolve", ["color": "#007AFF", "foreground": "automatic"])
            #expect(automatic["foreground"] == "#FFFFFF" && automatic["foregroundPolicy"] == "automatic")
            #expect(automatic["titleColor"] == "#FFFFFF")
            let wcag = try await client.request("tint/resolve", ["color": "systemBlue", "method": "wcag", "foreground": "automatic"])
            #expect(wcag["foreground"] == "#000000")
            let grey = try await client.request("tint/resolve", ["color": "#BABABA"])
            #expect(grey["automaticForeground"] == "#000000" && grey["foreground"] == "#007AFF")
            let translucent = try await client.request("tint/resolve", ["color": "rgba(0,0,0,0.5)", "backdrop": "#000"])
            #expect(translucent["background"] == "#000000" && translucent["declared"] == "#00000080")
        }
    }

    @Test("tint/resolve for a session's bar follows bar/update and backStyle")
    func tintSession() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: Self.stack).sessionId
            let plain = try await client.request("tint/resolve", ["sessionId": .string(s)])
            #expect(plain["background"] == "#FFFFFF" && plain["source"] == "default")
            _ = try await client.updateBar(s, appearance: ["barTintColor": "#000000"])
            let dark = try await client.request("tint/resolve", ["sessionId": .string(s)])
            #expect(dark["foreground"] == "#007AFF" && dark["titleColor"] == "#000000" && dark["source"] == "automatic")
            #expect(dark["foregroundPolicy"] == "uikit")
            _ = try await client.request("session/configure", ["sessionId": .string(s), "policies": ["foreground": "automatic"]])
            let opted = try await client.request("tint/resolve", ["sessionId": .string(s)])
            #expect(opted["foreground"] == "#FFFFFF" && opted["foregroundPolicy"] == "automatic")
            _ = try await client.updateScreen(s, screenId: "about", changes: ["backStyle": ["color": "#FF0000"]])
            let forced = try await client.request("tint/resolve", ["sessionId": .string(s)])
            #expect(forced["foreground"] == "#FF0000" && forced["source"] == "forced")
            let lower = try await client.request("tint/resolve", ["sessionId": .string(s), "screenId": "settings"])
            #expect(lower["foreground"] == "#FFFFFF" && lower["source"] == "automatic")
        }
    }

    @Test("tint/resolve errors name the field")
    func tintErrors() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: Self.stack).sessionId
            let badColour = await rpcError(client, "tint/resolve", ["color": "rgb(300,0,0)"])
            #expect(badColour?.code == -32602 && badColour?.path == "color")
            let unknownName = await rpcError(client, "tint/resolve", ["color": "blurple"])
            #expect(unknownName?.code == -32602 && unknownName?.path == "color")
            let badBackdrop = await rpcError(client, "tint/resolve", ["color": "#FFF", "backdrop": "#12"])
            #expect(badBackdrop?.path == "backdrop")
            let badMethod = await rpcError(client, "tint/resolve", ["color": "#FFF", "method": "apca"])
            #expect(badMethod?.path == "method")
            let badThreshold = await rpcError(client, "tint/resolve", ["color": "#FFF", "threshold": 2])
            #expect(badThreshold?.path == "threshold")
            let nothing = await rpcError(client, "tint/resolve", [:])
            #expect(nothing?.code == -32602 && nothing?.path == "color")
            #expect(await rpcError(client, "tint/resolve", ["sessionId": "nope"])?.code == 1001)
            let noScreen = await rpcError(client, "tint/resolve", ["sessionId": .string(s), "screenId": "x"])
            #expect(noScreen?.code == 1002 && noScreen?.path == "screenId")
        }
    }

    @Test("a push carries the new top's title and tint changes, and title/back agrees")
    func changesMatchQueries() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: Self.stack).sessionId
            _ = try await client.subscribe(s, topics: [.title, .tint])
            _ = try await client.push(s, screen: ["id": "legal", "title": "Legal"])
            let note = try await client.nextNotification()
            #expect(note.method == "session/didChange")
            let changes = note.params?["changes"]?.arrayValue ?? []
            let title = try #require(changes.first { $0["kind"] == "title" })
            #expect(title["screenId"] == "legal")
            let now = try await client.request("title/back", ["sessionId": .string(s)])
            #expect(title["backTitle"] == now)
            #expect(changes.contains { $0["kind"] == "tint" })
        }
    }

    @Test("navctl back-title prints the button, its origin and the menu; --json the raw result")
    func navctlBackTitle() async throws {
        try await withClient { client, daemon in
            let s = try await client.createSession(config: Self.stack).sessionId
            let readable = try await runNavctl(["back-title", s, "--socket", daemon.socketPath])
            #expect(readable.status == 0, "\(readable)")
            #expect(readable.stdout.contains("‹ General  (from the previous screen's title)"))
            #expect(readable.stdout.contains("  General\n  Settings"))
            let json = try await runNavctl(["back-title", s, "general", "--json", "--socket", daemon.socketPath])
            let parsed = try JSON.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(parsed == (try await client.request("title/back", ["sessionId": .string(s), "screenId": "general"])))
            let missing = try await runNavctl(["back-title", s, "nope", "--socket", daemon.socketPath])
            #expect(missing.status == 1 && missing.stderr.contains("no screen 'nope'"))
        }
    }

    @Test("navctl tint prints background, foreground, luminance and both ratios, without a swatch off a terminal")
    func navctlTint() async throws {
        try await withDaemon { daemon in
            let out = try await runNavctl(["tint", "#007AFF", "--socket", daemon.socketPath])
            #expect(out.status == 0, "\(out)")
            #expect(out.stdout.contains("#007AFF  (systemBlue, UIKit's default tint; foreground uikit)"), "\(out.stdout)")
            #expect(out.stdout.contains("#FFFFFF  (white by yiq, with --foreground automatic)"), "\(out.stdout)")
            #expect(out.stdout.contains("0.3948") && out.stdout.contains("black 5.23:1, white 4.02:1"))
            #expect(!out.stdout.contains("\u{1B}["))
            let automatic = try await runNavctl(["tint", "#007AFF", "--foreground", "automatic", "--socket", daemon.socketPath])
            #expect(automatic.stdout.contains("#FFFFFF  (white, automatic by yiq; foreground automatic)"), "\(automatic.stdout)")
            #expect(!automatic.stdout.contains("with --foreground automatic"))
            let wcag = try await runNavctl(
                ["tint", "systemBlue", "--method", "wcag", "--foreground", "automatic", "--socket", daemon.socketPath])
            #expect(wcag.stdout.contains("#000000") && wcag.stdout.contains("0.2114"))
            let blended = try await runNavctl(["tint", "rgba(0,0,0,0.5)", "--backdrop", "#000", "--socket", daemon.socketPath])
            #expect(blended.stdout.contains("#00000080"))
            let bad = try await runNavctl(["tint", "#12", "--socket", daemon.socketPath])
            #expect(bad.status == 1 && bad.stderr.contains("hex digit"))
            let usage = try await runNavctl(["tint", "#FFF", "--method", "apca", "--socket", daemon.socketPath])
            #expect(usage.status == 2)
            let policy = try await runNavctl(["tint", "#FFF", "--foreground", "seed", "--socket", daemon.socketPath])
            #expect(policy.status == 2 && policy.stderr.contains("--foreground must be uikit or automatic"))
        }
    }
}

import Foundation
import JSONCore
import MCP
import NavMCP
import Testing

/// The repository's root, for the examples the tools are asked about.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func example(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

/// A client connected to the server over an in-memory pair, as an assistant is over stdio.
func connectedClient() async throws -> (Client, Server) {
    let server = await NavMCPServer.make()
    let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
    try await server.start(transport: serverSide)
    let client = Client(name: "NavMCPTests", version: "1")
    try await client.connect(transport: clientSide)
    return (client, server)
}

/// The texts of a tool's answer, and whether it is an error.
func call(_ client: Client, _ tool: String, _ arguments: [String: Value]) async throws -> (texts: [String], isError: Bool) {
    let (content, isError) = try await client.callTool(name: tool, arguments: arguments)
    let texts = content.compactMap { item -> String? in
        if case .text(let text, _, _) = item { return text }
        return nil
    }
    return (texts, isError ?? false)
}

@Suite("navctl mcp's tools, in process")
struct NavMCPTests {
    @Test("tools/list offers the six tools, each with an object schema that refuses other members")
    func listsTools() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let (tools, _) = try await client.listTools()
        #expect(tools.map(\.name) == ["lint_paths", "explain_finding", "hit_test", "back_title", "resolve_tint", "render_bar"])
        for tool in tools {
            let schema = try #require(tool.inputSchema.objectValue)
            #expect(schema["type"] == "object", "\(tool.name)")
            #expect(schema["additionalProperties"] == false, "\(tool.name)")
            #expect(tool.description?.isEmpty == false, "\(tool.name)")
        }
        let hit = try #require(tools.first { $0.name == "hit_test" }?.inputSchema.objectValue)
        #expect(hit["required"] == ["document", "x", "y"])
    }

    @Test("lint_paths reports an Objective-C file's finding at its line, in text and in JSON")
    func lintsObjectiveC() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let file = example("examples/source/pop-gesture-disabled/failing.m")
        let text = try await call(client, "lint_paths", ["paths": [.string(file)]])
        #expect(!text.isError)
        let line = try #require(text.texts.first?.split(separator: "\n").first { $0.contains("[pop-gesture-disabled]") })
        #expect(line.hasPrefix("\(file):34:5: warning: swipe-back is stopped"), "\(line)")

        let json = try await call(client, "lint_paths", ["paths": [.string(file)], "format": "json"])
        #expect(!json.isError)
        let report = try JSON.parse(try #require(json.texts.first))
        let finding = try #require(report["diagnostics"]?.arrayValue?.first { $0["code"] == "pop-gesture-disabled" })
        #expect(finding["line"]?.intValue == 34)
        #expect(finding["severity"] == "warning")
    }

    @Test("lint_paths over a document reports under each profile asked for")
    func lintsDocuments() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let file = example("examples/seeds/qynavbackbutton-ios17.navd.json")
        let answer = try await call(client, "lint_paths", ["paths": [.string(file)], "profile": "ios10,ios17"])
        #expect(!answer.isError)
        let text = try #require(answer.texts.first)
        #expect(text.contains("[custom-back-unreachable] (screen 'fish', ios17)"), "\(text)")
        #expect(!text.contains("(screen 'fish', ios10)") || text.contains("ios10"), "\(text)")
    }

    @Test("lint_paths: a path that is not there is an error result naming the file; bad arguments name their path")
    func lintErrors() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let missing = try await call(client, "lint_paths", ["paths": ["/nonexistent/flow.navd.json"]])
        #expect(missing.isError)
        #expect(missing.texts.first?.contains("/nonexistent/flow.navd.json:1:1: error: no such file") == true, "\(missing.texts)")

        let notString = try await call(client, "lint_paths", ["paths": ["a.m", 3]])
        #expect(notString.isError)
        #expect(notString.texts == ["arguments.paths[1]: expected a string, got the number 3"])

        let stdin = try await call(client, "lint_paths", ["paths": ["-"]])
        #expect(stdin.isError)
        #expect(stdin.texts.first?.hasPrefix("arguments.paths[0]: '-' (standard input) carries this protocol") == true)

        let profile = try await call(client, "lint_paths", ["paths": ["x.m"], "profile": "ios6"])
        #expect(profile.isError)
        #expect(profile.texts.first?.hasPrefix("unknown profile 'ios6' in arguments.profile") == true, "\(profile.texts)")
        // An iOS version stands for the profile that covers it, and the answer says so.
        let version = try await call(client, "lint_paths", ["paths": ["x.m"], "profile": "ios9"])
        #expect(version.texts.first?.hasPrefix("note: arguments.profile ios9 is checked as ios10") == true, "\(version.texts)")

        let unknown = try await call(client, "lint_paths", ["paths": ["x.m"], "formats": "json"])
        #expect(unknown.isError)
        #expect(unknown.texts == ["arguments.formats: lint_paths takes no argument 'formats' (it takes format, paths, profile)"])

        let missingPaths = try await call(client, "lint_paths", [:])
        #expect(missingPaths.texts == ["arguments.paths: missing; lint_paths needs it"])
    }

    @Test("explain_finding gives the rule's summary, long form, severity and anchor; an unknown code is an error")
    func explains() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let answer = try await call(client, "explain_finding", ["code": "pop-gesture-disabled"])
        #expect(!answer.isError)
        let text = try #require(answer.texts.first)
        #expect(text.hasPrefix("pop-gesture-disabled (PopGestureDisabled): warning by default\nSwipe-back is stopped on this screen.\n"))
        #expect(text.contains("A custom left item, a hidden back button or a hidden bar stops"))
        #expect(text.contains("Rules: POP-3"))
        #expect(text.hasSuffix("Documentation: docs/semantics.md#pop-gesture-disabled\n"))

        let unknown = try await call(client, "explain_finding", ["code": "pop-gesture"])
        #expect(unknown.isError)
        #expect(
            unknown.texts.first?.hasPrefix(
                "arguments.code: no finding has the code 'pop-gesture' (did you mean pop-gesture-disabled or pop-gesture-at-root?)")
                == true, "\(unknown.texts)")
    }

    @Test("hit_test: the back button pops on iOS 17 and asks the app on iOS 10, as a sentence and as bar/hitTest's JSON")
    func hitTests() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let document = example("examples/seeds/qynavbackbutton-ios17.navd.json")
        let ios17 = try await call(client, "hit_test", ["document": .string(document), "x": 20, "y": 70])
        #expect(!ios17.isError, "\(ios17.texts)")
        #expect(ios17.texts.count == 2)
        #expect(ios17.texts.first?.hasPrefix("A tap at (20, 70) on 'fish' lands on the back button") == true, "\(ios17.texts)")
        #expect(ios17.texts.first?.contains("It pops back to 'home'.") == true, "\(ios17.texts)")
        let json = try JSON.parse(ios17.texts[1])
        #expect(json["action"]?["kind"] == "pop")
        #expect(json["action"]?["to"] == "home")
        #expect(json["trace"] == nil)

        let ios10 = try await call(
            client, "hit_test", ["document": .string(document), "x": 20.0, "y": 70, "profile": "ios10", "trace": true])
        #expect(!ios10.isError, "\(ios10.texts)")
        let json10 = try JSON.parse(ios10.texts[1])
        #expect(json10["action"]?["kind"] == "customBack", "\(ios10.texts)")
        #expect(json10["trace"]?.arrayValue?.isEmpty == false)
    }

    @Test("hit_test's errors: a missing coordinate, an unknown screen, a document that does not load")
    func hitTestErrors() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let document = example("examples/seeds/qynavbackbutton-ios17.navd.json")
        let noY = try await call(client, "hit_test", ["document": .string(document), "x": 20])
        #expect(noY.isError && noY.texts == ["arguments.y: missing; hit_test needs it"])
        let badX = try await call(client, "hit_test", ["document": .string(document), "x": "20", "y": 1])
        #expect(badX.isError && badX.texts == ["arguments.x: expected a finite number, got the string \"20\""])
        let screen = try await call(client, "hit_test", ["document": .string(document), "x": 20, "y": 70, "screen": "cart"])
        #expect(screen.isError)
        #expect(screen.texts == ["\(document) has no screen 'cart' (its screens: 'home', 'fish')"])
        let profile = try await call(client, "hit_test", ["document": .string(document), "x": 20, "y": 70, "profile": "ios12"])
        #expect(profile.texts == ["arguments.profile: 'ios12' is not one of ios10, ios11, ios13, ios14, ios17, ios26"])

        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("navmcp-\(UUID().uuidString).navd.json").path
        try Data("{\"format\": \"navd-session\", \"formatVersion\": 1, \"screens\": [{\"id\": 3}]}".utf8).write(
            to: URL(fileURLWithPath: broken))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let load = try await call(client, "hit_test", ["document": .string(broken), "x": 20, "y": 70])
        #expect(load.isError)
        #expect(load.texts.first?.hasPrefix("\(broken):1:") == true, "\(load.texts)")
        #expect(load.texts.first?.contains(": error: ") == true, "\(load.texts)")
    }

    @Test("back_title: the long previous title falls back to \"Back\" on a 320-pt phone; a screen cuts the stack")
    func backTitles() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let document = example("examples/seeds/long-back-title-se.navd.json")
        let answer = try await call(client, "back_title", ["document": .string(document)])
        #expect(!answer.isError, "\(answer.texts)")
        let json = try JSON.parse(try #require(answer.texts.first))
        #expect(json["title"] == "Back", "\(answer.texts)")
        #expect(json["truncated"] == true)

        let root = try await call(client, "back_title", ["document": .string(document), "screen": "prefs"])
        #expect(try JSON.parse(try #require(root.texts.first))["display"] == "hidden", "\(root.texts)")
    }

    @Test("resolve_tint: a colour alone, a document's own bar colour, and a colour navd cannot read")
    func tints() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let dark = try await call(client, "resolve_tint", ["color": "#1C1C1E"])
        #expect(!dark.isError, "\(dark.texts)")
        let darkJSON = try JSON.parse(try #require(dark.texts.first))
        #expect(
            darkJSON["foreground"] == "#007AFF" && darkJSON["foregroundPolicy"] == "uikit" && darkJSON["automaticForeground"] == "#FFFFFF")
        let light = try await call(client, "resolve_tint", ["color": "#FFCC66", "method": "wcag", "foreground": "automatic"])
        #expect(try JSON.parse(try #require(light.texts.first))["foreground"] == "#000000", "\(light.texts)")
        let unknown = try await call(client, "resolve_tint", ["color": "#FFCC66", "foreground": "seed"])
        #expect(unknown.isError)

        let document = try await call(
            client, "resolve_tint", ["document": .string(example("examples/seeds/tint-by-luminance-ios17.navd.json"))])
        #expect(!document.isError, "\(document.texts)")
        let documentJSON = try JSON.parse(try #require(document.texts.first))
        #expect(documentJSON["background"] == "#777777")
        // The seed's document opts in to its own automatic foreground.
        #expect(documentJSON["foreground"] == "#FFFFFF" && documentJSON["foregroundPolicy"] == "automatic")

        let bad = try await call(client, "resolve_tint", ["color": "#12345"])
        #expect(bad.isError)
        #expect(bad.texts == ["arguments.color: '#12345' has 5 hex digits; use #RGB, #RRGGBB or #RRGGBBAA"])

        let neither = try await call(client, "resolve_tint", [:])
        #expect(neither.isError && neither.texts == ["arguments: give a color, or a document for its top bar's own colour"])
    }

    @Test("render_bar gives the bar as SVG text")
    func renders() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        let answer = try await call(client, "render_bar", ["document": .string(example("examples/seeds/qynavbackbutton-ios17.navd.json"))])
        #expect(!answer.isError, "\(answer.texts)")
        let svg = try #require(answer.texts.first)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"), "\(svg.prefix(80))")
        #expect(svg.contains("</svg>"))
    }

    @Test("an unknown tool is a protocol error (invalid params)")
    func unknownTool() async throws {
        let (client, server) = try await connectedClient()
        defer { Task { await server.stop() } }
        await #expect {
            _ = try await client.callTool(name: "lint", arguments: [:]) as (content: [Tool.Content], isError: Bool?)
        } throws: { error in
            (error as? MCPError)?.code == -32602 && "\(error)".contains("unknown tool 'lint'")
        }
    }
}

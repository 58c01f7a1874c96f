import Foundation
import JSONCore
import Testing

/// `navctl mcp` as a coding assistant meets it: the real binary, newline-delimited JSON-RPC on its stdin and stdout.
@Suite("navctl mcp")
struct MCPEndToEndTests {
    static let root = Paths.packageRoot.path

    /// One request line.
    static func request(_ id: Int, _ method: String, _ params: JSON) -> String {
        JSON.object(["jsonrpc": "2.0", "id": .number(id), "method": .string(method), "params": params]).serialized()
    }

    static func call(_ id: Int, _ tool: String, _ arguments: JSON) -> String {
        request(id, "tools/call", ["name": .string(tool), "arguments": arguments])
    }

    /// The replies by id, every stdout line being one JSON-RPC message; a reply with a null id under -1.
    static func replies(_ stdout: String) throws -> [Int64: JSON] {
        var out: [Int64: JSON] = [:]
        for line in stdout.split(separator: "\n") {
            let message = try JSON.parse(String(line))
            #expect(message["jsonrpc"] == "2.0", "\(line)")
            out[message["id"]?.intValue ?? -1] = message
        }
        return out
    }

    /// The texts of a tools/call result.
    static func texts(_ reply: JSON?) -> [String] {
        (reply?["result"]?["content"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
    }

    @Test("initialize, tools/list, each tool, a malformed line and bad arguments, answered in one session until stdin ends")
    func session() async throws {
        let dir = try TemporaryDirectory()
        let source = dir.file("Compose.m")
        try FileManager.default.copyItem(atPath: "\(Self.root)/examples/source/pop-gesture-disabled/failing.m", toPath: source)
        let seed = "\(Self.root)/examples/seeds/qynavbackbutton-ios17.navd.json"
        let lines = [
            Self.request(
                1, "initialize",
                ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "e2e", "version": "1"]]),
            JSON.object(["jsonrpc": "2.0", "method": "notifications/initialized"]).serialized(),
            Self.request(2, "tools/list", [:]),
            Self.call(3, "lint_paths", ["paths": [.string(source)]]),
            Self.call(4, "explain_finding", ["code": "pop-gesture-disabled"]),
            Self.call(5, "hit_test", ["document": .string(seed), "x": 20, "y": 70]),
            Self.call(6, "back_title", ["document": .string("\(Self.root)/examples/seeds/long-back-title-se.navd.json")]),
            Self.call(7, "resolve_tint", ["color": "#1C1C1E"]),
            Self.call(8, "render_bar", ["document": .string(seed)]),
            "{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": \"tools/call\", \"params\": {",
            Self.call(10, "hit_test", ["document": .string(seed), "x": 20]),
        ]
        let run = try await runNavctl(["mcp", "--no-cache"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run)")
        let replies = try Self.replies(run.stdout)
        #expect(replies.count == 10, "\(run.stdout)")

        let initialize = replies[1]?["result"]
        #expect(initialize?["serverInfo"]?["name"] == "navd", "\(run.stdout)")
        #expect(initialize?["capabilities"]?["tools"] != nil)
        let tools = (replies[2]?["result"]?["tools"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        #expect(tools == ["lint_paths", "explain_finding", "hit_test", "back_title", "resolve_tint", "render_bar"])

        // The Objective-C file's finding at the line of the custom left item.
        #expect(replies[3]?["result"]?["isError"] == nil || replies[3]?["result"]?["isError"] == false)
        #expect(Self.texts(replies[3]).first?.contains("\(source):34:5: warning: swipe-back is stopped") == true, "\(run.stdout)")
        #expect(Self.texts(replies[3]).first?.contains("[pop-gesture-disabled]") == true)

        #expect(Self.texts(replies[4]).first?.hasPrefix("pop-gesture-disabled (PopGestureDisabled): warning by default") == true)

        // The back button of 'fish' pops to 'home' on iOS 17 (the custom back action is never called there).
        let hit = Self.texts(replies[5])
        #expect(hit.first?.contains("lands on the back button") == true, "\(hit)")
        let hitJSON = try JSON.parse(try #require(hit.last))
        #expect(hitJSON["action"]?["kind"] == "pop")
        #expect(hitJSON["action"]?["to"] == "home")

        #expect(try JSON.parse(try #require(Self.texts(replies[6]).first))["title"] == "Back")
        let tint = try JSON.parse(try #require(Self.texts(replies[7]).first))
        #expect(tint["foreground"] == "#007AFF" && tint["automaticForeground"] == "#FFFFFF")
        #expect(Self.texts(replies[8]).first?.contains("</svg>") == true)

        // The malformed line: a parse error with a null id, and the session goes on.
        let malformed = try #require(replies[-1])
        #expect(malformed["id"] == .null)
        #expect(malformed["error"]?["code"]?.intValue == -32700)

        #expect(replies[10]?["result"]?["isError"] == true)
        #expect(Self.texts(replies[10]) == ["arguments.y: missing; hit_test needs it"])
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}

import JSONCore
import Testing

/// The JSON nesting and header-block limits are daemon flags, named in the errors they cause.
@Suite("--max-json-depth and --max-header-bytes on the real socket")
struct WireLimitsEndToEndTests {
    @Test("a message nested past --max-json-depth gets -32700 naming the limit; the connection carries on")
    func jsonDepth() async throws {
        try await withDaemon(["--max-json-depth", "8"]) { daemon in
            let raw = try daemon.raw()
            // Eight levels are accepted (the envelope and its params count), nine are not.
            let ok = #"{"jsonrpc":"2.0","id":1,"method":"tint/resolve","params":{"color":{"r":1,"g":1,"b":1}}}"#
            try await raw.send(ok + "\n")
            #expect(try await raw.nextMessage()["id"] == 1)
            let deep = String(repeating: "[", count: 9) + String(repeating: "]", count: 9)
            try await raw.send(deep + "\n")
            let error = try await raw.nextMessage()
            #expect(error["id"] == .null)
            #expect(error["error"]?["code"] == -32700)
            #expect(error["error"]?["data"]?["name"] == "maxJSONDepth")
            #expect(error["error"]?["data"]?["limit"] == 8)
            try await raw.sendLine(RPC.request(2, "session/list"))
            #expect(try await raw.nextMessage()["id"] == 2)
            raw.close()
        }
    }

    @Test("a header block past --max-header-bytes is malformed: -32700, then that connection closes")
    func headerBlock() async throws {
        try await withDaemon(["--max-header-bytes", "128"]) { daemon in
            let small = try daemon.raw()
            try await small.sendFramed(RPC.request(1, "session/list"))
            #expect(try await small.nextMessage()["id"] == 1)
            let raw = try daemon.raw()
            let padding = "X-Padding: " + String(repeating: "a", count: 200) + "\r\n"
            try await raw.send("Content-Length: 2\r\n" + padding + "\r\n{}")
            let error = try await raw.nextMessage()
            #expect(error["error"]?["code"] == -32700)
            #expect(await raw.waitForClose())
            // Other connections carry on.
            try await small.sendFramed(RPC.request(2, "session/list"))
            #expect(try await small.nextMessage()["id"] == 2)
            small.close()
            raw.close()
        }
    }
}

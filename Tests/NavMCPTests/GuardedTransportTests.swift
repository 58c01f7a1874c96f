import Foundation
import JSONCore
import MCP
@testable import NavMCP
import Testing

/// The server behind the guard, over an in-memory pair whose client side sends raw bytes.
func guardedServer() async throws -> (client: InMemoryTransport, server: Server, guarded: GuardedTransport) {
    let server = await NavMCPServer.make()
    let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
    let guarded = GuardedTransport(serverSide)
    try await server.start(transport: guarded)
    try await clientSide.connect()
    return (clientSide, server, guarded)
}

/// The next message the client side receives, parsed.
func nextReply(_ messages: inout AsyncThrowingStream<Data, any Error>.Iterator) async throws -> JSON {
    let data = try #require(try await messages.next())
    return try JSON.parse(data)
}

@Suite("The guard in front of the server: JSON-RPC's null id for messages it cannot read")
struct GuardedTransportTests {
    @Test(
        "a line that is not JSON gets -32700, one that is not a request gets -32600, both with id null",
        arguments: [
            ("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ", -32700),
            ("not json", -32700),
            ("42", -32600),
            ("[]", -32600),
            ("{\"jsonrpc\": \"2.0\"}", -32600),
            ("{\"jsonrpc\": \"2.0\", \"id\": 1.5, \"method\": \"ping\"}", -32600),
            ("{\"jsonrpc\": \"2.0\", \"id\": null, \"method\": \"ping\"}", -32600),
        ])
    func nullId(line: String, code: Int) async throws {
        let (client, server, _) = try await guardedServer()
        defer { Task { await server.stop() } }
        var messages = await client.receive().makeAsyncIterator()
        try await client.send(Data(line.utf8))
        let reply = try await nextReply(&messages)
        #expect(reply["jsonrpc"] == "2.0")
        #expect(reply["id"] == .null, "\(reply)")
        #expect(reply["error"]?["code"]?.intValue == Int64(code), "\(reply)")
        #expect(reply["result"] == nil)

        // The server goes on answering after it.
        try await client.send(Data("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"ping\"}".utf8))
        let pong = try await nextReply(&messages)
        #expect(pong["id"] == 7, "\(pong)")
        #expect(pong["result"] != nil, "\(pong)")
    }

    @Test("a request with an id it can read keeps that id in its error")
    func keepsId() async throws {
        let (client, server, _) = try await guardedServer()
        defer { Task { await server.stop() } }
        var messages = await client.receive().makeAsyncIterator()
        try await client.send(Data("{\"jsonrpc\": \"2.0\", \"id\": \"a\", \"method\": \"no/such\"}".utf8))
        let reply = try await nextReply(&messages)
        #expect(reply["id"] == "a", "\(reply)")
        #expect(reply["error"]?["code"]?.intValue == -32601, "\(reply)")
    }

    @Test("drained() returns once every request read has its answer")
    func drains() async throws {
        let (client, server, guarded) = try await guardedServer()
        defer { Task { await server.stop() } }
        var messages = await client.receive().makeAsyncIterator()
        let file = example("examples/source/pop-gesture-disabled/failing.m")
        let call = """
            {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "lint_paths", "arguments": {"paths": ["\(file)"]}}}
            """
        try await client.send(Data(call.utf8))
        await guarded.drained()
        let reply = try await nextReply(&messages)
        #expect(reply["id"] == 3)
        let text = reply["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue
        #expect(text?.contains("[pop-gesture-disabled]") == true, "\(reply)")
    }

    @Test("classification, message by message")
    func classifies() {
        #expect(
            GuardedTransport.classify(Data("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}".utf8))
                == .pass(requests: ["n:1"], cancelled: []))
        #expect(
            GuardedTransport.classify(Data("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}".utf8))
                == .pass(requests: [], cancelled: []))
        #expect(
            GuardedTransport.classify(
                Data("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"x\"}}".utf8))
                == .pass(requests: [], cancelled: ["s:x"]))
        #expect(GuardedTransport.classify(Data("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}".utf8)) == .pass(requests: [], cancelled: []))
    }
}

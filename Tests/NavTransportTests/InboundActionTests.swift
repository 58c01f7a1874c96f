import JSONCore
import NavFraming
import NavProtocol
import Testing

@testable import NavTransport

/// Raw text as a client would send it, and the error code or classification it must lead to.
struct InboundCase: CustomStringConvertible, Sendable {
    var name: String
    var text: String
    /// The error code of an immediate reply, or nil when the body is dispatched.
    var replyCode: Int?
    /// For dispatched bodies: how many items, and how many of them are invalid.
    var items = 0
    var invalidItems = 0
    var description: String { name }
}

/// The examples of the JSON-RPC 2.0 specification, section 7, that the transport decides alone.
let inboundCases: [InboundCase] = [
    InboundCase(
        name: "rpc call with positional parameters",
        text: #"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#, items: 1),
    InboundCase(
        name: "a notification", text: #"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#, items: 1),
    InboundCase(
        name: "rpc call with invalid JSON", text: #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
        replyCode: -32700),
    InboundCase(
        name: "rpc call with invalid Request object", text: #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#,
        items: 1, invalidItems: 1),
    InboundCase(
        name: "rpc call Batch, invalid JSON",
        text: #"[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method" ]"#,
        replyCode: -32700),
    InboundCase(name: "rpc call with an empty Array", text: "[]", replyCode: -32600),
    InboundCase(name: "rpc call with an invalid Batch, but not empty", text: "[1]", items: 1, invalidItems: 1),
    InboundCase(name: "rpc call with invalid Batch", text: "[1,2,3]", items: 3, invalidItems: 3),
    InboundCase(
        name: "rpc call Batch",
        text: #"""
            [{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"}, {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}, {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"}, {"foo": "boo"}, {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"}, {"jsonrpc": "2.0", "method": "get_data", "id": "9"}]
            """#,
        items: 6, invalidItems: 1),
    InboundCase(
        name: "rpc call Batch (all notifications)",
        text:
            #"[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]}, {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]"#,
        items: 2),
]

func check(_ action: InboundAction, _ c: InboundCase) {
    switch action {
    case .dispatch(let envelope):
        #expect(c.replyCode == nil)
        let items: [EnvelopeItem]
        switch envelope {
        case .single(let item): items = [item]
        case .batch(let batch): items = batch
        case .emptyBatch: items = []
        }
        #expect(items.count == c.items)
        let invalid = items.filter { if case .invalid = $0 { return true } else { return false } }
        #expect(invalid.count == c.invalidItems)
    case .reply(let reply):
        #expect(reply["error"]?["code"] == c.replyCode.map { .int(Int64($0)) })
        #expect(reply["id"] == .null)
    case .replyAndClose:
        Issue.record("\(c.name) must not close the connection")
    }
}

@Suite("InboundAction")
struct InboundActionTests {
    @Test("JSON-RPC 2.0 examples over both framings", arguments: inboundCases, [Framing.contentLength, .ndjson])
    func examples(_ c: InboundCase, _ framing: Framing) throws {
        var decoder = FrameDecoder()
        let events = decoder.feed(FrameEncoder.encode(bytes(c.text), framing: framing))
        try #require(events.count == 1)
        check(InboundAction.interpret(events[0]), c)
    }

    @Test("an oversized message gets -32600 with data.limit and the connection carries on")
    func oversized() {
        var decoder = FrameDecoder(maxMessageBytes: 16)
        let events = decoder.feed(bytes(#"{"jsonrpc":"2.0","method":"a_long_method_name"}"# + "\n{\"a\":1}\n"))
        #expect(events.count == 2)
        guard case .reply(let reply) = InboundAction.interpret(events[0]) else {
            Issue.record("expected an error reply")
            return
        }
        #expect(reply["error"]?["code"] == -32600)
        #expect(reply["error"]?["data"]?["limit"] == 16)
        #expect(InboundAction.interpret(events[1]) == .dispatch(.single(Envelope.classifyItem(["a": 1]))))
    }

    @Test("a malformed header gets -32700 and closes")
    func malformed() {
        var decoder = FrameDecoder()
        let events = decoder.feed(bytes("Content-Length: x\r\n\r\n"))
        guard events.count == 1, case .replyAndClose(let reply) = InboundAction.interpret(events[0]) else {
            Issue.record("expected a reply and close, got \(events)")
            return
        }
        #expect(reply["error"]?["code"] == -32700)
        #expect(reply["id"] == .null)
    }
}

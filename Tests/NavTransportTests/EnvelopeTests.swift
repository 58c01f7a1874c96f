import JSONCore
import NavProtocol
import Testing

@testable import NavTransport

/// What an envelope item must be, without the error's wording.
enum Expected: Hashable, Sendable, CustomStringConvertible {
    case request(RequestID, String, JSON?)
    case notification(String, JSON?)
    /// -32600 replied to this id, naming this member in `data.path`.
    case invalid(RequestID, path: String)

    var description: String {
        switch self {
        case .request(let id, let m, _): return "request \(id) \(m)"
        case .notification(let m, _): return "notification \(m)"
        case .invalid(let id, let path): return "invalid \(id) at '\(path)'"
        }
    }
}

func project(_ item: EnvelopeItem) -> Expected? {
    switch item {
    case .message(.request(let id, let method, let params)): return .request(id, method, params?.json)
    case .message(.notification(let method, let params)): return .notification(method, params?.json)
    case .invalid(let id, let error):
        guard error.code == ErrorCode.invalidRequest, case .string(let path)? = error.data?["path"] else { return nil }
        return .invalid(id, path: path)
    }
}

struct EnvelopeCase: CustomStringConvertible, Sendable {
    var name: String
    var json: JSON
    var expected: [Expected]
    var isBatch = false
    var description: String { name }
}

let sumParams: JSON = [1, 2, 4]

let envelopeCases: [EnvelopeCase] = [
    // Valid shapes.
    EnvelopeCase(
        name: "request with positional params",
        json: ["jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1],
        expected: [.request(.int(1), "subtract", [42, 23])]),
    EnvelopeCase(
        name: "request with named params and a string id",
        json: ["jsonrpc": "2.0", "method": "subtract", "params": ["subtrahend": 23], "id": "a"],
        expected: [.request(.string("a"), "subtract", ["subtrahend": 23])]),
    EnvelopeCase(
        name: "request without params",
        json: ["jsonrpc": "2.0", "method": "shutdown", "id": 7],
        expected: [.request(.int(7), "shutdown", nil)]),
    EnvelopeCase(
        name: "request with a null id",
        json: ["jsonrpc": "2.0", "method": "m", "id": nil],
        expected: [.request(.null, "m", nil)]),
    EnvelopeCase(
        name: "request with an integral number id",
        json: ["jsonrpc": "2.0", "method": "m", "id": 2.0],
        expected: [.request(.int(2), "m", nil)]),
    EnvelopeCase(
        name: "notification",
        json: ["jsonrpc": "2.0", "method": "update", "params": [1, 2, 3, 4, 5]],
        expected: [.notification("update", [1, 2, 3, 4, 5])]),
    EnvelopeCase(
        name: "notification without params",
        json: ["jsonrpc": "2.0", "method": "exit"],
        expected: [.notification("exit", nil)]),

    // Invalid Request objects (JSON-RPC 2.0 section 7 examples and every rule).
    EnvelopeCase(
        name: "spec: method is a number, params a string",
        json: ["jsonrpc": "2.0", "method": 1, "params": "bar"],
        expected: [.invalid(.null, path: "method")]),
    EnvelopeCase(name: "spec: a number", json: 1, expected: [.invalid(.null, path: "")]),
    EnvelopeCase(name: "a string", json: "x", expected: [.invalid(.null, path: "")]),
    EnvelopeCase(name: "null", json: nil, expected: [.invalid(.null, path: "")]),
    EnvelopeCase(name: "a boolean", json: true, expected: [.invalid(.null, path: "")]),
    EnvelopeCase(
        name: "missing jsonrpc, id readable",
        json: ["method": "m", "id": 3],
        expected: [.invalid(.int(3), path: "jsonrpc")]),
    EnvelopeCase(
        name: "jsonrpc 1.0",
        json: ["jsonrpc": "1.0", "method": "m", "id": "q"],
        expected: [.invalid(.string("q"), path: "jsonrpc")]),
    EnvelopeCase(
        name: "jsonrpc as a number",
        json: ["jsonrpc": 2.0, "method": "m"],
        expected: [.invalid(.null, path: "jsonrpc")]),
    EnvelopeCase(
        name: "missing method",
        json: ["jsonrpc": "2.0", "id": 4],
        expected: [.invalid(.int(4), path: "method")]),
    EnvelopeCase(
        name: "method null",
        json: ["jsonrpc": "2.0", "method": nil, "id": 4],
        expected: [.invalid(.int(4), path: "method")]),
    EnvelopeCase(
        name: "fractional id",
        json: ["jsonrpc": "2.0", "method": "m", "id": 1.5],
        expected: [.invalid(.null, path: "id")]),
    EnvelopeCase(
        name: "boolean id",
        json: ["jsonrpc": "2.0", "method": "m", "id": true],
        expected: [.invalid(.null, path: "id")]),
    EnvelopeCase(
        name: "object id",
        json: ["jsonrpc": "2.0", "method": "m", "id": ["a": 1]],
        expected: [.invalid(.null, path: "id")]),
    EnvelopeCase(
        name: "array id",
        json: ["jsonrpc": "2.0", "method": "m", "id": [1]],
        expected: [.invalid(.null, path: "id")]),
    EnvelopeCase(
        name: "params a string",
        json: ["jsonrpc": "2.0", "method": "m", "params": "bar", "id": 5],
        expected: [.invalid(.int(5), path: "params")]),
    EnvelopeCase(
        name: "params a number, notification",
        json: ["jsonrpc": "2.0", "method": "m", "params": 1],
        expected: [.invalid(.null, path: "params")]),
    EnvelopeCase(
        name: "params null reads as no params",
        json: ["jsonrpc": "2.0", "method": "m", "params": nil, "id": 6],
        expected: [.request(.int(6), "m", nil)]),
    EnvelopeCase(
        name: "a client reply with result",
        json: ["jsonrpc": "2.0", "result": 19, "id": 1],
        expected: [.invalid(.int(1), path: "result")]),
    EnvelopeCase(
        name: "a client reply with error",
        json: ["jsonrpc": "2.0", "error": ["code": -32601, "message": "x"], "id": "r"],
        expected: [.invalid(.string("r"), path: "error")]),

    // Batches.
    EnvelopeCase(name: "spec: [1]", json: [1], expected: [.invalid(.null, path: "")], isBatch: true),
    EnvelopeCase(
        name: "spec: [1,2,3]", json: [1, 2, 3],
        expected: [.invalid(.null, path: ""), .invalid(.null, path: ""), .invalid(.null, path: "")], isBatch: true),
    EnvelopeCase(
        name: "spec: mixed batch",
        json: [
            ["jsonrpc": "2.0", "method": "sum", "params": [1, 2, 4], "id": "1"],
            ["jsonrpc": "2.0", "method": "notify_hello", "params": [7]],
            ["jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": "2"],
            ["foo": "boo"],
            ["jsonrpc": "2.0", "method": "foo.get", "params": ["name": "myself"], "id": "5"],
            ["jsonrpc": "2.0", "method": "get_data", "id": "9"],
        ],
        expected: [
            .request(.string("1"), "sum", sumParams),
            .notification("notify_hello", [7]),
            .request(.string("2"), "subtract", [42, 23]),
            .invalid(.null, path: "jsonrpc"),
            .request(.string("5"), "foo.get", ["name": "myself"]),
            .request(.string("9"), "get_data", nil),
        ],
        isBatch: true),
    EnvelopeCase(
        name: "spec: notification-only batch",
        json: [
            ["jsonrpc": "2.0", "method": "notify_sum", "params": [1, 2, 4]],
            ["jsonrpc": "2.0", "method": "notify_hello", "params": [7]],
        ],
        expected: [.notification("notify_sum", sumParams), .notification("notify_hello", [7])],
        isBatch: true),
    EnvelopeCase(
        name: "a nested batch is an invalid element",
        json: [[["jsonrpc": "2.0", "method": "m", "id": 1]], ["jsonrpc": "2.0", "method": "m", "id": 2]],
        expected: [.invalid(.null, path: ""), .request(.int(2), "m", nil)],
        isBatch: true),
]

@Suite("Envelope")
struct EnvelopeTests {
    /// Each case classified as a Swift value and as the parsed document the transport reads in place: the
    /// two must agree with the expectation.
    @Test("classification", arguments: envelopeCases, [false, true])
    func classify(_ c: EnvelopeCase, parsed: Bool) throws {
        let envelope = parsed ? Envelope.classify(try JSONDocument.parse(c.json.serializedBytes()).value) : Envelope.classify(c.json)
        switch envelope {
        case .single(let item):
            #expect(!c.isBatch)
            #expect([project(item)] == c.expected.map { Optional($0) })
        case .batch(let items):
            #expect(c.isBatch)
            #expect(items.map(project) == c.expected.map { Optional($0) })
        case .emptyBatch:
            Issue.record("\(c.name) is not an empty batch")
        }
    }

    @Test("an empty array is an empty batch")
    func emptyBatch() {
        #expect(Envelope.classify([]) == .emptyBatch)
        #expect(TransportErrors.emptyBatch.code == ErrorCode.invalidRequest)
    }

    @Test(
        "invalid requests say what to fix",
        arguments: [
            (["jsonrpc": "1.0", "method": "m"] as JSON, "'jsonrpc' must be \"2.0\""),
            (["jsonrpc": "2.0", "method": 1] as JSON, "'method' must be a string"),
            (["jsonrpc": "2.0", "method": "m", "id": 1.5] as JSON, "'id' must be a string, an integer or null"),
            (["jsonrpc": "2.0", "method": "m", "params": "x"] as JSON, "'params' must be an object or an array"),
            (1 as JSON, "a request must be a JSON object"),
        ])
    func messages(_ json: JSON, _ fragment: String) throws {
        guard case .single(.invalid(_, let error)) = Envelope.classify(json) else {
            Issue.record("expected an invalid request")
            return
        }
        #expect(error.code == -32600)
        #expect(error.message.contains(fragment))
    }

    @Test("replies carry the id and either result or error")
    func replies() {
        #expect(
            Envelope.reply(id: .string("a"), result: [1]) == ["jsonrpc": "2.0", "id": "a", "result": [1]])
        #expect(
            Envelope.reply(id: .null, error: TransportErrors.oversized(limit: 10))
                == [
                    "jsonrpc": "2.0", "id": nil,
                    "error": [
                        "code": -32600, "message": .string(TransportErrors.oversized(limit: 10).message),
                        "data": ["limit": 10, "name": "maxMessageBytes"],
                    ],
                ])
    }

    @Test(
        "request ids are read from strings, integers and null only",
        arguments: [
            ("x", RequestID.string("x")), (-3, .int(-3)), (nil, .null), (4.0, .int(4)),
            (0.5, nil), (false, nil), ([1], nil), (["id": 1], nil),
        ] as [(JSON, RequestID?)])
    func requestIDs(_ json: JSON, _ expected: RequestID?) {
        #expect(RequestID(json: json) == expected)
    }
}

@Suite("Replies written without building the envelope")
struct WrittenReplyTests {
    static let ids: [RequestID] = [.int(0), .int(-7), .int(Int64.max), .string(""), .string("a\"b\\c\n\u{1}é"), .null]
    static let answers: [Result<JSON, RPCError>] = [
        .success(.null), .success(["title": "Général", "menu": ["a", "b"], "n": 1.5, "ok": true]),
        .success(.array([])), .success(.string("tab\there")),
        .failure(.cancelled), .failure(.invalidParams(path: "screen.title", expected: "string")),
    ]

    @Test("the bytes are those of Envelope.reply, for every kind of id and answer", arguments: ids)
    func sameBytes(_ id: RequestID) {
        for answer in Self.answers {
            let written = JSONBytes.make(capacity: 0) { Envelope.writeReply(id: id, answer, to: &$0) }
            let built: JSON
            switch answer {
            case .success(let value): built = Envelope.reply(id: id, result: value)
            case .failure(let error): built = Envelope.reply(id: id, error: error)
            }
            #expect(written == built.serializedBytes(), "\(String(decoding: written, as: UTF8.self))")
        }
    }
}

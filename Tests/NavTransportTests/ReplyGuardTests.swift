import JSONCore
import NavProtocol
import Testing

@testable import NavTransport

/// One step of a connection's life, and what the guard must answer.
enum GuardStep: Sendable, CustomStringConvertible {
    /// A request arrives; `accepted` false means it is refused as a duplicate.
    case begin(RequestID, accepted: Bool)
    /// `$/cancelRequest`; `marked` says whether a pending request was marked.
    case cancel(RequestID, marked: Bool)
    /// The handler finished; `reply` is the error code written (0 for a result), nil for none.
    case finish(RequestID, reply: Int?)

    var description: String {
        switch self {
        case .begin(let id, let ok): return "begin \(id) -> \(ok)"
        case .cancel(let id, let ok): return "cancel \(id) -> \(ok)"
        case .finish(let id, let code): return "finish \(id) -> \(code.map(String.init) ?? "nothing")"
        }
    }
}

struct GuardScript: CustomStringConvertible, Sendable {
    var name: String
    var steps: [GuardStep]
    var description: String { name }
}

let guardScripts: [GuardScript] = [
    GuardScript(
        name: "one request, one reply, a second completion writes nothing",
        steps: [.begin(.int(1), accepted: true), .finish(.int(1), reply: 0), .finish(.int(1), reply: nil)]),
    GuardScript(
        name: "a duplicate id in flight is refused, the first still replies once",
        steps: [
            .begin(.string("a"), accepted: true), .begin(.string("a"), accepted: false),
            .finish(.string("a"), reply: 0), .finish(.string("a"), reply: nil),
        ]),
    GuardScript(
        name: "an id is free again once replied to",
        steps: [
            .begin(.int(1), accepted: true), .finish(.int(1), reply: 0),
            .begin(.int(1), accepted: true), .finish(.int(1), reply: 0),
        ]),
    GuardScript(
        name: "ids of different types are different",
        steps: [
            .begin(.int(1), accepted: true), .begin(.string("1"), accepted: true), .begin(.null, accepted: true),
            .begin(.null, accepted: false), .finish(.string("1"), reply: 0), .finish(.int(1), reply: 0),
            .finish(.null, reply: 0),
        ]),
    GuardScript(
        name: "a cancelled request replies -32800",
        steps: [
            .begin(.int(9), accepted: true), .cancel(.int(9), marked: true), .finish(.int(9), reply: -32800),
            .finish(.int(9), reply: nil),
        ]),
    GuardScript(
        name: "cancelling unknown or finished ids is ignored",
        steps: [
            .cancel(.int(5), marked: false), .begin(.int(5), accepted: true), .finish(.int(5), reply: 0),
            .cancel(.int(5), marked: false), .begin(.int(5), accepted: true), .finish(.int(5), reply: 0),
        ]),
    GuardScript(
        name: "cancelling one request leaves the others alone",
        steps: [
            .begin(.int(1), accepted: true), .begin(.int(2), accepted: true), .cancel(.int(2), marked: true),
            .cancel(.int(2), marked: true), .finish(.int(1), reply: 0), .finish(.int(2), reply: -32800),
        ]),
]

@Suite("ReplyGuard")
struct ReplyGuardTests {
    @Test("scripted sequences", arguments: guardScripts)
    func script(_ script: GuardScript) throws {
        var replyGuard = ReplyGuard()
        for step in script.steps {
            switch step {
            case .begin(let id, let accepted):
                let refusal = replyGuard.begin(id)
                #expect((refusal == nil) == accepted, "\(step)")
                if let refusal {
                    #expect(refusal.code == ErrorCode.invalidRequest)
                    #expect(refusal.message.contains("duplicate id in flight"))
                }
            case .cancel(let id, let marked):
                #expect(replyGuard.cancel(id) == marked, "\(step)")
            case .finish(let id, let code):
                let reply = replyGuard.resolve(id, .success(["ok": true]))
                switch code {
                case nil:
                    #expect(reply == nil, "\(step)")
                case 0?:
                    #expect(reply == Envelope.reply(id: id, result: ["ok": true]), "\(step)")
                case let code?:
                    #expect(reply?["error"]?["code"] == .int(Int64(code)), "\(step)")
                    #expect(reply?["id"] == id.json, "\(step)")
                }
            }
        }
        #expect(replyGuard.inFlightCount == 0)
    }

    @Test("complete is true only the first time")
    func completeOnce() {
        var replyGuard = ReplyGuard()
        let beforeBegin = replyGuard.complete(.int(1))
        #expect(!beforeBegin)
        #expect(replyGuard.begin(.int(1)) == nil)
        #expect(replyGuard.isInFlight(.int(1)))
        let first = replyGuard.complete(.int(1))
        let second = replyGuard.complete(.int(1))
        #expect(first)
        #expect(!second)
        #expect(!replyGuard.isInFlight(.int(1)))
    }

    @Test("a failed request replies its error unless cancelled")
    func failure() {
        var replyGuard = ReplyGuard()
        _ = replyGuard.begin(.int(1))
        let error = RPCError.unknownSession("s")
        #expect(replyGuard.resolve(.int(1), .failure(error)) == Envelope.reply(id: .int(1), error: error))
        _ = replyGuard.begin(.int(2))
        replyGuard.cancel(.int(2))
        #expect(replyGuard.isCancelled(.int(2)))
        #expect(replyGuard.resolve(.int(2), .failure(error)) == Envelope.reply(id: .int(2), error: .cancelled))
    }

    @Test(
        "the target of $/cancelRequest",
        arguments: [
            (["id": 3] as JSON?, RequestID.int(3)), (["id": "x"], .string("x")), (["id": 1.5], nil), ([:], nil),
            (nil, nil), ([1], nil),
        ] as [(JSON?, RequestID?)])
    func cancelTarget(_ params: JSON?, _ expected: RequestID?) {
        #expect(ReplyGuard.cancelTarget(params) == expected)
    }
}

@Suite("The guard with many requests in flight")
struct ReplyGuardManyTests {
    /// Past the short list's limit the ids move to a dictionary and back: every rule holds on both sides.
    @Test("duplicates, cancels and exactly-once hold past the short list and back", arguments: [8, 32, 33, 200])
    func manyInFlight(_ count: Int) {
        var guardian = ReplyGuard()
        let ids: [RequestID] = (0..<count).map { $0 % 2 == 0 ? .int(Int64($0)) : .string("r\($0)") }
        for id in ids {
            let refusal = guardian.begin(id)
            #expect(refusal == nil)
        }
        #expect(guardian.inFlightCount == count)
        for id in ids {
            let refusal = guardian.begin(id)
            #expect(refusal != nil, "\(id) is a duplicate while in flight")
        }
        for (offset, id) in ids.enumerated() where offset % 3 == 0 {
            let marked = guardian.cancel(id)
            #expect(marked)
        }
        for (offset, id) in ids.enumerated().reversed() {
            let answer = guardian.answer(id, .success(.int(1)))
            if offset % 3 == 0 {
                #expect(answer.map { if case .failure(let e) = $0 { e.code == RPCError.cancelled.code } else { false } } == true)
            } else {
                #expect(answer.map { if case .success = $0 { true } else { false } } == true)
            }
            let second = guardian.answer(id, .success(.int(1)))
            #expect(second == nil, "a second reply to \(id)")
        }
        #expect(guardian.inFlightCount == 0)
        // Back to a short list: the ids are free again.
        for id in ids.prefix(3) {
            let refusal = guardian.begin(id)
            #expect(refusal == nil)
        }
        #expect(guardian.inFlightCount == 3)
    }
}

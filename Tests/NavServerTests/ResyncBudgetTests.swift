import JSONCore
import Logging
import NIOCore
import NIOEmbedded
import NavModel
import NavProtocol
import NavTransport
import Testing

@testable import NavServer

/// One event on a connection's outbound side, and what the connection must do.
enum ResyncStep: Sendable, CustomStringConvertible {
    case reply(Int)
    case written(Int)
    /// A notification of `session` at `version` of `bytes`; `sent` is whether it is queued.
    case notify(String, version: Int, bytes: Int, sent: Bool)
    /// The resyncs expected now, as (session, version).
    case resyncs([ResyncBudget.Resync])
    case forget(String)
    /// The pending byte count expected now.
    case pending(Int)

    var description: String {
        switch self {
        case .reply(let n): return "reply \(n)"
        case .written(let n): return "written \(n)"
        case .notify(let s, let v, let b, let sent): return "notify \(s)@\(v) \(b)B -> \(sent)"
        case .resyncs(let r): return "resyncs \(r.map { "\($0.sessionId)@\($0.version)" })"
        case .forget(let s): return "forget \(s)"
        case .pending(let n): return "pending \(n)"
        }
    }
}

struct ResyncScript: CustomStringConvertible, Sendable {
    var name: String
    var maxPendingBytes: Int
    var steps: [ResyncStep]
    var description: String { name }
}

func resync(_ session: String, _ version: Int) -> ResyncBudget.Resync {
    ResyncBudget.Resync(sessionId: session, version: version)
}

let resyncScripts: [ResyncScript] = [
    ResyncScript(
        name: "a reader that keeps up gets everything and no resync",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 60, sent: true), .written(60),
            .notify("a", version: 2, bytes: 60, sent: true), .written(60),
            .pending(0), .resyncs([]),
        ]),
    ResyncScript(
        name: "past the bound a session's notifications are dropped, then one resync with the latest version",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 60, sent: true),
            .notify("a", version: 2, bytes: 60, sent: false),
            .notify("a", version: 3, bytes: 10, sent: false),  // would fit, but must not skip version 2
            .resyncs([]),  // nothing written yet: still above the low-water mark
            .written(9), .resyncs([]),  // 51 pending: above the mark (50)
            .written(1), .resyncs([resync("a", 3)]),  // at the mark: one resync with the latest dropped version
            .pending(50),
        ]),
    ResyncScript(
        name: "the resync is handed out once at the low-water mark, then newer versions flow",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 80, sent: true),
            .notify("a", version: 2, bytes: 30, sent: false),
            .written(29), .resyncs([]),  // 51 pending
            .written(1), .resyncs([resync("a", 2)]),  // 50 pending
            .resyncs([]),  // only once
            .reply(20),
            .notify("a", version: 2, bytes: 5, sent: false),  // covered by the resync snapshot
            .notify("a", version: 3, bytes: 5, sent: true),
            .pending(75),
        ]),
    ResyncScript(
        name: "replies are always admitted and count against notifications",
        maxPendingBytes: 100,
        steps: [
            .reply(500), .pending(500),
            .notify("a", version: 1, bytes: 1, sent: false),
            .reply(10), .pending(510),
            .written(510), .resyncs([resync("a", 1)]),
            .notify("a", version: 2, bytes: 1, sent: true),
        ]),
    ResyncScript(
        name: "an idle connection takes one notification of any size",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 1000, sent: true),
            .notify("b", version: 1, bytes: 1, sent: false),
            .written(1000), .resyncs([resync("b", 1)]),
        ]),
    ResyncScript(
        name: "sessions are tracked separately, resyncs in first-drop order",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 90, sent: true),
            .notify("b", version: 7, bytes: 20, sent: false),
            .notify("a", version: 2, bytes: 20, sent: false),
            .notify("c", version: 3, bytes: 5, sent: true),  // c was never dropped and still fits
            .notify("b", version: 8, bytes: 1, sent: false),
            .written(95),
            .resyncs([resync("b", 8), resync("a", 2)]),
            .notify("b", version: 9, bytes: 1, sent: true),
            .notify("a", version: 3, bytes: 1, sent: true),
        ]),
    ResyncScript(
        name: "a forgotten session gets no resync",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 100, sent: true),
            .notify("a", version: 2, bytes: 1, sent: false),
            .notify("b", version: 4, bytes: 1, sent: false),
            .forget("a"),
            .written(100), .resyncs([resync("b", 4)]),
            .notify("a", version: 3, bytes: 1, sent: true),
        ]),
    ResyncScript(
        name: "a session dropped again after its resync is owed another, at its new version",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 80, sent: true),
            .notify("a", version: 2, bytes: 30, sent: false),
            .written(80), .resyncs([resync("a", 2)]),
            .notify("a", version: 3, bytes: 90, sent: true),
            .notify("a", version: 4, bytes: 20, sent: false),
            .written(90), .resyncs([resync("a", 4)]),
        ]),
]

/// The per-session resync rule over NavTransport's byte bound, as a connection applies them: the bound says
/// whether a notification fits, the session's budget whether it is sent, and the drain the bound reports hands
/// out the resyncs.
@Suite("ResyncBudget")
struct ResyncBudgetTests {
    @Test("scripted sequences", arguments: resyncScripts)
    func script(_ script: ResyncScript) {
        var bound = OutboundBudget(maxPendingBytes: script.maxPendingBytes)
        var budget = ResyncBudget()
        for step in script.steps {
            switch step {
            case .reply(let n): bound.enqueued(n)
            case .written(let n): bound.written(n)
            case .notify(let session, let version, let size, let sent):
                let fits = bound.fits(size)
                let admitted = budget.admit(sessionId: session, version: version, fits: fits)
                if !fits { bound.dropped() }
                #expect((fits && admitted) == sent, "\(step)")
                if fits && admitted { bound.enqueued(size) }
            case .resyncs(let expected):
                #expect((bound.takeDrained() ? budget.drained() : []) == expected, "\(step)")
            case .forget(let session): budget.forget(sessionId: session)
            case .pending(let n): #expect(bound.pendingBytes == n, "\(step)")
            }
        }
    }
}

/// The daemon's connections weigh session notifications against their outbound bound: a dropped session is owed
/// one `session/resync` once the connection drains, unless it closed or the connection stopped following it.
@Suite("Resyncs on a connection")
struct ConnectionResyncTests {
    struct Peer {
        let channel: EmbeddedChannel
        let handle: ConnectionHandle

        init(loop: EmbeddedEventLoop, maxOutboundBytes: Int) {
            // The daemon's own service, which gives each connection it opens its resyncs.
            let handler = RPCChannelHandler(
                id: 1, inbox: LoopInbox(serving: loop), service: NavService(), limits: ConnectionLimits(maxOutboundBytes: maxOutboundBytes),
                logger: Logger(label: "test"), writeReports: .promises)
            channel = EmbeddedChannel(handler: handler, loop: loop)
            handle = handler.handle
            channel.pipeline.fireChannelActive()
        }

        func written() throws -> [String] {
            var lines: [String] = []
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
                lines += String(buffer: buffer).split(separator: "\n").map(String.init)
            }
            return lines
        }
    }

    static let big =
        Array(#"{"jsonrpc":"2.0","method":"n","params":{"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 600)
        + Array(#""}}"#.utf8)
    static let small = Array(#"{"jsonrpc":"2.0","method":"session/didClose","params":{"sessionId":"s"}}"#.utf8)

    @Test("past the bound a session's notifications are dropped, and it is owed one resync at the newest version")
    func boundApplies() throws {
        let loop = EmbeddedEventLoop()
        let a = Peer(loop: loop, maxOutboundBytes: 1024)
        var broadcast = Broadcast()
        for version in 1...3 {
            broadcast.add(Broadcast.Message(Self.big), to: a.handle, tag: SessionNotice(sessionId: "s", version: version))
        }
        broadcast.send()
        loop.run()
        #expect(
            try a.written() == [
                String(decoding: Self.big, as: UTF8.self),
                #"{"jsonrpc":"2.0","method":"session/resync","params":{"sessionId":"s","version":3}}"#,
            ])
    }

    @Test("a session closed (its didClose) or no longer followed is forgotten: no resync for it follows")
    func forgottenSessions() throws {
        for closing in [true, false] {
            let loop = EmbeddedEventLoop()
            let a = Peer(loop: loop, maxOutboundBytes: 1024)
            var broadcast = Broadcast()
            for version in 1...3 {
                broadcast.add(Broadcast.Message(Self.big), to: a.handle, tag: SessionNotice(sessionId: "s", version: version))
            }
            for version in 1...3 {
                broadcast.add(Broadcast.Message(Self.big), to: a.handle, tag: SessionNotice(sessionId: "t", version: version))
            }
            // As the registry ends a connection's interest in a session: after its didClose, or on its own when
            // the connection's last subscription to it ends.
            if closing { broadcast.add(Broadcast.Message(Self.small), to: a.handle) }
            broadcast.mark(SessionForgotten(sessionId: "s"), at: a.handle)
            broadcast.send()
            loop.run()
            // "s" and "t" both lost versions to the bound; only "t", still followed, is owed its resync.
            let expected =
                [String(decoding: Self.big, as: UTF8.self)] + (closing ? [String(decoding: Self.small, as: UTF8.self)] : [])
                + [#"{"jsonrpc":"2.0","method":"session/resync","params":{"sessionId":"t","version":3}}"#]
            #expect(try a.written() == expected, "closing: \(closing)")
        }
    }

    @Test("through the registry: a session closed or unsubscribed from gets no resync after it", arguments: [true, false])
    func registryForgets(closing: Bool) throws {
        let loop = EmbeddedEventLoop()
        // Smaller than any didChange: a connection that has not written one yet drops the next.
        let a = Peer(loop: loop, maxOutboundBytes: 64)
        let registry = SessionRegistry()
        var subscriptions: [String: String] = [:]
        for name in ["s", "t"] {
            let (id, _, _) = try registry.add(name: name, model: NavigationModel())
            #expect(id != "", "session \(name)")
            subscriptions[id] = try registry.subscribe(sessionId: id, connection: a.handle, topics: Set(Topic.allCases)).0
        }
        let ids = registry.all().map(\.id)
        for screen in 1...3 {
            for session in registry.all() {
                let (version, _) = try session.run { (model: inout NavigationModel, effects: inout SessionEffects) throws(RPCError) in
                    effects.changes = (try? model.push(Screen(id: "screen\(screen)"))) ?? []
                    return model.version
                }
                #expect(version == screen)
            }
        }
        let ended = ids[0]
        if closing {
            _ = try registry.close(ended)
        } else {
            try registry.unsubscribe(subscriptions[ended]!, connectionId: a.handle.id)
        }
        loop.run()
        let lines = try a.written()
        // The first didChange went out (an idle connection takes one); every other was dropped, so both sessions
        // lost versions, but only the one still followed is owed its resync.
        let resyncs = lines.filter { $0.contains("session/resync") }
        #expect(
            resyncs == [#"{"jsonrpc":"2.0","method":"session/resync","params":{"sessionId":"\#(ids[1])","version":3}}"#],
            "\(lines)")
        #expect(lines.contains { $0.contains("session/didClose") } == closing)
    }
}

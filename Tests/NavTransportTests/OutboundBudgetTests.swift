import Testing

@testable import NavTransport

/// One event on a connection's outbound side, and what the budget must answer.
enum BudgetStep: Sendable, CustomStringConvertible {
    case reply(Int)
    case written(Int)
    /// A notification of `session` at `version` of `bytes`; `sent` is the expected admission.
    case notify(String, version: Int, bytes: Int, sent: Bool)
    /// The resyncs expected now, as (session, version).
    case resyncs([OutboundBudget.Resync])
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

struct BudgetScript: CustomStringConvertible, Sendable {
    var name: String
    var maxPendingBytes: Int
    var steps: [BudgetStep]
    var description: String { name }
}

func resync(_ session: String, _ version: Int) -> OutboundBudget.Resync {
    OutboundBudget.Resync(sessionId: session, version: version)
}

let budgetScripts: [BudgetScript] = [
    BudgetScript(
        name: "a reader that keeps up gets everything and no resync",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 60, sent: true), .written(60),
            .notify("a", version: 2, bytes: 60, sent: true), .written(60),
            .pending(0), .resyncs([]),
        ]),
    BudgetScript(
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
    BudgetScript(
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
    BudgetScript(
        name: "replies are always admitted and count against notifications",
        maxPendingBytes: 100,
        steps: [
            .reply(500), .pending(500),
            .notify("a", version: 1, bytes: 1, sent: false),
            .reply(10), .pending(510),
            .written(510), .resyncs([resync("a", 1)]),
            .notify("a", version: 2, bytes: 1, sent: true),
        ]),
    BudgetScript(
        name: "an idle connection takes one notification of any size",
        maxPendingBytes: 100,
        steps: [
            .notify("a", version: 1, bytes: 1000, sent: true),
            .notify("b", version: 1, bytes: 1, sent: false),
            .written(1000), .resyncs([resync("b", 1)]),
        ]),
    BudgetScript(
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
    BudgetScript(
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
    BudgetScript(
        name: "written never takes pending below zero",
        maxPendingBytes: 100,
        steps: [.reply(10), .written(50), .pending(0), .notify("a", version: 1, bytes: 100, sent: true), .pending(100)]),
]

@Suite("OutboundBudget")
struct OutboundBudgetTests {
    @Test("scripted sequences", arguments: budgetScripts)
    func script(_ script: BudgetScript) {
        var budget = OutboundBudget(maxPendingBytes: script.maxPendingBytes)
        #expect(budget.lowWaterBytes == script.maxPendingBytes / 2)
        for step in script.steps {
            switch step {
            case .reply(let n): budget.enqueued(n)
            case .written(let n): budget.written(n)
            case .notify(let session, let version, let size, let sent):
                #expect(budget.admitNotification(sessionId: session, version: version, bytes: size) == sent, "\(step)")
            case .resyncs(let expected):
                #expect(budget.drainedResyncs() == expected, "\(step)")
            case .forget(let session): budget.forget(sessionId: session)
            case .pending(let n): #expect(budget.pendingBytes == n, "\(step)")
            }
        }
    }

    @Test("the bound is named and configurable")
    func bound() {
        #expect(OutboundBudget().maxPendingBytes == OutboundBudget.defaultMaxPendingBytes)
        #expect(OutboundBudget(maxPendingBytes: 10).lowWaterBytes == 5)
    }
}

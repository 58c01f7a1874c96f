import Testing

@testable import NavTransport

/// One event on a connection's outbound side, and what the budget must answer.
enum BudgetStep: Sendable, CustomStringConvertible {
    /// Bytes that are never dropped (a reply).
    case reply(Int)
    case written(Int)
    /// A droppable notification of `bytes`; `fits` is the expected answer (one that does not fit is dropped).
    case notify(bytes: Int, fits: Bool)
    /// Whether a drain report is expected now.
    case drained(Bool)
    /// The pending byte count expected now.
    case pending(Int)

    var description: String {
        switch self {
        case .reply(let n): return "reply \(n)"
        case .written(let n): return "written \(n)"
        case .notify(let b, let fits): return "notify \(b)B -> \(fits ? "fits" : "dropped")"
        case .drained(let d): return "drained \(d)"
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

let budgetScripts: [BudgetScript] = [
    BudgetScript(
        name: "a reader that keeps up has everything fit and owes no drain",
        maxPendingBytes: 100,
        steps: [
            .notify(bytes: 60, fits: true), .written(60),
            .notify(bytes: 60, fits: true), .written(60),
            .pending(0), .drained(false),
        ]),
    BudgetScript(
        name: "past the bound a notification is dropped, and the drain is reported once at the low-water mark",
        maxPendingBytes: 100,
        steps: [
            .notify(bytes: 60, fits: true),
            .notify(bytes: 60, fits: false),
            .notify(bytes: 10, fits: true),  // the bound has room for it: what else it must wait for is the owner's
            .drained(false),  // nothing written yet: still above the low-water mark
            .written(19), .drained(false),  // 51 pending: above the mark (50)
            .written(1), .drained(true),  // at the mark
            .drained(false),  // only once
            .pending(50),
        ]),
    BudgetScript(
        name: "replies always count and push notifications out",
        maxPendingBytes: 100,
        steps: [
            .reply(500), .pending(500),
            .notify(bytes: 1, fits: false),
            .reply(10), .pending(510),
            .written(459), .drained(false),  // 51 pending
            .written(1), .drained(true),
            .notify(bytes: 1, fits: true),
        ]),
    BudgetScript(
        name: "an idle connection takes one notification of any size",
        maxPendingBytes: 100,
        steps: [
            .notify(bytes: 1000, fits: true),
            .notify(bytes: 1, fits: false),
            .written(1000), .drained(true),
        ]),
    BudgetScript(
        name: "a drop after a drain report owes another",
        maxPendingBytes: 100,
        steps: [
            .notify(bytes: 80, fits: true), .notify(bytes: 30, fits: false),
            .written(80), .drained(true),
            .notify(bytes: 90, fits: true), .notify(bytes: 20, fits: false),
            .drained(false), .written(90), .drained(true),
        ]),
    BudgetScript(
        name: "written never takes pending below zero",
        maxPendingBytes: 100,
        steps: [.reply(10), .written(50), .pending(0), .notify(bytes: 100, fits: true), .pending(100)]),
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
            case .notify(let size, let fits):
                // As the connection queues it: counted when it fits, else dropped.
                #expect(budget.fits(size) == fits, "\(step)")
                if budget.fits(size) { budget.enqueued(size) } else { budget.dropped() }
            case .drained(let expected): #expect(budget.takeDrained() == expected, "\(step)")
            case .pending(let n): #expect(budget.pendingBytes == n, "\(step)")
            }
        }
    }

    @Test("the bound is named and configurable")
    func bound() {
        #expect(OutboundBudget().maxPendingBytes == OutboundBudget.defaultMaxPendingBytes)
        #expect(OutboundBudget(maxPendingBytes: 10).lowWaterBytes == 5)
        #expect(OutboundBudget(maxPendingBytes: 0).maxPendingBytes == 1)
    }
}

import JSONCore

/// Collects the replies due to one batch and releases them as one array (PROTOCOL.md section 2).
///
/// Replies are due to the batch's requests and invalid items, not to its notifications.
/// The array is released once, when the last due reply arrives, in the order of the items
/// in the batch (whatever order the handlers finished in). A batch with nothing due gets
/// no reply at all.
///
/// Each reply is kept as the bytes it is written as, so a result already serialized (a kept answer) goes
/// into the array as it is, and the array is those bytes between brackets: nothing is parsed back.
public struct BatchReplies: Sendable {
    private var slots: [[UInt8]?]
    private var due: Set<Int>
    private var released = false

    /// Prepares for the replies due to `items`.
    public init(_ items: [EnvelopeItem]) {
        slots = Array(repeating: nil, count: items.count)
        due = Set(
            items.indices.filter { index in
                if case .message(.notification) = items[index] { return false }
                return true
            })
        isSilent = due.isEmpty
    }

    /// True when no reply is due: nothing is written for this batch.
    public let isSilent: Bool

    /// How many replies are still awaited.
    public var outstanding: Int { due.count }

    /// Records the reply to the item at `index`: one JSON-RPC response, as its bytes. Returns the batch
    /// reply (the bytes of a JSON array of the responses) when this was the last one due; nil otherwise, and
    /// for an index not due or already answered.
    public mutating func add(_ reply: [UInt8], at index: Int) -> [UInt8]? {
        guard !released, due.remove(index) != nil else { return nil }
        slots[index] = reply
        guard due.isEmpty else { return nil }
        released = true
        let replies = slots.compactMap { $0 }
        return JSONBytes.make(capacity: replies.reduce(replies.count + 1) { $0 + $1.count }) { out in
            out.byte(UInt8(ascii: "["))
            for (position, reply) in replies.enumerated() {
                if position > 0 { out.byte(UInt8(ascii: ",")) }
                out.bytes(reply)
            }
            out.byte(UInt8(ascii: "]"))
        }
    }
}

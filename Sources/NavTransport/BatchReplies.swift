import JSONCore

/// Collects the replies due to one batch and releases them as one array (PROTOCOL.md section 2).
///
/// Replies are due to the batch's requests and invalid items, not to its notifications.
/// The array is released once, when the last due reply arrives, in the order of the items
/// in the batch (whatever order the handlers finished in). A batch with nothing due gets
/// no reply at all.
public struct BatchReplies: Sendable {
    private var slots: [JSON?]
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

    /// Records the reply to the item at `index`. Returns the batch reply (a JSON array)
    /// when this was the last one due; nil otherwise, and for an index not due or already answered.
    public mutating func add(_ reply: JSON, at index: Int) -> JSON? {
        guard !released, due.remove(index) != nil else { return nil }
        slots[index] = reply
        guard due.isEmpty else { return nil }
        released = true
        return .array(slots.compactMap { $0 })
    }
}

/// The dispatch table's handlers, found by method name on every request.
///
/// The names are a fixed set of a few dozen, chosen by navd, so they need neither the resizing nor the seeded
/// hashing of a `Dictionary` (whose seed guards against keys chosen to collide, and which costs about as much
/// as the rest of the look-up put together). Each name goes in a slot picked by the FNV-1a hash of its bytes in
/// a table at least twice their number; a look-up hashes the name asked for the same way and compares names
/// from that slot on. A name asked for that is not in the table ends at an empty slot, which the table always
/// has.
struct MethodLookup<Handler: Sendable>: Sendable {
    private struct Slot: Sendable {
        let name: String
        let handler: Handler
    }

    private let slots: [Slot?]
    private let mask: Int

    init(_ handlers: [String: Handler]) {
        var size = 8
        while size < handlers.count * 2 { size *= 2 }
        var slots = [Slot?](repeating: nil, count: size)
        // In name order, so the layout is the same on every run.
        for (name, handler) in handlers.sorted(by: { $0.key < $1.key }) {
            var index = Self.hash(name) & (size - 1)
            while slots[index] != nil { index = (index + 1) & (size - 1) }
            slots[index] = Slot(name: name, handler: handler)
        }
        self.slots = slots
        self.mask = size - 1
    }

    /// The handler for `name`, or nil when no method has that name.
    func handler(for name: String) -> Handler? {
        var index = Self.hash(name) & mask
        while let slot = slots[index] {
            if slot.name == name { return slot.handler }
            index = (index + 1) & mask
        }
        return nil
    }

    /// FNV-1a (64-bit) over the name's UTF-8, read as one buffer (stepping through `utf8` costs several times
    /// as much per byte).
    static func hash(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return Int(truncatingIfNeeded: hash)
        }
    }
}

/// Values by name, for a set of names fixed when the table is made and looked up often: the dispatch table's
/// handlers by method name, a laid-out bar's roles by view id.
///
/// A `Dictionary` hashes each name with a seeded SipHash, which guards against names chosen to collide and costs
/// about as much as the rest of a look-up. These names are few and known when the table is made, and none is
/// chosen to collide except by the person describing their own bar (whose item ids are bounded by the model's
/// limits, so colliding ones cost them a few comparisons at most). Each name goes in a slot picked by the FNV-1a
/// hash of its UTF-8 in a table at least twice their number; a look-up hashes the name asked for the same way and
/// compares names from that slot on, and a name that is not there ends at an empty slot, which the table always
/// has.
public struct NameTable<Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline let name: String
        @usableFromInline let value: Value
        @usableFromInline init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    // Inlinable, so a table of another module's values (the dispatch table's handlers) is specialised where it
    // is looked up rather than run through generic code.
    @usableFromInline let slots: [Slot?]
    @usableFromInline let mask: Int
    /// How many names the table holds.
    public let count: Int

    public init(_ values: [String: Value]) {
        var size = 8
        while size < values.count * 2 { size *= 2 }
        var slots = [Slot?](repeating: nil, count: size)
        // In name order, so the layout is the same on every run.
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            var index = Self.slotHash(name) & (size - 1)
            while slots[index] != nil { index = (index + 1) & (size - 1) }
            slots[index] = Slot(name: name, value: value)
        }
        self.slots = slots
        self.mask = size - 1
        self.count = values.count
    }

    /// The value for `name`, or nil when the table has no such name.
    @inlinable
    public subscript(name: String) -> Value? {
        var index = Self.slotHash(name) & mask
        while let slot = slots[index] {
            if slot.name == name { return slot.value }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The names and their values, in name order.
    public var entries: [(name: String, value: Value)] {
        slots.compactMap { $0.map { (name: $0.name, value: $0.value) } }.sorted { $0.name < $1.name }
    }

    /// FNV-1a (64-bit) over the name's UTF-8, read as one buffer (stepping through `utf8` costs several times
    /// as much per byte).
    @inlinable
    static func slotHash(_ name: String) -> Int {
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

extension NameTable: Sendable where Value: Sendable {}
extension NameTable.Slot: Sendable where Value: Sendable {}

extension NameTable: Equatable where Value: Equatable {
    public static func == (a: NameTable, b: NameTable) -> Bool {
        a.count == b.count && a.entries.elementsEqual(b.entries) { $0.name == $1.name && $0.value == $1.value }
    }
}

extension NameTable: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.name)
            hasher.combine(entry.value)
        }
    }
}

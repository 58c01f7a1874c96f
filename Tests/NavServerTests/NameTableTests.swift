import Testing

@testable import NavModel
@testable import NavServer

/// The table every request's method, and every hit view's role, is looked up in finds what it was made from,
/// and nothing else.
@Suite("NameTable: values by name")
struct NameTableTests {
    /// A table whose value for each name is the name itself, so a look-up that found another name's value shows.
    static func table(_ names: [String]) -> NameTable<String> {
        NameTable(Dictionary(uniqueKeysWithValues: names.map { ($0, $0) }))
    }

    @Test("every method of the dispatch table is found, as itself")
    func standard() {
        let names = Array(DispatchTable.standard().handlers.keys)
        #expect(names.count > 20)
        let table = Self.table(names)
        for name in names { #expect(table[name] == name) }
        let handlers = NameTable(DispatchTable.standard().handlers)
        for name in names { #expect(handlers[name] != nil, "\(name)") }
        #expect(table.entries.map(\.name) == names.sorted())
    }

    @Test(
        "names that are not in the table are not found",
        arguments: [
            "", "bar", "bar/", "bar/hitTes", "bar/hitTestt", "Bar/hitTest", "bar/hitTest\u{0}", "é", "session/create ",
            String(repeating: "x", count: 300),
        ])
    func unknown(_ name: String) {
        #expect(NameTable(DispatchTable.standard().handlers)[name] == nil)
    }

    /// Names whose first slots collide still find their own: 64 names in a table of 128 slots must share some.
    @Test("names that share a slot find their own values")
    func collisions() {
        let names = (0..<64).map { "item.\($0)" }
        let table = Self.table(names)
        #expect(Set(names.map { NameTable<String>.slotHash($0) & 127 }).count < names.count)
        for name in names { #expect(table[name] == name) }
        #expect(table["item.64"] == nil)
    }

    @Test("tables made from the same names and values are equal, and hash alike")
    func equality() {
        let a = NameTable(["a": 1, "b": 2, "é": 3])
        let b = NameTable(["é": 3, "b": 2, "a": 1])
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != NameTable(["a": 1, "b": 2]))
        #expect(a != NameTable(["a": 1, "b": 2, "é": 4]))
        #expect(NameTable<Int>([:])["a"] == nil)
    }
}

import Testing

@testable import NavServer

/// The table every request's method is looked up in finds what the dispatch table holds, and nothing else.
@Suite("MethodLookup: handlers by name")
struct MethodLookupTests {
    /// A table whose "handler" for each name is the name itself, so a look-up that found another name's
    /// handler shows.
    static func table(_ names: [String]) -> MethodLookup<String> {
        MethodLookup(Dictionary(uniqueKeysWithValues: names.map { ($0, $0) }))
    }

    @Test("every method of the standard table is found, as itself")
    func standard() {
        let names = Array(DispatchTable.standard().handlers.keys)
        #expect(names.count > 20)
        let lookup = Self.table(names)
        for name in names { #expect(lookup.handler(for: name) == name) }
        let handlers = MethodLookup(DispatchTable.standard().handlers)
        for name in names { #expect(handlers.handler(for: name) != nil, "\(name)") }
    }

    @Test(
        "names that are not methods are not found",
        arguments: [
            "", "bar", "bar/", "bar/hitTes", "bar/hitTestt", "Bar/hitTest", "bar/hitTest\u{0}", "é", "session/create ",
            String(repeating: "x", count: 300),
        ])
    func unknown(_ name: String) {
        #expect(MethodLookup(DispatchTable.standard().handlers).handler(for: name) == nil)
    }

    /// Names whose first slots collide still find their own: 64 names in a table of 128 slots must share some.
    @Test("names that share a slot find their own handlers")
    func collisions() {
        let names = (0..<64).map { "method/\($0)" }
        let lookup = Self.table(names)
        #expect(Set(names.map { MethodLookup<String>.hash($0) & 127 }).count < names.count)
        for name in names { #expect(lookup.handler(for: name) == name) }
        #expect(lookup.handler(for: "method/64") == nil)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing

@testable import JSONCore

/// json-c reads numbers under the C locale while the parser runs: the thread's own locale is set aside for the
/// parse and is the thread's locale again afterwards, and numbers read alike under either.
@Suite struct ParserLocaleTests {
    @Test func theCallersLocaleIsRestoredAndNumbersReadAlike() throws {
        // A locale object of the caller's own (not the C library's shared C object).
        let mask = LC_CTYPE_MASK | LC_NUMERIC_MASK
        let callers = try #require(newlocale(mask, "C.UTF-8", nil) ?? newlocale(mask, "POSIX", nil))
        defer { freelocale(callers) }
        let before = uselocale(callers)
        defer { uselocale(before) }

        let value = try JSON.parse(#"{"x":1.5,"y":[-2.25e2,7,0.1]}"#)
        #expect(value == ["x": .double(1.5), "y": [.double(-225), .int(7), .double(0.1)]])
        #expect(uselocale(nil) == callers)

        // Parsing again on the same thread (its kept tokener and locale) changes nothing either.
        #expect(try JSON.parse("[3.75]") == [.double(3.75)])
        #expect(uselocale(nil) == callers)
    }
}

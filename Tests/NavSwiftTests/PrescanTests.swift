import Testing

@testable import NavSwift

@Suite("Pre-scan")
struct PrescanTests {
    func stop(_ text: String, maxNesting: Int = 3) -> Int? {
        Prescan.scan(Array(text.utf8), maxNesting: maxNesting)?.offset
    }

    @Test func bracketsOverTheLimitStopTheScan() {
        #expect(stop("f(a[{b}])") == nil)
        #expect(stop("f(a[{(b)}])") == 5)
        #expect(stop("a(b)(c)(d)[e][f]") == nil)
    }

    @Test func commentsAndStringsDoNotCount() {
        #expect(stop("f(a) // ((((((\nf(b)") == nil)
        #expect(stop("/* (((( /* nested (((( */ (((( */ f(x)") == nil)
        #expect(stop("let s = \"((((\\\"((((\"; f(x)") == nil)
        #expect(stop("let s = \"\"\"\n((((\n\"\"\"\nf(x)") == nil)
        #expect(stop("let s = #\"(((( \\( ((((\"#") == nil)
    }

    @Test func interpolationsCountAsCode() {
        // `\(` opens a bracket; inside it, code counts until its own `)` closes it.
        #expect(stop("let s = \"a \\(f(g(1))) b\"", maxNesting: 2) == 16)
        #expect(stop("let s = \"a \\(f(1)) b\"; h((((x))))") == 27)
        #expect(stop("let s = #\"\\#(f(g(h(1))))\"#") == 18)
    }

    @Test func runsOfNestedSquareBracketsStopEvenUnderTheLimit() {
        let run = String(repeating: "[", count: 13)
        #expect(stop("let x = " + run, maxNesting: 256) == 20)
        #expect(stop("let x = " + String(repeating: "[a, ", count: 40), maxNesting: 256) == nil)
        #expect(stop("let x = " + String(repeating: "([", count: 13), maxNesting: 256) == 33)
    }

    @Test func unterminatedLiteralsEndAtTheLine() {
        #expect(stop("let s = \"((((\nf(x)") == nil)
        #expect(stop("let s = \"abc\nf(((((x)))))") == 17)
    }

    @Test func chainsTheParserRecursesThroughStopAtTheLimit() {
        let elseIf = "func f() { if a {} " + String(repeating: "else if b {} ", count: 4) + "}"
        #expect(stop(elseIf) == 63)
        // Chains of separate statements, or in separate blocks, do not add up.
        #expect(stop("if a {} else if b {}\nif a {} else if b {}\nif a {} else if b {}\nif a {} else if b {}") == nil)
        #expect(stop("let x = try try await try a") == 22)
        #expect(stop("let x = try! a; let y = try? b; let z = try await c") == nil)
        #expect(stop("let f: (A) -> (B) -> (C) -> D -> E") == 30)
        #expect(stop("func a() -> A {}\nfunc b() -> B {}\nfunc c() -> C {}\nfunc d() -> D {}") == nil)
    }
}

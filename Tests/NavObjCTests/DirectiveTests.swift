import NavSource
import Testing

@testable import NavObjC

@Suite("navd: directives")
struct DirectiveTests {
    @Test("Directives come from line and block comments, with the comment's line; never from strings")
    func directives() throws {
        let (facts, text) = try Source.fixture("Directives.m")
        #expect(
            facts.directives == [
                Directive(kind: .disable, codes: ["bar-tint-ignored"], line: Source.line(of: "/* navd:disable", in: text)),
                Directive(kind: .disableNext, codes: ["empty-back-title-trick"], line: Source.line(of: "// navd:disable:next", in: text)),
                Directive(kind: .disableThis, codes: ["low-contrast"], line: Source.line(of: "navd:disable:this", in: text)),
                Directive(kind: .enable, codes: [], line: Source.line(of: "// navd:enable", in: text)),
            ])
    }

    @Test("A directive in a dead #if 0 branch or a string is not read")
    func dead() {
        let facts = Source.read("#if 0\n// navd:disable\n#endif\nNSString *s = @\"/* navd:disable */\";\n")
        #expect(facts.directives.isEmpty)
    }
}

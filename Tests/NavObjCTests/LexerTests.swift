import NavSource
import Testing

@testable import NavObjC

@Suite("Lexing Objective-C")
struct LexerTests {
    /// The tokens without the end marker, as (kind, text).
    static func shapes(_ text: String) -> [String] {
        Source.tokens(text).tokens.dropLast().map { "\($0.kind):\($0.text)" }
    }

    @Test("Every kind of token, with its text")
    func kinds() {
        let source = #"@implementation Foo - (void)go { if (x) return; s = @"hi"; c = "c"; ch = 'a'; n = 42; [self go:@YES]; } @end"#
        #expect(
            Self.shapes(source) == [
                "atKeyword:implementation", "identifier:Foo", "punctuation:-", "punctuation:(", "identifier:void", "punctuation:)",
                "identifier:go", "punctuation:{", "keyword:if", "punctuation:(", "identifier:x", "punctuation:)", "keyword:return",
                "punctuation:;", "identifier:s", "punctuation:=", "objcString:hi", "punctuation:;", "identifier:c", "punctuation:=",
                "string:c", "punctuation:;", "identifier:ch", "punctuation:=", "character:a", "punctuation:;", "identifier:n",
                "punctuation:=", "number:42", "punctuation:;", "punctuation:[", "identifier:self", "identifier:go", "punctuation::",
                "atKeyword:YES", "punctuation:]", "punctuation:;", "punctuation:}", "atKeyword:end",
            ])
    }

    @Test("Operators are read longest first")
    func punctuation() {
        #expect(
            Self.shapes("a->b a::b a... <<= >>= ++ -- && || != == ^{ } ^ x")
                == [
                    "identifier:a", "punctuation:->", "identifier:b", "identifier:a", "punctuation:::", "identifier:b", "identifier:a",
                    "punctuation:...", "punctuation:<<=", "punctuation:>>=", "punctuation:++", "punctuation:--", "punctuation:&&",
                    "punctuation:||", "punctuation:!=", "punctuation:==", "punctuation:^", "punctuation:{", "punctuation:}",
                    "punctuation:^", "identifier:x",
                ])
    }

    @Test("Objective-C literals: @[…], @{…}, @(…), boxed numbers and booleans, @selector")
    func literals() {
        let tokens = Source.tokens(#"@[@1, @-2.5] @{@"k": @YES} @(x) @selector(a:b:)"#).tokens
        #expect(tokens.map(\.text).prefix(6) == ["@[", "1", ",", "-2.5", "]", "@{"])
        #expect(tokens[1].kind == .number && tokens[1].isBoxed && tokens[1].number == 1 && tokens[1].isInteger)
        #expect(tokens[3].kind == .number && tokens[3].isBoxed && tokens[3].number == -2.5 && !tokens[3].isInteger)
        #expect(tokens[6].kind == .objcString && tokens[6].text == "k")
        #expect(tokens[8].kind == .atKeyword && tokens[8].text == "YES")
        #expect(tokens[10].text == "@(")
        #expect(tokens[13].kind == .atKeyword && tokens[13].text == "selector")
    }

    @Test("Numbers: hex, binary, octal, floats, exponents and suffixes")
    func numbers() {
        let tokens = Source.tokens("0x1F 0b101 010 1.5f 2.f .5 1e3 10u 20UL 7l 0xFFu 1'000").tokens.dropLast()
        #expect(tokens.map(\.number) == [31, 5, 8, 1.5, 2, 0.5, 1000, 10, 20, 7, 255, 1000])
        #expect(tokens.map(\.isInteger) == [true, true, true, false, false, false, false, true, true, true, true, true])
        #expect(tokens.allSatisfy { $0.kind == .number })
    }

    @Test("Strings decode their escapes; prefixes and raw strings are strings")
    func strings() {
        let tokens = Source.tokens(#"@"a\"b\n\u00e9\x41\101" L"wide" u8"utf" R"x(a "quoted" )" b)x" '\''"#).tokens
        #expect(tokens[0].kind == .objcString && tokens[0].text == "a\"b\né" + "AA")
        #expect(tokens[1].kind == .string && tokens[1].text == "wide")
        #expect(tokens[2].kind == .string && tokens[2].text == "utf")
        #expect(tokens[3].kind == .string && tokens[3].text == #"a "quoted" )" b"#)
        #expect(tokens[4].kind == .character && tokens[4].text == "'")
    }

    @Test("Every token carries its byte range")
    func offsets() {
        let source = "int 订单 = @\"🧾\"; // done\n  x->y"
        let bytes = Array(source.utf8)
        let tokens = Source.tokens(source).tokens
        for token in tokens.dropLast() where token.kind == .identifier || token.kind == .punctuation || token.kind == .keyword {
            #expect(String(decoding: bytes[token.start..<token.end], as: UTF8.self) == token.text)
        }
        let string = tokens[3]
        #expect(string.kind == .objcString)
        #expect(String(decoding: bytes[string.start..<string.end], as: UTF8.self) == "@\"🧾\"")
        #expect(tokens.last?.kind == .end && tokens.last?.start == bytes.count)
    }

    @Test("Comments are kept apart, with their text and offsets; a continued // comment runs on")
    func comments() {
        let source = "a; // one \\\n still one\nb; /* two\n lines */ c;"
        let lexed = Source.tokens(source)
        #expect(lexed.tokens.dropLast().map(\.text) == ["a", ";", "b", ";", "c", ";"])
        #expect(lexed.comments.map(\.text) == [" one \\\n still one", " two\n lines "])
        #expect(lexed.comments.map(\.start) == [3, 26])
    }

    @Test("Preprocessor lines are dropped, with their continuations")
    func preprocessor() {
        let source = """
            #import <UIKit/UIKit.h>
            #define RGB(r, g, b) \\
                [UIColor colorWithRed:(r) green:(g) blue:(b) alpha:1]
              #  pragma mark - Section
            x;
            """
        #expect(Self.shapes(source) == ["identifier:x", "punctuation:;"])
    }

    @Test("#if 0 is dead code, its #else is read; #if 1 reads only its first branch; other conditions read every branch")
    func conditionals() {
        let source = """
            #if 0
            dead1;
            #if 1
            dead2;
            #endif
            #elif 0
            dead3;
            #else
            live1;
            #endif
            #if 1
            live2;
            #else
            dead4;
            #endif
            #ifdef DEBUG
            live3;
            #elif TARGET_OS_IOS
            live4;
            #else
            live5;
            #endif
            #if (0) // off
            dead5; /* #endif in a comment */
            #endif
            end;
            """
        let names = Source.tokens(source).tokens.filter { $0.kind == .identifier }.map(\.text)
        #expect(names == ["live1", "live2", "live3", "live4", "live5", "end"])
    }

    @Test("Comments inside dead code are not collected")
    func deadComments() {
        let lexed = Source.tokens("#if 0\n// navd:disable\n#endif\n// kept\n")
        #expect(lexed.comments.map(\.text) == [" kept"])
    }

    @Test("Tokens know whether they start their line, and at its first byte")
    func lineStarts() {
        let tokens = Source.tokens("- (void)a {\n    x = 1\n    - (2);\n}\n").tokens
        #expect(tokens[0].isFirstOnLine && tokens[0].isAtColumnZero)
        let x = tokens.first { $0.text == "x" }
        #expect(x?.isFirstOnLine == true && x?.isAtColumnZero == false)
        let minus = tokens.filter { $0.text == "-" }
        #expect(minus.count == 2 && minus[1].isFirstOnLine && !minus[1].isAtColumnZero)
    }

    @Test("An unclosed string, character or comment is a problem, not a crash")
    func unterminated() {
        let lexed = Source.tokens("s = @\"open\nc = 'x\n/* never closed")
        #expect(
            lexed.troubles.map(\.message) == ["a string is not closed", "a character constant is not closed", "a comment is not closed"])
        #expect(lexed.troubles.allSatisfy { $0.limit == nil })
        #expect(lexed.tokens.first { $0.kind == .objcString }?.text == "open")
        #expect(lexed.comments.last?.text == " never closed")
    }

    @Test("Brackets nested deeper than the limit stop the lexer with one problem naming the limit")
    func nesting() {
        let lexed = Source.tokens("a = " + String(repeating: "(", count: 40) + "1", maxNesting: 32)
        #expect(lexed.troubles.count == 1)
        #expect(lexed.troubles.first?.limit == ReaderLimits.nestingName)
        #expect(lexed.troubles.first?.offset == 4 + 32)
        #expect(lexed.tokens.count == 2 + 32 + 1)
    }

    @Test("Closers without openers do not count against the limit")
    func strayClosers() {
        let lexed = Source.tokens(String(repeating: ")]}", count: 1000) + "((", maxNesting: 3)
        #expect(lexed.troubles.isEmpty)
    }
}

import Foundation
import NavSource
import Testing

@testable import NavProject

private func parse(_ text: String, maxNesting: Int = 256) throws(PropertyListError) -> PlistValue {
    try PropertyListReader.parse(Array(text.utf8), maxNesting: maxNesting, nestingLimitName: ReaderLimits.nestingName)
}

@Suite("The old-style property list reader")
struct PropertyListTests {
    @Test("dictionaries, arrays, quoted and unquoted strings, comments")
    func shapes() throws {
        let value = try parse(
            """
            // !$*UTF8*$!
            {
            	archiveVersion = 1;
            	objects = {
            		/* Begin PBXFileReference section */
            		A1 /* x.swift */ = {isa = PBXFileReference; path = "My Screens/x.swift"; sourceTree = "<group>"; };
            		B2 = {isa = PBXGroup; children = (A1 /* x.swift */, C3, ); name = "Supporting Files"; };
            		C3 = {isa = PBXGroup; children = (); };
            	};
            	rootObject = B2 /* Project object */;
            	empty = "";
            	escaped = "say \\"hi\\"\\n\\t\\\\ \\U00e9";
            	data = <0fbd7776 12>;
            	path = ../Shared/Theme.swift;
            }
            """)
        #expect(value["archiveVersion"]?.string == "1")
        #expect(value["objects"]?["A1"]?["path"]?.string == "My Screens/x.swift")
        #expect(value["objects"]?["A1"]?["sourceTree"]?.string == "<group>")
        #expect(value["objects"]?["B2"]?["children"]?.strings == ["A1", "C3"])
        #expect(value["objects"]?["C3"]?["children"]?.array == [])
        #expect(value["rootObject"]?.string == "B2")
        #expect(value["empty"]?.string == "")
        #expect(value["escaped"]?.string == "say \"hi\"\n\t\\ é")
        #expect(value["data"]?.string == "<0fbd7776 12>")
        #expect(value["path"]?.string == "../Shared/Theme.swift")
    }

    @Test("a last entry without its separator is read, as lenient readers do")
    func lenientSeparators() throws {
        #expect(try parse("{ a = (x, y) }")["a"]?.strings == ["x", "y"])
        #expect(try parse("(a, b, )").strings == ["a", "b"])
    }

    @Test(
        "malformed text is an error at the byte where reading stopped",
        arguments: [
            ("{ a = b; ", "expected a key or `}` (the file ends here)"),
            ("{ a b; }", "expected `=` after the key `a`"),
            ("{ a = b c; }", "expected `;` after a dictionary value"),
            ("( a b )", "expected `,` or `)` after an array element"),
            ("{ a = \"open; }", "a quoted string is never closed"),
            ("{ a = b; /* open", "a `/*` comment is never closed"),
            ("{ a = <00ff; }", "a `<data>` value is never closed"),
            ("{ a = b; } trailing", "unexpected text after the end of the property list"),
            ("", "expected a value (the file ends here)"),
            ("{ = b; }", "expected a key or `}`, found `=`"),
        ])
    func malformed(text: String, message: String) {
        #expect(throws: PropertyListError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.message == message)
            #expect(error.offset >= 0 && error.offset <= text.utf8.count)
            #expect(error.limit == nil)
        }
    }

    @Test("nesting past the limit stops with the limit's name, and no limit reaches past the reader's own")
    func nesting() throws {
        let deep = String(repeating: "(", count: 300) + String(repeating: ")", count: 300)
        do {
            _ = try parse(deep)
            Issue.record("nesting 300 deep passed a limit of 256")
        } catch {
            #expect(error.limit == ReaderLimits.nestingName)
            #expect(error.offset == 256)
        }
        #expect(try parse(String(repeating: "(", count: 256) + String(repeating: ")", count: 256)).array?.count == 1)
        // A limit beyond what the values can hold is held to the reader's own.
        let hard = PropertyListReader.hardNestingLimit
        let deeper = String(repeating: "(", count: hard + 1) + String(repeating: ")", count: hard + 1)
        do {
            _ = try parse(deeper, maxNesting: 1_000_000)
            Issue.record("nesting past the hard limit passed")
        } catch {
            #expect(error.limit == ReaderLimits.nestingName)
            #expect(error.offset == hard)
        }
        #expect(
            try parse(String(repeating: "(", count: hard) + String(repeating: ")", count: hard), maxNesting: 1_000_000).array?.count == 1)
    }

    @Test("prefixes of a real project file read or fail cleanly")
    func truncations() throws {
        let file = Fixtures.path("classic-objc-app/Shop.xcodeproj/project.pbxproj")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        var failures = 0
        for end in stride(from: 0, to: bytes.count, by: 29) {
            do {
                _ = try PropertyListReader.parse(Array(bytes[..<end]), maxNesting: 256, nestingLimitName: ReaderLimits.nestingName)
            } catch {
                failures += 1
                #expect(error.offset <= end)
            }
        }
        #expect(failures > 0)
        let whole = try PropertyListReader.parse(bytes, maxNesting: 256, nestingLimitName: ReaderLimits.nestingName)
        #expect(whole["rootObject"]?.string == "4A1F0C012B00000000000901")
    }

    @Test("random bytes never trap")
    func junk() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}()=;,\"'<>/* \n\tabc\\".utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<300 {
            let count = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            _ = try? PropertyListReader.parse(bytes, maxNesting: 16, nestingLimitName: ReaderLimits.nestingName)
        }
    }
}

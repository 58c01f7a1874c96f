import Testing

@testable import NavProject

private func matches(_ pattern: String, _ path: String, anchored: Bool = false) -> Bool {
    PathPattern(pattern, alwaysAnchored: anchored).matches(path.split(separator: "/"))
}

@Suite("included / excluded patterns")
struct PathPatternTests {
    @Test("a path with a slash is anchored at the configuration's folder and takes what is under it")
    func anchored() {
        #expect(matches("Sources/Legacy", "Sources/Legacy/Old.swift"))
        #expect(matches("Sources/Legacy/", "Sources/Legacy/Deep/Old.swift"))
        #expect(matches("./Sources/Legacy", "Sources/Legacy"))
        #expect(!matches("Sources/Legacy", "App/Sources/Legacy/Old.swift"))
        #expect(!matches("Sources/Legacy", "Sources/LegacyKit/A.swift"))
        #expect(matches("/Pods", "Pods/A.swift"))
        #expect(!matches("/Pods", "App/Pods/A.swift"))
    }

    @Test("a name without a slash matches a file or folder at any depth")
    func names() {
        #expect(matches("*.generated.swift", "App/Strings.generated.swift"))
        #expect(!matches("*.generated.swift", "App/Strings.swift"))
        #expect(matches("Generated", "App/Generated/Strings.swift"))
        #expect(!matches("Generated", "App/GeneratedStrings.swift"))
        #expect(matches("Mock?.swift", "Tests/MockA.swift"))
        #expect(!matches("Mock?.swift", "Tests/MockAB.swift"))
    }

    @Test("** stands for any number of folders, none included")
    func globstar() {
        #expect(matches("**/Generated/**", "App/Generated/Strings.swift"))
        #expect(matches("**/Generated/**", "Generated/Strings.swift"))
        #expect(matches("**/Generated/**", "A/B/C/Generated/D/E.swift"))
        #expect(!matches("**/Generated/**", "A/B/Generatedx/E.swift"))
        #expect(matches("App/**/*.xib", "App/Views/Deep/Cell.xib"))
        #expect(matches("App/**/*.xib", "App/Cell.xib"))
        #expect(!matches("App/**/*.xib", "App/Views/Cell.swift"))
    }

    @Test("character sets and stars within a name")
    func sets() {
        #expect(matches("[A-C]*Controller.swift", "x/BackController.swift"))
        #expect(!matches("[A-C]*Controller.swift", "x/DetailController.swift"))
        #expect(matches("[!A-C]*Controller.swift", "x/DetailController.swift"))
        #expect(matches("*View*Controller*", "x/ListViewDetailController.m"))
        #expect(matches("a*b*c", "x/aXXbYYc"))
        #expect(!matches("a*b*c", "x/aXXbYYd"))
        #expect(matches("[unclosed", "x/[unclosed"))
    }

    @Test("included paths are always anchored")
    func included() {
        #expect(matches("App", "App/A.swift", anchored: true))
        #expect(!matches("App", "Modules/App/A.swift", anchored: true))
    }

    @Test("long pathological patterns finish")
    func pathological() {
        let pattern = String(repeating: "*a", count: 200) + "b"
        let name = String(repeating: "a", count: 400)
        #expect(!matches(pattern, "x/\(name)"))
        let stars = Array(repeating: "**", count: 100).joined(separator: "/")
        #expect(matches(stars + "/x", Array(repeating: "d", count: 100).joined(separator: "/") + "/x"))
    }
}

import JSONCore
import NavModel
import NavProtocol
import Testing

@testable import NavLint

func load(_ text: String, file: String = "flow.navd.json") throws(LoadError) -> LintDocument {
    try LintDocument.load(Array(text.utf8), file: file)
}

@Suite("Loading documents")
struct LoadingTests {
    @Test("invalid JSON is reported at the byte where it stops, as FILE:LINE:COL")
    func invalidJSON() {
        let text = "{\n  \"screens\": [\n    {\"id\": \"a\",}\n  ]\n}"
        #expect {
            _ = try load(text)
        } throws: { error in
            let e = try #require(error as? LoadError)
            return e.position == SourcePosition(line: 3, column: 15)
                && e.text.hasPrefix("flow.navd.json:3:15: error: invalid JSON: trailing comma")
        }
    }

    @Test("a bad member is reported at that member, with its JSON path")
    func badMember() {
        let text = """
            {"format": "navd-session",
             "screens": [
              {"id": "home", "title": "Home"},
              {"id": "detail",
               "bar": {"barTintColor": "#12345"}}
             ]}
            """
        #expect {
            _ = try load(text)
        } throws: { error in
            let e = try #require(error as? LoadError)
            return e.path == "screens[1].bar.barTintColor" && e.position == SourcePosition(line: 5, column: 12)
                && e.message.hasPrefix("'screens[1].bar.barTintColor'") && !e.message.contains("document")
        }
    }

    @Test("every bad member of a file is reported, each at its place, not only the first")
    func everyBadMember() {
        let text = """
            {"format": "navd-session", "profile": "ios99",
             "screens": [
              {"id": "home", "title": 7},
              {"id": "detail", "popGesture": "sideways",
               "item": {"hidesBackButton": "yes"}}
             ]}
            """
        #expect {
            _ = try load(text)
        } throws: { error in
            let all = try #require(error as? LoadError).all
            // The members and where their names start, read off the text above.
            let expected: [(String, Int, Int)] = [
                ("profile", 1, 28), ("screens[0].title", 3, 18), ("screens[1].popGesture", 4, 20),
                ("screens[1].item.hidesBackButton", 5, 13),
            ]
            guard all.count == expected.count else { return false }
            for (e, (path, line, column)) in zip(all, expected) {
                guard e.path == path, e.position == SourcePosition(line: line, column: column), e.message.contains("'\(path)'") else {
                    return false
                }
            }
            return true
        }
    }

    @Test("a duplicate screen id, a wrong format version and a missing member of a nested object")
    func otherRefusals() {
        func refusal(_ text: String) -> LoadError? {
            do {
                _ = try load(text)
                return nil
            } catch { return error }
        }
        let duplicate = refusal(#"{"screens": [{"id": "a"}, {"id": "a"}]}"#)
        #expect(duplicate?.message.contains("used twice") == true)
        #expect(duplicate?.position.line == 1 && (duplicate?.position.column ?? 0) > 1)
        let version = refusal("{\"format\": \"navd-session\",\n \"formatVersion\": 9, \"screens\": []}")
        #expect(version?.path == "formatVersion" && version?.position == SourcePosition(line: 2, column: 2))
        let size = refusal("{\"screens\": [{\"id\": \"a\", \"item\": {\"titleView\": {\"width\": 3}}}]}")
        #expect(size?.path == "screens[0].item.titleView.height")
        // Reported where its object is, since the member itself is absent.
        #expect(size?.position == SourcePosition(line: 1, column: 35))
        #expect(refusal("[]")?.message.contains("must be an object") == true)
    }
}

@Suite("Linting a flow")
struct LinterTests {
    /// A swipe-back killer in the middle of the stack, and a custom-view item on top.
    static let flow = """
        {
          "format": "navd-session", "formatVersion": 1, "profile": "ios17",
          "screens": [
            {"id": "inbox", "title": "Inbox"},
            {"id": "compose", "title": "Compose",
             "item": {"leftItems": [{"id": "cancel", "title": "Cancel"}]}},
            {"id": "attach", "title": "Attach",
             "item": {"rightItems": [{"id": "tiny", "customView": {"width": 17, "height": 44}}]}}
          ]
        }
        """

    @Test("every screen is checked as its bar looks when it is on top, not only the top screen")
    func wholeFlow() throws {
        let findings = Linter.lint(try load(Self.flow))
        let disabled = try #require(findings.first { $0.code == "pop-gesture-disabled" })
        #expect(disabled.screenId == "compose" && disabled.profile == .ios17)
        // It points at the member that stops the swipe, the left items.
        #expect(disabled.path == "screens[1].item.leftItems" && disabled.position == SourcePosition(line: 6, column: 15))
        let small = try #require(findings.first { $0.code == "touch-target-small" && $0.itemId == "tiny" })
        #expect(small.screenId == "attach" && small.path == "screens[2].item.rightItems[0]")
        #expect(small.position == SourcePosition(line: 8, column: 30))
        // Nothing else, screen by screen (docs/semantics.md, "Diagnostics"): the root 'inbox' has no back button
        // and forces no gesture; on 'compose' the custom left item stops the swipe (POP-3) and replaces the
        // back button, and "Cancel" is wider than 44 pt; on 'attach' the back button says "Compose", drawn
        // within 16 pt of where it takes taps on ios17, and the 17 x 44 custom view is under the 44 x 44
        // minimum (HT-12). The bar is the default white, with the default tint.
        #expect(findings.map { "\($0.screenId):\($0.code)" } == ["compose:pop-gesture-disabled", "attach:touch-target-small"])
    }

    @Test("profiles: the document's own by default, each one named otherwise, every finding tagged")
    func profiles() throws {
        let seed = """
            {"profile": "ios10", "device": {"width": 320, "height": 480, "statusBarHeight": 20},
             "screens": [{"id": "home", "title": "Home", "item": {"backItem": {"title": ""}}}, {"id": "fish", "title": "Fish"}]}
            """
        let own = Linter.lint(try load(seed))
        #expect(own.allSatisfy { $0.profile == .ios10 } && own.contains { $0.code == "back-hit-area-wide" })
        let all = Linter.lint(try load(seed), profiles: Profile.allCases)
        #expect(Set(all.map(\.profile)) == Set(Profile.allCases))
        #expect(all.filter { $0.code == "back-hit-area-wide" }.map(\.profile) == [.ios10])
        // The engine's own profile order is kept.
        let order = all.map(\.profile).reduce(into: [Profile]()) { if $0.last != $1 { $0.append($1) } }
        #expect(order == Profile.allCases)
    }

    @Test("a finding caused by another screen's setting points at that setting")
    func origin() throws {
        let text = """
            {"screens": [
              {"id": "home", "title": "Home", "item": {"backItem": {"title": "Home", "action": "custom"}}},
              {"id": "detail", "title": "Detail"}]}
            """
        let f = try #require(Linter.lint(try load(text)).first { $0.code == "custom-back-action-ignored" })
        #expect(f.screenId == "detail" && f.path == "screens[0].item.backItem.action" && f.position == SourcePosition(line: 2, column: 74))
    }

    @Test("--fail-on levels")
    func failOn() {
        #expect(FailOn.error.fails(.error) && !FailOn.error.fails(.warning))
        #expect(FailOn.warning.fails(.warning) && !FailOn.warning.fails(.info))
        #expect(FailOn.info.fails(.info))
        #expect(!FailOn.never.fails(.error))
    }
}

import JSONCore
import NavModel
import Testing

@testable import NavLint

@Suite("Reporters")
struct ReporterTests {
    static let text = """
        {"screens": [
          {"id": "home", "title": "Home"},
          {"id": "detail", "title": "Detail", "item": {"rightItems": [{"id": "tiny", "customView": {"width": 17, "height": 44}}]}}]}
        """

    func report() throws -> LintReport {
        let document = try load(Self.text, file: "flows/a b.navd.json")
        let bad = LoadError(
            file: "flows/bad.navd.json", position: SourcePosition(line: 2, column: 3), message: "invalid JSON: x", path: nil)
        return LintReport(findings: Linter.lint(document), errors: [bad])
    }

    @Test("text: FILE:LINE:COL: SEVERITY: MESSAGE [CODE] (screen 'ID', PROFILE)")
    func text() throws {
        let out = TextReporter().render(try report())
        let line = try #require(out.split(separator: "\n").first { $0.contains("[touch-target-small]") })
        #expect(line.hasPrefix("flows/a b.navd.json:3:63: warning: item 'tiny' can be tapped in only 17 x 44 pt"))
        #expect(line.hasSuffix("[touch-target-small] (screen 'detail', ios17)"))
        #expect(!out.contains("bad.navd.json"))
    }

    @Test("json: diagnostics with every member, errors beside them")
    func json() throws {
        let value = try JSON.parse(JSONReporter().render(try report()))
        let d = try #require(value["diagnostics"]?.arrayValue?.first { $0["code"] == "touch-target-small" })
        #expect(d["file"] == "flows/a b.navd.json" && d["line"] == 3 && d["column"] == 63)
        #expect(d["profile"] == "ios17" && d["screenId"] == "detail" && d["itemId"] == "tiny" && d["severity"] == "warning")
        #expect(d["rect"]?["width"] == 17)
        #expect(d["path"] == "screens[1].item.rightItems[0]")
        let e = try #require(value["errors"]?.arrayValue?.first)
        #expect(e["file"] == "flows/bad.navd.json" && e["line"] == 2 && e["column"] == 3)
    }

    @Test("sarif: one run, a rule for every code the engine knows, results placed in the file")
    func sarif() throws {
        let value = try JSON.parse(SARIFReporter(docsURL: "file:///doc/semantics.md").render(try report()))
        #expect(value["version"] == "2.1.0")
        let runs = try #require(value["runs"]?.arrayValue)
        #expect(runs.count == 1)
        let rules = try #require(runs[0]["tool"]?["driver"]?["rules"]?.arrayValue)
        #expect(rules.compactMap { $0["id"]?.stringValue } == DiagnosticsEngine.codes + [LintRule.unknownMember, LintRule.sourceNotRead])
        for rule in rules {
            #expect(rule["shortDescription"]?["text"]?.stringValue?.isEmpty == false)
            #expect(rule["fullDescription"]?["text"]?.stringValue?.isEmpty == false)
            #expect(["error", "warning", "note"].contains(rule["defaultConfiguration"]?["level"]?.stringValue ?? ""))
            #expect(rule["helpUri"]?.stringValue == "file:///doc/semantics.md#\(rule["id"]?.stringValue ?? "")")
        }
        let results = try #require(runs[0]["results"]?.arrayValue)
        let r = try #require(results.first { $0["ruleId"] == "touch-target-small" })
        #expect(r["level"] == "warning" && r["message"]?["text"]?.stringValue?.contains("17 x 44") == true)
        let location = try #require(r["locations"]?[0]?["physicalLocation"])
        #expect(location["artifactLocation"]?["uri"] == "flows/a%20b.navd.json")
        #expect(location["region"]?["startLine"] == 3 && location["region"]?["startColumn"] == 63)
        #expect(r["properties"]?["profile"] == "ios17" && r["properties"]?["itemId"] == "tiny")
        #expect(rules[Int(r["ruleIndex"]?.intValue ?? -1)]["id"] == "touch-target-small")
        let invocation = try #require(runs[0]["invocations"]?[0])
        #expect(invocation["executionSuccessful"] == false)
        #expect(invocation["toolExecutionNotifications"]?[0]?["message"]?["text"] == "invalid JSON: x")
    }

    @Test("sarif: SARIF levels and fingerprints that do not depend on the line")
    func levelsAndFingerprints() throws {
        #expect(SARIFReporter.level(.info) == "note")
        let a = try load(Self.text)
        let b = try load("\n\n" + Self.text)
        let fa = SARIFReporter(docsURL: nil).json(LintReport(findings: Linter.lint(a)))
        let fb = SARIFReporter(docsURL: nil).json(LintReport(findings: Linter.lint(b)))
        let prints = { (v: JSON) in v["runs"]?[0]?["results"]?.arrayValue?.map { $0["partialFingerprints"] } ?? [] }
        #expect(!prints(fa).isEmpty && prints(fa) == prints(fb))
        #expect(fa["runs"]?[0]?["tool"]?["driver"]?["rules"]?[0]?["helpUri"] == nil)
    }

    @Test("every code has a rule description, and no rule describes a code the engine lacks but the linter's own")
    func rulesMatchCodes() {
        #expect(LintRule.all.map(\.code) == DiagnosticsEngine.codes + [LintRule.unknownMember, LintRule.sourceNotRead])
        #expect(LintRule.rule("dead-zone")?.name == "DeadZone")
    }
}

extension JSON {
    fileprivate subscript(index: Int) -> JSON? {
        guard let a = arrayValue, a.indices.contains(index) else { return nil }
        return a[index]
    }
}

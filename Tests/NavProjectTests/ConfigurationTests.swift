import Foundation
import NavModel
import NavSource
import Testing

@testable import NavProject

/// The error a YAML text gives, or nil when it parses.
private func failure(_ yaml: String) -> ConfigurationError? {
    do {
        _ = try LintConfiguration.parse(yaml, file: "app/.navd.yml")
        return nil
    } catch {
        return error
    }
}

@Suite("The .navd.yml parser")
struct ConfigurationTests {
    @Test("an empty file, a comment-only file and an empty document are the default configuration")
    func emptyFiles() throws {
        for text in ["", "\n\n", "# navd settings go here\n", "---\n", "~\n"] {
            #expect(try LintConfiguration.parse(text, file: ".navd.yml") == LintConfiguration(), "\(text.debugDescription)")
        }
        let defaults = LintConfiguration()
        #expect(defaults.limits == ReaderLimits())
        #expect(defaults.profiles == nil)
        #expect(defaults.included.isEmpty && defaults.excluded.isEmpty)
    }

    @Test("every key, as a real configuration writes them")
    func everyKey() throws {
        let yaml = """
            # Lint the app, not its generated code or the vendored SDK.
            included:
              - App
              - Modules/Checkout
            excluded:
              - "**/Generated/**"
              - '*.generated.swift'
              - Modules/Checkout/Legacy
            disabled-rules:
              - back-title-truncated
            opt-in-rules: [negative-fixed-space, back-title-offset-hack]
            severity:
              pop-gesture-disabled: error
              back-button-hidden: warning
              low-contrast: info
            profiles: [ios17, ios14, ios26]
            deployment-target: 13.0
            device: iphone-se-1
            suppress:
              - element: BYZ-38-t0r
                rules: [custom-back-action-ignored]
              - element: vXZ-lx-hvc
            limits:
              max-file-bytes: 2_097_152
              max-nesting: 128
              max-seconds-per-file: 2.5
            settings:
              back-title-offset-limit: 120
              min-contrast: 4.5
            """
        let configuration = try LintConfiguration.parse(yaml, file: ".navd.yml")
        #expect(configuration.included == ["App", "Modules/Checkout"])
        #expect(configuration.excluded == ["**/Generated/**", "*.generated.swift", "Modules/Checkout/Legacy"])
        #expect(configuration.disabledRules == ["back-title-truncated"])
        #expect(configuration.optInRules == ["negative-fixed-space", "back-title-offset-hack"])
        #expect(configuration.severities == ["pop-gesture-disabled": .error, "back-button-hidden": .warning, "low-contrast": .info])
        #expect(configuration.profiles == [.ios14, .ios17, .ios26])
        // As written: a YAML float would turn "13.10" into 13.1.
        #expect(configuration.deploymentTarget == "13.0")
        #expect(configuration.device == "iphone-se-1")
        #expect(configuration.suppressedElements == ["BYZ-38-t0r": ["custom-back-action-ignored"], "vXZ-lx-hvc": []])
        #expect(configuration.limits == ReaderLimits(maxFileBytes: 2_097_152, maxNesting: 128, maxSecondsPerFile: 2.5))
        #expect(configuration.settings == ["back-title-offset-limit": 120, "min-contrast": 4.5])
    }

    @Test("single strings stand for one-element lists, and null for an empty one")
    func shorthand() throws {
        let configuration = try LintConfiguration.parse(
            """
            excluded: Pods-Generated
            disabled-rules: low-contrast
            opt-in-rules:
            settings:
            """, file: ".navd.yml")
        #expect(configuration.excluded == ["Pods-Generated"])
        #expect(configuration.disabledRules == ["low-contrast"])
        #expect(configuration.optInRules.isEmpty)
        #expect(configuration.settings.isEmpty)
    }

    @Test("a deployment target keeps its digits as written")
    func deploymentTargetAsWritten() throws {
        #expect(try LintConfiguration.parse("deployment-target: 13.10", file: "x").deploymentTarget == "13.10")
        #expect(try LintConfiguration.parse("deployment-target: \"15.4\"", file: "x").deploymentTarget == "15.4")
        #expect(try LintConfiguration.parse("deployment-target: 16", file: "x").deploymentTarget == "16")
        let error = try #require(failure("deployment-target: fifteen"))
        #expect(error.message.contains("iOS version"))
        #expect((error.line, error.column) == (1, 20))
    }

    @Test("profiles: all, or a list; repeats fold and the order is the profiles'")
    func profiles() throws {
        #expect(try LintConfiguration.parse("profiles: all", file: "x").profiles == Profile.allCases)
        #expect(try LintConfiguration.parse("profiles: [ios26, ios10, ios26]", file: "x").profiles == [.ios10, .ios26])
        #expect(try LintConfiguration.parse("profiles: [ios13, all]", file: "x").profiles == Profile.allCases)
        let error = try #require(failure("profiles:\n  - ios13\n  - ios12\n"))
        #expect(error.message.contains("unknown profile `ios12`"))
        #expect(error.message.contains("did you mean"))
        #expect((error.line, error.column) == (3, 5))
    }

    @Test("suppress as a mapping of element ids to codes, merged with repeats")
    func suppressMapping() throws {
        let configuration = try LintConfiguration.parse(
            """
            suppress:
              BYZ-38-t0r: [pop-gesture-disabled]
              Hb1-xy-Z9q: custom-back-action-ignored
              vXZ-lx-hvc:
            """, file: "x")
        #expect(
            configuration.suppressedElements == [
                "BYZ-38-t0r": ["pop-gesture-disabled"], "Hb1-xy-Z9q": ["custom-back-action-ignored"], "vXZ-lx-hvc": [],
            ])
        let merged = try LintConfiguration.parse(
            """
            suppress:
              - {element: A1, rules: [low-contrast]}
              - {element: A1, rules: [pop-gesture-disabled]}
              - {element: B2, rules: [low-contrast]}
              - {element: B2}
            """, file: "x")
        #expect(merged.suppressedElements == ["A1": ["low-contrast", "pop-gesture-disabled"], "B2": []])
    }

    @Test("an unknown key: its line and column, and the key it is closest to")
    func unknownKeys() throws {
        let misspelt = try #require(
            failure(
                """
                # Shared settings
                excluded: [Pods]
                disabled_rules:
                  - low-contrast
                """))
        #expect(misspelt.file == "app/.navd.yml")
        #expect((misspelt.line, misspelt.column) == (3, 1))
        #expect(misspelt.message == "unknown key `disabled_rules`; did you mean `disabled-rules`?")
        #expect(misspelt.description == "app/.navd.yml:3:1: unknown key `disabled_rules`; did you mean `disabled-rules`?")

        let nested = try #require(failure("limits:\n  max-nest: 64\n"))
        #expect((nested.line, nested.column) == (2, 3))
        #expect(nested.message.contains("`max-nest` in `limits`"))
        #expect(nested.message.contains("did you mean `max-nesting`?"))

        let entry = try #require(failure("suppress:\n  - element: A1\n    rule: [low-contrast]\n"))
        #expect((entry.line, entry.column) == (3, 5))
        #expect(entry.message.contains("did you mean `rules`?"))

        let far = try #require(failure("colour-scheme: dark"))
        #expect(!far.message.contains("did you mean"))
        #expect(far.message.contains("known keys: included, excluded"))

        let severity = try #require(failure("severity:\n  low-contrast: warn\n"))
        #expect(severity.message.contains("did you mean `warning`?"))
        #expect((severity.line, severity.column) == (2, 17))
    }

    @Test("a wrong type says what the key expects, at the value")
    func wrongTypes() throws {
        let cases: [(String, String, Int, Int)] = [
            ("excluded:\n  path: Pods\n", "expected a list of strings at `excluded`, found a mapping", 2, 3),
            ("included: [App, [Nested]]", "expected a string in the list `included`, found a list", 1, 17),
            ("severity: [low-contrast]", "expected a mapping of rule codes to error, warning or info at `severity`", 1, 11),
            ("limits:\n  max-nesting: deep\n", "expected a whole number at `max-nesting`, found `deep`", 2, 16),
            ("limits:\n  max-file-bytes: 0\n", "expected a whole number greater than 0 at `max-file-bytes`", 2, 19),
            ("limits:\n  max-seconds-per-file: -1\n", "expected a number greater than 0 at `max-seconds-per-file`", 2, 25),
            ("limits: 10", "expected a mapping of max-file-bytes, max-nesting, max-seconds-per-file at `limits`", 1, 9),
            ("settings:\n  back-title-offset-limit: far\n", "expected a number at `settings.back-title-offset-limit`, found `far`", 2, 28),
            ("settings:\n  limit: .inf\n", "expected a number at `settings.limit`, found `.inf`", 2, 10),
            ("device: [iphone-8]", "expected a device preset name such as iphone-14-pro at `device`, found a list", 1, 9),
            ("deployment-target: {ios: 13}", "expected an iOS version such as \"13.0\" at `deployment-target`, found a mapping", 1, 20),
            ("suppress: BYZ-38-t0r", "expected a list of `{element: ID, rules: [codes]}` or a mapping of ids to codes", 1, 11),
            ("suppress:\n  - rules: [low-contrast]\n", "a `suppress` entry needs an `element`", 2, 5),
            ("- excluded", "expected a mapping of settings", 1, 1),
            ("excluded: ['']", "expected a path or glob in `excluded`, found an empty string", 1, 12),
        ]
        for (yaml, message, line, column) in cases {
            let error = try #require(failure(yaml), "\(yaml)")
            #expect(error.message.hasPrefix(message), "\(yaml): \(error.message)")
            #expect((error.line, error.column) == (line, column), "\(yaml): \(error)")
        }
    }

    @Test("foreground: UIKit's by default, the app's automatic black or white when it says so")
    func foreground() throws {
        #expect(try LintConfiguration.parse("foreground: automatic\n", file: ".navd.yml").foreground == .automatic)
        #expect(try LintConfiguration.parse("foreground: uikit\n", file: ".navd.yml").foreground == .uikit)
        #expect(try LintConfiguration.parse("foreground:\n", file: ".navd.yml").foreground == nil)
        #expect(try LintConfiguration.parse("# nothing\n", file: ".navd.yml").foreground == nil)
        let wrong = try #require(failure("device: iphone-se-1\nforeground: yiq\n"))
        #expect((wrong.line, wrong.column) == (2, 13))
        #expect(wrong.message.hasPrefix("unknown foreground `yiq`: `uikit`"), "\(wrong.message)")
        let list = try #require(failure("foreground: [automatic]\n"))
        #expect(list.message.hasPrefix("expected uikit or automatic at `foreground`"), "\(list.message)")
    }

    @Test("an unknown device names the preset it is closest to")
    func unknownDevice() throws {
        let error = try #require(failure("device: iphone-14-pr"))
        #expect(error.message == "unknown device `iphone-14-pr`; did you mean `iphone-14-pro`?")
        #expect(try LintConfiguration.parse("device: ipad-pro-11", file: "x").device == "ipad-pro-11")
    }

    @Test("YAML syntax errors keep the parser's position")
    func syntaxErrors() throws {
        let unclosed = try #require(failure("excluded: [Pods, Carthage\ndevice: iphone-8\n"))
        #expect(unclosed.message.hasPrefix("invalid YAML"))
        #expect(unclosed.line == 2)

        let tab = try #require(failure("excluded:\n\t- Pods\n"))
        #expect(tab.message.hasPrefix("invalid YAML"))
        #expect(tab.line == 2)

        let twice = try #require(failure("device: iphone-8\nexcluded: [a]\ndevice: iphone-se-1\n"))
        #expect(twice.message.contains("`device`"))

        let documents = try #require(failure("device: iphone-8\n---\ndevice: iphone-se-1\n"))
        #expect(documents.message.hasPrefix("invalid YAML"))
    }

    @Test("an unquoted glob that starts with * is an alias to YAML: the error says to quote it")
    func unquotedGlob() throws {
        let error = try #require(failure("excluded:\n  - *.generated.swift\n"))
        #expect(error.message.contains("quote globs"))
        #expect(error.line == 2)
        #expect(try LintConfiguration.parse("excluded:\n  - \"*.generated.swift\"\n", file: "x").excluded == ["*.generated.swift"])
    }

    @Test("a billion laughs is refused at once, before the composer follows its aliases")
    func billionLaughs() throws {
        var yaml = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        // The last anchor as a mapping key: composing hashes keys, which walks 9^8 nodes if it is ever built.
        yaml += "? *i\n: boom\n"
        // Refused before composing: composed, the document would not finish in any time a test could wait.
        let error = try #require(failure(yaml))
        #expect(error.message.contains("more than \(ConfigurationParser.maxAliases) aliases"))
        #expect(error.line == 3)
    }

    @Test("few aliases that still expand past the bound are refused after composing")
    func aliasExpansion() throws {
        let items = (0..<250).map { "\"x\($0)\"" }.joined(separator: ",")
        let tens = Array(repeating: "*a", count: 10).joined(separator: ",")
        let fives = Array(repeating: "*b", count: 5).joined(separator: ",")
        let yaml = "a: &a [\(items)]\nb: &b [\(tens)]\nc: [\(fives)]\n"
        let error = try #require(failure(yaml))
        #expect(error.message.contains("expands to more than \(ConfigurationParser.maxExpandedNodes) values"))
    }

    @Test("a modest use of anchors, one rule list for several elements, is read")
    func modestAliases() throws {
        let configuration = try LintConfiguration.parse(
            """
            suppress:
              - element: A1
                rules: &legacy [pop-gesture-disabled, custom-back-action-ignored]
              - element: B2
                rules: *legacy
            """, file: "x")
        #expect(configuration.suppressedElements["B2"] == ["pop-gesture-disabled", "custom-back-action-ignored"])
        #expect(configuration.suppressedElements["A1"] == configuration.suppressedElements["B2"])
    }

    @Test("a glob with stars inside quotes counts no alias")
    func starsInQuotes() throws {
        let globs = (0..<40).map { "  - \"**/Module\($0)/**\"" }.joined(separator: "\n")
        let configuration = try LintConfiguration.parse("excluded:\n\(globs)\n", file: "x")
        #expect(configuration.excluded.count == 40)
    }

    @Test("a configuration larger than the bound is refused without parsing")
    func tooLarge() throws {
        let line = "# " + String(repeating: "x", count: 1000) + "\n"
        let error = try #require(failure(String(repeating: line, count: 70)))
        #expect(error.message.contains("bytes, more than the \(LintConfiguration.maxFileBytes)"))
    }

    @Test("deep nesting is stopped by the YAML parser's own bound, not the stack")
    func deepNesting() throws {
        let deep = "excluded: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let error = try #require(failure(deep))
        #expect(error.message.hasPrefix("invalid YAML"))
    }

    @Test("did-you-mean: edit distance, and the start of a name")
    func suggestions() {
        #expect(Suggestion.distance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
        #expect(Suggestion.closest(to: "exclude", among: ConfigurationParser.keys) == "excluded")
        #expect(Suggestion.closest(to: "optin-rules", among: ConfigurationParser.keys) == "opt-in-rules")
        #expect(Suggestion.closest(to: "Severity", among: ConfigurationParser.keys) == "severity")
        #expect(Suggestion.closest(to: "colours", among: ConfigurationParser.keys) == nil)
        #expect(Suggestion.closest(to: String(repeating: "x", count: 500), among: ConfigurationParser.keys) == nil)
    }
}

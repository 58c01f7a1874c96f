import Foundation
import Testing

/// docs/cookbook.md, run exactly as written: every command against a fresh daemon per recipe, every `#→` checked.
@Suite("The cookbook's recipes, end to end")
struct CookbookTests {
    struct Recipe: CustomTestStringConvertible, Sendable {
        var title: String
        /// Each command with the texts its output must contain.
        var steps: [(command: [String], expect: [String])]
        var testDescription: String { title }
    }

    static func recipes() throws -> [Recipe] {
        let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/cookbook.md"), encoding: .utf8)
        var recipes: [Recipe] = []
        var title = ""
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") {
                title = String(line.dropFirst(3))
            } else if line == "```sh" {
                inBlock = true
                recipes.append(Recipe(title: title, steps: []))
            } else if line == "```" {
                inBlock = false
            } else if inBlock, line.hasPrefix("#→ ") {
                recipes[recipes.count - 1].steps[recipes[recipes.count - 1].steps.count - 1].expect.append(String(line.dropFirst(3)))
            } else if inBlock, line.hasPrefix("navctl ") {
                recipes[recipes.count - 1].steps.append((try shellWords(String(line.dropFirst(7))), []))
            } else if inBlock, !line.isEmpty {
                Issue.record("a line in a recipe that is neither a navctl command nor an expectation: \(line)")
            }
        }
        return recipes
    }

    /// Words as a POSIX shell splits them: single and double quotes, no expansion (the recipes use none).
    static func shellWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for c in line {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
                inWord = true
            } else if c == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        guard quote == nil else { throw HarnessError("unterminated quote in: \(line)") }
        if inWord { words.append(current) }
        return words
    }

    @Test("there are five recipes, each with commands and checks")
    func five() throws {
        let recipes = try Self.recipes()
        #expect(recipes.count == 5)
        for recipe in recipes {
            #expect(recipe.steps.count >= 4 && recipe.steps.contains { !$0.expect.isEmpty }, "\(recipe.title)")
        }
    }

    @Test("each recipe, as written", arguments: try CookbookTests.recipes())
    func recipe(_ recipe: Recipe) async throws {
        try await withDaemon { daemon in
            for (command, expectations) in recipe.steps {
                let run = try await runNavctl(command + ["--socket", daemon.socketPath])
                #expect(run.status == 0, "navctl \(command.joined(separator: " ")): \(run)")
                for expected in expectations {
                    #expect(
                        run.stdout.contains(expected), "navctl \(command.joined(separator: " ")) should print '\(expected)': \(run.stdout)")
                }
            }
        }
    }
}

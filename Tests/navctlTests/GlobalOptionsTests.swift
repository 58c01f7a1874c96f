import Testing

@testable import navctl

/// Connection options written before the subcommand are moved after it, where each command declares them
/// (README, "navctl takes its connection options before the subcommand too").
@Suite("navctl: connection options before the subcommand")
struct GlobalOptionsTests {
    @Test(
        "leading options move to the end, or to just before a '--'",
        arguments: [
            (["--socket", "/s", "status"], ["status", "--socket", "/s"]),
            (["--socket=/s", "status"], ["status", "--socket=/s"]),
            (["--json", "session", "list"], ["session", "list", "--json"]),
            (
                ["--start", "--json", "--socket", "/s", "push", "s1", "--id", "a"],
                ["push", "s1", "--id", "a", "--start", "--json", "--socket", "/s"]
            ),
            (["--json", "call", "stack/get", "--", "--raw"], ["call", "stack/get", "--json", "--", "--raw"]),
        ])
    func moved(_ arguments: [String], _ expected: [String]) {
        #expect(GlobalOptions.moved(arguments) == expected)
    }

    @Test(
        "arguments are left as they are when nothing leads, nothing follows, or the value is missing",
        arguments: [
            ["status", "--socket", "/s"],  // already after the subcommand
            ["--json"],  // nothing to move it after
            ["--socket"],  // a valued option without its value
            ["--socket", "/s"],  // only options
            ["--verbose", "status"],  // not a connection option: the parser reports it
            [],
        ])
    func unchanged(_ arguments: [String]) {
        #expect(GlobalOptions.moved(arguments) == arguments)
    }
}

@Suite("navctl: a mistyped command names the one meant")
struct UnknownCommandTests {
    @Test(
        "a word a letter or two off, or the start of exactly one command, is suggested",
        arguments: [
            (["lnt"], "lint"),  // one letter missing
            (["stauts"], "status"),  // two letters swapped: two substitutions, within 6 / 3
            (["rend"], "render"),  // the start of one name only
            (["session", "lst"], "list"),  // a subcommand of a subcommand
        ])
    func suggested(_ arguments: [String], _ meant: String) throws {
        let unknown = try #require(UnknownCommand.find(in: arguments))
        #expect(unknown.word == arguments.last)
        #expect(unknown.suggestion == meant)
    }

    @Test("the message names the command path and the suggestion")
    func message() throws {
        let unknown = try #require(UnknownCommand.find(in: ["lnt"]))
        #expect(
            unknown.message
                == "Error: 'lnt' is not a navctl command; did you mean 'navctl lint'?\nSee 'navctl --help' for the commands.\n")
        let nested = try #require(UnknownCommand.find(in: ["session", "lst"]))
        #expect(nested.path == ["navctl", "session"])
        #expect(nested.message.hasPrefix("Error: 'lst' is not a navctl session command; did you mean 'navctl session list'?"))
    }

    @Test("a word close to nothing gets no suggestion; 'p' starts more than one name")
    func noSuggestion() throws {
        #expect(try #require(UnknownCommand.find(in: ["xyzzy"])).suggestion == nil)
        #expect(try #require(UnknownCommand.find(in: ["p"])).suggestion == nil)  // push, pop, pop-test, previous-title
        #expect(
            try #require(UnknownCommand.find(in: ["xyzzy"])).message
                == "Error: 'xyzzy' is not a navctl command\nSee 'navctl --help' for the commands.\n")
    }

    @Test(
        "nothing is reported for real commands, options first, help, or a command without subcommands",
        arguments: [["status"], ["session", "list"], ["--json", "lnt"], ["help", "lnt"], ["status", "extra"], []])
    func notUnknown(_ arguments: [String]) {
        #expect(UnknownCommand.find(in: arguments) == nil)
    }
}

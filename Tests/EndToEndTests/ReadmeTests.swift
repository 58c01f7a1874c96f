import Foundation
import NavTransport
import Testing

/// What README.md tells a new user to type, checked against what navd does.
@Suite("README")
struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test("the socat line reaches the socket navd chooses, with and without XDG_RUNTIME_DIR and NAVD_SOCKET")
    func socatPath() throws {
        let text = try Self.readme()
        let lines = text.split(separator: "\n").map(String.init)
        let assignment = try #require(lines.first { $0.hasPrefix("sock=") })
        let connect = try #require(lines.first { $0.hasPrefix("socat - UNIX-CONNECT:") })
        let target = String(connect.dropFirst("socat - UNIX-CONNECT:".count))
        let cases: [[String: String]] = [[:], ["XDG_RUNTIME_DIR": "/run/user/1234"], ["NAVD_SOCKET": "/tmp/elsewhere.sock"]]
        for environment in cases {
            let script = "\(assignment)\nprintf '%s' \(target)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            var env = ["PATH": "/usr/bin:/bin"]
            for (k, v) in environment { env[k] = v }
            process.environment = env
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let expected = SocketPath.resolve(explicit: nil, environment: environment)
            #expect(printed == expected, "\(environment): the README gives \(printed), navd uses \(expected)")
        }
    }

    @Test(
        "\"Lint your app\" shows what navctl lint prints for the example it runs",
        .enabled(if: LintEndToEndTests.readsSwift, "this navctl is built without the Swift reader"))
    func lintYourApp() async throws {
        let text = try Self.readme()
        let section = try #require(text.components(separatedBy: "## Lint your app").dropFirst().first)
        let blocks = section.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let command = try #require(blocks.first { $0.hasPrefix("sh\nnavctl lint examples/") })
        let arguments = command.dropFirst("sh\nnavctl ".count).split(separator: "\n")[0].split(separator: " ").map(String.init)
        let shown = try #require(blocks.first { $0.hasPrefix("\nexamples/") }).dropFirst()
        let run = try await runNavctl(arguments, in: Paths.packageRoot.path)
        #expect(run.stdout == String(shown), "the README shows\n\(shown)\nnavctl prints\n\(run.stdout)")
        // A warning is below the default --fail-on error.
        #expect(run.status == 0, "\(run)")
    }
}

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
}

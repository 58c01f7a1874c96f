import Foundation
import JSONCore
import Testing

/// The package's dependency graph as SwiftPM reads the manifest: a client never links the server.
@Suite("The package graph")
struct PackageGraphTests {
    /// The `swift` driver on PATH, or nil.
    static var swift: String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Every target of this package that `target` depends on, directly or not, by name.
    static func closure(of target: String, in targets: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var queue = [target]
        while let next = queue.popLast() {
            for dependency in targets[next] ?? [] where seen.insert(dependency).inserted { queue.append(dependency) }
        }
        return seen
    }

    @Test(
        "navctl's build graph holds neither NavServer nor CSQLite nor the MCP server; navd's holds the first two",
        .enabled(if: swift != nil, "no swift driver on PATH"))
    func navctlLinksNoServer() async throws {
        let dir = try TemporaryDirectory()
        let out = dir.file("manifest.json")
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: out))
        // A scratch folder of its own: the build's own may be locked by the run that started these tests. The
        // whole manifest: a sanitizer build's NAVD_BUILD_ONLY would leave navctl out of it.
        var environment = ProcessInfo.processInfo.environment
        environment["NAVD_BUILD_ONLY"] = nil
        let child = try ChildProcess(
            executable: try #require(Self.swift), arguments: ["package", "--scratch-path", dir.file("scratch"), "dump-package"],
            environment: environment, standardOutput: handle, currentDirectory: Paths.packageRoot.path)
        try? handle.close()
        #expect(try await child.waitForExit(timeout: .seconds(120)) == 0)
        let manifest = try JSON.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        var targets: [String: [String]] = [:]
        for target in manifest["targets"]?.arrayValue ?? [] {
            guard let name = target["name"]?.stringValue else { continue }
            targets[name] = (target["dependencies"]?.arrayValue ?? []).compactMap {
                $0["byName"]?.arrayValue?.first?.stringValue ?? $0["target"]?.arrayValue?.first?.stringValue
            }
        }
        let navctl = Self.closure(of: "navctl", in: targets)
        #expect(navctl.contains("NavEngine") && navctl.contains("NavClient"), "\(navctl.sorted())")
        #expect(!navctl.contains("NavServer") && !navctl.contains("CSQLite"), "\(navctl.sorted())")
        let navd = Self.closure(of: "navd", in: targets)
        #expect(navd.contains("NavServer") && navd.contains("CSQLite"), "\(navd.sorted())")
        // The MCP SDK (through NavMCP) is navd-mcp's alone: it brings FoundationNetworking and libcurl.
        #expect(!navctl.contains("NavMCP") && !navd.contains("NavMCP"), "\(navctl.sorted())")
        #expect(Self.closure(of: "navd-mcp", in: targets).contains("NavMCP"))
    }
}

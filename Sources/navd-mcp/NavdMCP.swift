import ArgumentParser
import Foundation
import MCP
import NavLint
import NavLocal
import NavMCP
import NavProtocol

/// `navd-mcp` (what `navctl mcp` runs): the Model Context Protocol server on standard input and output.
///
/// A program of its own so that navctl does not link the MCP SDK: the SDK imports FoundationNetworking, which
/// loads libcurl and some thirty libraries behind it at every start (docs/performance.md, "Startup").
@main
struct NavdMCP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navd-mcp",
        abstract: "Serve navd's answers to a coding assistant: a Model Context Protocol server on stdin and stdout.",
        discussion: """
            Tools: lint_paths (navctl lint over files and folders), explain_finding (what a code means), and for a \
            session document hit_test, back_title, resolve_tint and render_bar. Messages are JSON-RPC 2.0, one per \
            line. Everything is answered in process: no daemon is needed. It runs until standard input ends, after \
            answering every request read. navctl mcp runs this program; set it up in an assistant as \
            {"command": "navctl", "args": ["mcp"]} (docs/clients.md).
            """,
        version: NavdVersion.current)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where lint_paths keeps source findings between calls (default: navctl lint's cache folder).", valueName: "folder"))
    var cacheDir: String?

    @Flag(name: .long, help: "lint_paths reads every source file again, neither using nor keeping earlier findings.")
    var noCache = false

    func run() async throws {
        var lintCache: LintCache?
        if !noCache, let directory = cacheDir ?? LintCache.defaultDirectory(environment: ProcessInfo.processInfo.environment) {
            lintCache = LintCache(directory: directory, version: SourceLint.cacheVersion())
        }
        let server = await NavMCPServer.make(options: NavMCPServer.Options(lintCache: lintCache))
        let transport = GuardedTransport(StdioTransport())
        try await server.start(transport: transport)
        // The end of standard input ends the server's loop; the requests read by then are still answered.
        await server.waitUntilCompleted()
        await transport.drained()
        await server.stop()
    }
}

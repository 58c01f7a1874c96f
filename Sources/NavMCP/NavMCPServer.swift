import Dispatch
import MCP
import NavLint
import NavProtocol

/// `navctl mcp`'s Model Context Protocol server: navd's in-process answers as tools for a coding assistant.
/// Built here, apart from its transport, so that tests can serve it over an in-memory pair.
public enum NavMCPServer {
    /// What the tools share.
    public struct Options: Sendable {
        /// Where lint_paths keeps each project's findings between calls (as `navctl lint` does); nil: no cache.
        public var lintCache: LintCache?

        public init(lintCache: LintCache? = nil) {
            self.lintCache = lintCache
        }
    }

    static let instructions = """
        navd models iOS navigation bars (UINavigationController, UINavigationBar, their items) rule by rule per iOS \
        version. lint_paths checks an app's Swift, Objective-C and storyboards, or session documents (*.navd.json), \
        for navigation-bar bugs and reports each at FILE:LINE:COL with a code; explain_finding says what a code \
        means. hit_test, back_title, resolve_tint and render_bar answer for a session document (navctl flows \
        writes one per flow of an app).
        """

    /// A server offering the tools, not yet started: `start(transport:)` it on a transport.
    public static func make(options: Options = Options()) async -> Server {
        let server = Server(
            name: "navd", version: NavdVersion.current, title: "navd: iOS navigation bars", instructions: instructions,
            capabilities: Server.Capabilities(tools: Server.Capabilities.Tools(listChanged: false)))
        let calls = ToolCalls(options: options)
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: NavTools.all) }
        await server.withMethodHandler(CallTool.self) { params in
            // A lint reads files for as long as it takes: off the concurrency pool, which the server's own
            // messages (ping, cancellation) need.
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { () throws(MCPError) in try calls.call(params.name, params.arguments) })
                }
            }
        }
        return server
    }
}

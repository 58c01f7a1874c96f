import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `navctl mcp`: a Model Context Protocol server over standard input and output, for coding assistants.
///
/// navctl runs the server program, `navd-mcp`, in its own place (exec): the MCP SDK is linked there, not here,
/// so navctl's other commands do not load FoundationNetworking and libcurl at every start.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve navd's answers to a coding assistant: a Model Context Protocol server on stdin and stdout.",
        discussion: """
            Tools: lint_paths (navctl lint over files and folders), explain_finding (what a code means), and for a \
            session document hit_test, back_title, resolve_tint and render_bar. Messages are JSON-RPC 2.0, one per \
            line. Everything is answered in process: no daemon is needed. It runs until standard input ends, after \
            answering every request read. Set it up in an assistant as {"command": "navctl", "args": ["mcp"]} \
            (docs/clients.md). The server is the program navd-mcp, found beside navctl (else $NAVD_MCP_BIN, else \
            on PATH).
            """)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where lint_paths keeps source findings between calls (default: navctl lint's cache folder).", valueName: "folder"))
    var cacheDir: String?

    @Flag(name: .long, help: "lint_paths reads every source file again, neither using nor keeping earlier findings.")
    var noCache = false

    static let server = "navd-mcp"

    /// navd-mcp beside this navctl (a build folder, or an installation's bin), else `$NAVD_MCP_BIN`, else on PATH.
    static func serverPath() -> String? {
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let beside = executable.deletingLastPathComponent().appendingPathComponent(server).path
            if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["NAVD_MCP_BIN"], !path.isEmpty { return path }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(server)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    func run() throws {
        guard let path = Self.serverPath() else {
            throw Failure.usage("navctl mcp runs \(Self.server), which is not beside navctl, in $NAVD_MCP_BIN or on PATH")
        }
        var arguments = [path]
        if let cacheDir { arguments += ["--cache-dir", cacheDir] }
        if noCache { arguments.append("--no-cache") }
        let argv = arguments.map { strdup($0) } + [nil]
        execv(path, argv)
        // execv returns only when it failed.
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        throw Failure.usage("cannot run \(path): \(reason)")
    }
}

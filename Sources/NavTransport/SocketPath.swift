#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the daemon's socket lives (PROTOCOL.md section 1): `--socket PATH`, else `$NAVD_SOCKET`,
/// else `$XDG_RUNTIME_DIR/navd/navd.sock`, else `/tmp/navd-<uid>/navd.sock`.
public enum SocketPath {
    /// Resolves the chain; `environment` defaults to the process environment.
    public static func resolve(explicit: String?, environment: [String: String]? = nil) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        let env = environment ?? currentEnvironment()
        if let p = env["NAVD_SOCKET"], !p.isEmpty { return p }
        if let runtime = env["XDG_RUNTIME_DIR"], !runtime.isEmpty { return "\(runtime)/navd/navd.sock" }
        return "/tmp/navd-\(getuid())/navd.sock"
    }

    static func currentEnvironment() -> [String: String] {
        var out: [String: String] = [:]
        for key in ["NAVD_SOCKET", "XDG_RUNTIME_DIR"] {
            if let v = getenv(key) { out[key] = String(cString: v) }
        }
        return out
    }
}

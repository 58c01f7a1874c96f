#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where the daemon's socket is (PROTOCOL.md section 1).
public enum SocketPath {
    /// The socket path, first of: `explicit` (`--socket`), `$NAVD_SOCKET`,
    /// `$XDG_RUNTIME_DIR/navd/navd.sock`, `/tmp/navd-<uid>/navd.sock`. Empty values count as unset.
    public static func resolve(
        explicit: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        uid: UInt32 = UInt32(getuid())
    ) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnv = environment["NAVD_SOCKET"], !fromEnv.isEmpty { return fromEnv }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            let base = runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
            return "\(base)/navd/navd.sock"
        }
        return "/tmp/navd-\(uid)/navd.sock"
    }
}

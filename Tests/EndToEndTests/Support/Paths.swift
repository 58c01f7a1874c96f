import Foundation

/// Where the built binaries and temporary files are.
enum Paths {
    /// The package root, from this file's location (Tests/EndToEndTests/Support/Paths.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$NAVD_BIN`, else `<package root>/.build/debug/navd`.
    static var navd: String { binary("navd", override: "NAVD_BIN") }

    /// `$NAVCTL_BIN`, else `<package root>/.build/debug/navctl`.
    static var navctl: String { binary("navctl", override: "NAVCTL_BIN") }

    private static func binary(_ name: String, override: String) -> String {
        if let path = ProcessInfo.processInfo.environment[override], !path.isEmpty { return path }
        return packageRoot.appendingPathComponent(".build/debug/\(name)").path
    }
}

/// A fresh directory under /tmp (short, so socket paths stay under the 104-byte limit), removed on `remove()` or deinit.
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        var template = Array("/tmp/navd-e2e-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw HarnessError("cannot create a temporary directory: errno \(errno)") }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { remove() }
}

/// A failure of the test harness itself (not of the code under test).
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import JSONCore
import NavModel
import Testing

@testable import NavLint

@Suite("The lint cache")
struct LintCacheTests {
    /// FIPS 180-4's examples (and the empty message), fed whole and in uneven pieces.
    @Test("SHA-256 gives the standard's digests, however the message is cut")
    func sha256() {
        let vectors: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ]
        for (message, digest) in vectors {
            var whole = SHA256()
            whole.update(message)
            #expect(whole.hexDigest() == digest, "\(message)")
            var pieces = SHA256()
            var rest = Array(message.utf8)[...]
            var size = 1
            while !rest.isEmpty {
                pieces.update(rest.prefix(size))
                rest = rest.dropFirst(size)
                size = size * 3 % 70 + 1
            }
            #expect(pieces.hexDigest() == digest, "\(message) in pieces")
        }
        var million = SHA256()
        let block = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { million.update(block) }
        #expect(million.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    static let findings = [
        Finding(
            file: "App/Screen.swift", position: SourcePosition(line: 12, column: 9), path: "", profile: .ios17,
            diagnostic: Diagnostic(code: "back-button-hidden", severity: .info, message: "hidden", screenId: "Screen")),
        Finding(
            file: "App/Main.storyboard", position: SourcePosition(line: 40, column: 17), path: "", profile: .ios26,
            diagnostic: Diagnostic(
                code: "touch-target-small", severity: .warning, message: "small 🐢", itemId: "close",
                rect: Rect(x: 0.5, y: 20, width: 30.25, height: 44))),
    ]

    func key(_ cache: LintCache, _ parts: [String]) -> LintCache.Key {
        var key = cache.key()
        for part in parts { key.add(part) }
        return key
    }

    @Test("findings come back as stored, under the same key and version only")
    func roundTrip() throws {
        let dir = NSTemporaryDirectory() + "navd-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = LintCache(directory: dir, version: "1.0.0")
        #expect(cache.load(key(cache, ["a"])) == nil)
        cache.store(Self.findings, under: key(cache, ["a"]))
        #expect(cache.load(key(cache, ["a"])) == Self.findings)
        #expect(cache.load(key(cache, ["b"])) == nil)
        // Parts are fed with their lengths: "ab" then "c" is not "a" then "bc".
        cache.store(Self.findings, under: key(cache, ["ab", "c"]))
        #expect(cache.load(key(cache, ["a", "bc"])) == nil)
        // Another version of navd reads none of this one's findings.
        let next = LintCache(directory: dir, version: "1.0.1")
        #expect(next.load(key(next, ["a"])) == nil)
        #expect(key(next, ["a"]).name != key(cache, ["a"]).name)
    }

    @Test("an entry that cannot be read is a miss, and the least recently used entries go beyond the limit")
    func damageAndPruning() throws {
        let dir = NSTemporaryDirectory() + "navd-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = LintCache(directory: dir, version: "1", maxEntries: 3)
        let first = key(cache, ["first"])
        cache.store(Self.findings, under: first)
        for damaged in ["", "{", #"{"format": "\#(LintCache.format)", "findings": [{"file": 1}]}"#, "[1]"] {
            try Data(damaged.utf8).write(to: URL(fileURLWithPath: cache.path(first)))
            #expect(cache.load(first) == nil, "\(damaged)")
        }
        for (index, name) in ["k1", "k2", "k3", "k4", "k5"].enumerated() {
            cache.store(Self.findings, under: key(cache, [name]))
            // Distinct modification times, oldest first.
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index))], ofItemAtPath: cache.path(key(cache, [name])))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }
        #expect(left.count == 3, "\(left)")
        #expect(cache.load(key(cache, ["k5"])) != nil)
        #expect(cache.load(key(cache, ["k1"])) == nil)
    }

    struct Configuration {
        var rules: Set<String>
        var severities: [String: String]
        var profiles: [String]?
    }

    @Test("a value's canonical description keeps order where it means something, and only there")
    func canonical() {
        let names = (0..<40).map { "rule-\($0)" }
        let a = Configuration(
            rules: Set(names), severities: Dictionary(uniqueKeysWithValues: names.map { ($0, "warning") }), profiles: ["ios13", "ios17"])
        var b = Configuration(rules: [], severities: [:], profiles: ["ios13", "ios17"])
        for name in names.reversed() {
            b.rules.insert(name)
            b.severities[name] = "warning"
        }
        #expect(LintCache.canonicalDescription(a) == LintCache.canonicalDescription(b))
        #expect(LintCache.canonicalDescription(a).contains("severities="))
        b.profiles = ["ios17", "ios13"]
        #expect(LintCache.canonicalDescription(a) != LintCache.canonicalDescription(b))
        b.profiles = nil
        #expect(LintCache.canonicalDescription(a) != LintCache.canonicalDescription(b))
    }
}

import Foundation
import Testing

@testable import JSONCore

/// The parser trusts json-c once the lexical check has passed a document, and lets the strict scanner explain
/// everything else. These tests hold the shortcut to the strict scanner: for every input, both accept with the
/// same value, or both reject with the same message at the same offset.
@Suite struct LexicalCheckTests {
    /// What json-c 0.16 accepts in strict mode although RFC 8259 does not, each next to a valid neighbour.
    static let admittedByJSONC: [String] = [
        "NaN", "[NaN]", "[Infinity]", "[-Infinity]", "{'a':1}", #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#,
        "[1.]", "[1.e2]", "[-01]", "[1e400]", "[-1e400]", "[99999999999999999999]", "[-9223372036854775809]",
        "[\"a\tb\"]", "[\"\u{1F}\"]", #"{"a":1,"a":2}"#, #"{"a\u0000b":1}"#, #"{"\u0000":1}"#, #"{"a":{"b":1,"b":1}}"#,
        "[1]\u{0}x", "[-0]", "[-9223372036854775808]", "[9223372036854775807]", "[9223372036854775808]",
        #"{"a\u0000":1,"a\u0000":2}"#, #"["\u0000"]"#, "[1.5e-400]", "[0.1,1E+2,-3e-2]", #"{"a" : 1 , "b":[true,false,null]}"#,
    ]

    /// Bytes json-c 0.16's UTF-8 check lets through.
    static let admittedBytes: [[UInt8]] = [
        Array("[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8),
        Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8),
        Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8),
        Array("[\"".utf8) + [0xE0, 0x80, 0x80] + Array("\"]".utf8),
        Array("[\"".utf8) + [0xF0, 0x9F, 0x98, 0x80] + Array("\"]".utf8),
    ]

    static let seeds: [String] = [
        #"{"jsonrpc":"2.0","id":7,"method":"title/back","params":{"sessionId":"s1","screenId":"b"}}"#,
        #"[{"id":"a","title":"Settings \u00e9\ud83d\ude00"},{"id":"b","frame":[0,-0.5,1e3,2E-2],"ok":true,"n":null}]"#,
        #"{"a":{"b":{"c":[1,2,[3,{"d":"\n\t\"\\\/"}]]}},"e":""}"#,
    ]

    func expectSame(_ bytes: [UInt8], maxDepth: Int = 128, sourceLocation: SourceLocation = #_sourceLocation) {
        let limits = JSONParseLimits(maxDepth: maxDepth)
        let fast = Result { () throws(JSONParseError) -> JSON in try JSON.parse(bytes, limits: limits) }
        let reference = Result { () throws(JSONParseError) -> JSON in try JSON.parseByStrictScan(bytes, limits: limits) }
        switch (fast, reference) {
        case (.success(let a), .success(let b)):
            #expect(a == b && a.serialized() == b.serialized(), "\(Array(bytes))", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(Array(bytes))", sourceLocation: sourceLocation)
        default:
            Issue.record(
                "fast \(fast), reference \(reference) for \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: admittedByJSONC)
    func admittedByJSONCIsJudgedAsTheStrictScannerDoes(_ text: String) {
        expectSame(Array(text.utf8))
    }

    @Test func admittedUTF8IsJudgedAsTheStrictScannerDoes() {
        for bytes in Self.admittedBytes { expectSame(bytes) }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try JSON.parse("[-0]")
        guard case .double(let zero) = value.arrayValue?.first else {
            Issue.record("\(value)")
            return
        }
        #expect(zero.sign == .minus)
    }

    @Test func depthAtAndPastTheLimit() {
        for depth in [1, 2, 3, 4] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            expectSame(Array(text.utf8), maxDepth: 3)
        }
    }

    /// The fuzz corpus, then thousands of seeded mutations of small documents (bytes replaced, inserted and
    /// removed, favouring the bytes where json-c and RFC 8259 part ways).
    @Test func corpusAndMutationsAgree() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../fuzz/corpus/json")
        let files = (try? FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)) ?? []
        #expect(!files.isEmpty)
        for file in files { expectSame(Array(try Data(contentsOf: file))) }

        let interesting: [UInt8] = Array(#"NI'\u0d8.e-+0,:"{}[] "#.utf8) + [0x00, 0x09, 0x1F, 0x7F, 0x80, 0xC0, 0xED, 0xF4, 0xFF]
        var rng = SplitMix(seed: 0x6E61_7664)
        for seed in Self.seeds + Self.admittedByJSONC {
            let original = Array(seed.utf8)
            for _ in 0..<400 {
                var bytes = original
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    let position = Int(rng.next() % UInt64(bytes.count + 1))
                    let byte = interesting[Int(rng.next() % UInt64(interesting.count))]
                    switch rng.next() % 3 {
                    case 0 where position < bytes.count: bytes[position] = byte
                    case 1: bytes.insert(byte, at: position)
                    default: if position < bytes.count { bytes.remove(at: position) }
                    }
                }
                expectSame(bytes)
            }
        }
    }
}

/// A small deterministic generator, so a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

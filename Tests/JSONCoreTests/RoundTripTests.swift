import Testing

import JSONCore
import NavTestSupport

/// Random JSON values that exercise the awkward corners: extreme numbers, escapes, NUL, astral text.
struct ValueGenerator {
    var rng: SplitMix64

    private static let scalars: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{C}", "\r", "\u{1F}",
        "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}", "€", "\u{2028}", "\u{D7FF}", "\u{E000}", "\u{FFFD}",
        "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}",
    ]

    mutating func string(allowNUL: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let scalar = Self.scalars.randomElement(using: &rng) ?? "a"
            scalars.append(!allowNUL && scalar == "\u{0}" ? "_" : scalar)
        }
        return String(scalars)
    }

    mutating func double() -> Double {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            return [0.1, -0.0, 1e-05, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude, 3.0, 1e21]
                .randomElement(using: &rng) ?? 0
        case 1: return Double.random(in: -1...1, using: &rng)
        case 2: return Double.random(in: -1e6...1e6, using: &rng).rounded()
        default:
            // Any finite bit pattern: subnormals, huge and tiny exponents.
            while true {
                let candidate = Double(bitPattern: rng.next())
                if candidate.isFinite { return candidate }
            }
        }
    }

    mutating func value(depth: Int) -> JSON {
        let kinds = depth >= 5 ? 6 : 8
        switch Int.random(in: 0..<kinds, using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2:
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return .int([.min, .max, 0, -1, 1 << 53, (1 << 53) + 1].randomElement(using: &rng) ?? 0)
            case 1: return .int(Int64.random(in: -1000...1000, using: &rng))
            default: return .int(Int64(bitPattern: rng.next()))
            }
        case 3, 4: return .double(double())
        case 5: return .string(string(allowNUL: true))
        case 6: return .array((0..<Int.random(in: 0...5, using: &rng)).map { _ in value(depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                object[string(allowNUL: false)] = value(depth: depth + 1)
            }
            return .object(object)
        }
    }
}

@Suite("parse(serialize(x)) == x")
struct RoundTripTests {
    @Test("random values survive a round trip, bit for bit", arguments: 0..<200)
    func roundTrip(seed: Int) throws {
        var generator = ValueGenerator(rng: SplitMix64(seed: UInt64(seed)))
        let value = generator.value(depth: 0)
        let bytes = value.serializedBytes()
        let parsed = try JSON.parse(bytes, limits: JSONParseLimits(maxDepth: 16))
        #expect(parsed == value)
        #expect(sameKinds(parsed, value))
        #expect(sameBits(parsed, value))
        #expect(parsed.serializedBytes() == bytes)
        #expect(!bytes.contains(UInt8(ascii: " ")) || containsSpaceInStrings(value))
    }

    @Test("mutated documents are rejected or parse to values that write back stably", arguments: 0..<100)
    func mutatedDocuments(seed: Int) {
        var generator = ValueGenerator(rng: SplitMix64(seed: UInt64(seed) &+ 10_000))
        var bytes = generator.value(depth: 0).serializedBytes()
        let pool: [UInt8] = Array("[]{}\",:\\/-+.eE0 1tnfu'".utf8) + [0x00, 0x0A, 0x80, 0xC0, 0xED, 0xF4, 0xFF]
        for _ in 0..<Int.random(in: 1...3, using: &generator.rng) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator.rng)
            switch Int.random(in: 0..<3, using: &generator.rng) {
            case 0 where !bytes.isEmpty: bytes.remove(at: position)
            case 1 where !bytes.isEmpty: bytes[position] = pool.randomElement(using: &generator.rng) ?? 0
            default: bytes.insert(pool.randomElement(using: &generator.rng) ?? 0, at: position)
            }
        }
        do {
            let parsed = try JSON.parse(bytes)
            let written = parsed.serializedBytes()
            #expect(try JSON.parse(written) == parsed)
        } catch {
            #expect(!error.message.isEmpty)
            #expect(error.offset >= 0 && error.offset <= bytes.count)
        }
    }
}

/// Doubles compared by bit pattern, so -0.0 and 0.0 differ.
private func sameBits(_ a: JSON, _ b: JSON) -> Bool {
    switch (a, b) {
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(sameBits)
    case (.object(let x), .object(let y)): return zip(x.members, y.members).allSatisfy { sameBits($0.value, $1.value) }
    default: return a == b
    }
}

private func containsSpaceInStrings(_ value: JSON) -> Bool {
    switch value {
    case .string(let s): return s.contains(" ")
    case .array(let a): return a.contains(where: containsSpaceInStrings)
    case .object(let o): return o.contains { $0.key.contains(" ") || containsSpaceInStrings($0.value) }
    default: return false
    }
}

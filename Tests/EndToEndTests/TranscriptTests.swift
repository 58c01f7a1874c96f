import Foundation
import JSONCore
import Testing

/// The golden transcripts in docs/protocol/examples/, replayed against the real daemon.
///
/// Each file lists every message sent and received, in order (docs/clients.md, "Golden
/// transcripts"). Every receive, normalised by the file's own rules, must equal the recorded
/// one as JSON: object member order is free and numbers compare by value.
@Suite("Golden transcripts replayed against the real daemon")
struct TranscriptTests {
    static let directory = Paths.packageRoot.appendingPathComponent("docs/protocol/examples")

    /// The transcript file names, sorted.
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test("the examples directory holds transcripts")
    func thereAreTranscripts() {
        #expect(!Self.files.isEmpty, "docs/protocol/examples is empty; run make examples")
    }

    @Test("replay", arguments: files)
    func replay(file: String) async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(file))
        let transcript = try JSON.parse(Array(data))
        guard let steps = transcript["steps"]?.arrayValue else {
            Issue.record("\(file): no steps")
            return
        }
        var normaliser = TranscriptNormaliser(rules: transcript["normalise"])
        try await withDaemon { daemon in
            let raw = try daemon.raw()
            defer { raw.close() }
            for (index, step) in steps.enumerated() {
                if let send = step["send"] {
                    try await raw.sendLine(normaliser.restore(send))
                } else if let expected = step["receive"] {
                    let actual = normaliser.normalise(try await raw.nextMessage())
                    let same = TranscriptNormaliser.equal(actual, expected)
                    #expect(
                        same,
                        "\(file) step \(index):\nexpected \(expected.serialized())\nactual   \(actual.serialized())")
                } else {
                    Issue.record("\(file) step \(index) is neither send nor receive")
                }
            }
        }
    }

    @Test("normalising replaces volatile fields and numbers generated ids by first appearance")
    func normalisingRules() {
        var normaliser = TranscriptNormaliser(rules: [
            "volatile": ["pid", "serverInfo.version"], "ids": ["sessionId"],
        ])
        let first = normaliser.normalise([
            "result": ["sessionId": "s7", "pid": 42, "version": 3, "serverInfo": ["name": "navd", "version": "1.2"]]
        ])
        #expect(
            first == [
                "result": [
                    "sessionId": "<sessionId:1>", "pid": "<volatile>", "version": 3,
                    "serverInfo": ["name": "navd", "version": "<volatile>"],
                ]
            ])
        let second = normaliser.normalise(["params": ["sessionId": "s9", "other": ["sessionId": "s7"]]])
        #expect(second == ["params": ["sessionId": "<sessionId:2>", "other": ["sessionId": "<sessionId:1>"]]])
        #expect(normaliser.restore(["sessionId": "<sessionId:2>", "list": ["<sessionId:1>"]]) == ["sessionId": "s9", "list": ["s7"]])
        #expect(TranscriptNormaliser.equal(["a": 1, "b": 2.0], ["b": 2, "a": 1.0]))
        #expect(!TranscriptNormaliser.equal(["a": 1], ["a": 1, "b": nil]))
    }
}

/// The transcript normalisation rules (docs/clients.md), the same as every client's.
struct TranscriptNormaliser {
    private let volatile: Set<String>
    private let ids: Set<String>
    private var placeholders: [String: String] = [:]
    private var actual: [String: JSON] = [:]
    private var counts: [String: Int] = [:]

    init(rules: JSON?) {
        volatile = Set(rules?["volatile"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        ids = Set(rules?["ids"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// A message from the daemon with volatile values and generated ids replaced by placeholders.
    mutating func normalise(_ value: JSON, parent: String = "") -> JSON {
        switch value {
        case .object(let object):
            var out = JSONObject()
            for member in object {
                let key = member.key
                if volatile.contains(key) || volatile.contains("\(parent).\(key)") {
                    out[key] = "<volatile>"
                } else if ids.contains(key), isIdentifier(member.value) {
                    out[key] = .string(bind(key, member.value))
                } else {
                    out[key] = normalise(member.value, parent: key)
                }
            }
            return .object(out)
        case .array(let items):
            return .array(items.map { normalise($0, parent: parent) })
        default:
            return value
        }
    }

    /// A recorded send with every bound placeholder replaced by the value the daemon gave it.
    func restore(_ value: JSON) -> JSON {
        switch value {
        case .string(let text):
            return actual[text] ?? value
        case .object(let object):
            return .object(JSONObject(object.map { ($0.key, restore($0.value)) }))
        case .array(let items):
            return .array(items.map(restore))
        default:
            return value
        }
    }

    private func isIdentifier(_ value: JSON) -> Bool {
        switch value {
        case .string, .int: return true
        default: return false
        }
    }

    private mutating func bind(_ key: String, _ value: JSON) -> String {
        let identity = key + "\u{0}" + value.serialized()
        if let known = placeholders[identity] { return known }
        let n = (counts[key] ?? 0) + 1
        counts[key] = n
        let placeholder = "<\(key):\(n)>"
        placeholders[identity] = placeholder
        actual[placeholder] = value
        return placeholder
    }

    /// JSON equality with unordered object members and numbers compared by value.
    static func equal(_ a: JSON, _ b: JSON) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { member in y[member.key].map { equal(member.value, $0) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.int, .double), (.double, .int), (.double, .double):
            return a.doubleValue == b.doubleValue
        default:
            return a == b
        }
    }
}

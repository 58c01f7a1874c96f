import JSONCore
import NavClient
import NavTestSupport
import Testing

/// Bad input never crashes the daemon or loses a session: a seeded stream of damaged messages,
/// on connections of their own, while a well-behaved client keeps working.
@Suite("Damaged input on the real daemon")
struct GarbageEndToEndTests {

    /// Well-formed requests, then damaged copies of them: cut, with bytes flipped, or with values swapped.
    static let seeds: [String] = [
        #"{"jsonrpc":"2.0","id":1,"method":"stack/push","params":{"sessionId":"s1","screen":{"title":"A","item":{"rightItems":[{"title":"Edit"}]}}}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"bar/hitTest","params":{"sessionId":"s1","point":{"x":20,"y":60},"trace":true}}"#,
        ##"{"jsonrpc":"2.0","id":3,"method":"tint/resolve","params":{"color":"rgba(10,20,30,0.5)","backdrop":"#000"}}"##,
        #"{"jsonrpc":"2.0","id":4,"method":"session/configure","params":{"sessionId":"s1","profile":"ios10","policies":{"touchSlop":{"above":5}}}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"tree/hitTest","params":{"tree":{"class":"UIView","frame":{"x":0,"y":0,"width":10,"height":10}},"point":{"x":1,"y":1}}}"#,
        #"[{"jsonrpc":"2.0","id":6,"method":"title/back","params":{"sessionId":"s1"}},{"jsonrpc":"2.0","method":"stack/pop","params":{"sessionId":"s1"}}]"#,
    ]

    /// How many replies one NDJSON line is due (JSON-RPC 2.0 and PROTOCOL.md section 2): none for a blank line or a
    /// valid notification (or a batch of only those), one for anything else, a batch's replies being one array.
    static func repliesDue(_ line: [UInt8]) -> Int {
        let body = line.filter { $0 != 0x0A && $0 != 0x0D }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return 0 }
        guard let json = try? JSON.parse(body) else { return 1 }
        func isNotification(_ m: JSON) -> Bool {
            guard let o = m.objectValue, o["jsonrpc"] == "2.0", o["method"]?.stringValue != nil, !o.contains("id") else { return false }
            switch o["params"] {
            case nil, .object?, .array?: return true
            default: return false
            }
        }
        if let batch = json.arrayValue { return !batch.isEmpty && batch.allSatisfy(isNotification) ? 0 : 1 }
        return isNotification(json) ? 0 : 1
    }

    static func damaged(_ rng: inout SplitMix64) -> [UInt8] {
        var bytes = Array(seeds[Int(rng.next() % UInt64(seeds.count))].utf8)
        switch rng.next() % 4 {
        case 0: bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
        case 1:
            for _ in 0..<(1 + rng.next() % 4) { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
        case 2:
            let junk: [String] = ["null", "-1e999", "\"\\ud800\"", "[]", "{}", "1.5", "\"x\"", "true", "[[[[[[[[[[[[", "\"\u{0}\""]
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                of: ["20", "\"A\"", "true", "\"s1\"", "10", "\"ios10\""][Int(rng.next() % 6)],
                with: junk[Int(rng.next() % UInt64(junk.count))])
            bytes = Array(text.utf8)
        default: break
        }
        return bytes.filter { $0 != 0x0A } + [0x0A]
    }

    @Test("500 damaged messages: every request answered, no crash, the session and another client intact")
    func garbage() async throws {
        try await withDaemon { daemon in
            let client = try await daemon.connect()
            let session = try await client.createSession(config: ["screens": [["id": "root", "title": "Root"]]])
            #expect(session.sessionId == "s1")
            var rng = SplitMix64(seed: 20_261_122)
            for round in 0..<10 {
                let raw = try daemon.raw()
                // A first well-formed line fixes the framing as NDJSON, whatever the damage does to the next bytes.
                try await raw.sendLine(RPC.request(.string("hello-\(round)"), "daemon/status"))
                var due = 1
                for _ in 0..<50 {
                    let message = Self.damaged(&rng)
                    due += Self.repliesDue(message)
                    try await raw.send(message)
                }
                try await raw.sendLine(RPC.request(.string("probe-\(round)"), "daemon/status"))
                // Every message that is due a reply gets exactly one, in order, before the probe's.
                var received = 0
                var answered = false
                while !answered {
                    let message = try await raw.nextMessage()
                    if let batch = message.arrayValue {
                        #expect(batch.allSatisfy { $0["jsonrpc"] == "2.0" })
                        received += 1
                    } else {
                        #expect(message["jsonrpc"] == "2.0", "\(message.serialized())")
                        answered = message["id"] == .string("probe-\(round)")
                        if !answered { received += 1 }
                    }
                }
                #expect(received == due, "round \(round): \(received) replies for \(due) messages that are due one")
                raw.close()
                _ = try await client.status()
            }
            let stack = try await client.stack(session.sessionId)
            #expect(stack.screens.first?.id == "root")
            await client.close()
        }
    }
}

import JSONCore
import NavClient
import Testing

/// `session/diagnostics` is sent to `diagnostics` subscribers when the set changes, and only then.
@Suite("session/diagnostics on the real daemon")
struct DiagnosticsNotificationTests {
    func codes(_ note: NavClient.Notification) -> [String] {
        note.params?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
    }

    /// The error-level findings: "never called", as opposed to the warnings about swipes and mask edges.
    func errors(_ note: NavClient.Notification) -> [String] {
        note.params?["diagnostics"]?.arrayValue?.filter { $0["severity"] == "error" }.compactMap { $0["code"]?.stringValue } ?? []
    }

    @Test("a custom back action the mask cannot catch on ios17 is reported, and its fix clears it")
    func changesOnly() async throws {
        try await withClient { client, _ in
            let s = try await client.createSession(config: [
                "profile": "ios17", "policies": ["backInterception": "mask"],
                "screens": [["id": "list", "title": "List"]],
            ]).sessionId
            _ = try await client.subscribe(s, topics: [.diagnostics])

            _ = try await client.push(s, screen: ["id": "edit", "title": "Edit", "backAction": "custom"])
            let first = try await client.nextNotification()
            #expect(first.method == "session/diagnostics")
            #expect(first.params?["version"] == 1)
            #expect(errors(first).contains("custom-back-unreachable"), "\(first.params?.serialized() ?? "")")

            // A change that leaves the set as it was sends nothing.
            _ = try await client.updateScreen(s, screenId: "list", changes: ["popGesture": "disabled"])
            try await client.assertNoNotificationDue()

            // ios10 installs the mask, so the custom action is called again; what is left are warnings
            // (the swipe and the mask's edges still bypass it).
            _ = try await client.request("session/configure", ["sessionId": .string(s), "profile": "ios10"])
            let second = try await client.nextNotification()
            #expect(second.method == "session/diagnostics")
            #expect(second.params?["version"] == 3)
            #expect(!errors(second).contains("custom-back-unreachable"), "\(second.params?.serialized() ?? "")")
            #expect(codes(second).contains("custom-back-unreachable"))
        }
    }
}

import Foundation
import NavProtocol
import Testing
@testable import NavServer

@Suite("The dispatch table")
struct DispatchTableTests {
    /// Methods handled by the connection itself rather than the table.
    static let connectionLevel: Set<String> = ["$/cancelRequest", "exit"]

    @Test("every protocol method has exactly one handler, and every handler a protocol method")
    func tableMatchesRegistry() {
        let handled = Set(DispatchTable.standard().handlers.keys)
        let declared = Set(Messages.methods).subtracting(Self.connectionLevel)
        #expect(handled.subtracting(declared).sorted() == [], "handlers for undeclared methods")
        #expect(declared.subtracting(handled).sorted() == [], "declared methods without a handler")
    }

    @Test("the registry is alphabetical and free of duplicates")
    func registryOrder() {
        let requests = Messages.requests.map { $0.name }
        let notifications = Messages.serverNotifications.map { $0.name }
        #expect(requests == requests.sorted())
        #expect(notifications == notifications.sorted())
        #expect(Set(Messages.methods).count == Messages.methods.count)
        #expect(Set(Messages.methods).isDisjoint(with: Messages.notifications))
    }

    @Test("docs/protocol.md has a section for every method and mentions every notification")
    func documented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        // The generated tables list every name; each method also needs its own written section.
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("#### ") }
        for name in Messages.methods {
            #expect(headings.contains { $0.contains("`\(name)`") }, "docs/protocol.md has no section for `\(name)`")
        }
        for name in Messages.notifications {
            #expect(text.contains("`\(name)`"), "docs/protocol.md does not mention `\(name)`")
        }
    }
}

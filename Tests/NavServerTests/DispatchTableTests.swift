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
        #expect(Messages.methods == Messages.methods.sorted())
        #expect(Set(Messages.methods).count == Messages.methods.count)
        #expect(Messages.notifications == Messages.notifications.sorted())
    }

    @Test("docs/protocol.md documents every method and notification")
    func documented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        for name in Messages.methods + Messages.notifications {
            #expect(text.contains("`\(name)`"), "docs/protocol.md does not mention `\(name)`")
        }
    }
}

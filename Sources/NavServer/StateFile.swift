import Foundation
import JSONCore
import NavModel
import NavProtocol

/// Persistence: every session as its snapshot document, in one JSON file.
public struct StateFile: Sendable {
    public let path: String
    public init(path: String) { self.path = path }

    /// Writes every session (atomically: a temporary file renamed over the old one).
    public func save(from service: NavService) async throws {
        var docs: [JSON] = []
        for s in await service.sessions.all() {
            var doc = await s.snapshot()
            doc["sessionId"] = .string(s.id)
            docs.append(doc)
        }
        let json: JSON = ["format": "navd-state", "formatVersion": 1, "sessions": .array(docs)]
        try Data(json.serializedBytes()).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Restores the sessions the file holds, keeping their ids; returns how many.
    public func load(into service: NavService) async throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try JSON.parse(Array(data))
        guard case .array(let docs)? = json["sessions"] else { throw RPCError.invalidParams(path: "sessions", expected: "an array") }
        var count = 0
        for doc in docs {
            let (name, model) = try SessionDocument.decode(doc, limits: service.sessions.limits.model)
            _ = try await service.sessions.add(name: name.isEmpty ? nil : name, model: model, id: doc["sessionId"]?.stringValue)
            count += 1
        }
        return count
    }
}

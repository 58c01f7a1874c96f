import Foundation
import JSONCore
import NavModel
import Testing
@testable import NavProtocol

/// The one contract: docs/openrpc.json and the tables of docs/protocol.md are generated from the wire types,
/// and the wire types read back every message the daemon wrote in the golden transcripts.
@Suite("The contract: the generated documents and the wire types both ways")
struct ContractTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        do {
            return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            Issue.record("cannot read \(path): \(error)")
            throw error
        }
    }

    static let transcripts: [String] = {
        let directory = root.appendingPathComponent("docs/protocol/examples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test("docs/openrpc.json is what make schema writes")
    func openrpcIsCurrent() throws {
        let committed = try Self.read("docs/openrpc.json")
        #expect(committed == OpenRPC.document().prettySerialized() + "\n", "docs/openrpc.json is out of date; run make schema")
    }

    @Test("docs/protocol.md's method and notification tables are what make schema writes")
    func tablesAreCurrent() throws {
        let text = try Self.read("docs/protocol.md")
        for (name, body) in MethodTables.sections {
            #expect(text.contains("<!-- BEGIN GENERATED: \(name) -->\n\(body)\n<!-- END GENERATED: \(name) -->"), "section \(name)")
        }
        #expect(MethodTables.regenerate(text) == text, "docs/protocol.md is out of date; run make schema")
    }

    @Test("regenerating replaces only what lies between the markers")
    func regenerateKeepsTheRest() {
        let text = "before\n<!-- BEGIN GENERATED: methods -->\nstale\n<!-- END GENERATED: methods -->\nafter"
        #expect(
            MethodTables.regenerate(text)
                == "before\n<!-- BEGIN GENERATED: methods -->\n\(MethodTables.methods)\n<!-- END GENERATED: methods -->\nafter")
        #expect(MethodTables.regenerate("no markers") == "no markers")
    }

    @Test("the document has every method and notification, and every reference resolves")
    func documentIsComplete() throws {
        let document = OpenRPC.document()
        let methods = document["methods"]?.arrayValue ?? []
        let names = methods.compactMap { $0["name"]?.stringValue }
        #expect(names.sorted() == (Messages.methods + Messages.notifications).sorted())
        #expect(names.contains("rpc.discover"))
        for method in methods {
            let name = method["name"]?.stringValue ?? "?"
            let notification = method["x-notification"] == true
            #expect(notification == (method["result"] == nil), "\(name): a result exactly when it is a request")
            #expect(method["params"]?.arrayValue != nil, "\(name) has no params list")
        }
        var references: [String] = []
        Self.collectReferences(document, into: &references)
        #expect(!references.isEmpty)
        for reference in Set(references) {
            let parts = reference.split(separator: "/").map(String.init)
            #expect(parts.count == 4 && parts[0] == "#" && parts[1] == "components", "\(reference)")
            guard parts.count == 4 else { continue }
            #expect(document["components"]?[parts[2]]?[parts[3]] != nil, "\(reference) does not resolve")
        }
    }

    static func collectReferences(_ json: JSON, into out: inout [String]) {
        switch json {
        case .object(let o):
            for member in o {
                if member.key == "$ref", let s = member.value.stringValue { out.append(s) }
                collectReferences(member.value, into: &out)
            }
        case .array(let a): for v in a { collectReferences(v, into: &out) }
        default: return
        }
    }

    // MARK: Both ways, over every transcript

    @Test("every message of the transcripts reads into its wire type and writes back the same", arguments: transcripts)
    func transcriptRoundTrip(file: String) throws {
        let transcript = try JSON.parse(Array(try Self.read("docs/protocol/examples/\(file)").utf8))
        var pending: [JSON: String] = [:]
        var checked = 0
        var volatile = 0
        for (index, step) in (transcript["steps"]?.arrayValue ?? []).enumerated() {
            let place = "\(file) step \(index)"
            if let send = step["send"], let name = send["method"]?.stringValue {
                if let id = send["id"] { pending[id] = name }
                guard let method = Messages.requests.first(where: { $0.name == name }) else { continue }
                // Params the daemon refused are not a round trip; the ones it answered are.
                if let params = send["params"], Self.decodes(method, params) {
                    let (once, twice) = try Self.paramsRoundTrip(method, params)
                    #expect(
                        Self.same(once, twice),
                        "\(place): \(name) params: \(once?.serialized() ?? "nil") then \(twice?.serialized() ?? "nil")")
                    checked += 1
                }
            } else if let receive = step["receive"] {
                if Self.holdsVolatile(receive) {
                    volatile += 1
                    continue
                }
                if let name = receive["method"]?.stringValue {
                    guard let notification = Messages.serverNotifications.first(where: { $0.name == name }) else {
                        Issue.record("\(place): \(name) is not a daemon notification")
                        continue
                    }
                    let params = receive["params"] ?? .null
                    let back = try Self.notificationRoundTrip(notification, params)
                    #expect(Self.same(back, params), "\(place): \(name) params: wrote \(back?.serialized() ?? "nil")")
                    checked += 1
                } else if let result = receive["result"], let id = receive["id"], let name = pending[id],
                    let method = Messages.requests.first(where: { $0.name == name })
                {
                    let back = try Self.resultRoundTrip(method, result)
                    #expect(Self.same(back, result), "\(place): \(name) result: wrote \(back.serialized())")
                    checked += 1
                }
            }
        }
        #expect(checked + volatile > 0, "\(file): nothing was checked")
    }

    @Test("a result of the wrong shape is refused naming its path")
    func badResults() {
        #expect(throws: RPCError.self) { try StackPush.Result(json: ["screenId": "a"]) }
        #expect(throws: RPCError.self) {
            try BackTitle(json: ["title": "A", "display": "shown", "source": "none", "truncated": false, "menu": []])
        }
        do {
            _ = try BarHitRegions.Result(json: ["regions": [["target": ["kind": "backButton"], "action": ["kind": "jump"], "frame": nil]]])
            Issue.record("an unknown action kind was read")
        } catch {
            #expect(error.data?["path"] == "regions[0].action.kind")
        }
    }

    static func decodes<M: RPCMethod>(_ method: M.Type, _ params: JSON) -> Bool {
        guard let reader = try? ParamReader(params) else { return false }
        return (try? M.Params(from: reader)) != nil
    }

    static func paramsRoundTrip<M: RPCMethod>(_ method: M.Type, _ params: JSON) throws -> (JSON?, JSON?) {
        let once = try M.Params(from: try ParamReader(params)).json
        let twice = try M.Params(from: try ParamReader(once)).json
        return (once, twice)
    }

    static func resultRoundTrip<M: RPCMethod>(_ method: M.Type, _ result: JSON) throws -> JSON {
        try M.Result(json: result).json
    }

    static func notificationRoundTrip<N: RPCNotification>(_ notification: N.Type, _ params: JSON) throws -> JSON? {
        try N.Params(from: try ParamReader(params)).json
    }

    static func holdsVolatile(_ json: JSON) -> Bool {
        switch json {
        case .string(let s): return s == "<volatile>"
        case .object(let o): return o.contains { holdsVolatile($0.value) }
        case .array(let a): return a.contains(where: holdsVolatile)
        default: return false
        }
    }

    /// Equal as JSON: members in any order, numbers by value.
    static func same(_ a: JSON?, _ b: JSON?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.object(let x)?, .object(let y)?):
            return x.count == y.count && x.allSatisfy { m in y[m.key].map { same(m.value, $0) } ?? false }
        case (.array(let x)?, .array(let y)?):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (let x?, let y?):
            if let p = x.doubleValue, let q = y.doubleValue { return p == q }
            return x == y
        default: return false
        }
    }
}

/// The method and notification tables of docs/protocol.md, generated from the same descriptions as
/// docs/openrpc.json. `make schema` writes them between `<!-- BEGIN GENERATED: NAME -->` and
/// `<!-- END GENERATED: NAME -->`; a test fails when the committed text differs.
public enum MethodTables {
    /// The generated sections, by name.
    public static var sections: [(name: String, text: String)] {
        [("methods", methods), ("notifications", notifications)]
    }

    /// One row per request method: params, result and the errors beyond the general ones.
    public static var methods: String {
        var lines = [
            "| method | params | result | errors |",
            "|---|---|---|---|",
        ]
        for m in Messages.requests { lines.append(row(m)) }
        return lines.joined(separator: "\n")
    }

    /// One row per notification, client's and daemon's.
    public static var notifications: String {
        var lines = [
            "| notification | sent by | params | |",
            "|---|---|---|---|",
        ]
        let all = (Messages.clientNotifications + Messages.serverNotifications).sorted { $0.name < $1.name }
        for n in all { lines.append(row(n)) }
        return lines.joined(separator: "\n")
    }

    static func row<M: RPCMethod>(_ m: M.Type) -> String {
        var components: [String: Schema] = [:]
        let document = OpenRPC.describe(m, &components)
        let codes = (document["errors"]?.arrayValue ?? []).compactMap { ref -> String? in
            guard let name = ref["$ref"]?.stringValue?.split(separator: "/").last else { return nil }
            return ErrorCatalog.all.first { $0.name == name }.map { String($0.code) }
        }
        let params = M.Params.schema.shape
        return
            "| `\(M.name)` | \(params == "{}" ? "none" : "`\(params)`") | `\(M.Result.schema.shape)` | \(codes.joined(separator: ", ")) |"
    }

    static func row<N: RPCNotification>(_ n: N.Type) -> String {
        let params = N.Params.schema.shape
        return "| `\(N.name)` | \(N.sender.rawValue) | \(params == "{}" ? "none" : "`\(params)`") | \(N.summary) |"
    }

    /// Replaces every generated section of `text` with its current content; sections without markers are left out.
    public static func regenerate(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (name, body) in sections {
            guard let b = lines.firstIndex(of: "<!-- BEGIN GENERATED: \(name) -->"),
                let e = lines[(b + 1)...].firstIndex(of: "<!-- END GENERATED: \(name) -->")
            else { continue }
            lines.replaceSubrange((b + 1)..<e, with: body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        return lines.joined(separator: "\n")
    }
}

extension Schema {
    /// A one-line sketch of the shape, as docs/protocol.md writes it: `{sessionId, screenId?}`, `[Screen]`, `null`.
    var shape: String {
        switch node {
        case .leaf(let keywords):
            if let type = keywords["type"]?.stringValue {
                if let values = keywords["enum"]?.arrayValue {
                    return values.compactMap(\.stringValue).map { "\"\($0)\"" }.joined(separator: " | ")
                }
                return type
            }
            if let value = keywords["const"] { return value.serialized() }
            return "any"
        case .array(let element): return "[\(element.shape)]"
        case .object(let properties, _):
            return "{" + properties.map { $0.name + ($0.required ? "" : "?") + $0.schema.typeLabel }.joined(separator: ", ") + "}"
        case .anyOf(let choices): return choices.map(\.shape).joined(separator: " | ")
        case .ref(let name, _): return name
        }
    }

    /// `: Point`, `: [Screen]`: a member's type when it is a named value (plain strings and numbers go without).
    var typeLabel: String {
        switch node {
        case .ref: return ": " + shape
        case .array(let element): return element.typeLabel.isEmpty ? "" : ": " + shape
        case .anyOf(let choices): return choices.contains { !$0.typeLabel.isEmpty } ? ": " + shape : ""
        default: return ""
        }
    }
}

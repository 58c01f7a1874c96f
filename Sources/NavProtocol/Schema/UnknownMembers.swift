import JSONCore

extension Schema {
    /// A member an object has that its schema does not list: most often a misspelt one.
    public struct UnknownMember: Sendable, Hashable {
        /// The member's path, as errors write paths (`screens[1].item.leftitems`).
        public var path: String
        public var name: String
        /// The members the schema lists there.
        public var known: [String]
    }

    /// Every member of `value` (and of the objects in it) that the schema does not list, in document order.
    /// An object schema with no members is a map and takes any; members whose names start with `x-` are the
    /// place a document keeps data of its own. Where the schema offers several object shapes, the one that
    /// leaves the fewest members unknown is taken.
    public func unknownMembers(in value: JSON, at path: String = "") -> [UnknownMember] {
        var found: [UnknownMember] = []
        collect(value, at: path, into: &found, depth: 0)
        return found
    }

    /// Deeper than this, a document is not walked (its decoding has its own nesting limit).
    static let maxUnknownMemberDepth = 64

    func collect(_ value: JSON, at path: String, into found: inout [UnknownMember], depth: Int) {
        guard depth < Self.maxUnknownMemberDepth else { return }
        switch node {
        case .leaf:
            return
        case .array(let element):
            guard case .array(let items) = value else { return }
            for (i, item) in items.enumerated() { element.collect(item, at: "\(path)[\(i)]", into: &found, depth: depth + 1) }
        case .object(let properties, _):
            guard case .object(let members) = value, !properties.isEmpty else { return }
            let known = properties.map(\.name)
            for member in members {
                let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                if let property = properties.first(where: { $0.name == member.key }) {
                    property.schema.collect(member.value, at: memberPath, into: &found, depth: depth + 1)
                } else if !member.key.hasPrefix("x-") {
                    found.append(UnknownMember(path: memberPath, name: member.key, known: known))
                }
            }
        case .anyOf(let choices):
            var best: [UnknownMember]?
            for choice in choices where choice.matchesKind(of: value) {
                var candidate: [UnknownMember] = []
                choice.collect(value, at: path, into: &candidate, depth: depth + 1)
                if best == nil || candidate.count < best?.count ?? 0 { best = candidate }
                if candidate.isEmpty { break }
            }
            found += best ?? []
        case .ref(_, let resolve):
            resolve().collect(value, at: path, into: &found, depth: depth + 1)
        }
    }

    /// Whether the schema's outermost shape is the kind of `value` (an object schema for an object, an array
    /// schema for an array, an untyped leaf for anything).
    func matchesKind(of value: JSON) -> Bool {
        switch node {
        case .leaf(let keywords):
            // A typed leaf (a string, a number, null) is no shape for an object or an array; an untyped one
            // (any value) is.
            guard let type = keywords["type"]?.stringValue else { return true }
            switch value {
            case .object: return type == "object"
            case .array: return type == "array"
            default: return true
            }
        case .array: if case .array = value { return true } else { return false }
        case .object: if case .object = value { return true } else { return false }
        case .anyOf(let choices): return choices.contains { $0.matchesKind(of: value) }
        case .ref(_, let resolve): return resolve().matchesKind(of: value)
        }
    }
}

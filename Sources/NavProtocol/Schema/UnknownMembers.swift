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

extension Schema {
    /// A value the schema does not allow where it stands: a wrong type, a value outside an enumeration or a
    /// range. What a decoder that stops at the first problem leaves unsaid.
    public struct Violation: Sendable, Hashable {
        public var path: String
        public var message: String
    }

    /// Every value of `value` the schema does not allow, in document order; where the schema offers several
    /// shapes, those of the shape that fits best.
    public func violations(in value: JSON, at path: String = "") -> [Violation] {
        var found: [Violation] = []
        check(value, at: path, into: &found, depth: 0)
        return found
    }

    func check(_ value: JSON, at path: String, into found: inout [Violation], depth: Int) {
        guard depth < Self.maxUnknownMemberDepth else { return }
        let at = path.isEmpty ? "the document" : "'\(path)'"
        switch node {
        case .leaf(let keywords):
            if let problem = Self.leafProblem(keywords, value) { found.append(Violation(path: path, message: "\(at) \(problem)")) }
        case .array(let element):
            guard case .array(let items) = value else {
                found.append(Violation(path: path, message: "\(at) must be an array, not \(value.typeName)"))
                return
            }
            for (i, item) in items.enumerated() { element.check(item, at: "\(path)[\(i)]", into: &found, depth: depth + 1) }
        case .object(let properties, _):
            guard case .object(let members) = value else {
                found.append(Violation(path: path, message: "\(at) must be an object, not \(value.typeName)"))
                return
            }
            for member in members {
                guard let property = properties.first(where: { $0.name == member.key }) else { continue }
                property.schema.check(member.value, at: path.isEmpty ? member.key : "\(path).\(member.key)", into: &found, depth: depth + 1)
            }
        case .anyOf(let choices):
            var best: [Violation]?
            for choice in choices {
                var candidate: [Violation] = []
                choice.check(value, at: path, into: &candidate, depth: depth + 1)
                if best == nil || candidate.count < best?.count ?? 0 { best = candidate }
                if candidate.isEmpty { return }
            }
            // No shape fits: one problem for the member, not the best shape's details.
            if let best, !best.isEmpty {
                found.append(best.count == 1 ? best[0] : Violation(path: path, message: "\(at) has no allowed shape"))
            }
        case .ref(_, let resolve):
            resolve().check(value, at: path, into: &found, depth: depth + 1)
        }
    }

    static func leafProblem(_ keywords: JSONObject, _ value: JSON) -> String? {
        if let constant = keywords["const"], constant != value { return "must be \(constant.serialized())" }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            return "must be one of \(allowed.map { $0.serialized() }.joined(separator: ", "))"
        }
        if let type = keywords["type"]?.stringValue {
            let fits: Bool
            switch (type, value) {
            case ("string", .string), ("boolean", .bool), ("null", .null), ("object", .object), ("array", .array): fits = true
            case ("number", _): fits = value.doubleValue != nil
            case ("integer", _): fits = value.doubleValue.map { $0.rounded() == $0 } ?? false
            default: fits = false
            }
            if !fits { return "must be \(type == "integer" ? "an" : "a") \(type), not \(value.typeName)" }
        }
        if let number = value.doubleValue {
            if let min = keywords["minimum"]?.doubleValue, number < min { return "must be at least \(JSON.number(min).serialized())" }
            if let max = keywords["maximum"]?.doubleValue, number > max { return "must be at most \(JSON.number(max).serialized())" }
        }
        return nil
    }
}

import JSONCore

/// A JSON Schema (the 2020-12 vocabulary OpenRPC 1.3 uses), written beside the wire type it describes.
///
/// `make schema` walks these descriptions to write docs/openrpc.json; the daemon answers `rpc.discover`
/// with the same document. A type that several methods share is a named component (`NamedSchema`) and is
/// referenced as `#/components/schemas/<name>`.
public struct Schema: Sendable {
    indirect enum Node: Sendable {
        /// Keywords that need no recursion: `type`, `enum`, `const`, bounds.
        case leaf(JSONObject)
        case array(Schema)
        case object([Property], closed: Bool)
        case anyOf([Schema])
        case ref(String, @Sendable () -> Schema)
    }

    /// One member of an object schema.
    public struct Property: Sendable {
        public var name: String
        public var schema: Schema
        public var required: Bool
    }

    var node: Node
    var description: String?

    init(_ node: Node, description: String? = nil) {
        self.node = node
        self.description = description
    }

    /// The same schema with a description.
    public func described(_ text: String) -> Schema {
        var s = self
        s.description = text
        return s
    }

    // MARK: Leaves

    public static let string = Schema(.leaf(["type": "string"]))
    public static let integer = Schema(.leaf(["type": "integer"]))
    public static let number = Schema(.leaf(["type": "number"]))
    public static let boolean = Schema(.leaf(["type": "boolean"]))
    public static let null = Schema(.leaf(["type": "null"]))
    /// Any JSON value.
    public static let any = Schema(.leaf([:]))

    /// A number with inclusive bounds.
    public static func number(min: Double? = nil, max: Double? = nil) -> Schema {
        var o: JSONObject = ["type": "number"]
        if let min { o["minimum"] = .number(min) }
        if let max { o["maximum"] = .number(max) }
        return Schema(.leaf(o))
    }

    /// An integer of at least `min`.
    public static func integer(min: Int) -> Schema { Schema(.leaf(["type": "integer", "minimum": .number(min)])) }

    /// A string that is one of `values`.
    public static func oneOf(_ values: [String]) -> Schema {
        Schema(.leaf(["type": "string", "enum": .array(values.map(JSON.string))]))
    }

    /// A string enumeration's raw values.
    public static func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> Schema where E.RawValue == String {
        oneOf(E.allCases.map(\.rawValue))
    }

    /// Exactly `value`.
    public static func constant(_ value: JSON) -> Schema { Schema(.leaf(["const": value])) }

    // MARK: Composites

    public static func array(_ element: Schema) -> Schema { Schema(.array(element)) }

    /// `schema` or null.
    public static func nullable(_ schema: Schema) -> Schema { anyOf([schema, .null]) }

    public static func anyOf(_ choices: [Schema]) -> Schema { Schema(.anyOf(choices)) }

    /// An object. `closed`: no member beyond `properties` (results, which the daemon writes); params leave it
    /// open, since the daemon ignores unknown members.
    public static func object(_ properties: [Property], closed: Bool = false) -> Schema {
        Schema(.object(properties, closed: closed))
    }

    /// A reference to a named component.
    public static func ref<T: NamedSchema & SendableMetatype>(_ type: T.Type) -> Schema {
        Schema(.ref(T.schemaName, { T.schema }))
    }
}

extension Schema.Property {
    /// A member that must be present.
    public static func required(_ name: String, _ schema: Schema, _ description: String? = nil) -> Schema.Property {
        Schema.Property(name: name, schema: description.map(schema.described) ?? schema, required: true)
    }

    /// A member of a partial update: it may be absent (unchanged) or null (reset to its default).
    public static func patch(_ name: String, _ schema: Schema, _ description: String? = nil) -> Schema.Property {
        optional(name, schema.acceptsNull ? schema : .nullable(schema), description)
    }

    /// A member that may be absent.
    public static func optional(_ name: String, _ schema: Schema, _ description: String? = nil) -> Schema.Property {
        Schema.Property(name: name, schema: description.map(schema.described) ?? schema, required: false)
    }
}

/// A wire type that can describe itself as a JSON Schema.
public protocol SchemaDescribed {
    static var schema: Schema { get }
}

/// A wire type described once, in `components.schemas`, and referenced from everywhere it appears.
public protocol NamedSchema: SchemaDescribed {
    static var schemaName: String { get }
}

extension Schema {
    /// Whether `null` is one of the choices already.
    var acceptsNull: Bool {
        switch node {
        case .leaf(let keywords): return keywords["type"] == "null" || keywords.isEmpty
        case .anyOf(let choices): return choices.contains(where: \.acceptsNull)
        default: return false
        }
    }

    /// The schema as JSON; references point into `#/components/schemas/`.
    public var json: JSON {
        var o: JSONObject
        switch node {
        case .leaf(let keywords):
            o = keywords
        case .array(let element):
            o = ["type": "array", "items": element.json]
        case .object(let properties, let closed):
            o = ["type": "object"]
            if !properties.isEmpty {
                o["properties"] = .object(JSONObject(properties.map { ($0.name, $0.schema.json) }))
            }
            let required = properties.filter(\.required).map { JSON.string($0.name) }
            if !required.isEmpty { o["required"] = .array(required) }
            if closed { o["additionalProperties"] = false }
        case .anyOf(let choices):
            o = ["anyOf": .array(choices.map(\.json))]
        case .ref(let name, _):
            o = ["$ref": .string("#/components/schemas/\(name)")]
        }
        if let description { o["description"] = .string(description) }
        return .object(o)
    }

    /// Every named component this schema reaches, by name, each visited once (View is recursive).
    public func components(into found: inout [String: Schema]) {
        switch node {
        case .leaf: return
        case .array(let element): element.components(into: &found)
        case .object(let properties, _): for p in properties { p.schema.components(into: &found) }
        case .anyOf(let choices): for c in choices { c.components(into: &found) }
        case .ref(let name, let resolve):
            guard found[name] == nil else { return }
            let schema = resolve()
            found[name] = schema
            schema.components(into: &found)
        }
    }
}

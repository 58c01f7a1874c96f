/// Limits applied while parsing.
public struct JSONParseLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    public init(maxDepth: Int = 128) { self.maxDepth = maxDepth }
    public static let `default` = JSONParseLimits()
}

/// Why a document was rejected. `offset` is the byte offset where the problem was found.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
    public var description: String { "\(message) at byte \(offset)" }
}

extension JSON {
    /// Parses exactly one JSON document from UTF-8 bytes, strictly (RFC 8259).
    public static func parse(_ bytes: some Collection<UInt8>, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSON {
        throw JSONParseError("JSON parser not available", offset: 0)
    }

    /// Parses exactly one JSON document from a string.
    public static func parse(_ text: String, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8), limits: limits)
    }
}

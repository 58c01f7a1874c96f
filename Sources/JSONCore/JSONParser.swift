import CJSONC

/// Limits applied while parsing.
public struct JSONParseLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted: `[]` and `{}` are depth 1, `[[]]` is 2, a scalar is 0.
    ///
    /// Converting the tree and destroying the resulting value recurse once per level,
    /// so keep this in the hundreds.
    public var maxDepth: Int
    public init(maxDepth: Int = 128) { self.maxDepth = maxDepth }
    public static let `default` = JSONParseLimits()
}

/// Why a document was rejected. `offset` is the byte offset where the problem was found.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    /// The nesting limit the document went past, when that is why it was rejected.
    public var depthLimit: Int?

    public init(_ message: String, offset: Int, depthLimit: Int? = nil) {
        self.message = message
        self.offset = offset
        self.depthLimit = depthLimit
    }

    public var description: String { "\(message) at byte \(offset)" }

    /// The error for a document nested deeper than `limit`.
    static func tooDeep(limit: Int, offset: Int) -> JSONParseError {
        JSONParseError("nesting deeper than \(limit)", offset: offset, depthLimit: limit)
    }
}

extension JSON {
    /// Parses exactly one JSON document from UTF-8 bytes, strictly (RFC 8259).
    ///
    /// Rejected, with the byte offset of the problem: invalid UTF-8 anywhere, a byte
    /// order mark, comments, trailing commas, single quotes, `NaN`/`Infinity`, numbers
    /// RFC 8259 does not allow (`01`, `1.`, `.5`, `+1`, `1e`) or whose magnitude
    /// overflows a Double (`1e400`), bad escapes and lone surrogates, raw control
    /// characters in strings, duplicate keys in one object, U+0000 in a key, anything
    /// but white space after the value, and nesting deeper than `limits.maxDepth`.
    ///
    /// Integers that fit in 64 bits become `.int`; `-0`, fractions, exponents and
    /// integers beyond 64 bits become `.double` with the nearest value to the text.
    public static func parse(_ bytes: some Collection<UInt8>, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSON {
        let maxDepth = max(0, limits.maxDepth)
        // A document that ends with a closing bracket or quote is read where it is: json-c knows it ended.
        let inPlace = bytes.withContiguousStorageIfAvailable { text -> Result<JSON, JSONParseError>? in
            guard endsClosed(text) else { return nil }
            return parseChecking(text, length: text.count, maxDepth: maxDepth)
        }
        if let result = inPlace ?? nil { return try result.get() }
        // json-c needs a byte after a top-level number to know it ended: one space, which JSON allows.
        var buffer = [UInt8]()
        buffer.reserveCapacity(bytes.count + 1)
        buffer.append(contentsOf: bytes)
        let length = buffer.count
        buffer.append(0x20)
        return try buffer.withUnsafeBufferPointer { whole in parseChecking(whole, length: length, maxDepth: maxDepth) }.get()
    }

    /// Whether the last byte that is not white space closes an object, an array or a string.
    private static func endsClosed(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = text.count - 1
        while i >= 0, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i -= 1 }
        return i >= 0 && (text[i] == UInt8(ascii: "}") || text[i] == UInt8(ascii: "]") || text[i] == UInt8(ascii: "\""))
    }

    /// Parses the first `length` bytes of `whole`, which json-c may read to its end (`whole` is either those
    /// bytes, ending closed, or those bytes and one space).
    private static func parseChecking(_ whole: UnsafeBufferPointer<UInt8>, length: Int, maxDepth: Int) -> Result<JSON, JSONParseError> {
        let text = UnsafeBufferPointer(rebasing: whole[0..<length])
        // One pass of json-c, trusted once the lexical check has ruled out what it wrongly admits.
        if let checked = LexicalCheck.check(text, maxDepth: maxDepth),
            let value = JSONCTree.parseChecked(whole, length: length, maxDepth: maxDepth, checked: checked)
        {
            return .success(value)
        }
        // Rejected somewhere: the strict scanner says exactly what and where.
        do throws(JSONParseError) {
            var scanner = StrictScanner(text, maxDepth: maxDepth)
            try scanner.scan()
            return .success(try JSONCTree.parse(whole, maxDepth: maxDepth, numbers: scanner.numbers))
        } catch {
            return .failure(error)
        }
    }

    /// The same document through the strict scanner and json-c, without the lexical check's shortcut: the
    /// reference the shortcut is tested against.
    static func parseByStrictScan(_ bytes: some Collection<UInt8>, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSON {
        var buffer = Array(bytes)
        let length = buffer.count
        buffer.append(0x20)
        let maxDepth = max(0, limits.maxDepth)
        let result: Result<JSON, JSONParseError> = buffer.withUnsafeBufferPointer { whole in
            do throws(JSONParseError) {
                var scanner = StrictScanner(UnsafeBufferPointer(rebasing: whole[0..<length]), maxDepth: maxDepth)
                try scanner.scan()
                return .success(try JSONCTree.parse(whole, maxDepth: maxDepth, numbers: scanner.numbers))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// json-c's pass over text the strict scan accepted (`text` ends with one extra space).
    static func parseScanned(
        _ text: UnsafeBufferPointer<UInt8>, maxDepth: Int, numbers: [ScannedNumber]
    ) throws(JSONParseError)
        -> JSON
    {
        try JSONCTree.parse(text, maxDepth: maxDepth, numbers: numbers)
    }

    /// Parses exactly one JSON document from a string.
    public static func parse(_ text: String, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSON {
        try parse(text.utf8, limits: limits)
    }
}

/// json-c's side of parsing: build its tree from text the strict scan accepted,
/// copy it into Swift values, and release it before returning. Nothing json-c
/// allocates outlives `parse`.
private enum JSONCTree {
    static func parse(_ text: UnsafeBufferPointer<UInt8>, maxDepth: Int, numbers: [ScannedNumber]) throws(JSONParseError) -> JSON {
        guard text.count <= Int(Int32.max) else {
            throw JSONParseError("document larger than \(Int32.max) bytes", offset: 0)
        }
        // json-c counts the top-level value as one level of its stack.
        guard let tokener = json_tokener_new_ex(Int32(clamping: maxDepth + 1)) else {
            throw JSONParseError("out of memory creating the JSON tokenizer", offset: 0)
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
        let root = text.withMemoryRebound(to: CChar.self) { chars in
            json_tokener_parse_ex(tokener, chars.baseAddress, Int32(chars.count))
        }
        // json-c's null is a NULL pointer, so success is judged by the error code alone.
        defer { if let root { json_object_put(root) } }
        let status = json_tokener_get_error(tokener)
        guard status == json_tokener_success else {
            let description = json_tokener_error_desc(status).map { String(cString: $0) } ?? "unknown error"
            throw JSONParseError(
                "json-c rejected a document the strict scan accepted: \(description)",
                offset: json_tokener_get_parse_end(tokener))
        }
        var converter = Converter(numbers: numbers)
        let value = try converter.convert(root)
        guard converter.nextNumber == numbers.count else {
            throw JSONParseError("json-c produced \(converter.nextNumber) numbers where the document has \(numbers.count)", offset: 0)
        }
        return value
    }

    /// json-c's strict pass over text the lexical check passed (`text` ends with one extra space after
    /// `length` bytes). Nil when json-c rejects it, stops before its end, or its tree holds fewer members or
    /// numbers than the text (a duplicate key): the caller then lets the strict scanner explain.
    static func parseChecked(
        _ text: UnsafeBufferPointer<UInt8>, length: Int, maxDepth: Int, checked: LexicalCheck
    ) -> JSON? {
        guard text.count <= Int(Int32.max) else { return nil }
        let parsed = ThreadTokener.with(depth: Int32(clamping: maxDepth + 1)) { tokener -> JSON? in
            let root = text.withMemoryRebound(to: CChar.self) { chars in
                json_tokener_parse_ex(tokener, chars.baseAddress, Int32(chars.count))
            }
            defer { if let root { json_object_put(root) } }
            guard json_tokener_get_error(tokener) == json_tokener_success else { return nil }
            // json-c stops after the first value; only white space may follow it.
            var end = json_tokener_get_parse_end(tokener)
            while end < length {
                switch text[end] {
                case 0x20, 0x09, 0x0A, 0x0D: end += 1
                default: return nil
                }
            }
            var converter = Converter(numbers: checked.numbers)
            guard let value = try? converter.convert(root), converter.nextNumber == checked.numbers.count,
                converter.members == checked.members
            else { return nil }
            return value
        }
        return parsed ?? nil
    }

    /// Copies a json-c tree into `JSON`. Borrowed pointers only: children belong to their parent.
    private struct Converter {
        let numbers: [ScannedNumber]
        var nextNumber = 0
        /// Members of every object converted so far.
        var members = 0

        init(numbers: [ScannedNumber]) { self.numbers = numbers }

        mutating func convert(_ object: OpaquePointer?) throws(JSONParseError) -> JSON {
            guard let object else { return .null }
            // Typed getters coerce silently, so the type decides which getter is safe.
            switch json_object_get_type(object) {
            case json_type_null:
                return .null
            case json_type_boolean:
                return .bool(json_object_get_boolean(object) != 0)
            case json_type_int, json_type_double:
                // The value comes from the validated text: json-c saturates big integers.
                guard nextNumber < numbers.count else {
                    throw JSONParseError("json-c produced more numbers than the document has", offset: 0)
                }
                defer { nextNumber += 1 }
                switch numbers[nextNumber] {
                case .int(let value): return .int(value)
                case .double(let value): return .double(value)
                }
            case json_type_string:
                let length = Int(json_object_get_string_len(object))
                guard length > 0, let start = json_object_get_string(object) else { return .string("") }
                let bytes = UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self)
                return .string(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
            case json_type_array:
                let count = json_object_array_length(object)
                var elements: [JSON] = []
                elements.reserveCapacity(count)
                for position in 0..<count {
                    elements.append(try convert(json_object_array_get_idx(object, position)))
                }
                return .array(elements)
            case json_type_object:
                var list: [JSONObject.Member] = []
                let length = Int(json_object_object_length(object))
                members += length
                list.reserveCapacity(length)
                // json-c's table iterates in insertion order, which is document order.
                var iterator = json_object_iter_begin(object)
                var end = json_object_iter_end(object)
                while json_object_iter_equal(&iterator, &end) == 0 {
                    let key = json_object_iter_peek_name(&iterator).map { String(cString: $0) } ?? ""
                    let value = try convert(json_object_iter_peek_value(&iterator))
                    list.append(JSONObject.Member(key: key, value: value))
                    json_object_iter_next(&iterator)
                }
                return .object(JSONObject(uniqueMembers: list))
            default:
                throw JSONParseError("json-c produced a value of unknown type", offset: 0)
            }
        }
    }
}

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
        try JSONDocument.parse(bytes, limits: limits).value.json
    }

    /// The same document through the strict scanner and json-c, without the lexical check's shortcut: the
    /// reference the shortcut is tested against.
    static func parseByStrictScan(_ bytes: some Collection<UInt8>, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSON {
        var buffer = Array(bytes)
        let length = buffer.count
        buffer.append(0x20)
        let maxDepth = max(0, limits.maxDepth)
        let result: Result<JSONDocument, JSONParseError> = buffer.withUnsafeBufferPointer { whole in
            do throws(JSONParseError) {
                var scanner = StrictScanner(UnsafeBufferPointer(rebasing: whole[0..<length]), maxDepth: maxDepth)
                try scanner.scan()
                return .success(try JSONCTree.parse(whole, maxDepth: maxDepth, numbers: scanner.numbers))
            } catch {
                return .failure(error)
            }
        }
        return try result.get().value.json
    }

    /// json-c's pass over text the strict scan accepted (`text` ends with one extra space).
    static func parseScanned(
        _ text: UnsafeBufferPointer<UInt8>, maxDepth: Int, numbers: [ScannedNumber]
    ) throws(JSONParseError)
        -> JSON
    {
        try JSONCTree.parse(text, maxDepth: maxDepth, numbers: numbers).value.json
    }

    /// Parses exactly one JSON document from a string.
    public static func parse(_ text: String, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSON {
        try parse(text.utf8, limits: limits)
    }
}

extension JSONDocument {
    /// Parses exactly one JSON document from UTF-8 bytes, as strictly as ``JSON/parse(_:limits:)`` and with the
    /// same errors, and keeps json-c's tree to be read in place through ``value``.
    public static func parse(_ bytes: some Collection<UInt8>, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSONDocument {
        let maxDepth = max(0, limits.maxDepth)
        // A document that ends with a closing bracket or quote is read where it is: json-c knows it ended.
        let inPlace = bytes.withContiguousStorageIfAvailable { text -> Result<JSONDocument, JSONParseError>? in
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

    /// Parses a document from a string.
    public static func parse(_ text: String, limits: JSONParseLimits = .default) throws(JSONParseError) -> JSONDocument {
        try parse(text.utf8, limits: limits)
    }

    /// Whether the last byte that is not white space closes an object, an array or a string.
    private static func endsClosed(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = text.count - 1
        while i >= 0, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i -= 1 }
        return i >= 0 && (text[i] == UInt8(ascii: "}") || text[i] == UInt8(ascii: "]") || text[i] == UInt8(ascii: "\""))
    }

    /// Parses the first `length` bytes of `whole`, which json-c may read to its end (`whole` is either those
    /// bytes, ending closed, or those bytes and one space).
    private static func parseChecking(
        _ whole: UnsafeBufferPointer<UInt8>, length: Int, maxDepth: Int
    ) -> Result<JSONDocument, JSONParseError> {
        let text = UnsafeBufferPointer(rebasing: whole[0..<length])
        // One pass of json-c, trusted once the lexical check has ruled out what it wrongly admits.
        if let checked = LexicalCheck.check(text, maxDepth: maxDepth),
            let document = JSONCTree.parseChecked(whole, length: length, maxDepth: maxDepth, checked: checked)
        {
            return .success(document)
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
}

/// json-c's side of parsing: build its tree from text a check accepted, give every number the value the text
/// means, and hand the tree to a ``JSONDocument``, which frees it.
private enum JSONCTree {
    static func parse(_ text: UnsafeBufferPointer<UInt8>, maxDepth: Int, numbers: [ScannedNumber]) throws(JSONParseError) -> JSONDocument {
        guard text.count <= Int(Int32.max) else {
            throw JSONParseError("document larger than \(Int32.max) bytes", offset: 0)
        }
        // json-c counts the top-level value as one level of its stack.
        guard let tokener = json_tokener_new_ex(Int32(clamping: maxDepth + 1)) else {
            throw JSONParseError("out of memory creating the JSON tokenizer", offset: 0)
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
        var root = text.withMemoryRebound(to: CChar.self) { chars in
            json_tokener_parse_ex(tokener, chars.baseAddress, Int32(chars.count))
        }
        // json-c's null is a NULL pointer, so success is judged by the error code alone.
        let status = json_tokener_get_error(tokener)
        guard status == json_tokener_success else {
            if let root { json_object_put(root) }
            let description = json_tokener_error_desc(status).map { String(cString: $0) } ?? "unknown error"
            throw JSONParseError(
                "json-c rejected a document the strict scan accepted: \(description)",
                offset: json_tokener_get_parse_end(tokener))
        }
        var numberer = Numberer(numbers: numbers)
        guard numberer.settleRoot(&root), numberer.next == numberer.count else {
            if let root { json_object_put(root) }
            throw JSONParseError("json-c's tree does not hold the \(numbers.count) numbers of the document", offset: 0)
        }
        return JSONDocument(root: JSONCNode(pointer: root))
    }

    /// json-c's strict pass over text the lexical check passed (`text` ends with one extra space after
    /// `length` bytes). Nil when json-c rejects it, stops before its end, or its tree holds fewer members or
    /// numbers than the text (a duplicate key): the caller then lets the strict scanner explain.
    static func parseChecked(
        _ text: UnsafeBufferPointer<UInt8>, length: Int, maxDepth: Int, checked: LexicalCheck
    ) -> JSONDocument? {
        guard text.count <= Int(Int32.max) else { return nil }
        let parsed = ThreadTokener.with(depth: Int32(clamping: maxDepth + 1)) { tokener -> JSONDocument? in
            var root = text.withMemoryRebound(to: CChar.self) { chars in
                json_tokener_parse_ex(tokener, chars.baseAddress, Int32(chars.count))
            }
            guard json_tokener_get_error(tokener) == json_tokener_success else {
                if let root { json_object_put(root) }
                return nil
            }
            // json-c stops after the first value; only white space may follow it.
            var end = json_tokener_get_parse_end(tokener)
            var trailing = false
            while end < length, !trailing {
                switch text[end] {
                case 0x20, 0x09, 0x0A, 0x0D: end += 1
                default: trailing = true
                }
            }
            var numberer = Numberer(count: checked.numberCount, special: checked.specialNumbers)
            guard !trailing, numberer.settleRoot(&root), numberer.next == numberer.count,
                numberer.members == checked.members
            else {
                if let root { json_object_put(root) }
                return nil
            }
            return JSONDocument(root: JSONCNode(pointer: root))
        }
        return parsed ?? nil
    }

    /// Walks a fresh json-c tree in document order, counting object members and giving each number the value
    /// the text means: json-c saturates integers past 64 bits and reads `-0` as the integer 0, where the
    /// parser's rules make both doubles. A number json-c holds differently is replaced in its parent.
    private struct Numberer {
        /// How many numbers the text has.
        let count: Int
        /// The numbers json-c may hold differently, with their places among all of them, in order; every
        /// other number is one json-c reads exactly.
        let special: [(ordinal: Int, value: ScannedNumber)]
        /// How many numbers the walk has passed.
        var next = 0
        /// How many of `special` the walk has passed.
        private var nextSpecial = 0
        /// Members of every object walked so far.
        var members = 0

        init(count: Int, special: [(ordinal: Int, value: ScannedNumber)]) {
            self.count = count
            self.special = special
        }

        /// Every number of the text given, each checked (the strict scanner's list).
        init(numbers: [ScannedNumber]) {
            self.init(count: numbers.count, special: numbers.enumerated().map { (ordinal: $0.offset, value: $0.element) })
        }

        /// Settles a whole tree; `root` is replaced (and the old one freed) when it is a number json-c holds
        /// differently. False when the tree has more numbers than the text (the tree is still whole).
        mutating func settleRoot(_ root: inout OpaquePointer?) -> Bool {
            let before = root
            guard settle(&root) else { return false }
            if root != before, let before { json_object_put(before) }
            return true
        }

        /// Settles `value` and everything inside it. A number json-c holds differently comes back as a new
        /// number, which the caller puts in its place. False when the tree has more numbers than the text.
        private mutating func settle(_ value: inout OpaquePointer?) -> Bool {
            guard let object = value else { return true }
            switch json_object_get_type(object) {
            case json_type_int, json_type_double:
                guard next < count else { return false }
                let ordinal = next
                next += 1
                guard nextSpecial < special.count, special[nextSpecial].ordinal == ordinal else { return true }
                let wanted = special[nextSpecial].value
                nextSpecial += 1
                if Self.holds(object, wanted) { return true }
                let replacement: OpaquePointer?
                switch wanted {
                case .int(let int): replacement = json_object_new_int64(int)
                case .double(let double): replacement = json_object_new_double(double)
                }
                guard let replacement else { return false }
                // The caller puts the replacement where `object` was, which frees `object`.
                value = replacement
                return true
            case json_type_array:
                for index in 0..<json_object_array_length(object) {
                    var element = json_object_array_get_idx(object, index)
                    let before = element
                    guard settle(&element) else { return false }
                    // Putting an element in place frees the one it replaces.
                    if element != before, let element {
                        guard json_object_array_put_idx(object, index, element) == 0 else {
                            json_object_put(element)
                            return false
                        }
                    }
                }
                return true
            case json_type_object:
                members += Int(json_object_object_length(object))
                for entry in JSONCMembers(object) {
                    var member = entry.value
                    guard settle(&member) else { return false }
                    if member != entry.value, let member {
                        // The key exists, so json-c sets the entry's value in place (freeing the old value)
                        // and the entry stays where it is, with the walk's next one.
                        let key = UnsafeRawPointer(entry.key).assumingMemoryBound(to: CChar.self)
                        guard json_object_object_add(object, key, member) == 0 else {
                            json_object_put(member)
                            return false
                        }
                    }
                }
                return true
            default:
                return true
            }
        }

        /// Whether json-c's number `object` holds exactly `number`.
        private static func holds(_ object: OpaquePointer, _ number: ScannedNumber) -> Bool {
            switch number {
            case .int(let int):
                return json_object_get_type(object) == json_type_int && json_object_get_int64(object) == int
            case .double(let double):
                return json_object_get_type(object) == json_type_double
                    && json_object_get_double(object).bitPattern == double.bitPattern
            }
        }
    }
}

extension JSON {
    /// This value written (``serializedBytes()``) and parsed once into a document, for code that holds a value
    /// in Swift and must hand on a ``JSONView`` of it: views read json-c's tree only. It costs a write and a
    /// parse, so it is for cold paths; a hot one reads the value directly.
    ///
    /// The document holds what the text says, so it equals this value but where the writer's rules change
    /// it: a non-finite double is null, and U+0000 in a key is U+FFFD.
    public func document() -> JSONDocument {
        do throws(JSONParseError) {
            // Deep enough for this value however it nests; the default keeps the thread's tokener.
            let limits = JSONParseLimits(maxDepth: max(JSONParseLimits.default.maxDepth, nesting))
            return try JSONDocument.parse(serializedBytes(), limits: limits)
        } catch {
            // The writer writes only what the parser accepts (its tests check both on every kind of value).
            preconditionFailure("the parser refused what the writer wrote: \(error)")
        }
    }

    /// How deep containers nest in this value (0 for a scalar).
    var nesting: Int {
        switch self {
        case .array(let elements): return 1 + (elements.map(\.nesting).max() ?? 0)
        case .object(let object): return 1 + (object.members.map(\.value.nesting).max() ?? 0)
        default: return 0
        }
    }
}

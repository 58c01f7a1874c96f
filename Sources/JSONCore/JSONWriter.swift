import CJSONC

extension JSON {
    /// The compact UTF-8 encoding of this value, members in order, no insignificant white space.
    ///
    /// Doubles are written in Swift's shortest round-trip form (`0.1`, `1e-05`, `3.0`),
    /// so `JSON.parse(x.serializedBytes()) == x`. Non-finite doubles, which JSON cannot
    /// express, are written as `null`. U+0000 inside an object key is written as U+FFFD,
    /// because json-c keys are C strings; U+0000 in string values is kept (`\u0000`).
    public func serializedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        write(to: &out)
        return out
    }

    /// Appends the compact encoding (the bytes ``serializedBytes()`` returns) to `out`, in one pass and without
    /// building anything in between, the way json-c's plain writer would write it.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null:
            out.append(contentsOf: JSONText.null)
        case .bool(let flag):
            out.append(contentsOf: flag ? JSONText.true : JSONText.false)
        case .int(let integer):
            JSONText.appendInteger(integer, to: &out)
        case .double(let double):
            // Swift's description is the shortest text that reads back as the same double, and for finite values
            // it is always a valid JSON number ("1e-05", "-0.0", "5e+20").
            if double.isFinite { out.append(contentsOf: double.description.utf8) } else { out.append(contentsOf: JSONText.null) }
        case .string(let string):
            JSONText.appendString(string, key: false, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            var first = true
            for member in object {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSONText.appendString(member.key, key: true, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The encoding for people to read: two-space indentation, one member or element per line.
    public func prettySerialized() -> String {
        String(decoding: serializedBytes(flags: Int32(JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE)), as: UTF8.self)
    }

    private func serializedBytes(flags: Int32) -> [UInt8] {
        if case .null = self { return Array("null".utf8) }
        // One json-c tree per call, owned here and released before returning.
        guard let root = JSONCBuilder.make(self) else { return Array("null".utf8) }
        defer { json_object_put(root) }
        var length = 0
        guard let text = json_object_to_json_string_length(root, flags, &length) else {
            preconditionFailure("json-c could not allocate the serialisation buffer")
        }
        // The buffer belongs to `root`: copy it out by length before `json_object_put`.
        return text.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The compact encoding of this value as a string.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }
}

/// The pieces of the compact writer: json-c's escaping (`JSON_C_TO_STRING_NOSLASHESCAPE`): `"` and `\\`, the
/// short escapes `\\b \\f \\n \\r \\t`, every other byte below 0x20 as `\\u00xx` in lower-case hex, and
/// everything else (DEL and all of non-ASCII UTF-8 included) as it is.
enum JSONText {
    static let null = Array("null".utf8)
    static let `true` = Array("true".utf8)
    static let `false` = Array("false".utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Written into a buffer on the stack, then appended at once, without making a String.
        let length = integerLength(value)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { text in
            writeInteger(value, length: length, to: text.baseAddress!)
            out.append(contentsOf: text)
        }
    }

    /// How many bytes `value`'s decimal text takes: its digits, and a sign when it is negative.
    static func integerLength(_ value: Int64) -> Int {
        var length = value < 0 ? 2 : 1
        var rest = value.magnitude / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        return length
    }

    /// Writes `value`'s decimal text, `length` bytes (``integerLength(_:)``), from `start` on.
    static func writeInteger(_ value: Int64, length: Int, to start: UnsafeMutablePointer<UInt8>) {
        var magnitude = value.magnitude
        var position = length
        repeat {
            position -= 1
            start[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if value < 0 { start[0] = UInt8(ascii: "-") }
    }

    /// A string literal; in a key, U+0000 is written as U+FFFD (json-c keys are C strings).
    static func appendString(_ string: String, key: Bool, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        // Runs of bytes that need no escape are copied at once; most strings are one run.
        string.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where needsEscape(byte) {
                if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                if key && byte == 0 {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                } else {
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestEscape) { escape in
                        let length = writeEscape(byte, to: escape.baseAddress!)
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: escape[..<length]))
                    }
                }
            }
            if runStart < utf8.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether a byte of a string is written escaped: `"`, `\\` and the bytes below 0x20.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The most bytes one escape takes (`\\u00xx`).
    static let longestEscape = 6

    /// Writes the escape of `byte` (one that ``needsEscape(_:)``) from `start` on; returns its length.
    static func writeEscape(_ byte: UInt8, to start: UnsafeMutablePointer<UInt8>) -> Int {
        start[0] = UInt8(ascii: "\\")
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
        if let short {
            start[1] = short
            return 2
        }
        start[1] = UInt8(ascii: "u")
        start[2] = UInt8(ascii: "0")
        start[3] = UInt8(ascii: "0")
        start[4] = hex[Int(byte >> 4)]
        start[5] = hex[Int(byte & 0x0F)]
        return 6
    }
}

/// Builds a json-c tree from a `JSON` value (for the pretty form). The caller owns the returned root.
private enum JSONCBuilder {
    /// A new json-c object with one reference, or nil for JSON null (json-c's representation of null).
    static func make(_ value: JSON) -> OpaquePointer? {
        switch value {
        case .null:
            return nil
        case .bool(let flag):
            return allocated(json_object_new_boolean(flag ? 1 : 0))
        case .int(let integer):
            return allocated(json_object_new_int64(integer))
        case .double(let double):
            guard double.isFinite else { return nil }
            // Swift's description is the shortest text that reads back as the same double,
            // and for finite values it is always a valid JSON number ("1e-05", "-0.0", "5e+20").
            return "\(double)".withCString { allocated(json_object_new_double_s(double, $0)) }
        case .string(let string):
            return makeString(string)
        case .array(let elements):
            let array = allocated(json_object_new_array_ext(Int32(clamping: max(elements.count, 1))))
            for element in elements {
                // Ownership of the child passes to the array.
                _ = json_object_array_add(array, make(element))
            }
            return array
        case .object(let object):
            let result = allocated(json_object_new_object())
            for member in object {
                let key = member.key.utf8.contains(0) ? keyWithoutNUL(member.key) : member.key
                // json-c copies the key; ownership of the child passes to the object.
                _ = key.withCString { json_object_object_add(result, $0, make(member.value)) }
            }
            return result
        }
    }

    private static func makeString(_ string: String) -> OpaquePointer {
        var string = string
        return string.withUTF8 { utf8 in
            precondition(utf8.count <= Int(Int32.max), "json-c strings are limited to \(Int32.max) bytes")
            guard let base = utf8.baseAddress else { return allocated(json_object_new_string_len("", 0)) }
            return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                allocated(json_object_new_string_len($0, Int32(utf8.count)))
            }
        }
    }

    private static func keyWithoutNUL(_ key: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in key.unicodeScalars { scalars.append(scalar == "\0" ? "\u{FFFD}" : scalar) }
        return String(scalars)
    }

    /// json-c returns NULL only when malloc fails; like Swift's own allocations, that is fatal.
    private static func allocated(_ object: OpaquePointer?) -> OpaquePointer {
        guard let object else { preconditionFailure("json-c could not allocate an object") }
        return object
    }
}

/// Writes compact JSON of a known shape straight into bytes, without building `JSON` values first.
public enum JSONBytes {
    /// The bytes `body` writes into a `JSONSink`. `capacity` is a first guess at their length: when a piece
    /// does not fit, `body` runs again with twice the room, so it must write the same bytes every time it runs.
    ///
    /// The bytes are written into scratch memory (on the stack when there is room) and copied into an array of
    /// their exact length. Making the array first, with room to spare, costs more than the copy: the standard
    /// library allocates such an array through an unspecialized entry point that looks up the storage's
    /// generic metadata on every call, about 500 instructions, where copying a known length allocates through
    /// code specialized for bytes.
    public static func make(capacity: Int, _ body: (inout JSONSink) -> Void) -> [UInt8] {
        var room = max(capacity, 64)
        while true {
            let made = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer -> [UInt8]? in
                var sink = JSONSink(buffer)
                body(&sink)
                guard !sink.overflowed else { return nil }
                return Array(UnsafeBufferPointer(rebasing: buffer[..<sink.written]))
            }
            if let made { return made }
            room *= 2
        }
    }
}

/// Memory reserved up front, written one piece at a time: each piece checks the room left once and copies,
/// where appending to an array checks its uniqueness and capacity and goes through a generic append for each
/// piece. A piece that does not fit is not written, nor is anything after it (`JSONBytes.make` then runs the
/// writer again with more room). Each piece is what ``JSON/write(to:)`` writes for it.
public struct JSONSink: ~Copyable {
    private let start: UnsafeMutablePointer<UInt8>
    private var next: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>
    /// True once a piece did not fit.
    public private(set) var overflowed = false

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress!
        next = start
        end = start + buffer.count
    }

    /// A sink over `memory`, for a writer that reserved it (a frame in an outbound buffer).
    public init(_ memory: UnsafeMutableRawBufferPointer) {
        self.init(memory.bindMemory(to: UInt8.self))
    }

    /// The bytes written so far.
    public var written: Int { next - start }

    /// Whether `count` more bytes fit; once one piece has not fitted, none does.
    private mutating func room(_ count: Int) -> Bool {
        if overflowed || end - next < count {
            overflowed = true
            return false
        }
        return true
    }

    /// One byte of punctuation.
    public mutating func byte(_ byte: UInt8) {
        guard room(1) else { return }
        next.pointee = byte
        next += 1
    }

    /// `text` as it is: punctuation, and member names that need no escaping.
    public mutating func raw(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        guard room(count) else { return }
        next.update(from: text.utf8Start, count: count)
        next += count
    }

    /// Bytes already written as JSON (by a sink, or `JSON.write(to:)`), as they are.
    public mutating func bytes(_ written: [UInt8]) {
        written.withUnsafeBufferPointer { buffer in
            guard room(buffer.count), let source = buffer.baseAddress else { return }
            next.update(from: source, count: buffer.count)
            next += buffer.count
        }
    }

    /// `,"name":` for a member name that needs no escaping.
    public mutating func member(_ name: StaticString) {
        let count = name.utf8CodeUnitCount
        guard room(count + 4) else { return }
        next[0] = UInt8(ascii: ",")
        next[1] = UInt8(ascii: "\"")
        (next + 2).update(from: name.utf8Start, count: count)
        next[count + 2] = UInt8(ascii: "\"")
        next[count + 3] = UInt8(ascii: ":")
        next += count + 4
    }

    /// A string value, escaped as json-c escapes it (`JSONText`).
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            // An escape is at most six bytes (`\u00xx`) for one byte of input.
            guard room(utf8.count * JSONText.longestEscape + 2) else { return }
            next.pointee = UInt8(ascii: "\"")
            next += 1
            for byte in utf8 {
                if JSONText.needsEscape(byte) {
                    next += JSONText.writeEscape(byte, to: next)
                } else {
                    next.pointee = byte
                    next += 1
                }
            }
            next.pointee = UInt8(ascii: "\"")
            next += 1
        }
    }

    /// A number as ``JSON/number(_:)-(Double)`` makes it: integral values without a fraction.
    public mutating func number(_ value: Double) {
        // The same test as `JSON.number`, without building the value.
        if abs(value) < 9.0e15, Double(Int64(value)) == value {
            integer(Int64(value))
        } else if value.isFinite {
            // Swift's shortest round-trip text, as `JSON.write` writes a double.
            var text = value.description
            text.withUTF8 { utf8 in
                guard room(utf8.count) else { return }
                next.update(from: utf8.baseAddress!, count: utf8.count)
                next += utf8.count
            }
        } else {
            raw("null")
        }
    }

    /// An integer's decimal digits.
    public mutating func integer(_ value: Int64) {
        // Exactly the room it takes, so a writer that reserved a frame's exact size can use it.
        let length = JSONText.integerLength(value)
        guard room(length) else { return }
        JSONText.writeInteger(value, length: length, to: next)
        next += length
    }

    /// How many bytes ``integer(_:)`` writes for `value`.
    public static func integerLength(_ value: Int64) -> Int { JSONText.integerLength(value) }
}

extension JSON {
    /// The compact UTF-8 encoding of this value, members in order, no insignificant white space.
    ///
    /// Doubles are written in Swift's shortest round-trip form (`0.1`, `1e-05`, `3.0`),
    /// so `JSON.parse(x.serializedBytes()) == x`. Non-finite doubles, which JSON cannot
    /// express, are written as `null`. U+0000 inside an object key is written as U+FFFD,
    /// because json-c keys are C strings; U+0000 in string values is kept (`\u0000`).
    public func serializedBytes() -> [UInt8] {
        JSONBytes.make(capacity: 128) { write(to: &$0) }
    }

    /// Writes the compact encoding (the bytes ``serializedBytes()`` returns) into `out`, in one pass and
    /// without building anything in between.
    public func write(to out: inout JSONSink) {
        write(to: &out, indent: nil)
    }

    /// The encoding for people to read: two-space indentation, one member or element per line, and no space
    /// after a member's colon. It is json-c's pretty form (`JSON_C_TO_STRING_PRETTY`), which the committed
    /// documents written before this writer existed use (docs/openrpc.json), so they stay byte for byte.
    public func prettySerialized() -> String {
        String(decoding: JSONBytes.make(capacity: 1024) { write(to: &$0, indent: 0) }, as: UTF8.self)
    }

    /// Writes this value compact (`level` nil), or pretty, nested `level` deep: then a container puts each child
    /// on a line of its own and its closing bracket on a line at its own depth (so an empty one is `[` and `]`
    /// on two lines).
    private func write(to out: inout JSONSink, indent level: Int?) {
        let inner = level.map { $0 + 1 }
        switch self {
        case .null:
            out.raw("null")
        case .bool(let flag):
            if flag { out.raw("true") } else { out.raw("false") }
        case .int(let integer):
            out.integer(integer)
        case .double(let double):
            out.double(double)
        case .string(let string):
            out.string(string)
        case .array(let elements):
            out.byte(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                if let inner { out.newline(indent: inner) }
                element.write(to: &out, indent: inner)
            }
            if let level { out.newline(indent: level) }
            out.byte(UInt8(ascii: "]"))
        case .object(let object):
            out.byte(UInt8(ascii: "{"))
            var first = true
            for member in object {
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                if let inner { out.newline(indent: inner) }
                out.key(member.key)
                out.byte(UInt8(ascii: ":"))
                member.value.write(to: &out, indent: inner)
            }
            if let level { out.newline(indent: level) }
            out.byte(UInt8(ascii: "}"))
        }
    }

    /// The compact encoding of this value as a string.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }
}

/// Members a writer may leave out of an object because a reader that finds them absent takes the same values:
/// the defaults of a format whose absent members keep their defaults (a patch onto a default value).
///
/// A class, not an indirect enum: an enum's boxes are referenced through pointers with tag bits, which leak
/// checkers do not follow from a global such as `SessionDocument.storedDefaults`.
public final class JSONDefaults: Sendable {
    /// For an object: a member whose value equals its value here is left out.
    public let values: JSONObject
    /// For an object: a member written that has an entry here is itself written with those defaults.
    public let nested: [String: JSONDefaults]
    /// For an array, each element's defaults; for an object keyed by data (such as ids), each member value's.
    /// When set, `values` and `nested` are empty.
    public let element: JSONDefaults?

    private init(values: JSONObject, nested: [String: JSONDefaults], element: JSONDefaults?) {
        self.values = values
        self.nested = nested
        self.element = element
    }

    /// An object's defaults, and those of its members that are written member by member.
    public static func object(values: JSONObject, nested: [String: JSONDefaults] = [:]) -> JSONDefaults {
        JSONDefaults(values: values, nested: nested, element: nil)
    }

    /// An object's defaults.
    public static func object(_ values: JSONObject) -> JSONDefaults { .object(values: values) }

    /// The defaults of every element of an array, or of every member value of an object keyed by data.
    public static func each(_ element: JSONDefaults) -> JSONDefaults {
        JSONDefaults(values: [:], nested: [:], element: element)
    }
}

extension JSON {
    /// The compact encoding of this value less the members `defaults` says a reader takes as they are.
    public func serializedBytes(leavingOut defaults: JSONDefaults) -> [UInt8] {
        JSONBytes.make(capacity: 512) { write(to: &$0, leavingOut: defaults) }
    }

    /// Writes the compact encoding less the members `defaults` says a reader takes as they are.
    public func write(to out: inout JSONSink, leavingOut defaults: JSONDefaults) {
        switch (self, defaults.element) {
        case (.object(let object), nil):
            out.byte(UInt8(ascii: "{"))
            var first = true
            // Writers put members in one order, so the default of a member is most often the next one along.
            var cursor = 0
            let known = defaults.values.members
            for member in object {
                var value: JSON?
                if cursor < known.count, known[cursor].key == member.key {
                    value = known[cursor].value
                    cursor += 1
                } else if let index = known.firstIndex(where: { $0.key == member.key }) {
                    value = known[index].value
                    cursor = index + 1
                }
                if let value, value == member.value { continue }
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                out.key(member.key)
                out.byte(UInt8(ascii: ":"))
                if let inner = defaults.nested[member.key] {
                    member.value.write(to: &out, leavingOut: inner)
                } else {
                    member.value.write(to: &out)
                }
            }
            out.byte(UInt8(ascii: "}"))
        case (.array(let elements), .some(let inner)):
            out.byte(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                element.write(to: &out, leavingOut: inner)
            }
            out.byte(UInt8(ascii: "]"))
        case (.object(let object), .some(let inner)):
            out.byte(UInt8(ascii: "{"))
            var first = true
            for member in object {
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                out.key(member.key)
                out.byte(UInt8(ascii: ":"))
                member.value.write(to: &out, leavingOut: inner)
            }
            out.byte(UInt8(ascii: "}"))
        default:
            write(to: &out)
        }
    }
}

/// json-c's escaping (`JSON_C_TO_STRING_NOSLASHESCAPE`), which every string ``JSONSink`` writes gets: `"` and
/// `\\`, the short escapes `\\b \\f \\n \\r \\t`, every other byte below 0x20 as `\\u00xx` in lower-case
/// hex, and everything else (DEL and all of non-ASCII UTF-8 included) as it is.
enum JSONText {
    private static let hex: StaticString = "0123456789abcdef"

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
        start[4] = hex.utf8Start[Int(byte >> 4)]
        start[5] = hex.utf8Start[Int(byte & 0x0F)]
        return 6
    }
}

/// Writes compact JSON into bytes: a ``JSON`` value, or JSON of a known shape written piece by piece.
public enum JSONBytes {
    /// The bytes `body` writes into a ``JSONSink``. `capacity` is a first guess at their length: the sink starts
    /// in scratch memory of that size (on the stack when there is room) and moves to larger memory of its
    /// own when a piece does not fit.
    ///
    /// The bytes are copied into an array of their exact length at the end. Making the array first, with room
    /// to spare, costs more than the copy: the standard library allocates such an array through an
    /// unspecialized entry point that looks up the storage's generic metadata on every call, about 500
    /// instructions, where copying a known length allocates through code specialized for bytes.
    public static func make(capacity: Int, _ body: (inout JSONSink) -> Void) -> [UInt8] {
        withWritten(capacity: capacity, body) { Array($0) }
    }

    /// Calls `use` with the bytes `body` writes into a ``JSONSink`` (as ``make(capacity:_:)`` writes them),
    /// borrowed for the call: a caller that copies them somewhere else (a frame) makes no array of them.
    public static func withWritten<Result>(
        capacity: Int, _ body: (inout JSONSink) -> Void, _ use: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 64)) { buffer in
            var sink = JSONSink(growing: buffer)
            body(&sink)
            defer { sink.releaseMemory() }
            return sink.withWritten(use)
        }
    }
}

/// The one writer of JSON text: every string escaped and every number formatted here, in memory reserved up
/// front. Each piece checks the room left once and copies, where appending to an array checks its uniqueness
/// and capacity and goes through a generic append for each piece.
///
/// A sink over memory a caller reserved (a frame in an outbound buffer) writes no piece that does not fit,
/// nor anything after it, and says so (``overflowed``); one that ``JSONBytes`` makes moves to larger memory
/// instead, which it frees.
public struct JSONSink: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var next: UnsafeMutablePointer<UInt8>
    private var end: UnsafeMutablePointer<UInt8>
    /// Whether a piece that does not fit moves the bytes to larger memory (else the sink overflows).
    private let grows: Bool
    /// Whether `start` is memory this sink allocated, and frees.
    private var ownsMemory = false
    /// True once a piece did not fit (never, for a sink that grows).
    public private(set) var overflowed = false

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress!
        next = start
        end = start + buffer.count
        grows = false
    }

    /// A sink that starts in `buffer` and moves to memory of its own when it needs more.
    init(growing buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress!
        next = start
        end = start + buffer.count
        grows = true
    }

    /// A sink over `memory`, for a writer that reserved it (a frame in an outbound buffer).
    public init(_ memory: UnsafeMutableRawBufferPointer) {
        self.init(memory.bindMemory(to: UInt8.self))
    }

    /// Frees the memory the sink moved to, if it grew (``JSONBytes``, its one maker, calls it when done). Not a
    /// `deinit`: a sink over a frame, on every reply's path, then pays for no check when it goes.
    mutating func releaseMemory() {
        if ownsMemory { start.deallocate() }
        ownsMemory = false
    }

    /// The bytes written so far.
    public var written: Int { next - start }

    /// Calls `body` with the bytes written so far.
    func withWritten<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start, count: next - start))
    }

    /// Whether `count` more bytes fit (after growing, for a sink that grows); once one piece has not fitted,
    /// none does.
    @inline(__always)
    private mutating func room(_ count: Int) -> Bool {
        if overflowed || end - next < count { return grow(count) }
        return true
    }

    /// Moves the bytes to memory with room for `count` more (at least twice as much), or marks the sink
    /// overflowed when it does not grow.
    @inline(never)
    private mutating func grow(_ count: Int) -> Bool {
        guard grows else {
            overflowed = true
            return false
        }
        let used = next - start
        let capacity = max(2 * (end - start), used + count)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        memory.initialize(from: start, count: used)
        if ownsMemory { start.deallocate() }
        ownsMemory = true
        start = memory
        next = memory + used
        end = memory + capacity
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

    /// Bytes already written as JSON (by a sink), as they are.
    public mutating func bytes(_ written: [UInt8]) {
        written.withUnsafeBufferPointer { buffer in
            guard room(buffer.count), let source = buffer.baseAddress else { return }
            next.update(from: source, count: buffer.count)
            next += buffer.count
        }
    }

    /// Bytes already written as JSON (by a sink), as they are.
    public mutating func bytes(_ written: UnsafeBufferPointer<UInt8>) {
        guard room(written.count), let source = written.baseAddress else { return }
        next.update(from: source, count: written.count)
        next += written.count
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

    /// A string value, escaped as json-c escapes it (``JSONText``).
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { quoted($0, key: false) }
    }

    /// An object's key: escaped as a string, and U+0000 written as U+FFFD (json-c's keys are C strings).
    public mutating func key(_ name: String) {
        var name = name
        name.withUTF8 { quoted($0, key: true) }
    }

    private mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>, key: Bool) {
        // Room for the string unescaped and its quotes; each escape asks for the room it adds.
        guard room(utf8.count + 2) else { return }
        next.pointee = UInt8(ascii: "\"")
        next += 1
        for (index, byte) in utf8.enumerated() {
            guard JSONText.needsEscape(byte) else {
                next.pointee = byte
                next += 1
                continue
            }
            // What is left of the string, its closing quote and the longest escape.
            guard room(utf8.count - index + JSONText.longestEscape) else { return }
            if key && byte == 0 {
                next[0] = 0xEF
                next[1] = 0xBF
                next[2] = 0xBD
                next += 3
            } else {
                next += JSONText.writeEscape(byte, to: next)
            }
        }
        next.pointee = UInt8(ascii: "\"")
        next += 1
    }

    /// A number as ``JSON/number(_:)-(Double)`` makes it: integral values without a fraction.
    public mutating func number(_ value: Double) {
        // The same test as `JSON.number`, without building the value.
        if abs(value) < 9.0e15, Double(Int64(value)) == value {
            integer(Int64(value))
        } else {
            double(value)
        }
    }

    /// A double as ``JSON/double(_:)`` is written: Swift's description, the shortest text that reads back as the
    /// same double, which for finite values is always a valid JSON number (`1e-05`, `-0.0`, `3.0`, `5e+20`);
    /// `null` for the values JSON cannot hold.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        var text = value.description
        text.withUTF8 { bytes($0) }
    }

    /// An integer's decimal digits.
    public mutating func integer(_ value: Int64) {
        // Exactly the room it takes, so a writer that reserved a frame's exact size can use it.
        let length = JSONText.integerLength(value)
        guard room(length) else { return }
        JSONText.writeInteger(value, length: length, to: next)
        next += length
    }

    /// A line break and `level` levels of two-space indentation (the pretty form's).
    mutating func newline(indent level: Int) {
        let count = 1 + 2 * level
        guard room(count) else { return }
        next.pointee = 0x0A
        (next + 1).initialize(repeating: 0x20, count: count - 1)
        next += count
    }

    /// How many bytes ``integer(_:)`` writes for `value`.
    public static func integerLength(_ value: Int64) -> Int { JSONText.integerLength(value) }
}

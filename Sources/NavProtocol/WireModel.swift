import JSONCore
import NavModel

// The model's values that results carry, declared as wire objects: each one's members, once, from which its
// JSON both ways and its schema follow (Wire.swift). Values whose JSON is not a plain member list (a hit action,
// a change, a hit result with or without its trace) keep their hand-written codings and are wire values over them.

extension HitTarget: WireObject, NamedSchema {
    public static let schemaName = "HitTarget"
    public init() { self.init(kind: .none) }
    public static let wireClosed = true
    public static let fields: [WireField<Self>] = [
        .required("kind", \.kind), .optional("screenId", \.screenId), .optional("itemId", \.itemId),
    ]
    /// `{kind, screenId?, itemId?}`.
    public var json: JSON { wireJSON }
}

extension TraceStep: WireObject, NamedSchema {
    public static let schemaName = "TraceStep"
    public init() { self.init(view: "", frame: Rect(x: 0, y: 0, width: 0, height: 0), verdict: .hit, path: []) }
    public static let wireClosed = true
    /// PROTOCOL.md's trace entry plus `path`, `class` and `note`.
    public static let fields: [WireField<Self>] = [
        .required("view", \.view, "the view's id, else its class"), .required("frame", \.frame), .required("verdict", \.verdict),
        .required("path", \.path), .optional("class", \.className), .optional("note", \.note),
    ]
    public var json: JSON { wireJSON }
}

extension HitRegion: WireObject, NamedSchema {
    public static let schemaName = "HitRegion"
    public init() {
        self.init(
            target: HitTarget(), action: .none, frame: Rect(x: 0, y: 0, width: 0, height: 0), reason: nil, hitView: nil, viaSlop: false)
    }
    public static let wireClosed = true
    /// `{target, action, frame}` plus `reason`, `hitView` and `viaSlop` when they apply.
    public static let fields: [WireField<Self>] = [
        .required("target", \.target), .required("action", \.action), .required("frame", \.frame), .optional("reason", \.reason),
        .optional("hitView", \.hitView), .defaulted("viaSlop", \.viaSlop, false, schema: { .constant(true) }),
    ]
    public var json: JSON { wireJSON }
}

extension LayoutElement: WireObject, NamedSchema {
    public static let schemaName = "LayoutElement"
    public init() {
        let zero = Rect(x: 0, y: 0, width: 0, height: 0)
        self.init(kind: .title, id: nil, side: .center, frame: zero, visibleFrame: zero, text: nil)
    }
    public static let wireClosed = true
    public static let fields: [WireField<Self>] = [
        .required("kind", \.kind), .optional("id", \.id), .required("frame", \.frame), .required("visibleFrame", \.visibleFrame),
        .required("side", \.side), .optional("text", \.text),
    ]
    public var json: JSON { wireJSON }
}

extension Diagnostic: WireObject, NamedSchema {
    public static let schemaName = "Diagnostic"
    public init() { self.init(code: "", severity: .info, message: "") }
    public static let wireClosed = true
    public static let fields: [WireField<Self>] = [
        .required("code", \.code), .required("severity", \.severity), .required("message", \.message), .optional("screenId", \.screenId),
        .optional("itemId", \.itemId), .optional("rect", \.rect),
    ]
    public var json: JSON { wireJSON }
}

extension PreviousTitle: WireObject, NamedSchema, RPCResult {
    public static let schemaName = "PreviousTitle"
    public init() { self.init(title: nil, previousScreenId: nil, reason: "") }
    public static let wireClosed = true
    /// `title` and `previousScreenId` are null when absent.
    public static let fields: [WireField<Self>] = [
        .nullable("title", \.title), .nullable("previousScreenId", \.previousScreenId), .required("reason", \.reason),
    ]
}

extension MeasuredWith: WireObject, NamedSchema {
    public static let schemaName = "MeasuredWith"
    public init() { self.init(file: "", face: "", variable: false) }
    public static let wireClosed = true
    public static let fields: [WireField<Self>] = [
        WireField(
            "source", read: { _, _ in }, write: { _, o in o["source"] = "font" }, property: { .required("source", .constant("font")) }),
        .required("file", \.file, "the font file, as named"), .required("face", \.face, "the face's full name"),
        .required(
            "variable", \.variable,
            "true: the title's semibold (wght 600) and the buttons' regular (400) are instances of a variable font with their own advances (HVAR or gvar); false: one set of advances measures both"
        ),
    ]
    /// `{source: "font", file, face, variable}`.
    public var json: JSON { wireJSON }
}

extension ResolvedAction: WireObject {
    public init() { self.init(name: "", path: []) }
    public static let wireClosed = true
    public static let fields: [WireField<Self>] = [.required("name", \.name), .required("path", \.path)]
}

extension TouchSlop: WireObject {
    public init() { self.init(above: 0, below: 0) }
    public static let wireClosed = true
    public static let fields: [WireField<Self>] = [.required("above", \.above), .required("below", \.below)]
}

extension WireObject {
    /// Reads the fields of the object `r` reads (as `init(wire:)`, for use as a function).
    public static func decode(_ r: ParamReader) throws(RPCError) -> Self { try Self(wire: r) }
}

// MARK: Enumerations

extension HitTarget.Kind: WireEnum {}
extension HitReason: WireEnum {}
extension TraceStep.Verdict: WireEnum {}
extension LayoutElement.Kind: WireEnum {}
extension LayoutElement.Side: WireEnum {}
extension Diagnostic.Severity: WireEnum {}
extension PopGesture.Recognizer: WireEnum {}
extension Profile: WireEnum {}
extension Topic: WireEnum {}
extension Policies.TintMethod: WireEnum {}
extension Policies.ForegroundPolicy: WireEnum {}
extension Policies.AlphaRule: WireEnum {}

extension Set: WireValue where Element: WireEnum {
    public static var wireExpected: String { "an array" }
    public static var wireSchema: Schema { .array(Element.wireSchema) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Set? { try [Element].wireRead(r, key).map(Set.init) }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Set { Set(try [Element].wireElement(json, path: path)) }
    /// In the order of the cases.
    public var wireJSON: JSON { .array(Element.allCases.filter(contains).map(\.wireJSON)) }
}

// MARK: Values with codings of their own

/// A value whose JSON is written and read by hand, described by its named schema.
public protocol WireCoded: WireValue, NamedSchema, SendableMetatype {
    /// Reads the object at `r`.
    static func wireDecode(_ r: ParamReader) throws(RPCError) -> Self
}

extension WireCoded {
    public static var wireExpected: String { "an object" }
    public static var wireSchema: Schema { .ref(Self.self) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Self? {
        guard let object = try r.optionalObject(key) else { return nil }
        return try wireDecode(object)
    }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Self {
        try wireDecode(try ParamReader.element(json, path: path))
    }
}

extension HitAction: WireCoded {
    public static func wireDecode(_ r: ParamReader) throws(RPCError) -> HitAction { try decode(r) }
    public var wireJSON: JSON { json }
}

/// Without its trace (`bar/tap`'s `hit`).
extension BarHitResult: WireCoded {
    public static func wireDecode(_ r: ParamReader) throws(RPCError) -> BarHitResult { try decode(r) }
    public var wireJSON: JSON { json(trace: false) }
}

extension Change: WireCoded {
    public static func wireDecode(_ r: ParamReader) throws(RPCError) -> Change { try decode(r) }
    public var wireJSON: JSON { json }
}

/// A screen as the session document writes it, every member written out.
extension Screen: WireValue {
    public static var wireExpected: String { "a screen object" }
    public static var wireSchema: Schema { .ref(Screen.self) }
    public static func wireRead(_ r: ParamReader, _ key: String) throws(RPCError) -> Screen? {
        try r.value(key).map { (v: JSON) throws(RPCError) -> Screen in try Screen.decode(v, path: r.path(key)) { "" } }
    }
    public static func wireElement(_ json: JSON, path: String) throws(RPCError) -> Screen { try Screen.decode(json, path: path) { "" } }
    public var wireJSON: JSON { json }
}

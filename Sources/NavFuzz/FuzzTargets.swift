import JSONCore
import NavFont
import NavFraming
import NavImport
import NavInterfaceBuilder
import NavLint
import NavModel
import NavObjC
import NavProject
import NavProtocol
import NavSource

#if NAVD_SWIFT_READER
    import NavSwift
#endif

/// The inputs navd takes from outside, one fuzz target each. Every target must return for every input:
/// a bad one is an error value, never a trap. `navd-fuzz` runs them under libFuzzer (`make fuzz`); the test
/// suite replays their seed corpora and every input that once crashed one (`fuzz/regressions`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The frame decoder, Content-Length and NDJSON, fed in two chunks split at the first byte's value.
    case frames
    /// The strict JSON scanner and json-c, plain and with source positions.
    case json
    /// Every method's params decoded from the input as a JSON value.
    case params
    /// The recursiveDescription parser of `tree/hitTest`.
    case recursiveDescription
    /// A session document loaded and linted, as `navctl lint` does.
    case document
    /// `navctl import`'s reader of debugger dumps.
    case importDump
    /// The Swift reader, then the project linter on what it read (nothing in a build without it).
    case swiftSource
    /// The Objective-C reader, then the project linter on what it read.
    case objcSource
    /// The storyboard reader, then the project linter on what it read.
    case storyboard
    /// The reader of asset catalogs' colour sets.
    case colorSet
    /// The `.navd.yml` configuration.
    case config
    /// The OpenType reader: every face of the file, its metrics at both weights, and a string measured.
    case font

    /// Runs the target on `bytes`.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .frames: Self.frames(bytes)
        case .json: Self.json(bytes)
        case .params: Self.params(bytes)
        case .recursiveDescription: _ = try? RecursiveDescription.parse(String(decoding: bytes, as: UTF8.self))
        case .document: Self.document(bytes)
        case .importDump: _ = try? NavImport.importDump(String(decoding: bytes, as: UTF8.self))
        case .swiftSource:
            #if NAVD_SWIFT_READER
                Self.source(SwiftReader(), bytes, file: "Fuzz.swift")
            #endif
        case .objcSource: Self.source(ObjCReader(), bytes, file: "Fuzz.m")
        case .storyboard: Self.source(StoryboardReader(), bytes, file: "Fuzz.storyboard")
        case .colorSet: Self.source(ColorSetReader(), bytes, file: "Fuzz.colorset/Contents.json")
        case .config: _ = try? LintConfiguration.parse(String(decoding: bytes, as: UTF8.self), file: ".navd.yml")
        case .font: Self.font(bytes)
        }
    }

    /// A reader within small limits (the fuzzer's own timeout catches a stall), then the linter over its facts.
    static func source(_ reader: some SourceReader, _ bytes: [UInt8], file: String) {
        let limits = ReaderLimits(maxFileBytes: 1 << 20, maxNesting: 64, maxSecondsPerFile: 5)
        // A clock that stands still: the fuzzer's own timeout is what catches a reader that stalls.
        let facts = reader.read(bytes, file: file, limits: limits) { 0 }
        _ = SourceLinter.lint(SourceProject(name: "fuzz", files: [facts], profiles: Profile.allCases))
    }

    static func frames(_ bytes: [UInt8]) {
        var decoder = FrameDecoder(maxMessageBytes: 1 << 16, maxHeaderBytes: 1 << 10)
        let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        for event in decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...]) {
            if case .message(let body) = event { _ = try? JSON.parse(body) }
        }
    }

    static func json(_ bytes: [UInt8]) {
        let limits = JSONParseLimits(maxDepth: 64)
        if let value = try? JSON.parse(bytes, limits: limits) {
            // What is read is written back and read again to the same value.
            let again = try? JSON.parse(value.serializedBytes(), limits: limits)
            precondition(again == value, "JSON written back does not read as the same value")
        }
        _ = try? JSON.parseWithSourceMap(bytes, limits: limits)
    }

    /// The methods whose params (and, for clients, results) are decoded: every request of the registry.
    static let methods: [any RPCMethod.Type] = Messages.requests

    static func params(_ bytes: [UInt8]) {
        guard let document = try? JSONDocument.parse(bytes, limits: JSONParseLimits(maxDepth: 64)) else { return }
        let value = document.value.json
        for method in methods { decode(method, document.value, value) }
    }

    /// The daemon's params decoders, reading the parsed document in place as the daemon does, and NavClient's
    /// result decoders (a reply is outside input to a client). Reading in place must fail exactly as reading
    /// the same params copied into Swift values does.
    static func decode<M: RPCMethod>(_ method: M.Type, _ view: JSONView, _ value: JSON) {
        let inPlace = failure { () throws(RPCError) in _ = try M.Params(from: ParamReader(view)) }
        let copied = failure { () throws(RPCError) in _ = try M.Params(from: ParamReader(value)) }
        precondition(inPlace == copied, "\(M.name): params read in place and as values decode differently")
        _ = try? M.Result(json: value)
    }

    /// The error `body` throws, or nil.
    private static func failure(_ body: () throws(RPCError) -> Void) -> RPCError? {
        do throws(RPCError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    static func font(_ bytes: [UInt8]) {
        guard let file = try? FontFile(bytes: bytes) else { return }
        for index in file.faceOffsets.indices.prefix(4) {
            guard let font = try? TextFont.read(bytes: bytes, file: "fuzz", face: .index(index)) else { continue }
            _ = TextMetrics.width("AVTao 照片", weight: .semibold, font: font)
        }
    }

    static func document(_ bytes: [UInt8]) {
        guard let loaded = try? LintDocument.load(bytes, file: "fuzz.navd.json") else { return }
        _ = Linter.lint(loaded, profiles: Profile.allCases)
    }
}

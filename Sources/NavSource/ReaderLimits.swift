/// The bounds every reader works within, so that a pull request's files (written by anyone) can neither
/// crash nor stall a lint. Each is named in `.navd.yml` and on the command line by its `name`.
public struct ReaderLimits: Sendable, Hashable {
    /// A file larger than this is not read (one problem says so). `max-file-bytes`.
    public var maxFileBytes: Int = 4 * 1024 * 1024
    /// Nesting deeper than this (brackets, blocks, XML elements) stops the reader. `max-nesting`.
    public var maxNesting: Int = 256
    /// A file whose reading takes longer than this is abandoned. `max-seconds-per-file`.
    public var maxSecondsPerFile: Double = 10

    public init(maxFileBytes: Int = 4 * 1024 * 1024, maxNesting: Int = 256, maxSecondsPerFile: Double = 10) {
        self.maxFileBytes = maxFileBytes
        self.maxNesting = maxNesting
        self.maxSecondsPerFile = maxSecondsPerFile
    }

    public static let fileBytesName = "max-file-bytes"
    public static let nestingName = "max-nesting"
    public static let secondsName = "max-seconds-per-file"
}

/// A reader of one kind of source file.
public protocol SourceReader: Sendable {
    /// Reads a file's bytes. Never throws and never traps: what cannot be read becomes a `ReadProblem`.
    /// `deadline` is checked between top-level declarations (a monotonic clock reading in seconds, given by
    /// the caller, so the reader itself keeps no clock).
    func read(_ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @Sendable () -> Double) -> SourceFacts
}

/// One edit to a file's bytes since it was last read: `length` bytes at `offset` replaced by `replacement`. A
/// reader that keeps its last parse reuses what the edits did not touch.
public struct ByteEdit: Sendable, Hashable {
    public var offset: Int
    public var length: Int
    public var replacement: [UInt8]

    public init(offset: Int, length: Int, replacement: [UInt8]) {
        self.offset = offset
        self.length = length
        self.replacement = replacement
    }
}

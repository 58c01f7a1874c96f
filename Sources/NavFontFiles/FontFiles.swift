#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import NavFont
import NavModel

/// Reads the font files bar text is measured with, for navd and navctl (NavFont itself reads bytes only):
/// the file a document or session names (`policies.textFont`), `--font-file`, or, on a Mac under `textMetrics`
/// `automatic`, the San Francisco the system or an installed iOS simulator runtime has. POSIX calls only: navd
/// links no Foundation.
public enum FontFiles {
    /// Why a named font gives no metrics: the file as resolved, and what is wrong with it.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var message: String

        public init(file: String, message: String) {
            self.file = file
            self.message = message
        }

        public var description: String { "\(file): \(message)" }
    }

    /// Fonts larger than this are refused rather than read (the largest system fonts are some 30 MB).
    public static let maximumBytes = 256 << 20

    /// A file as a document names it: an absolute path as is, a relative one against `base` (the document's
    /// folder; nil or empty: the working directory).
    public static func resolve(_ file: String, relativeTo base: String?) -> String {
        guard !file.hasPrefix("/"), let base, !base.isEmpty else { return file }
        return base.hasSuffix("/") ? base + file : base + "/" + file
    }

    /// `file` against the working directory when it is relative.
    public static func absolute(_ file: String) -> String {
        guard !file.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return file }
        defer { free(cwd) }
        return resolve(file, relativeTo: String(cString: cwd))
    }

    /// A command line's `--font-file` and `--font-face` (an index, else a name) as a setting, the path made
    /// absolute.
    public static func setting(file: String, face: String?) -> Policies.TextFontSetting {
        Policies.TextFontSetting(file: absolute(file), face: face.map { Int($0).map { .index($0) } ?? .name($0) })
    }

    /// The size and modification time of a file, to tell a changed file from the one read before; nil when
    /// there is none.
    public static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        return "\(info.st_size)/\(modified.tv_sec).\(modified.tv_nsec)"
    }

    /// The bytes of a regular file.
    static func contents(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Failure(
                file: path,
                message: errno == ENOENT ? "no such font file" : "cannot read the font file (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(file: path, message: "not a file") }
        let size = Int(info.st_size)
        guard size <= maximumBytes else { throw Failure(file: path, message: "\(size) bytes, more than a font file has") }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Failure(file: path, message: "cannot read the font file") }
            done += n
        }
        return bytes
    }

    /// The font `setting` names, read and measured; `base` resolves a relative path.
    public static func load(_ setting: Policies.TextFontSetting, relativeTo base: String? = nil) throws(Failure) -> TextFont {
        let path = resolve(setting.file, relativeTo: base)
        let bytes = try contents(path)
        let face: FaceChoice? =
            switch setting.face {
            case nil: nil
            case .index(let i): .index(i)
            case .name(let n): .name(n)
            }
        do {
            return try TextFont.read(bytes: bytes, file: path, face: face)
        } catch {
            throw Failure(file: path, message: "not a usable font: \(error)")
        }
    }

    /// The font `config` measures with: its `policies.textFont` (relative to `base`), else `fallback` (navd's
    /// or navctl's `--font-file`), else under `textMetrics` `automatic` on a Mac the system's San Francisco,
    /// else none (the calibrated tables).
    public static func font(
        for config: SessionConfig, relativeTo base: String? = nil, fallback: Policies.TextFontSetting? = nil
    ) throws(Failure) -> TextFont? {
        if let named = config.policies.textFont { return try load(named, relativeTo: base) }
        if let fallback { return try load(fallback) }
        if config.policies.textMetrics == .automatic { return systemSanFrancisco() }
        return nil
    }

    /// San Francisco as this Mac has it: an iOS simulator runtime's system font (the newest runtime first),
    /// else macOS's own. nil on Linux, and when none reads.
    public static func systemSanFrancisco() -> TextFont? {
        #if os(macOS)
            return firstReadable(sanFranciscoCandidates())
        #else
            return nil
        #endif
    }

    /// The first of `paths` that reads as a font.
    static func firstReadable(_ paths: [String]) -> TextFont? {
        for path in paths {
            if let font = try? load(Policies.TextFontSetting(file: path)) { return font }
        }
        return nil
    }

    /// Where a Mac keeps San Francisco, under `root` (the file system's root; another in tests): each simulator
    /// runtime's `SFUI.ttf` (`Fonts/Core` from iOS 17, `Fonts/CoreUI` before), the newest runtime first wherever
    /// it is installed (`Profiles/Runtimes`, or a mounted volume's), then the system's `SFNS.ttf` and `SFNSText.ttf`.
    static func sanFranciscoCandidates(root: String = "") -> [String] {
        var runtimeFolders = ["\(root)/Library/Developer/CoreSimulator/Profiles/Runtimes"]
        for volume in children("\(root)/Library/Developer/CoreSimulator/Volumes") {
            runtimeFolders.append("\(volume)/Library/Developer/CoreSimulator/Profiles/Runtimes")
        }
        let runtimes = runtimeFolders.flatMap(children).filter { $0.hasSuffix(".simruntime") }
            .sorted { newerRuntime(name(of: $0), than: name(of: $1)) }
        var candidates: [String] = []
        for runtime in runtimes {
            let fonts = "\(runtime)/Contents/Resources/RuntimeRoot/System/Library/Fonts"
            candidates += ["\(fonts)/Core/SFUI.ttf", "\(fonts)/CoreUI/SFUI.ttf"]
        }
        return candidates.filter { stamp($0) != nil } + [
            "\(root)/System/Library/Fonts/SFNS.ttf", "\(root)/System/Library/Fonts/SFNSText.ttf",
        ]
    }

    static func name(of path: String) -> Substring { path.split(separator: "/").last ?? Substring(path) }

    /// Whether runtime `a` is newer than `b` by their names ("iOS 18.2.simruntime"): their version numbers compare
    /// as numbers, part by part, so iOS 10 is newer than iOS 9 and 17.0.1 than 17.0.
    static func newerRuntime(_ a: Substring, than b: Substring) -> Bool {
        func version(_ name: Substring) -> [Int] { name.split { !($0.isASCII && $0.isNumber) }.compactMap { Int($0) } }
        return version(b).lexicographicallyPrecedes(version(a))
    }

    /// A folder's entries as paths, in descending name order (a newer runtime's name sorts later).
    static func children(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted(by: >).map { "\(folder)/\($0)" }
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names, by `stat` (following links) or `lstat`.
enum FileKind: Sendable, Hashable {
    case file, directory, symbolicLink, other, missing
}

/// The few file-system calls discovery makes, over POSIX: `realpath` to know where a link leads (and to
/// get nil, not a hang, for a loop of links), `stat` and `lstat` to tell links, folders and files apart.
enum FileSystem {
    static func kind(_ path: String, followingLinks: Bool = true) -> FileKind {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard status == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// The path with every link resolved; nil when it does not exist or the links loop.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in a folder, sorted.
    static func list(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The file's bytes, or why they could not be had: it is missing, unreadable, or larger than `maxBytes`.
    static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], ReadFailure> {
        guard let size = size(path) else { return .failure(.missing) }
        guard size <= maxBytes else { return .failure(.tooLarge(size)) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable) }
        guard data.count <= maxBytes else { return .failure(.tooLarge(data.count)) }
        return .success([UInt8](data))
    }

    enum ReadFailure: Error, Sendable, Hashable {
        case missing, unreadable
        case tooLarge(Int)
    }

    static var currentDirectory: String { FileManager.default.currentDirectoryPath }
}

/// Paths as text: joined and normalised without asking the file system.
enum PathText {
    /// `base/relative`, or `relative` alone when it is absolute or `base` is `.`.
    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        if relative.isEmpty || relative == "." { return normalize(base) }
        if base.isEmpty || base == "." { return normalize(relative) }
        return normalize(base + "/" + relative)
    }

    /// Removes empty and `.` components and folds `name/..`; keeps a leading `/` and leading `..`s.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? normalize(path) : join(FileSystem.currentDirectory, path)
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func parent(_ path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return normalized == "." ? ".." : "." }
        if slash == normalized.startIndex { return "/" }
        return String(normalized[..<slash])
    }

    /// The components of `path` below `folder` (both absolute and normalised), or nil when it is not below it.
    static func components(of path: String, under folder: String) -> [Substring]? {
        if folder == "/" { return path.split(separator: "/") }
        guard path == folder || path.hasPrefix(folder + "/") else { return nil }
        return path.dropFirst(folder.count).split(separator: "/")
    }

    static func `extension`(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}

import Foundation

@testable import NavProject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the fixtures are: beside this file's folder, following links (a package may link this folder in).
enum Fixtures {
    static let projects: String = {
        let here =
            realpath(#filePath, nil).map { pointer -> String in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? #filePath
        return PathText.join(PathText.parent(PathText.parent(here)), "Fixtures/projects")
    }()

    static func path(_ name: String) -> String { PathText.join(projects, name) }
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        let base =
            realpath(NSTemporaryDirectory(), nil).map { pointer -> String in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? NSTemporaryDirectory()
        path = PathText.join(base, "navproject-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes a file, making its folders.
    @discardableResult
    func write(_ relative: String, _ text: String = "// fixture\n") throws -> String {
        let file = PathText.join(path, relative)
        try FileManager.default.createDirectory(atPath: PathText.parent(file), withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func folder(_ relative: String) throws -> String {
        let folder = PathText.join(path, relative)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: PathText.join(path, relative), withDestinationPath: destination)
    }

    /// Copies a fixture in, so a test can change it.
    func copy(fixture name: String) throws -> String {
        let destination = PathText.join(path, name)
        try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: destination)
        return destination
    }
}

/// Paths below `root`, as relative paths.
func relative(_ paths: [String], to root: String) -> [String] {
    paths.map { path in
        guard let components = PathText.components(of: path, under: root) else { return path }
        return components.joined(separator: "/")
    }
}

/// `path` (absolute) relative to the current folder, with `..` where it lies outside it.
func relativeToCurrentFolder(_ path: String) -> String {
    let current = FileSystem.realPath(FileSystem.currentDirectory) ?? FileSystem.currentDirectory
    let from = current.split(separator: "/")
    let to = path.split(separator: "/")
    var common = 0
    while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
    let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
}

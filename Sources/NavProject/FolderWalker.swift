import NavSource

/// A source file found on disk: the path as the lint names it, and its absolute, normalised path.
struct FoundFile: Sendable, Hashable {
    var path: String
    var absolute: String
}

/// What one walk of a folder found: source files, and the folders that hold an Xcode project or a package.
struct WalkResult: Sendable {
    var files: [FoundFile] = []
    /// Absolute folder -> the names of the `.xcodeproj` bundles in it, sorted.
    var xcodeProjects: [String: [String]] = [:]
    /// Absolute folders holding a `Package.swift`.
    var packages: Set<String> = []
    var problems: [ReadProblem] = []
}

/// Walks a folder tree for the files the readers take, in sorted order, without recursing (a stack of
/// folders to visit), and without ever entering the same real folder twice, so a loop of links ends.
struct FolderWalker {
    /// Folders never entered: dependencies, build output, version control.
    static let skippedNames: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "node_modules", "vendor", ".git", ".swiftpm"]
    /// Bundles whose insides are not sources: project files, workspaces, prebuilt frameworks.
    static let opaqueExtensions: Set<String> = ["xcodeproj", "xcworkspace", "framework", "xcframework"]
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h", "storyboard", "xib"]

    /// Excluded folders are not entered, excluded files not taken.
    var filter: PathFilter?
    var list: (String) throws -> [String] = FileSystem.list

    static func isSkipped(folderName name: String) -> Bool {
        skippedNames.contains(name) || name.hasPrefix(".build-") || opaqueExtensions.contains(PathText.extension(name))
    }

    /// A file the readers take: Swift, Objective-C, storyboards and xibs, and colour sets' `Contents.json`.
    /// A navd document (`*.navd.json`) is not one (documents are linted apart), nor a package manifest.
    static func isSource(name: String, folderName: String) -> Bool {
        if name == "Contents.json" { return PathText.extension(folderName) == "colorset" }
        if isPackageManifest(name) { return false }
        return sourceExtensions.contains(PathText.extension(name))
    }

    /// `Package.swift` and its versioned variants (`Package@swift-5.9.swift`): build descriptions, no screens.
    static func isPackageManifest(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// Walks `absolute`, naming what it finds below `displayed`.
    func walk(displayed: String, absolute: String) -> WalkResult {
        var result = WalkResult()
        var visitedFolders = Set<String>()
        // Real path -> the index in `result.files` of the name it was first found by, and whether that name
        // was reached through a link.
        var seenFiles: [String: (index: Int, viaLink: Bool)] = [:]
        if let real = FileSystem.realPath(absolute) { visitedFolders.insert(real) }
        var pending: [(displayed: String, absolute: String, viaLink: Bool)] = [(displayed, absolute, false)]
        while let folder = pending.popLast() {
            let names: [String]
            do {
                names = try list(folder.absolute)
            } catch {
                result.problems.append(
                    ReadProblem(
                        location: SourceLocation(file: folder.displayed, line: 1, column: 1),
                        message: "cannot read the folder: \(error.localizedDescription)"))
                continue
            }
            let folderName = PathText.lastComponent(folder.absolute)
            var subfolders: [(displayed: String, absolute: String, viaLink: Bool)] = []
            for name in names {
                let childAbsolute = PathText.join(folder.absolute, name)
                let childDisplayed = PathText.join(folder.displayed, name)
                var kind = FileSystem.kind(childAbsolute, followingLinks: false)
                let isLink = kind == .symbolicLink
                if isLink {
                    // A link is followed to what it names; a dangling link or a loop of links names nothing.
                    kind = FileSystem.kind(childAbsolute, followingLinks: true)
                }
                let viaLink = folder.viaLink || isLink
                switch kind {
                case .directory:
                    if filter?.excludes(childAbsolute) == true { continue }
                    if PathText.extension(name) == "xcodeproj" { result.xcodeProjects[folder.absolute, default: []].append(name) }
                    if Self.isSkipped(folderName: name) { continue }
                    guard let real = FileSystem.realPath(childAbsolute), visitedFolders.insert(real).inserted else { continue }
                    subfolders.append((childDisplayed, childAbsolute, viaLink))
                case .file:
                    if filter?.excludes(childAbsolute) == true { continue }
                    if name == "Package.swift" { result.packages.insert(folder.absolute) }
                    guard Self.isSource(name: name, folderName: folderName) else { continue }
                    // The same file reached by two names (a link beside its target) is read once, by the
                    // name that involves no link when there is one.
                    let identity = FileSystem.realPath(childAbsolute) ?? childAbsolute
                    let found = FoundFile(path: childDisplayed, absolute: childAbsolute)
                    if let seen = seenFiles[identity] {
                        if seen.viaLink && !viaLink {
                            result.files[seen.index] = found
                            seenFiles[identity] = (seen.index, false)
                        }
                        continue
                    }
                    seenFiles[identity] = (result.files.count, viaLink)
                    result.files.append(found)
                default:
                    continue
                }
            }
            // Reversed onto the stack, so folders are visited in sorted order.
            pending.append(contentsOf: subfolders.reversed())
        }
        return result
    }
}

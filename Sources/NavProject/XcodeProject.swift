import NavSource

/// An application target of an Xcode project, as its `project.pbxproj` describes it.
struct XcodeAppTarget: Sendable, Hashable {
    var name: String
    /// Absolute, normalised paths of the source files the readers take, sorted and without repeats.
    var files: [String]
    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` of its build configurations (the project's where the target
    /// sets none).
    var deploymentTarget: String?
    /// Files the target lists that are not on disk.
    var missing: [String]
    /// Folders of the local Swift packages whose products the target links: their code is the app's.
    var localPackages: [String] = []
    /// Folders the target names (synchronised folders, packages, asset catalogs) that lie outside the folder
    /// being linted, and were not walked.
    var outside: [String] = []
}

/// Why a project file gave no targets.
struct XcodeProjectFailure: Error, Sendable, Hashable {
    var problem: ReadProblem
}

/// Reads a `.xcodeproj`: its application targets, their files and deployment targets.
///
/// Files come from the targets' Sources, Resources and Headers build phases (file references resolved
/// through the group tree), Xcode 16 synchronised folders less the target's membership exceptions, the
/// colour sets of asset catalogs the target lists, and the local Swift packages whose products it links
/// (their files but for the package's `Tests` folder). Headers are not in an application's build phases,
/// so a `.h` is taken when it sits beside a member `.m`/`.mm` of the same name or in the same group as a
/// member file: the readers need the `@interface` lines that name superclasses.
struct XcodeProjectReader {
    /// A project file larger than this is not read. Large apps' project files run to a few megabytes.
    static let maxProjectFileBytes = 64 * 1024 * 1024
    static let applicationProductType = "com.apple.product-type.application"
    static let deploymentTargetSetting = "IPHONEOS_DEPLOYMENT_TARGET"

    /// The `.xcodeproj` bundle, absolute.
    let bundle: String
    /// How the lint names the project file in problems.
    let displayedFile: String
    let limits: ReaderLimits
    let filter: PathFilter?
    /// Folders are walked only inside this one (the folder being linted): a project file cannot send the
    /// walk to `/` or a home folder.
    let boundary: String
    var list: (String) throws -> [String] = FileSystem.list

    /// The application targets, or the problem that kept the project file from being read.
    func read() -> Result<[XcodeAppTarget], XcodeProjectFailure> {
        let file = PathText.join(bundle, "project.pbxproj")
        let bytes: [UInt8]
        switch FileSystem.read(file, maxBytes: Self.maxProjectFileBytes) {
        case .success(let read): bytes = read
        case .failure(.missing): return .failure(failure("the project has no project.pbxproj"))
        case .failure(.unreadable): return .failure(failure("cannot read the project file"))
        case .failure(.tooLarge(let size)):
            return .failure(
                failure(
                    "the project file is \(size) bytes, more than the \(Self.maxProjectFileBytes) a project file is read to",
                    limit: ReaderLimits.fileBytesName))
        }
        let root: PlistValue
        do {
            root = try PropertyListReader.parse(bytes, maxNesting: limits.maxNesting, nestingLimitName: ReaderLimits.nestingName)
        } catch {
            let location = LineTable(bytes, file: displayedFile).location(ofByte: error.offset)
            return .failure(
                XcodeProjectFailure(
                    problem: ReadProblem(location: location, message: "cannot read the project file: \(error.message)", limit: error.limit))
            )
        }
        guard let objects = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
            let project = objects[rootID]?.dictionary
        else {
            return .failure(failure("the project file has no objects or no root object"))
        }
        let graph = ProjectGraph(objects: objects, project: project, folder: PathText.parent(bundle))
        var targets: [XcodeAppTarget] = []
        for id in project["targets"]?.strings ?? [] {
            guard let target = objects[id]?.dictionary, target["isa"]?.string == "PBXNativeTarget",
                target["productType"]?.string == Self.applicationProductType
            else { continue }
            targets.append(appTarget(id: id, target, graph))
        }
        return .success(targets)
    }

    private func failure(_ message: String, limit: String? = nil) -> XcodeProjectFailure {
        XcodeProjectFailure(
            problem: ReadProblem(location: SourceLocation(file: displayedFile, line: 1, column: 1), message: message, limit: limit))
    }

    private func appTarget(id: String, _ target: [String: PlistValue], _ graph: ProjectGraph) -> XcodeAppTarget {
        var files: [String] = []
        var missing: [String] = []
        var outside: [String] = []
        members(of: id, target, graph, files: &files, missing: &missing, outside: &outside)
        // The project's own frameworks and libraries the app builds with are its code too: their screens are
        // the app's, pushed from and onto its own.
        for library in libraryTargets(of: id, graph) {
            guard let object = graph.objects[library]?.dictionary else { continue }
            members(of: library, object, graph, files: &files, missing: &missing, outside: &outside)
        }
        let packages = localPackages(target, graph)
        for package in packages {
            let tests = PathText.join(package, "Tests")
            files.append(contentsOf: walkFiles(package, outside: &outside).filter { PathText.components(of: $0, under: tests) == nil })
        }
        var unique = Set<String>()
        let accepted = files.filter { filter?.accepts($0) ?? true }.filter { unique.insert($0).inserted }.sorted()
        return XcodeAppTarget(
            name: target["name"]?.string ?? id, files: accepted, deploymentTarget: deploymentTarget(target, graph),
            missing: Array(Set(missing)).sorted(), localPackages: packages, outside: Array(Set(outside)).sorted())
    }

    /// The files a target builds from: its Sources, Resources and Headers phases, the headers beside them, and its
    /// synchronised folders.
    private func members(
        of id: String, _ target: [String: PlistValue], _ graph: ProjectGraph, files: inout [String], missing: inout [String],
        outside: inout [String]
    ) {
        var own: [String] = []
        var memberReferences: [String] = []
        func take(_ path: String) {
            let name = PathText.lastComponent(path)
            if PathText.extension(name) == "xcassets" {
                own.append(contentsOf: walkFiles(path, outside: &outside).filter { PathText.lastComponent($0) == "Contents.json" })
            } else if FolderWalker.sourceExtensions.contains(PathText.extension(name)) {
                if FileSystem.kind(path) == .file { own.append(path) } else { missing.append(path) }
            }
        }
        let phases: Set<String> = ["PBXSourcesBuildPhase", "PBXResourcesBuildPhase", "PBXHeadersBuildPhase"]
        for phaseID in target["buildPhases"]?.strings ?? [] {
            guard let phase = graph.objects[phaseID]?.dictionary, let isa = phase["isa"]?.string, phases.contains(isa) else { continue }
            for buildFileID in phase["files"]?.strings ?? [] {
                guard let reference = graph.objects[buildFileID]?["fileRef"]?.string,
                    let referenced = graph.objects[reference]?.dictionary
                else { continue }
                switch referenced["isa"]?.string {
                case "PBXFileReference":
                    memberReferences.append(reference)
                    if let path = graph.path(of: reference) { take(path) }
                case "PBXVariantGroup":
                    // A localised file: one reference per language (`Base.lproj/Main.storyboard`).
                    for child in referenced["children"]?.strings ?? [] {
                        memberReferences.append(child)
                        if let path = graph.path(of: child) { take(path) }
                    }
                default:
                    continue
                }
            }
        }
        own.append(contentsOf: headers(besides: own, references: memberReferences, graph))
        own.append(contentsOf: synchronizedFiles(targetID: id, target, graph, outside: &outside))
        files.append(contentsOf: own)
    }

    /// Product types whose code runs inside the app that links them.
    static let libraryProductTypes: Set<String> = [
        "com.apple.product-type.framework", "com.apple.product-type.framework.static", "com.apple.product-type.library.static",
        "com.apple.product-type.library.dynamic",
    ]
    /// The most library targets one app takes in (the frameworks of its frameworks included).
    static let maxLibraryTargets = 256

    /// The project's framework and library targets an app builds with, and those they build with in turn: its
    /// target dependencies, and the products its Frameworks phase links (Xcode finds those implicitly).
    private func libraryTargets(of appID: String, _ graph: ProjectGraph) -> [String] {
        var byProduct: [String: String] = [:]
        for (id, object) in graph.objects where object["isa"]?.string == "PBXNativeTarget" {
            if let product = object["productReference"]?.string { byProduct[product] = id }
        }
        func isLibrary(_ id: String) -> Bool {
            graph.objects[id]?["productType"]?.string.map(Self.libraryProductTypes.contains) ?? false
        }
        func linked(_ id: String) -> [String] {
            guard let target = graph.objects[id]?.dictionary else { return [] }
            var out: [String] = []
            for dependency in target["dependencies"]?.strings ?? [] {
                if let linkedTarget = graph.objects[dependency]?["target"]?.string { out.append(linkedTarget) }
            }
            for phaseID in target["buildPhases"]?.strings ?? [] {
                guard let phase = graph.objects[phaseID]?.dictionary, phase["isa"]?.string == "PBXFrameworksBuildPhase" else { continue }
                for buildFileID in phase["files"]?.strings ?? [] {
                    if let reference = graph.objects[buildFileID]?["fileRef"]?.string, let product = byProduct[reference] {
                        out.append(product)
                    }
                }
            }
            return out.filter(isLibrary)
        }
        var found: [String] = []
        var seen: Set<String> = [appID]
        var queue = linked(appID)
        while !queue.isEmpty, found.count < Self.maxLibraryTargets {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted else { continue }
            found.append(next)
            queue.append(contentsOf: linked(next))
        }
        return found
    }

    /// The folders of the local packages whose products the target links, and of the local packages those
    /// depend on (`.package(path:)`), whose code runs in the app as well. A product of an
    /// `XCLocalSwiftPackageReference` names its folder (relative to the project's); a product with no
    /// package reference comes from a package folder added to the project's groups, found as a folder
    /// reference holding a `Package.swift` that declares a library of that name.
    private func localPackages(_ target: [String: PlistValue], _ graph: ProjectGraph) -> [String] {
        var folders: [String] = []
        var unplaced: Set<String> = []
        for id in target["packageProductDependencies"]?.strings ?? [] {
            guard let dependency = graph.objects[id]?.dictionary else { continue }
            if let packageID = dependency["package"]?.string {
                guard let package = graph.objects[packageID]?.dictionary, package["isa"]?.string == "XCLocalSwiftPackageReference",
                    let relativePath = package["relativePath"]?.string
                else { continue }
                folders.append(PathText.join(PathText.parent(bundle), relativePath))
            } else if let product = dependency["productName"]?.string {
                unplaced.insert(product)
            }
        }
        if !unplaced.isEmpty {
            for (id, object) in graph.objects.sorted(by: { $0.key < $1.key }) where object["isa"]?.string == "PBXFileReference" {
                guard let type = object["lastKnownFileType"]?.string, type == "wrapper" || type == "folder",
                    let folder = graph.path(of: id), let manifest = Self.manifest(in: folder)
                else { continue }
                if PackageManifest.libraries(manifest).contains(where: unplaced.contains) { folders.append(folder) }
            }
        }
        // The packages' own local dependencies, breadth first, to a bound.
        var found: [String] = []
        var seen = Set<String>()
        var index = 0
        while index < folders.count, found.count < Self.maxLocalPackages {
            let folder = folders[index]
            index += 1
            guard seen.insert(folder).inserted, let manifest = Self.manifest(in: folder) else { continue }
            found.append(folder)
            folders.append(contentsOf: PackageManifest.localDependencies(manifest).map { PathText.join(folder, $0) })
        }
        return found
    }

    /// Local packages taken into one target at most: a chain of `.package(path:)`s ends here.
    static let maxLocalPackages = 256

    private static func manifest(in folder: String) -> String? {
        guard case .success(let bytes) = FileSystem.read(PathText.join(folder, "Package.swift"), maxBytes: PackageManifest.maxBytes) else {
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Headers of member implementation files: `X.h` beside `X.m`, and headers in a member file's group.
    private func headers(besides files: [String], references: [String], _ graph: ProjectGraph) -> [String] {
        var found: [String] = []
        for file in files where ["m", "mm"].contains(PathText.extension(file)) {
            let header = String(file.dropLast(PathText.extension(file).count)) + "h"
            if FileSystem.kind(header) == .file { found.append(header) }
        }
        var groups = Set<String>()
        for reference in references {
            if let parent = graph.parents[reference] { groups.insert(parent) }
        }
        for group in groups.sorted() {
            for child in graph.objects[group]?["children"]?.strings ?? [] {
                guard graph.objects[child]?["isa"]?.string == "PBXFileReference", let path = graph.path(of: child),
                    PathText.extension(path) == "h", FileSystem.kind(path) == .file
                else { continue }
                found.append(path)
            }
        }
        return found
    }

    /// Files of the synchronised folders the target lists, less its membership exceptions; plus the files
    /// another target's folder lends it by an exception set naming this target.
    private func synchronizedFiles(
        targetID: String, _ target: [String: PlistValue], _ graph: ProjectGraph, outside: inout [String]
    ) -> [String] {
        let listed = target["fileSystemSynchronizedGroups"]?.strings ?? []
        var files: [String] = []
        for groupID in listed {
            guard let folder = graph.path(of: groupID) else { continue }
            let exceptions = membershipExceptions(of: groupID, for: targetID, graph)
            for file in walkFiles(folder, outside: &outside) {
                guard let components = PathText.components(of: file, under: folder) else { continue }
                let relative = components.joined(separator: "/")
                let excepted = exceptions.contains { relative == $0 || relative.hasPrefix($0 + "/") }
                if !excepted { files.append(file) }
            }
        }
        let listedSet = Set(listed)
        for (groupID, object) in graph.objects.sorted(by: { $0.key < $1.key })
        where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" && !listedSet.contains(groupID) {
            let exceptions = membershipExceptions(of: groupID, for: targetID, graph)
            guard !exceptions.isEmpty, let folder = graph.path(of: groupID) else { continue }
            for exception in exceptions {
                let path = PathText.join(folder, exception)
                switch FileSystem.kind(path) {
                case .directory: files.append(contentsOf: walkFiles(path, outside: &outside))
                case .file:
                    let name = PathText.lastComponent(path)
                    if FolderWalker.isSource(name: name, folderName: PathText.lastComponent(PathText.parent(path))) { files.append(path) }
                default: continue
                }
            }
        }
        return files
    }

    private func membershipExceptions(of groupID: String, for targetID: String, _ graph: ProjectGraph) -> [String] {
        var paths: [String] = []
        for setID in graph.objects[groupID]?["exceptions"]?.strings ?? [] {
            guard let set = graph.objects[setID]?.dictionary, set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                set["target"]?.string == targetID
            else { continue }
            paths.append(contentsOf: (set["membershipExceptions"]?.strings ?? []).map { PathText.normalize($0) })
        }
        return paths
    }

    /// The files under a folder, when it lies inside the boundary; otherwise none, and the folder is noted.
    private func walkFiles(_ folder: String, outside: inout [String]) -> [String] {
        guard PathText.components(of: folder, under: boundary) != nil else {
            outside.append(folder)
            return []
        }
        return FolderWalker(filter: filter, list: list).walk(displayed: folder, absolute: folder).files.map(\.absolute)
    }

    /// The lowest deployment target over the target's configurations. For each, the first level that sets
    /// it counts, in Xcode's order: the target's build settings, the target's `.xcconfig`, the project's
    /// configuration of the same name, its `.xcconfig`. `$(inherited)` passes to the next level; any other
    /// build variable leaves that configuration's target unknown.
    private func deploymentTarget(_ target: [String: PlistValue], _ graph: ProjectGraph) -> String? {
        let key = Self.deploymentTargetSetting
        let projectConfigurations = graph.configurations(target: graph.project)
        var targetConfigurations = graph.configurations(target: target)
        if targetConfigurations.isEmpty { targetConfigurations = projectConfigurations }
        var lowest: (text: String, version: Version)?
        for configuration in targetConfigurations {
            let project = projectConfigurations.first { $0.name == configuration.name }
            let levels: [() -> String?] = [
                { configuration.settings[key]?.string },
                { configuration.baseFile.flatMap { BuildSettingsFile.value(of: key, in: $0) } },
                { project?.settings[key]?.string },
                { project?.baseFile.flatMap { BuildSettingsFile.value(of: key, in: $0) } },
            ]
            var found: String?
            for level in levels {
                guard let value = level()?.trimmingSpaces else { continue }
                if value == "$(inherited)" || value.isEmpty { continue }
                found = value
                break
            }
            guard let text = found, let version = Version(text) else { continue }
            if lowest == nil || version < (lowest?.version ?? version) { lowest = (text, version) }
        }
        return lowest?.text
    }
}

/// Reads one build setting from an `.xcconfig` file: `KEY = value` lines, `//` comments, and `#include` /
/// `#include?` of other files (relative to the including one), the last assignment winning. Settings with
/// conditions (`KEY[sdk=iphoneos*]`) are not read.
enum BuildSettingsFile {
    static let maxBytes = 1024 * 1024
    /// Includes deeper than this are not followed (a file that includes itself ends here).
    static let maxIncludeDepth = 8

    static func value(of key: String, in file: String) -> String? {
        value(of: key, in: file, depth: 0)
    }

    private static func value(of key: String, in file: String, depth: Int) -> String? {
        guard depth <= maxIncludeDepth, case .success(let bytes) = FileSystem.read(file, maxBytes: maxBytes) else { return nil }
        var result: String?
        for rawLine in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let text = String(line).trimmingSpaces
            if text.hasPrefix("#include") {
                guard let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"") else {
                    continue
                }
                let included = String(text[text.index(after: open)..<close])
                let path = PathText.join(PathText.parent(file), included)
                if let value = value(of: key, in: path, depth: depth + 1) { result = value }
                continue
            }
            guard let equals = text.firstIndex(of: "="), String(text[..<equals]).trimmingSpaces == key else { continue }
            var value = String(text[text.index(after: equals)...]).trimmingSpaces
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingSpaces }
            result = value
        }
        return result
    }
}

/// The objects of a project file, with each group's parent, to resolve paths through the group tree.
struct ProjectGraph {
    let objects: [String: PlistValue]
    let project: [String: PlistValue]
    /// The folder `SOURCE_ROOT` and the main group stand for: the project's folder and its `projectDirPath`.
    let sourceRoot: String
    /// Child id -> the group that lists it.
    let parents: [String: String]

    init(objects: [String: PlistValue], project: [String: PlistValue], folder: String) {
        self.objects = objects
        self.project = project
        self.sourceRoot = PathText.join(folder, project["projectDirPath"]?.string ?? "")
        var parents: [String: String] = [:]
        for (id, object) in objects.sorted(by: { $0.key < $1.key }) {
            for child in object["children"]?.strings ?? [] where parents[child] == nil { parents[child] = id }
        }
        self.parents = parents
    }

    /// The absolute path of a file reference or group. `<group>` paths are relative to the parent group's
    /// folder (a group without a `path` has its parent's), `SOURCE_ROOT` ones to the project's folder,
    /// `<absolute>` ones to nothing. Nil for paths relative to build products, the SDK or the developer
    /// folder, and for a broken tree (a cycle, a missing parent object).
    func path(of id: String) -> String? {
        var chain: [[String: PlistValue]] = []
        var seen = Set<String>()
        var current = id
        var anchor = "<group>"
        while true {
            guard seen.insert(current).inserted, let object = objects[current]?.dictionary else { return nil }
            chain.append(object)
            let tree = object["sourceTree"]?.string ?? "<group>"
            if tree != "<group>" {
                anchor = tree
                break
            }
            guard let parent = parents[current] else { break }
            current = parent
        }
        var path: String
        switch anchor {
        case "<group>", "SOURCE_ROOT": path = sourceRoot
        case "<absolute>": path = "/"
        default: return nil
        }
        for object in chain.reversed() {
            if let component = object["path"]?.string { path = PathText.join(path, component) }
        }
        return path
    }

    /// The configurations of an object's `buildConfigurationList`: name, build settings, and the path of the
    /// `.xcconfig` it is based on.
    func configurations(target: [String: PlistValue]) -> [(name: String, settings: [String: PlistValue], baseFile: String?)] {
        guard let listID = target["buildConfigurationList"]?.string else { return [] }
        return (objects[listID]?["buildConfigurations"]?.strings ?? []).compactMap { id in
            guard let configuration = objects[id]?.dictionary else { return nil }
            var baseFile = configuration["baseConfigurationReference"]?.string.flatMap { path(of: $0) }
            // Xcode 16 names an .xcconfig inside a synchronised folder by the folder and a path in it.
            if baseFile == nil, let anchor = configuration["baseConfigurationReferenceAnchor"]?.string.flatMap({ path(of: $0) }),
                let relative = configuration["baseConfigurationReferenceRelativePath"]?.string
            {
                baseFile = PathText.join(anchor, relative)
            }
            return (configuration["name"]?.string ?? id, configuration["buildSettings"]?.dictionary ?? [:], baseFile)
        }
    }
}

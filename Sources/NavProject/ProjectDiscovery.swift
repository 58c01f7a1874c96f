import NavSource

/// Finds the projects to lint in the paths a command line names.
///
/// - A folder holding `X.xcodeproj`: each application target of each project is one project. When the
///   project file cannot be read, or has no application target, the folder is taken as below.
/// - A folder holding a `Package.swift` and no Xcode project: one project, its files under the folder;
///   unless an application target links the package's products, which makes its code that app's.
/// - A folder holding several of those in sub-folders: each is its own project, and files under the given
///   folder that belong to none of them form no project. A project's files do not include those of a project
///   nested in a sub-folder of it.
/// - A folder holding neither, anywhere below: one project of every source file under it.
/// - A `.xcodeproj` named directly: its application targets.
/// - A file: a project of its own, linted whatever the configuration excludes. Navd documents
///   (`*.navd.json`) are left to the document linter.
///
/// Each project takes the nearest `.navd.yml` at or above its folder, unless a configuration is given.
public enum ProjectDiscovery {
    /// The projects in `paths`, in the order given (and, within a folder, sorted by folder), with what could
    /// not be read: folders, project files, configurations. `override` replaces every `.navd.yml`.
    public static func discover(
        _ paths: [String], configuration override: LintConfiguration?
    ) -> (
        projects: [Project], problems: [ReadProblem]
    ) {
        discover(paths, configuration: override, list: FileSystem.list)
    }

    /// Whether a folder of this name is never entered: dependencies, build output, version control, bundles.
    public static func isSkipped(folderName name: String) -> Bool { FolderWalker.isSkipped(folderName: name) }

    /// As `discover(_:configuration:)`, with the folder listing given (tests make folders unreadable with it).
    static func discover(
        _ paths: [String], configuration override: LintConfiguration?, list: @escaping (String) throws -> [String]
    ) -> (
        projects: [Project], problems: [ReadProblem]
    ) {
        var discovery = Discovery(override: override, list: list)
        for path in paths { discovery.add(path) }
        return (discovery.projects, discovery.problems)
    }
}

/// Names absolute paths the way the lint shows them: below the path given, as that path followed by the rest.
private struct Display {
    let given: String
    let absolute: String

    func callAsFunction(_ path: String) -> String {
        guard let components = PathText.components(of: path, under: absolute) else { return path }
        return PathText.join(given, components.joined(separator: "/"))
    }
}

/// A configuration, the file it came from, and its path filter.
private struct ResolvedConfiguration {
    var configuration: LintConfiguration
    /// Absolute path of the `.navd.yml`, nil for the default or a given configuration.
    var file: String?
    var filter: PathFilter
}

private struct Discovery {
    let override: LintConfiguration?
    let list: (String) throws -> [String]
    var projects: [Project] = []
    var problems: [ReadProblem] = []
    /// Configurations read so far, by absolute file path: each is read, and its problems reported, once.
    var loaded: [String: ResolvedConfiguration] = [:]

    init(override: LintConfiguration?, list: @escaping (String) throws -> [String]) {
        self.override = override
        self.list = list
    }

    mutating func add(_ given: String) {
        let absolute = PathText.absolute(given)
        switch FileSystem.kind(absolute) {
        case .file:
            addFile(given, absolute: absolute)
        case .directory where PathText.extension(absolute) == "xcodeproj":
            addProjectBundle(given, absolute: absolute)
        case .directory:
            addFolder(given, absolute: absolute)
        case .missing:
            problems.append(ReadProblem(location: SourceLocation(file: given, line: 1, column: 1), message: "no such file or folder"))
        case .symbolicLink, .other:
            problems.append(ReadProblem(location: SourceLocation(file: given, line: 1, column: 1), message: "not a file or a folder"))
        }
    }

    // MARK: Configuration

    /// The configuration for a folder: the given one, else the nearest `.navd.yml` at or above it, else the
    /// default. `anchor` is the folder a given configuration's paths are relative to.
    mutating func configuration(for folder: String, anchor: String, display: Display) -> ResolvedConfiguration {
        if let override {
            return ResolvedConfiguration(configuration: override, file: nil, filter: PathFilter(folder: anchor, configuration: override))
        }
        var current = folder
        while true {
            let candidate = PathText.join(current, LintConfiguration.fileName)
            if FileSystem.kind(candidate) == .file { return load(candidate, folder: current, display: display) }
            if current == "/" { break }
            current = PathText.parent(current)
        }
        let configuration = LintConfiguration()
        return ResolvedConfiguration(
            configuration: configuration, file: nil, filter: PathFilter(folder: folder, configuration: configuration))
    }

    private mutating func load(_ file: String, folder: String, display: Display) -> ResolvedConfiguration {
        if let known = loaded[file] { return known }
        let shown = display(file)
        var configuration = LintConfiguration()
        switch FileSystem.read(file, maxBytes: LintConfiguration.maxFileBytes) {
        case .success(let bytes):
            do {
                configuration = try LintConfiguration.parse(String(decoding: bytes, as: UTF8.self), file: shown)
            } catch {
                problems.append(error.readProblem)
            }
        case .failure(.tooLarge(let size)):
            problems.append(
                ReadProblem(
                    location: SourceLocation(file: shown, line: 1, column: 1),
                    message: "the configuration is \(size) bytes, more than the \(LintConfiguration.maxFileBytes) a configuration may have")
            )
        case .failure:
            problems.append(
                ReadProblem(location: SourceLocation(file: shown, line: 1, column: 1), message: "cannot read the configuration"))
        }
        let resolved = ResolvedConfiguration(
            configuration: configuration, file: file, filter: PathFilter(folder: folder, configuration: configuration))
        loaded[file] = resolved
        return resolved
    }

    // MARK: Projects

    private mutating func append(_ project: Project) {
        guard !projects.contains(where: { $0.kind == project.kind && $0.root == project.root }) else { return }
        projects.append(project)
    }

    private mutating func addFile(_ given: String, absolute: String) {
        let name = PathText.lastComponent(absolute)
        if name.hasSuffix(".navd.json") { return }
        let folder = PathText.parent(absolute)
        let display = Display(given: PathText.parent(given), absolute: folder)
        let resolved = configuration(for: folder, anchor: folder, display: display)
        append(
            Project(
                name: name, kind: .file(PathText.normalize(given)), root: PathText.parent(given), files: [PathText.normalize(given)],
                deploymentTarget: resolved.configuration.deploymentTarget, configuration: resolved.configuration,
                configurationFile: resolved.file.map(display.callAsFunction)))
    }

    private mutating func addProjectBundle(_ given: String, absolute: String) {
        let folder = PathText.parent(absolute)
        let display = Display(given: PathText.parent(given), absolute: folder)
        let resolved = configuration(for: folder, anchor: folder, display: display)
        if appendTargets(bundle: absolute, boundary: folder, resolved: resolved, display: display) { return }
        let walk = FolderWalker(filter: resolved.filter, list: list).walk(displayed: display(folder), absolute: folder)
        problems.append(contentsOf: walk.problems)
        appendFolder(folder, files: walk.files, resolved: resolved, display: display)
    }

    private mutating func addFolder(_ given: String, absolute: String) {
        let display = Display(given: PathText.normalize(given), absolute: absolute)
        let top = configuration(for: absolute, anchor: absolute, display: display)
        let walk = FolderWalker(filter: top.filter, list: list).walk(displayed: display(absolute), absolute: absolute)
        problems.append(contentsOf: walk.problems)
        let roots = Set(walk.xcodeProjects.keys).union(walk.packages).sorted()
        guard !roots.isEmpty else {
            appendFolder(absolute, files: walk.files, resolved: top, display: display)
            return
        }
        // Each file belongs to the deepest project folder that holds it.
        var owned: [String: [FoundFile]] = [:]
        for file in walk.files {
            let owner = roots.filter { PathText.components(of: file.absolute, under: $0) != nil }.max { $0.count < $1.count }
            if let owner { owned[owner, default: []].append(file) }
        }
        // Every project file is read first: a local package an app links is part of that app, so it is no
        // project of its own, wherever it lies.
        var resolvedRoots: [String: ResolvedConfiguration] = [:]
        var appsByRoot: [String: [(bundle: String, targets: [XcodeAppTarget])]] = [:]
        var linkedPackages = Set<String>()
        for root in roots {
            let resolved = configuration(for: root, anchor: absolute, display: display)
            resolvedRoots[root] = resolved
            for name in walk.xcodeProjects[root] ?? [] {
                let bundle = PathText.join(root, name)
                guard let targets = readTargets(bundle: bundle, boundary: absolute, resolved: resolved, display: display), !targets.isEmpty
                else { continue }
                appsByRoot[root, default: []].append((bundle, targets))
                linkedPackages.formUnion(targets.flatMap(\.localPackages))
            }
        }
        for root in roots {
            guard let resolved = resolvedRoots[root] else { continue }
            if let apps = appsByRoot[root] {
                for (bundle, targets) in apps { appendTargets(targets, bundle: bundle, resolved: resolved, display: display) }
            } else if walk.packages.contains(root) {
                if !linkedPackages.contains(root) { appendPackage(root, files: owned[root] ?? [], resolved: resolved, display: display) }
            } else {
                appendFolder(root, files: owned[root] ?? [], resolved: resolved, display: display)
            }
        }
    }

    /// Appends a project per application target; false when the project file could not be read or has none.
    private mutating func appendTargets(bundle: String, boundary: String, resolved: ResolvedConfiguration, display: Display) -> Bool {
        guard let targets = readTargets(bundle: bundle, boundary: boundary, resolved: resolved, display: display), !targets.isEmpty else {
            return false
        }
        appendTargets(targets, bundle: bundle, resolved: resolved, display: display)
        return true
    }

    /// The application targets of a project, with a problem for each file they list that is not on disk; nil
    /// (and a problem) when the project file could not be read.
    private mutating func readTargets(
        bundle: String, boundary: String, resolved: ResolvedConfiguration, display: Display
    ) -> [XcodeAppTarget]? {
        let pbxproj = display(PathText.join(bundle, "project.pbxproj"))
        let reader = XcodeProjectReader(
            bundle: bundle, displayedFile: pbxproj, limits: resolved.configuration.limits, filter: resolved.filter, boundary: boundary,
            list: list)
        switch reader.read() {
        case .failure(let failure):
            problems.append(failure.problem)
            return nil
        case .success(let targets):
            for target in targets {
                if !target.missing.isEmpty {
                    problems.append(
                        ReadProblem(
                            location: SourceLocation(file: pbxproj, line: 1, column: 1),
                            message: "target \(target.name) lists \(target.missing.count) files that are not on disk: "
                                + Self.list(target.missing.map(display.callAsFunction))))
                }
                if !target.outside.isEmpty {
                    problems.append(
                        ReadProblem(
                            location: SourceLocation(file: pbxproj, line: 1, column: 1),
                            message: "target \(target.name) names folders outside the folder being linted, not read: "
                                + Self.list(target.outside.map(display.callAsFunction))))
                }
            }
            return targets
        }
    }

    /// The first few of a list of paths.
    private static func list(_ paths: [String]) -> String {
        paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? ", …" : "")
    }

    private mutating func appendTargets(_ targets: [XcodeAppTarget], bundle: String, resolved: ResolvedConfiguration, display: Display) {
        for target in targets {
            append(
                Project(
                    name: target.name, kind: .xcodeTarget(project: display(bundle), target: target.name),
                    root: display(PathText.parent(bundle)), files: target.files.map(display.callAsFunction),
                    deploymentTarget: resolved.configuration.deploymentTarget ?? target.deploymentTarget,
                    configuration: resolved.configuration, configurationFile: resolved.file.map(display.callAsFunction)))
        }
    }

    private mutating func appendPackage(_ folder: String, files: [FoundFile], resolved: ResolvedConfiguration, display: Display) {
        var manifest: (name: String?, iOS: String?) = (nil, nil)
        if case .success(let bytes) = FileSystem.read(PathText.join(folder, "Package.swift"), maxBytes: PackageManifest.maxBytes) {
            manifest = PackageManifest.scan(String(decoding: bytes, as: UTF8.self))
        }
        append(
            Project(
                name: manifest.name ?? PathText.lastComponent(folder), kind: .swiftPackage(display(folder)), root: display(folder),
                files: accepted(files, resolved), deploymentTarget: resolved.configuration.deploymentTarget ?? manifest.iOS,
                configuration: resolved.configuration, configurationFile: resolved.file.map(display.callAsFunction)))
    }

    private mutating func appendFolder(_ folder: String, files: [FoundFile], resolved: ResolvedConfiguration, display: Display) {
        append(
            Project(
                name: PathText.lastComponent(folder), kind: .folder(display(folder)), root: display(folder),
                files: accepted(files, resolved),
                deploymentTarget: resolved.configuration.deploymentTarget, configuration: resolved.configuration,
                configurationFile: resolved.file.map(display.callAsFunction)))
    }

    private func accepted(_ files: [FoundFile], _ resolved: ResolvedConfiguration) -> [String] {
        files.filter { resolved.filter.accepts($0.absolute) }.map(\.path).sorted()
    }
}

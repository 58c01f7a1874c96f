/// One app to lint: the files whose facts are joined into one set of flows (one class hierarchy, one push
/// graph), so that two apps in one repository never mix.
public struct Project: Sendable, Hashable {
    /// Where the project comes from.
    public enum Kind: Sendable, Hashable {
        /// An application target of an Xcode project: the `.xcodeproj` path and the target's name.
        case xcodeTarget(project: String, target: String)
        /// A Swift package (a folder with a `Package.swift` and no Xcode project beside it): its folder.
        case swiftPackage(String)
        /// A folder with neither: every source file under it.
        case folder(String)
        /// One file named on the command line.
        case file(String)
    }

    /// The target's, package's, folder's or file's name.
    public var name: String
    /// Where the project comes from: an Xcode target, a package, a folder, a file.
    public var kind: Kind
    /// The folder the project lives in (the `.xcodeproj`'s, the package's, the folder itself, the file's).
    public var root: String
    /// Every source file to read, sorted: `.swift`, `.m`, `.mm`, `.h`, `.storyboard`, `.xib`, and colour sets'
    /// `Contents.json` (`*.colorset/Contents.json`). Paths are named from the path given to discovery.
    public var files: [String]
    /// The iOS deployment target (`"12.0"`): the configuration's, else the project's; nil when neither says.
    public var deploymentTarget: String?
    /// The configuration that applies: the nearest `.navd.yml` at or above the project's folder, or the one
    /// given to discovery.
    public var configuration: LintConfiguration
    /// The `.navd.yml` read for it; nil for the default configuration or one given to discovery.
    public var configurationFile: String?

    /// A project; discovery makes them, tests and callers with their own list of files may too.
    public init(
        name: String, kind: Kind, root: String, files: [String], deploymentTarget: String? = nil,
        configuration: LintConfiguration = LintConfiguration(), configurationFile: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.root = root
        self.files = files
        self.deploymentTarget = deploymentTarget
        self.configuration = configuration
        self.configurationFile = configurationFile
    }
}

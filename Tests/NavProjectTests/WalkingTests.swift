import Foundation
import NavSource
import Testing

@testable import NavProject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder listing that cannot read one folder, as `opendir` fails on a folder without read permission.
private struct Unreadable: LocalizedError {
    var errorDescription: String? { "Permission denied" }
}

@Suite("Walking folders")
struct WalkingTests {
    @Test("dependencies, build output and version control are never entered")
    func skippedFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/RootViewController.swift")
        let skipped = [
            "Pods/Alamofire", ".build/checkouts/Lib", ".build-linux/debug", "DerivedData/App/Index", "node_modules/pkg", "vendor/sdk",
            ".git/objects", ".swiftpm/xcode", "Carthage/Checkouts/Lib", "App.xcworkspace/xcshareddata", "Vendored.framework/Headers",
        ]
        for path in skipped { try folder.write("\(path)/Skipped.swift") }
        try folder.write("App/Vendor/Kept.swift")  // only the lower-case `vendor` is a dependency folder
        let (projects, problems) = ProjectDiscovery.discover([folder.path], configuration: nil)
        #expect(problems.isEmpty)
        #expect(relative(projects.first?.files ?? [], to: folder.path) == ["App/RootViewController.swift", "App/Vendor/Kept.swift"])
    }

    @Test("a loop of folder links ends; each real file is listed once; links to files are followed")
    func linkLoops() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outside = try TemporaryFolder()
        defer { outside.remove() }
        let root = try folder.folder("repo")
        try folder.write("repo/A/ListViewController.swift")
        try folder.write("repo/A/Deep/DetailViewController.m")
        try folder.link("repo/A/up", to: "..")  // A/up -> repo: a loop through the parent
        try folder.link("repo/A/Deep/top", to: root)  // an absolute link back to the top
        try folder.link("repo/B", to: "A")  // the same folder under a second name
        try folder.link("repo/self", to: ".")
        try folder.link("repo/ping", to: "pong")  // two links naming each other
        try folder.link("repo/pong", to: "ping")
        try folder.link("repo/Alias.swift", to: "A/ListViewController.swift")
        try folder.link("repo/Gone.swift", to: "A/Missing.swift")
        let shared = try outside.write("SharedTheme.swift")
        try folder.link("repo/SharedTheme.swift", to: shared)

        // A link cycle that the walk followed would never end: the test's own run would not.
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: nil)
        #expect(problems.isEmpty)
        let files = relative(projects.first?.files ?? [], to: root)
        #expect(files == ["A/Deep/DetailViewController.m", "A/ListViewController.swift", "SharedTheme.swift"])
    }

    @Test("an unreadable folder is a problem; the rest of the walk goes on")
    func unreadableFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("A/One.swift")
        try folder.write("Locked/Two.swift")
        try folder.write("Z/Three.swift")
        let locked = PathText.join(folder.path, "Locked")
        let (projects, problems) = ProjectDiscovery.discover(
            [folder.path], configuration: nil,
            list: { path in
                if path == locked { throw Unreadable() }
                return try FileSystem.list(path)
            })
        #expect(problems.count == 1)
        #expect(problems.first?.location.file == locked)
        #expect(problems.first?.message == "cannot read the folder: Permission denied")
        #expect(relative(projects.first?.files ?? [], to: folder.path) == ["A/One.swift", "Z/Three.swift"])
    }

    @Test(
        "a folder without read permission, for a user the permission binds",
        .enabled(if: getuid() != 0, "root reads every folder whatever its mode: there the test above stands in"))
    func permissionDenied() throws {
        let folder = try TemporaryFolder()
        defer {
            chmod(PathText.join(folder.path, "Locked"), 0o755)
            folder.remove()
        }
        try folder.write("A/One.swift")
        try folder.write("Locked/Two.swift")
        chmod(PathText.join(folder.path, "Locked"), 0)
        let (projects, problems) = ProjectDiscovery.discover([folder.path], configuration: nil)
        #expect(problems.count == 1)
        #expect(relative(projects.first?.files ?? [], to: folder.path) == ["A/One.swift"])
    }

    @Test("excluded folders are not entered, excluded files not taken")
    func excludedWhileWalking() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".navd.yml", "excluded:\n  - Generated\n  - \"*.pb.swift\"\n  - App/Legacy\n")
        try folder.write("App/Screen.swift")
        try folder.write("App/Model.pb.swift")
        try folder.write("App/Generated/Strings.swift")
        try folder.write("App/Legacy/Old.m")
        try folder.write("Modules/App/Legacy/Kept.m")
        var listed: [String] = []
        let (projects, _) = ProjectDiscovery.discover(
            [folder.path], configuration: nil,
            list: { path in
                listed.append(path)
                return try FileSystem.list(path)
            })
        #expect(relative(projects.first?.files ?? [], to: folder.path) == ["App/Screen.swift", "Modules/App/Legacy/Kept.m"])
        #expect(!listed.contains { $0.hasSuffix("/Generated") })
        #expect(!listed.contains(PathText.join(folder.path, "App/Legacy")))
        #expect(listed.contains(PathText.join(folder.path, "Modules/App/Legacy")))
    }

    @Test("paths as text: joined, normalised, and taken apart below a folder")
    func pathText() {
        #expect(PathText.join(".", "App/A.swift") == "App/A.swift")
        #expect(PathText.join("repo", "./App//A.swift") == "repo/App/A.swift")
        #expect(PathText.join("/repo/App", "../Shared/Theme.swift") == "/repo/Shared/Theme.swift")
        #expect(PathText.join("/repo", "/abs/X.swift") == "/abs/X.swift")
        #expect(PathText.normalize("../a/./b/..") == "../a")
        #expect(PathText.normalize("/..") == "/")
        #expect(PathText.parent("/repo/App") == "/repo")
        #expect(PathText.parent("/repo") == "/")
        #expect(PathText.parent("A.swift") == ".")
        #expect(PathText.components(of: "/repo/App/A.swift", under: "/repo") == ["App", "A.swift"])
        #expect(PathText.components(of: "/repository/A.swift", under: "/repo") == nil)
        #expect(PathText.extension("Main.STORYBOARD") == "storyboard")
        #expect(PathText.extension(".gitignore") == "")
    }
}

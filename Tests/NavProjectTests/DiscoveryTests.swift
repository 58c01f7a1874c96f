import Foundation
import NavModel
import NavSource
import Testing

@testable import NavProject

@Suite("Discovering projects in fixtures shaped like real repositories")
struct DiscoveryTests {
    @Test("paths are named from the path given: a relative path gives relative names")
    func relativeNames() throws {
        let absolute = Fixtures.path("two-apps")
        let given = relativeToCurrentFolder(absolute)
        #expect(!given.hasPrefix("/"))
        let (projects, problems) = ProjectDiscovery.discover([given], configuration: nil)
        #expect(problems.isEmpty)
        let customer = try #require(projects.first { $0.name == "CustomerApp" })
        #expect(customer.root == PathText.join(given, "CustomerApp"))
        #expect(customer.kind == .xcodeTarget(project: PathText.join(given, "CustomerApp/CustomerApp.xcodeproj"), target: "CustomerApp"))
        #expect(customer.files.first == PathText.join(given, "CustomerApp/CustomerApp/AppDelegate.swift"))
        #expect(customer.configurationFile == PathText.join(given, ".navd.yml"))
        let byAbsolutePath = ProjectDiscovery.discover([absolute], configuration: nil).projects
        #expect(projects.map { relative($0.files, to: given) } == byAbsolutePath.map { relative($0.files, to: absolute) })
    }

    @Test("an Objective-C and Swift app: the app target's files through groups, variant groups and SOURCE_ROOT")
    func classicApp() throws {
        let root = Fixtures.path("classic-objc-app")
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: nil)
        #expect(problems.isEmpty, "\(problems)")
        // The unit-test bundle and the share extension are not apps; Pods' project is never entered.
        #expect(projects.map(\.name) == ["Shop"])
        let shop = try #require(projects.first)
        #expect(shop.kind == .xcodeTarget(project: PathText.join(root, "Shop.xcodeproj"), target: "Shop"))
        #expect(shop.root == root)
        #expect(
            relative(shop.files, to: root) == [
                "Shared/Theme.swift",
                "Shop/AppDelegate.h",
                "Shop/AppDelegate.m",
                "Shop/Assets.xcassets/AccentColor.colorset/Contents.json",
                "Shop/Assets.xcassets/BrandRed.colorset/Contents.json",
                "Shop/Base.lproj/LaunchScreen.storyboard",
                "Shop/Base.lproj/Main.storyboard",
                "Shop/Controllers/ProductDetailViewController.swift",
                "Shop/Controllers/ProductListViewController.h",
                "Shop/Controllers/ProductListViewController.m",
                "Shop/Shop-Bridging-Header.h",
                "Shop/main.m",
            ])
        #expect(shop.files == shop.files.sorted())
        // Debug sets 12.0, Release sets none and takes the project's 13.0: the lowest is 12.0.
        #expect(shop.deploymentTarget == "12.0")
        #expect(shop.configuration == LintConfiguration())
        #expect(shop.configurationFile == nil)
    }

    @Test("an .xcodeproj named directly gives its app targets")
    func projectBundleGiven() throws {
        let bundle = Fixtures.path("classic-objc-app/Shop.xcodeproj")
        let (projects, problems) = ProjectDiscovery.discover([bundle], configuration: nil)
        #expect(problems.isEmpty)
        #expect(projects.map(\.name) == ["Shop"])
        #expect(projects.first?.files.count == 12)
    }

    @Test("Xcode 16 synchronised folders: every file less the target's exceptions, and files lent to another target")
    func synchronizedFolders() throws {
        let root = Fixtures.path("synced-app")
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(projects.map(\.name) == ["Notes", "NotesLite"])
        let notes = try #require(projects.first)
        #expect(
            relative(notes.files, to: root) == [
                "Notes/Assets.xcassets/Paper.colorset/Contents.json",
                "Notes/NotesApp.swift",
                "Notes/Screens/NoteCell.xib",
                "Notes/Screens/NoteEditorViewController.swift",
                "Notes/Screens/NoteListViewController.swift",
            ])
        // The target sets no deployment target. Debug takes the project's 17.0; Release takes 16.2 from the
        // .xcconfig in the synchronised folder, before the project's 16.4.
        #expect(notes.deploymentTarget == "16.2")
        let lite = try #require(projects.last)
        #expect(
            relative(lite.files, to: root) == ["Notes/Screens/NoteEditorViewController.swift", "NotesLite/LiteRootViewController.swift"])
        #expect(lite.deploymentTarget == "17.2")
        #expect(lite.kind == .xcodeTarget(project: PathText.join(root, "Notes.xcodeproj"), target: "NotesLite"))
    }

    @Test("a repository with two apps: each its own project, its own configuration; loose files in none")
    func twoApps() throws {
        let root = Fixtures.path("two-apps")
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(projects.map(\.name) == ["CourierApp", "CustomerApp"])
        let courier = try #require(projects.first)
        let customer = try #require(projects.last)

        #expect(
            relative(courier.files, to: root) == [
                "CourierApp/CourierApp/BaseViewController.h",
                "CourierApp/CourierApp/BaseViewController.m",
                "CourierApp/CourierApp/DeliveryViewController.h",
                "CourierApp/CourierApp/DeliveryViewController.m",
                "CourierApp/CourierApp/main.m",
            ])
        // Debug sets 15.0. Release names a build variable the project file gives no value for: its target is
        // unknown, and the project's Release (14.0) is not taken in its place.
        #expect(courier.deploymentTarget == "15.0")
        #expect(courier.configuration.device == "iphone-se-1")
        #expect(courier.configuration.profiles == [.ios14, .ios17])
        #expect(courier.configurationFile == PathText.join(root, "CourierApp/.navd.yml"))

        // The root configuration excludes generated code, though the target lists it.
        #expect(
            relative(customer.files, to: root) == [
                "CustomerApp/CustomerApp/AppDelegate.swift",
                "CustomerApp/CustomerApp/BaseViewController.swift",
                "CustomerApp/CustomerApp/OrdersViewController.swift",
            ])
        #expect(customer.deploymentTarget == "16.0")
        #expect(customer.configuration.disabledRules == ["back-title-truncated"])
        #expect(customer.configurationFile == PathText.join(root, ".navd.yml"))

        // The two BaseViewControllers never meet, and the script belongs to no app.
        let all = projects.flatMap(\.files)
        #expect(all.filter { $0.hasSuffix("BaseViewController.swift") || $0.hasSuffix("BaseViewController.m") }.count == 2)
        #expect(!all.contains { $0.contains("scripts/") })
        #expect(Set(courier.files).isDisjoint(with: customer.files))
    }

    @Test("a Package.swift app: its files, its platforms' iOS version, a nested app left to itself")
    func packageApp() throws {
        let root = Fixtures.path("package-app")
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(projects.map(\.name) == ["SettingsKit", "Catalog Demo"])
        let kit = try #require(projects.first)
        #expect(kit.kind == .swiftPackage(root))
        #expect(
            relative(kit.files, to: root) == [
                "Sources/SettingsKit/Resources/Colors.xcassets/Accent.colorset/Contents.json",
                "Sources/SettingsKit/SettingsViewController.swift",
                "Tests/SettingsKitTests/SettingsKitTests.swift",
            ])
        // `.iOS(.v15)`, not the `.iOS(.v12)` of the comment above it.
        #expect(kit.deploymentTarget == "15.0")
        let demo = try #require(projects.last)
        #expect(demo.kind == .swiftPackage(PathText.join(root, "Demo")))
        #expect(relative(demo.files, to: root) == ["Demo/DemoApp.swift", "Demo/RootView.swift"])
        #expect(demo.deploymentTarget == "16.4")
    }

    @Test("local packages, frameworks and libraries an app links are the app's code, not projects of their own")
    func localPackages() throws {
        let root = Fixtures.path("modular-app")
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(projects.map(\.name) == ["Modular", "LintTool"])
        let app = try #require(projects.first)
        // FeatureKit by its package reference, DesignKit as a package folder in the project's groups,
        // Analytics as FeatureKit's own dependency; a package's tests are not the app's. The tool package is
        // in the project's groups too and mentions DesignKit, but declares no library the app links. The
        // project's own ProfileKit framework by a target dependency, its ChatKit static library by the product
        // the app's Frameworks phase links; neither is a project of its own.
        #expect(
            relative(app.files, to: root) == [
                "ChatKit/ChatViewController.swift",
                "Modular/AppDelegate.swift",
                "Modular/HomeViewController.swift",
                "Packages/Analytics/Sources/Analytics/ScreenTracker.swift",
                "Packages/DesignKit/Sources/DesignKit/BaseViewController.swift",
                "Packages/FeatureKit/Sources/FeatureKit/FeatureViewController.swift",
                "ProfileKit/ProfileViewController.swift",
            ])
        // Debug takes the project's .xcconfig, whose included file sets 14.0 then 15.0; Release inherits the
        // project's 16.0.
        #expect(app.deploymentTarget == "15.0")
        let tool = try #require(projects.last)
        #expect(tool.kind == .swiftPackage(PathText.join(root, "Tools/Lint")))
        #expect(relative(tool.files, to: root) == ["Tools/Lint/Sources/lint/main.swift"])
        #expect(tool.deploymentTarget == nil)
    }

    @Test("a folder with no project: every source file, none from dependencies, build output or documents")
    func plainFolder() throws {
        let root = Fixtures.path("plain-folder")
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: nil)
        #expect(problems.isEmpty)
        #expect(projects.count == 1)
        let folder = try #require(projects.first)
        #expect(folder.kind == .folder(root))
        #expect(folder.name == "plain-folder")
        #expect(
            relative(folder.files, to: root) == [
                "Colors.xcassets/Ink.colorset/Contents.json",
                "Legacy/SignupViewController.h",
                "Legacy/SignupViewController.m",
                "LoginViewController.swift",
                "Main.storyboard",
                "Views/ProfileHeader.xib",
            ])
        #expect(folder.deploymentTarget == nil)
    }

    @Test("a project file that cannot be read: a problem where reading stopped, then the folder")
    func brokenProjectFile() throws {
        let root = Fixtures.path("broken-xcodeproj")
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: nil)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.location.file == PathText.join(root, "Broken.xcodeproj/project.pbxproj"))
        #expect(problem.message == "cannot read the project file: a `/*` comment is never closed")
        #expect((problem.location.line, problem.location.column) == (24, 1))
        #expect(projects.count == 1)
        #expect(projects.first?.kind == .folder(root))
        #expect(relative(projects.first?.files ?? [], to: root) == ["Broken/RootViewController.swift"])
    }

    @Test("a project nested deeper than max-nesting is refused with the limit's name")
    func projectNestingLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = try folder.copy(fixture: "classic-objc-app")
        try folder.write("classic-objc-app/.navd.yml", "limits:\n  max-nesting: 3\n")
        let (projects, problems) = ProjectDiscovery.discover([app], configuration: nil)
        let problem = try #require(problems.first)
        #expect(problem.limit == ReaderLimits.nestingName)
        #expect(problem.message.contains("nesting deeper than 3 levels"))
        #expect(projects.map(\.kind) == [.folder(app)])
    }

    @Test("a file the target lists that is gone from disk: one problem naming it; the rest is read")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = try folder.copy(fixture: "classic-objc-app")
        try FileManager.default.removeItem(atPath: PathText.join(app, "Shop/Controllers/ProductDetailViewController.swift"))
        let (projects, problems) = ProjectDiscovery.discover([app], configuration: nil)
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("target Shop lists 1 files that are not on disk") == true)
        #expect(problems.first?.message.contains("Shop/Controllers/ProductDetailViewController.swift") == true)
        #expect(projects.first?.files.count == 11)
    }

    @Test("one file named on the command line is a project of its own; a navd document is left alone")
    func singleFile() throws {
        let file = Fixtures.path("plain-folder/LoginViewController.swift")
        let (projects, problems) = ProjectDiscovery.discover([file], configuration: nil)
        #expect(problems.isEmpty)
        #expect(
            projects == [
                Project(
                    name: "LoginViewController.swift", kind: .file(file), root: Fixtures.path("plain-folder"), files: [file],
                    deploymentTarget: nil, configuration: LintConfiguration(), configurationFile: nil)
            ])
        let document = ProjectDiscovery.discover([Fixtures.path("plain-folder/flows/login.navd.json")], configuration: nil)
        #expect(document.projects.isEmpty && document.problems.isEmpty)
    }

    @Test("several paths: projects in the order given, each once")
    func severalPaths() throws {
        let paths = [Fixtures.path("synced-app"), Fixtures.path("classic-objc-app"), Fixtures.path("synced-app")]
        let (projects, problems) = ProjectDiscovery.discover(paths, configuration: nil)
        #expect(problems.isEmpty)
        #expect(projects.map(\.name) == ["Notes", "NotesLite", "Shop"])
    }

    @Test("a path that does not exist is a problem, not a project")
    func missingPath() {
        let path = Fixtures.path("no-such-app")
        let (projects, problems) = ProjectDiscovery.discover([path], configuration: nil)
        #expect(projects.isEmpty)
        #expect(problems.map(\.message) == ["no such file or folder"])
        #expect(problems.first?.location.file == path)
    }

    @Test("a given configuration replaces every .navd.yml, and its paths are relative to the folder given")
    func overrideConfiguration() throws {
        let root = Fixtures.path("two-apps")
        let given = LintConfiguration(excluded: ["CourierApp/CourierApp/main.m"], deploymentTarget: "13.0")
        let (projects, problems) = ProjectDiscovery.discover([root], configuration: given)
        #expect(problems.isEmpty)
        #expect(projects.allSatisfy { $0.configuration == given && $0.configurationFile == nil })
        #expect(projects.allSatisfy { $0.deploymentTarget == "13.0" })
        let courier = try #require(projects.first { $0.name == "CourierApp" })
        #expect(!courier.files.contains { $0.hasSuffix("main.m") })
        // Without the root configuration, generated code is linted again.
        let customer = try #require(projects.first { $0.name == "CustomerApp" })
        #expect(customer.files.contains { $0.hasSuffix("Strings.generated.swift") })
    }
}

/// A small project file: one application target whose synchronised folder is `folder`, and a group tree
/// and build phase made of `extraObjects`.
private func projectFile(folder: String, extraObjects: String = "", phases: String = "") -> String {
    """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	objectVersion = 77;
    	objects = {
    		P0 /* Project object */ = {isa = PBXProject; mainGroup = G0; targets = (T0, ); };
    		G0 = {isa = PBXGroup; children = (S0, ); sourceTree = "<group>"; };
    		S0 /* Synced */ = {isa = PBXFileSystemSynchronizedRootGroup; path = "\(folder)"; sourceTree = "<group>"; };
    		T0 /* App */ = {isa = PBXNativeTarget; buildPhases = (\(phases)); fileSystemSynchronizedGroups = (S0, ); name = App;
    			productType = "com.apple.product-type.application"; };
    \(extraObjects)
    	};
    	rootObject = P0 /* Project object */;
    }
    """
}

@Suite("Project files that point where they should not")
struct HostileProjectTests {
    @Test("a synchronised folder outside the folder being linted is not walked")
    func outsideFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("outside/Secret.swift")
        try folder.write("repo/App/Screen.swift")
        try folder.write("repo/App.xcodeproj/project.pbxproj", projectFile(folder: "../outside"))
        let repo = PathText.join(folder.path, "repo")
        let (projects, problems) = ProjectDiscovery.discover([repo], configuration: nil)
        #expect(projects.map(\.name) == ["App"])
        #expect(projects.first?.files == [])
        #expect(problems.count == 1)
        #expect(problems.first?.message == "target App names folders outside the folder being linted, not read: \(folder.path)/outside")
    }

    @Test("frameworks that depend on each other and on the app, or on what is no target: each read once, no trap")
    func libraryCycles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for file in ["repo/App/Screen.swift", "repo/Lib1/One.swift", "repo/Lib2/Two.swift"] { try folder.write(file) }
        let project = """
            // !$*UTF8*$!
            {
            	archiveVersion = 1;
            	objectVersion = 77;
            	objects = {
            		P0 = {isa = PBXProject; mainGroup = G0; targets = (T0, L1, L2, ); };
            		G0 = {isa = PBXGroup; children = (S0, S1, S2, ); sourceTree = "<group>"; };
            		S0 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
            		S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Lib1; sourceTree = "<group>"; };
            		S2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Lib2; sourceTree = "<group>"; };
            		T0 = {isa = PBXNativeTarget; buildPhases = (FW, ); dependencies = (D1, DX, DB, "", ); fileSystemSynchronizedGroups = (S0, );
            			name = App; productType = "com.apple.product-type.application"; };
            		L1 = {isa = PBXNativeTarget; dependencies = (D2, ); fileSystemSynchronizedGroups = (S1, ); name = Lib1;
            			productType = "com.apple.product-type.framework"; };
            		L2 = {isa = PBXNativeTarget; dependencies = (D1, D0, ); fileSystemSynchronizedGroups = (S2, ); name = Lib2;
            			productReference = R2; productType = "com.apple.product-type.library.static"; };
            		D0 = {isa = PBXTargetDependency; target = T0; };
            		D1 = {isa = PBXTargetDependency; target = L1; };
            		D2 = {isa = PBXTargetDependency; target = L2; };
            		DX = {isa = PBXTargetDependency; target = NOWHERE; };
            		DB = {isa = PBXTargetDependency; target = (L1); };
            		R2 = {isa = PBXFileReference; path = libLib2.a; sourceTree = BUILT_PRODUCTS_DIR; };
            		B2 = {isa = PBXBuildFile; fileRef = R2; };
            		FW = {isa = PBXFrameworksBuildPhase; files = (B2, ); };
            	};
            	rootObject = P0;
            }
            """
        try folder.write("repo/App.xcodeproj/project.pbxproj", project)
        let repo = PathText.join(folder.path, "repo")
        let (projects, problems) = ProjectDiscovery.discover([repo], configuration: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(projects.map(\.name) == ["App"])
        #expect(relative(projects.first?.files ?? [], to: repo) == ["App/Screen.swift", "Lib1/One.swift", "Lib2/Two.swift"])
    }

    @Test("groups in a cycle, objects of the wrong kinds, phases that are strings: no trap, nothing made up")
    func wrongShapes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("repo/App/Screen.swift")
        let objects = """
            		G1 = {isa = PBXGroup; children = (G2, F1, ); path = A; sourceTree = "<group>"; };
            		G2 = {isa = PBXGroup; children = (G1, F2, ); path = B; sourceTree = "<group>"; };
            		F1 = {isa = PBXFileReference; path = One.swift; sourceTree = "<group>"; };
            		F2 = {isa = PBXFileReference; path = (not, a, path); sourceTree = "<group>"; };
            		F3 = {isa = PBXFileReference; path = Three.swift; sourceTree = BUILT_PRODUCTS_DIR; };
            		B1 = {isa = PBXBuildFile; fileRef = F1; };
            		B2 = {isa = PBXBuildFile; fileRef = F2; };
            		B3 = {isa = PBXBuildFile; fileRef = F3; };
            		B4 = {isa = PBXBuildFile; fileRef = NOWHERE; };
            		B5 = {isa = PBXBuildFile; fileRef = (F1); };
            		PH = {isa = PBXSourcesBuildPhase; files = (B1, B2, B3, B4, B5, "", ); };
            		PX = {isa = PBXResourcesBuildPhase; files = notalist; };
            """
        try folder.write(
            "repo/App.xcodeproj/project.pbxproj", projectFile(folder: "App", extraObjects: objects, phases: "PH, PX, MISSING, (x), "))
        let repo = PathText.join(folder.path, "repo")
        let (projects, problems) = ProjectDiscovery.discover([repo], configuration: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(projects.map(\.name) == ["App"])
        #expect(relative(projects.first?.files ?? [], to: repo) == ["App/Screen.swift"])
    }
}

@Suite("Configuration files found by discovery")
struct ConfigurationDiscoveryTests {
    @Test("the nearest .navd.yml above the folder given; its paths relative to its own folder")
    func ancestor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".navd.yml", "deployment-target: \"14.0\"\nexcluded: [app/Old, '*.generated.swift']\nincluded: [app]\n")
        try folder.write("app/Screens/HomeViewController.swift")
        try folder.write("app/Screens/Home.generated.swift")
        try folder.write("app/Old/OldViewController.m")
        let app = PathText.join(folder.path, "app")
        let (projects, problems) = ProjectDiscovery.discover([app], configuration: nil)
        #expect(problems.isEmpty)
        let project = try #require(projects.first)
        #expect(project.configurationFile == PathText.join(folder.path, ".navd.yml"))
        #expect(project.deploymentTarget == "14.0")
        #expect(relative(project.files, to: app) == ["Screens/HomeViewController.swift"])
    }

    @Test("included keeps only the files under its paths")
    func included() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".navd.yml", "included:\n  - Sources/App\n")
        try folder.write("Sources/App/A.swift")
        try folder.write("Sources/AppTests/B.swift")
        try folder.write("Scripts/C.swift")
        let (projects, _) = ProjectDiscovery.discover([folder.path], configuration: nil)
        #expect(relative(projects.first?.files ?? [], to: folder.path) == ["Sources/App/A.swift"])
    }

    @Test("a broken .navd.yml: a problem at its line and column, and the default configuration")
    func broken() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".navd.yml", "excluded: [Pods]\nexclude: [Carthage]\n")
        try folder.write("A.swift")
        let (projects, problems) = ProjectDiscovery.discover([folder.path], configuration: nil)
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.location.file == PathText.join(folder.path, ".navd.yml"))
        #expect((problem.location.line, problem.location.column) == (2, 1))
        #expect(problem.message.contains("did you mean `excluded`?"))
        #expect(projects.first?.configuration == LintConfiguration())
        #expect(projects.first?.configurationFile == PathText.join(folder.path, ".navd.yml"))
    }
}

@Suite("Package manifests, by text")
struct PackageManifestTests {
    @Test("name, iOS version, libraries and local dependencies, with comments left out")
    func scan() {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription

            /* platforms: [.iOS(.v9)] */
            let package = Package(
                name: "Checkout",
                platforms: [.macOS(.v12), .iOS(.v16_4)],
                products: [
                    .library(name: "Checkout", targets: ["Checkout"]),
                    .library(
                        name: "CheckoutUI",
                        type: .dynamic,
                        targets: ["CheckoutUI"]),
                    // .library(name: "Legacy", targets: ["Legacy"]),
                ],
                dependencies: [
                    .package(path: "../Models"),
                    .package(name: "Env", path: "../Env"),
                    .package(url: "https://example.com/lib.git", from: "1.0.0"),
                ],
                targets: [
                    .target(name: "Checkout", dependencies: [.product(name: "Models", package: "Models")], path: "Sources/Checkout"),
                ]
            )
            """
        let scanned = PackageManifest.scan(manifest)
        #expect(scanned.name == "Checkout")
        #expect(scanned.iOS == "16.4")
        #expect(PackageManifest.libraries(manifest) == ["Checkout", "CheckoutUI"])
        #expect(PackageManifest.localDependencies(manifest) == ["../Models", "../Env"])
    }

    @Test("a version the manifest computes, or a platform list without iOS, is no version")
    func noVersion() {
        #expect(PackageManifest.scan("let package = Package(name: \"A\", platforms: [.macOS(.v13)])").iOS == nil)
        #expect(PackageManifest.scan("let package = Package(name: \"A\", platforms: [.iOS(minimum)])").iOS == nil)
        #expect(PackageManifest.scan("let package = Package(name: \"A\", platforms: [.iOS(\"15.x\")])").iOS == nil)
        #expect(PackageManifest.scan("let package = Package(name: \"A\", platforms: [.iOS(\"13\")])").iOS == "13")
        #expect(PackageManifest.scan("let package = Package(name: \"A\", platforms: [.iOS(.v13)])").iOS == "13.0")
        #expect(PackageManifest.scan("let package = Package(name: name)").name == nil)
    }
}

@Suite("Build settings files")
struct BuildSettingsFileTests {
    @Test("the last assignment wins, includes are followed in place, conditions and comments are not read")
    func lastAssignment() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 12.0\n")
        let app = try folder.write(
            "Config/App.xcconfig",
            """
            // IPHONEOS_DEPLOYMENT_TARGET = 9.0
            IPHONEOS_DEPLOYMENT_TARGET = 11.0
            #include "../Base.xcconfig"
            IPHONEOS_DEPLOYMENT_TARGET[sdk=iphonesimulator*] = 10.0
            #include? "Missing.xcconfig"
            OTHER = 1;
            """)
        #expect(BuildSettingsFile.value(of: "IPHONEOS_DEPLOYMENT_TARGET", in: app) == "12.0")
        #expect(BuildSettingsFile.value(of: "OTHER", in: app) == "1")
        #expect(BuildSettingsFile.value(of: "SWIFT_VERSION", in: app) == nil)
    }

    @Test("a file that includes itself ends at the include bound")
    func includeLoop() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let loop = try folder.write("Loop.xcconfig", "#include \"Loop.xcconfig\"\nIPHONEOS_DEPLOYMENT_TARGET = 14.0\n")
        #expect(BuildSettingsFile.value(of: "IPHONEOS_DEPLOYMENT_TARGET", in: loop) == "14.0")
    }
}

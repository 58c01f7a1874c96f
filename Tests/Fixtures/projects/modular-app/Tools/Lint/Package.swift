// swift-tools-version:5.9
import PackageDescription

// Checks that every screen of DesignKit keeps its strings in the catalog.
let package = Package(
    name: "LintTool",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../../Packages/DesignKit")
    ],
    targets: [
        .executableTarget(name: "lint", dependencies: [.product(name: "DesignKit", package: "DesignKit")])
    ]
)

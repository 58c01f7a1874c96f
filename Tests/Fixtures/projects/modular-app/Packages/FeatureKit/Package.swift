// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "FeatureKit",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "FeatureKit", targets: ["FeatureKit"])
    ],
    dependencies: [
        .package(path: "../DesignKit"),
        .package(name: "Analytics", path: "../Analytics"),
    ],
    targets: [
        .target(name: "FeatureKit", dependencies: ["DesignKit", "Analytics"]),
        .testTarget(name: "FeatureKitTests", dependencies: ["FeatureKit"]),
    ]
)

// swift-tools-version:5.7
import PackageDescription

let package = Package(
    name: "DesignKit",
    platforms: [.iOS("15.4")],
    products: [
        .library(name: "DesignKit", targets: ["DesignKit"])
    ],
    targets: [
        .target(name: "DesignKit")
    ]
)

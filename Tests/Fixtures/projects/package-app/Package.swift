// swift-tools-version:5.9
import PackageDescription

// Until 2024 this read `platforms: [.iOS(.v12)]`; the settings screens now need iOS 15.
let package = Package(
    name: "SettingsKit",
    platforms: [
        .iOS(.v15),
        .macOS(.v12),
    ],
    products: [
        .library(name: "SettingsKit", targets: ["SettingsKit"])
    ],
    targets: [
        .target(name: "SettingsKit", resources: [.process("Resources")]),
        .testTarget(name: "SettingsKitTests", dependencies: ["SettingsKit"]),
    ]
)

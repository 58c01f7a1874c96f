// swift-tools-version:6.0
import PackageDescription

// NavdProbe writes the navd session document (*.navd.json) of a live UINavigationController. It is a package of its
// own, apart from navd's: it has no dependency (navd's json-c and SwiftNIO do not exist on iOS), and an app adds it
// to its debug builds and unit tests only (README.md).
//
// - NavdProbeCore: every decision, against small protocols (ProbedNavigationController and its kin); builds and is
//   tested on Linux.
// - NavdProbe: the UIKit adapter. UIKit's classes meet those protocols by reading their own properties, nothing
//   else; its source is compiled where UIKit exists (iOS) and is empty elsewhere.
// - UIKitStub and NavdProbeStubbed: so that no line of the adapter goes unchecked on Linux, NavdProbeStubbed compiles
//   the adapter's very file (Sources/NavdProbeStubbed/NavdProbe.swift is a symbolic link to it) against UIKitStub,
//   which declares the UIKit members the adapter reads with UIKit's names and types. The define
//   NAVD_PROBE_UIKIT_STUB makes the file import UIKitStub instead of UIKit.
// - ProbeScenarios and navd-probe-scenarios: the stacks the tests and scripts/check_documents.sh probe, built from
//   UIKitStub objects, and a program that writes their documents for navctl lint and the JSON Schema.
let stubbed: [SwiftSetting] = [.define("NAVD_PROBE_UIKIT_STUB")]

let package = Package(
    name: "NavdProbe",
    platforms: [
        .iOS(.v13),
        .macOS(.v13),
    ],
    products: [
        .library(name: "NavdProbe", targets: ["NavdProbe"])
    ],
    targets: [
        .target(name: "NavdProbeCore"),
        .target(
            name: "NavdProbe",
            dependencies: ["NavdProbeCore"]
        ),
        .testTarget(
            name: "NavdProbeCoreTests",
            dependencies: [
                "NavdProbeCore",
                "ProbeTestSupport",
            ]
        ),
        // A written document parsed back by Foundation, for the tests to check member by member.
        .target(name: "ProbeTestSupport"),

        // MARK: The adapter against the stub, on Linux (and on a Mac, which has no UIKit either)
        .target(name: "UIKitStub"),
        .target(
            name: "NavdProbeStubbed",
            dependencies: [
                "NavdProbeCore",
                "UIKitStub",
            ],
            swiftSettings: stubbed
        ),
        .target(
            name: "ProbeScenarios",
            dependencies: [
                "NavdProbeCore",
                "NavdProbeStubbed",
                "UIKitStub",
            ]
        ),
        .executableTarget(
            name: "navd-probe-scenarios",
            dependencies: [
                "NavdProbeCore",
                "NavdProbeStubbed",
                "ProbeScenarios",
            ]
        ),
        .testTarget(
            name: "NavdProbeAdapterTests",
            dependencies: [
                "NavdProbeCore",
                "NavdProbeStubbed",
                "ProbeScenarios",
                "ProbeTestSupport",
                "UIKitStub",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

// Every target declares exactly the modules it imports, one per line.

// What a start of navd or navctl spends in the dynamic loader (docs/performance.md, "Startup"):
// - SQLite is linked statically on Linux. libsqlite3.so binds about 1,500 of its own symbols at load, each a
//   lookup through every loaded library; linked in, they are resolved when navd is linked. On macOS it is
//   the system's library, in the shared cache.
// - The release builds the Makefile makes (make install, make bench) do not export the executables' symbols:
//   the static Swift standard library's link arguments export every symbol of the executable (17,000 in
//   navd); each of the libraries' symbol lookups at load starts in that table, and nothing looks navd's own
//   symbols up at run time. The Makefile's RELEASE passes -Xlinker --no-export-dynamic on Linux; it is not
//   a linker setting here, because SwiftPM refuses a package with unsafe flags as a dependency by version,
//   and an app depends on navd that way for its plugins (docs/source.md, "SwiftPM plugins").
let sqliteLinking: [LinkerSetting] = [
    .linkedLibrary(":libsqlite3.a", .when(platforms: [.linux])),
    .linkedLibrary("sqlite3", .when(platforms: [.macOS])),
]
// NAVD_WITHOUT_SWIFT_READER=1 builds everything but the Swift reader, and so without swift-syntax, which takes
// minutes to build in each configuration: the sanitizers' builds, the short fuzz run and the install check use
// it (they do not check that reader; the plain build and test run does). navctl then reports Swift files as not read.
let swiftReader = Context.environment["NAVD_WITHOUT_SWIFT_READER"] == nil
let swiftReaderDependency: [Target.Dependency] = swiftReader ? ["NavSwift"] : []
// What the code that calls the Swift reader tests (`#if NAVD_SWIFT_READER`), rather than `canImport(NavSwift)`,
// which a NavSwift module left in the build folder by another build would satisfy.
let swiftReaderSettings: [SwiftSetting] = swiftReader ? [.define("NAVD_SWIFT_READER")] : []
let swiftReaderTargets: [Target] = [
    // MARK: The Swift reader (UIKit and SwiftUI), on swift-syntax
    .target(
        name: "NavSwift",
        dependencies: [
            "NavModel",
            "NavSource",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftOperators", package: "swift-syntax"),
        ]
    ),
    .testTarget(
        name: "NavSwiftTests",
        dependencies: [
            "NavLint",
            "NavModel",
            "NavSource",
            "NavSwift",
        ]
    ),
]

let package = Package(
    name: "navd",
    platforms: [
        .macOS(.v14)
    ],
    products: [
        .executable(name: "navd", targets: ["navd"]),
        .executable(name: "navctl", targets: ["navctl"]),
        .library(name: "NavClient", targets: ["NavClient"]),
        .library(name: "NavModel", targets: ["NavModel"]),
        .plugin(name: "NavdLintPlugin", targets: ["NavdLintBuildToolPlugin"]),
        .plugin(name: "NavdLintCommandPlugin", targets: ["NavdLintCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
    ] + (swiftReader ? [.package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1")] : []),
    targets: [
        // MARK: json-c, behind one module
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [
                .apt(["libjson-c-dev"]),
                .brew(["json-c"]),
            ]
        ),
        // MARK: SQLite, for durable sessions (NavServer's state store is its only user). The module map does
        // not link it: NavServer says how (see sqliteLinking).
        .systemLibrary(
            name: "CSQLite"
        ),
        .target(
            name: "JSONCore",
            dependencies: ["CJSONC"]
        ),
        .testTarget(
            name: "JSONCoreTests",
            dependencies: [
                "JSONCore",
                "NavTestSupport",
            ]
        ),

        // MARK: The pure model
        .target(
            name: "NavModel"
        ),
        .testTarget(
            name: "NavModelTests",
            dependencies: [
                "NavModel",
                "NavRender",
                "NavTestSupport",
            ]
        ),

        // MARK: Reading a real font's metrics (OpenType and TrueType): bytes in, metrics out
        .target(
            name: "NavFont",
            dependencies: ["NavModel"]
        ),
        // The font files navd and navctl read for it (NavFont reads bytes only)
        .target(
            name: "NavFontFiles",
            dependencies: [
                "NavFont",
                "NavModel",
            ]
        ),
        .testTarget(
            name: "NavFontTests",
            dependencies: [
                "NavFont",
                "NavFontFiles",
                "NavModel",
                "NavTestSupport",
            ]
        ),

        // MARK: Drawing a bar and its touch areas as SVG (bar/render)
        .target(
            name: "NavRender",
            dependencies: ["NavModel"]
        ),
        .testTarget(
            name: "NavRenderTests",
            dependencies: [
                "NavModel",
                "NavRender",
            ]
        ),

        // MARK: Wire types
        .target(
            name: "NavProtocol",
            dependencies: [
                "JSONCore",
                "NavModel",
            ]
        ),
        .testTarget(
            name: "NavProtocolTests",
            dependencies: [
                "JSONCore",
                "NavModel",
                "NavProtocol",
            ]
        ),

        // MARK: Message framing (Content-Length and NDJSON), pure: the socket server, the client, the language
        // server and the fuzz targets share it without SwiftNIO
        .target(
            name: "NavFraming"
        ),

        // MARK: JSON-RPC envelope, connections
        .target(
            name: "NavTransport",
            dependencies: [
                "JSONCore",
                "NavFraming",
                "NavProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .testTarget(
            name: "NavTransportTests",
            dependencies: [
                "JSONCore",
                "NavFraming",
                "NavProtocol",
                "NavTestSupport",
                "NavTransport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // MARK: The answers about one model (pure: no session, socket, store or file), shared by the daemon,
        // navctl's --file and the language server
        .target(
            name: "NavEngine",
            dependencies: [
                "JSONCore",
                "NavModel",
                "NavProtocol",
                "NavRender",
            ]
        ),
        .testTarget(
            name: "NavEngineTests",
            dependencies: [
                "JSONCore",
                "NavEngine",
                "NavModel",
                "NavProtocol",
            ]
        ),

        // MARK: Sessions, dispatch, subscriptions, durable state
        .target(
            name: "NavServer",
            dependencies: [
                "CSQLite",
                "JSONCore",
                "NavEngine",
                "NavFontFiles",
                "NavModel",
                "NavProtocol",
                "NavRender",
                "NavTransport",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: sqliteLinking
        ),
        .testTarget(
            name: "NavServerTests",
            dependencies: [
                "JSONCore",
                "NavClient",
                "NavFraming",
                "NavModel",
                "NavProtocol",
                "NavServer",
                "NavTransport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),

        // MARK: Linting documents: loading with source positions, every screen under every profile, reporters
        .target(
            name: "NavLint",
            dependencies: [
                "JSONCore",
                "NavModel",
                "NavProtocol",
                "NavRender",
                "NavSource",
            ]
        ),
        .testTarget(
            name: "NavLintTests",
            dependencies: [
                "JSONCore",
                "NavLint",
                "NavModel",
                "NavProtocol",
                "NavRender",
                "NavSource",
            ]
        ),

        // MARK: Reading an app's source: what each reader recovers (screens, settings, edges, with locations)
        .target(
            name: "NavSource",
            dependencies: ["NavModel"]
        ),
        .testTarget(
            name: "NavSourceTests",
            dependencies: [
                "NavModel",
                "NavSource",
            ]
        ),
        // MARK: The Objective-C reader: its own lexer and a reader of message expressions and assignments
        .target(
            name: "NavObjC",
            dependencies: [
                "NavModel",
                "NavSource",
            ]
        ),
        .testTarget(
            name: "NavObjCTests",
            dependencies: [
                "NavModel",
                "NavSource",
                "NavObjC",
            ]
        ),
        // MARK: The storyboard and xib reader, and asset catalogs' colour sets
        .target(
            name: "NavInterfaceBuilder",
            dependencies: [
                "JSONCore",
                "NavModel",
                "NavSource",
            ]
        ),
        .testTarget(
            name: "NavInterfaceBuilderTests",
            dependencies: [
                "NavInterfaceBuilder",
                "NavModel",
                "NavSource",
            ]
        ),

        // MARK: Projects: the Xcode targets, packages and folders to lint, and the .navd.yml configuration
        .target(
            name: "NavProject",
            dependencies: [
                "NavModel",
                "NavSource",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "NavProjectTests",
            dependencies: [
                "NavModel",
                "NavProject",
                "NavSource",
            ]
        ),

        // MARK: Importing debugger dumps of a running app as session documents
        .target(
            name: "NavImport",
            dependencies: [
                "JSONCore",
                "NavModel",
                "NavProtocol",
            ]
        ),
        .testTarget(
            name: "NavImportTests",
            dependencies: [
                "JSONCore",
                "NavImport",
                "NavModel",
                "NavProtocol",
            ]
        ),

        // MARK: What navctl answers in process: lint runs over files and folders (the source readers included),
        // a session document's model, readable text; shared by navctl's commands and its MCP server (navd-mcp)
        .target(
            name: "NavLocal",
            dependencies: [
                "JSONCore",
                "NavFontFiles",
                "NavInterfaceBuilder",
                "NavLint",
                "NavModel",
                "NavObjC",
                "NavProject",
                "NavProtocol",
                "NavSource",
            ] + swiftReaderDependency,
            swiftSettings: swiftReaderSettings
        ),

        // MARK: navctl mcp: a Model Context Protocol server (modelcontextprotocol/swift-sdk) offering navd's
        // in-process answers as tools
        .target(
            name: "NavMCP",
            dependencies: [
                "JSONCore",
                "NavEngine",
                "NavLint",
                "NavLocal",
                "NavModel",
                "NavProtocol",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .testTarget(
            name: "NavMCPTests",
            dependencies: [
                "JSONCore",
                "NavMCP",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),

        // MARK: Client library
        .target(
            name: "NavClient",
            dependencies: [
                "JSONCore",
                "NavFraming",
                "NavModel",
                "NavProtocol",
                "NavTransport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),

        .testTarget(
            name: "NavClientTests",
            dependencies: [
                "JSONCore",
                "NavClient",
                "NavProtocol",
                "NavServer",
                "NavTransport",
            ]
        ),

        // MARK: Executables
        .executableTarget(
            name: "navd",
            dependencies: [
                "NavModel",
                "NavServer",
                "NavTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "navctl",
            dependencies: [
                "JSONCore",
                "NavClient",
                "NavEngine",
                "NavFraming",
                "NavImport",
                "NavLint",
                "NavLocal",
                "NavModel",
                "NavProject",
                "NavProtocol",
                "NavSource",
                "NavTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // navctl's pure parts (argument handling, readable text), through `@testable import navctl`
        .testTarget(
            name: "navctlTests",
            dependencies: [
                "JSONCore",
                "NavClient",
                "NavEngine",
                "NavLocal",
                "NavModel",
                "NavProtocol",
                "navctl",
            ]
        ),
        // navctl mcp's server, a program of its own so that navctl does not link the MCP SDK: the SDK imports
        // FoundationNetworking, which loads libcurl and the libraries behind it at every start
        .executableTarget(
            name: "navd-mcp",
            dependencies: [
                "NavLint",
                "NavLocal",
                "NavMCP",
                "NavProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),

        // MARK: SwiftPM plugins for apps (docs/source.md, "SwiftPM plugins"): navctl lint on each build of a
        // target, and `swift package navd-lint`
        .plugin(
            name: "NavdLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["navctl"]
        ),
        .plugin(
            name: "NavdLintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "navd-lint", description: "Lint the package's source for navigation-bar bugs with navctl lint")
            ),
            dependencies: ["navctl"]
        ),

        // MARK: The contract: docs/openrpc.json and the tables of docs/protocol.md, from the wire types (make schema)
        .executableTarget(
            name: "navd-schema",
            dependencies: [
                "JSONCore",
                "NavProtocol",
            ]
        ),

        .executableTarget(
            name: "navd-bench",
            dependencies: [
                "JSONCore",
                "NavClient",
                "NavLint",
                "NavModel",
                "NavProtocol",
                "NavServer",
                "NavTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),

        // MARK: Fuzzing: the inputs navd takes from outside, as libFuzzer targets (make fuzz)
        .target(
            name: "NavFuzz",
            dependencies: [
                "JSONCore",
                "NavFont",
                "NavFraming",
                "NavImport",
                "NavInterfaceBuilder",
                "NavLint",
                "NavModel",
                "NavObjC",
                "NavProject",
                "NavProtocol",
                "NavSource",
            ] + swiftReaderDependency,
            swiftSettings: swiftReaderSettings
        ),
        .executableTarget(
            name: "navd-fuzz",
            dependencies: ["NavFuzz"]
        ),
        .testTarget(
            name: "NavFuzzTests",
            dependencies: ["NavFuzz", "NavProtocol"]
        ),

        // MARK: Test support shared by the test targets (a seeded generator)
        .target(
            name: "NavTestSupport",
            path: "Tests/NavTestSupport"
        ),

        // MARK: End to end, against the built binaries
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "JSONCore",
                "NavClient",
                "NavFraming",
                "NavProtocol",
                "NavTestSupport",
                "NavTransport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
    ] + (swiftReader ? swiftReaderTargets : []),
    swiftLanguageModes: [.v6]
)

// NAVD_BUILD_ONLY="TARGET ..." keeps only those targets and what they depend on: the sanitizer builds build
// the few targets they check, not the whole package in their configuration.
if let only = Context.environment["NAVD_BUILD_ONLY"] {
    let byName = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var kept: Set<String> = []
    var queue = only.split(separator: " ").map(String.init)
    while let name = queue.popLast() {
        guard let target = byName[name], kept.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): queue.append(name)
            default: break
            }
        }
    }
    package.targets = package.targets.filter { kept.contains($0.name) }
    package.products = package.products.filter { product in
        let targets =
            (product as? Product.Executable)?.targets ?? (product as? Product.Library)?.targets ?? (product as? Product.Plugin)?.targets
            ?? []
        return targets.allSatisfy(kept.contains)
    }
}

// NAVD_WARNINGS_AS_ERRORS=1 (the Makefile's builds set it; `make WARNINGS_AS_ERRORS=0` does not) makes a warning
// in the package's own Swift targets an error, so the build stays warning-free; the dependencies' warnings stay
// warnings. It is an environment switch, not a setting here, because SwiftPM refuses a package with unsafe flags as
// a dependency by version (the plugins' consumers), and `-warnings-as-errors` is one.
if Context.environment["NAVD_WARNINGS_AS_ERRORS"] == "1" {
    for target in package.targets where [.regular, .executable, .test].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}

// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "schemagen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "schemagen", targets: ["schemagen"]),
        .library(name: "SchemaGenCore", targets: ["SchemaGenCore"]),
        .library(name: "SchemaGenRuntime", targets: ["SchemaGenRuntime"]),
        // Connections with a lifecycle (reconnection, heartbeats, offline sends) and the protocols generated clients
        // speak over WebSockets; Foundation only. The SwiftNIO backend is the separate package in Transports/.
        .library(name: "SchemaGenTransport", targets: ["SchemaGenTransport"]),
        // Test helpers (waiting for a condition, recording what handlers receive), shared with Transports/'s tests.
        .library(name: "SchemaGenTestSupport", targets: ["TestSupport"]),
        .plugin(name: "SchemaGenPlugin", targets: ["SchemaGenPlugin"]),
        .plugin(name: "SchemaGenCommandPlugin", targets: ["SchemaGenCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Tests only: the reference Mustache implementation that schemagen's own renderer is checked against.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .target(
            name: "SchemaGenCore",
            dependencies: [
                "SchemaGenRuntime",
                "SchemaGenTemplates",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The default templates, top-level in `templates/`, shipped as resources.
        .target(
            name: "SchemaGenTemplates",
            path: "templates",
            resources: [.copy("swift"), .copy("markdown"), .copy("typescript")]
        ),
        .target(name: "SchemaGenRuntime"),
        .target(name: "SchemaGenTransport", dependencies: ["SchemaGenRuntime"]),
        // The checked-in output for schemas/, compiled so tests can exercise it.
        .target(
            name: "GeneratedClients",
            dependencies: ["SchemaGenRuntime"],
            path: "Generated/Swift"
        ),
        // The golden output of the generator's feature tests, compiled so every golden is code that builds.
        .target(
            name: "GoldenClients",
            dependencies: ["SchemaGenRuntime"],
            path: "Tests/GoldenClients"
        ),
        // Generates the Swift of a target's *.events.yaml contracts at build time.
        .plugin(
            name: "SchemaGenPlugin",
            capability: .buildTool(),
            dependencies: ["schemagen"],
            path: "Sources/SchemaGenPlugin"
        ),
        // Regenerates checked-in Swift and docs of a package's targets: swift package schemagen-generate.
        .plugin(
            name: "SchemaGenCommandPlugin",
            capability: .command(
                intent: .custom(verb: "schemagen-generate", description: "Regenerate checked-in Swift and docs from *.events.yaml contracts"),
                permissions: [.writeToPackageDirectory(reason: "schemagen writes the generated Swift and docs into <target>/Generated")]
            ),
            dependencies: ["schemagen"],
            path: "Sources/SchemaGenCommandPlugin"
        ),
        // Helpers shared by the test targets.
        .target(name: "TestSupport", dependencies: ["SchemaGenRuntime"], path: "Tests/TestSupport"),
        .executableTarget(
            name: "schemagen",
            dependencies: [
                "SchemaGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SchemaGenCoreTests",
            dependencies: ["SchemaGenCore", "TestSupport", .product(name: "Mustache", package: "swift-mustache"),
                           .product(name: "Yams", package: "Yams")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TransportTests",
            dependencies: ["SchemaGenTransport", "SchemaGenRuntime", "GeneratedClients", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "RuntimeTests",
            dependencies: ["SchemaGenRuntime", "TestSupport"]
        ),
        .testTarget(
            name: "GeneratedClientTests",
            dependencies: ["GeneratedClients", "SchemaGenRuntime", "SchemaGenCore", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GoldenClientTests",
            dependencies: ["GoldenClients", "SchemaGenRuntime", "TestSupport"]
        ),
        .testTarget(
            name: "schemagenTests",
            dependencies: ["schemagen", "SchemaGenCore", "TestSupport"]
        ),
    ]
)

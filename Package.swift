// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "schemagen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "schemagen", targets: ["schemagen"]),
        .library(name: "SchemaGenCore", targets: ["SchemaGenCore"]),
        .library(name: "SchemaGenRuntime", targets: ["SchemaGenRuntime"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .target(
            name: "SchemaGenCore",
            dependencies: [
                "SchemaGenRuntime",
                "SchemaGenTemplates",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // The default templates, top-level in `templates/`, shipped as resources.
        .target(
            name: "SchemaGenTemplates",
            path: "templates",
            resources: [.copy("swift"), .copy("markdown")]
        ),
        .target(name: "SchemaGenRuntime"),
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
        // Helpers shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .executableTarget(
            name: "schemagen",
            dependencies: [
                "SchemaGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SchemaGenCoreTests",
            dependencies: ["SchemaGenCore"],
            exclude: ["Fixtures"]
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
            dependencies: ["schemagen", "SchemaGenCore"]
        ),
    ]
)

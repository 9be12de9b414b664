// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "schemagen",
    // macOS 14: SwiftPM holds a library to its dependencies' platforms, and SchemaGenHummingbird's (behind its trait)
    // needs macOS 14, as Hummingbird does. iOS stays at 16 for apps; SchemaGenHummingbird is not for iOS.
    platforms: [.macOS(.v14), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "schemagen", targets: ["schemagen"]),
        .library(name: "SchemaGenCore", targets: ["SchemaGenContract", "SchemaGenGenerator", "SchemaGenTools"]),
        .library(name: "SchemaGenRuntime", targets: ["SchemaGenRuntime"]),
        // Connections with a lifecycle (reconnection, heartbeats, offline sends) and the protocols generated clients
        // speak over WebSockets; Foundation only (URLSession's WebSockets on Apple platforms).
        .library(name: "SchemaGenTransport", targets: ["SchemaGenTransport"]),
        // The SwiftNIO WebSocket backend (Linux, servers, or apps that prefer NIO): needs the NIOTransport trait.
        .library(name: "SchemaGenNIOTransport", targets: ["SchemaGenNIOTransport"]),
        // A generated server's transport on Hummingbird: needs the HummingbirdServer trait.
        .library(name: "SchemaGenHummingbird", targets: ["SchemaGenHummingbird"]),
        // Test helpers (waiting for a condition, recording what handlers receive), shared with Integration/'s tests.
        .library(name: "SchemaGenTestSupport", targets: ["TestSupport"]),
        .plugin(name: "SchemaGenPlugin", targets: ["SchemaGenPlugin"]),
        .plugin(name: "SchemaGenCommandPlugin", targets: ["SchemaGenCommandPlugin"]),
    ],
    // The WebSocket stacks are traits, off by default: a package that enables neither (the generator, its plugins, an
    // app on URLSession) never fetches nor builds SwiftNIO, whose first build takes 5 to 17 minutes on two cores; one
    // that enables only NIOTransport never fetches Hummingbird. `.package(url: ..., traits: ["NIOTransport"])`.
    traits: [
        .trait(name: "NIOTransport", description: "SchemaGenNIOTransport: WebSockets on SwiftNIO (swift-websocket)"),
        .trait(
            name: "HummingbirdServer",
            description: "SchemaGenHummingbird: generated servers on Hummingbird (hummingbird-websocket)"),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Tests only: the reference Mustache implementation that schemagen's own renderer is checked against.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Behind the traits above. hummingbird-project/swift-websocket rather than vapor/websocket-kit: a
        // structured-concurrency client (inbound messages as an AsyncSequence, a Sendable writer), the shape of
        // WebSocketConnection, and no EventLoopFuture bridging; hummingbird-websocket is built on it, so a package with
        // both traits builds one WebSocket stack. Hummingbird without its default traits: swift-configuration is not needed.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // SwiftNIO and its TLS, already swift-websocket's own: the NIO backend asks a refused upgrade again on a
        // connection of its own (NIOHTTP1, NIOSSL), since swift-websocket keeps the server's answer to itself.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // The generator's stages, each a module so the compiler keeps their order (docs/ARCHITECTURE.md): the
        // contract (read, checked, modelled), the generator (targets rendered and written), the tools on top.
        .target(
            name: "SchemaGenContract",
            dependencies: ["SchemaGenRuntime", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "SchemaGenGenerator", dependencies: ["SchemaGenContract", "SchemaGenRuntime", "SchemaGenTemplates"]),
        .target(name: "SchemaGenTools", dependencies: ["SchemaGenContract", "SchemaGenGenerator", "SchemaGenRuntime"]),
        // The default templates, top-level in `templates/`, shipped as resources.
        .target(
            name: "SchemaGenTemplates",
            path: "templates",
            resources: [.copy("swift"), .copy("markdown"), .copy("typescript")]
        ),
        .target(name: "SchemaGenRuntime"),
        .target(name: "SchemaGenTransport", dependencies: ["SchemaGenRuntime"]),
        // Empty unless its trait is on (its sources are `#if NIOTransport`): the package's own build stays NIO-free.
        .target(
            name: "SchemaGenNIOTransport",
            dependencies: [
                "SchemaGenTransport", "SchemaGenRuntime",
                .product(name: "WSClient", package: "swift-websocket", condition: .when(traits: ["NIOTransport"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["NIOTransport"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIOTransport"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["NIOTransport"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["NIOTransport"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["NIOTransport"])),
            ]
        ),
        // A generated server's transport on Hummingbird: the WebSockets hummingbird-websocket upgrades, served by
        // SchemaGenTransport's WebSocketServerTransport (plain or Socket.IO). Empty unless HummingbirdServer is on.
        .target(
            name: "SchemaGenHummingbird",
            dependencies: [
                "SchemaGenTransport",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["HummingbirdServer"])),
                .product(
                    name: "HummingbirdWebSocket", package: "hummingbird-websocket",
                    condition: .when(traits: ["HummingbirdServer"])),
            ]
        ),
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
                intent: .custom(
                    verb: "schemagen-generate",
                    description: "Regenerate checked-in Swift and docs from *.events.yaml contracts"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "schemagen writes the generated Swift and docs into <target>/Generated")
                ]
            ),
            dependencies: ["schemagen"],
            path: "Sources/SchemaGenCommandPlugin"
        ),
        // Helpers shared by the test targets.
        .target(name: "TestSupport", dependencies: ["SchemaGenRuntime"], path: "Tests/TestSupport"),
        .executableTarget(
            name: "schemagen",
            dependencies: [
                "SchemaGenContract", "SchemaGenGenerator", "SchemaGenTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The generator checking itself (docs/testing.md): random contracts, every target compiled, every reader
        // agreeing on every frame. Run by CI for a bounded time; not a product.
        .executableTarget(
            name: "schemagen-oracle",
            dependencies: [
                "SchemaGenContract", "SchemaGenGenerator", "SchemaGenTools", "SchemaGenRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SchemaGenCoreTests",
            dependencies: [
                "SchemaGenContract", "SchemaGenGenerator", "SchemaGenTools", "TestSupport",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
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
            dependencies: [
                "GeneratedClients", "SchemaGenRuntime", "SchemaGenContract", "SchemaGenGenerator", "SchemaGenTools",
                "TestSupport",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GoldenClientTests",
            dependencies: ["GoldenClients", "SchemaGenRuntime", "TestSupport"]
        ),
        // Compiles the plugins' shared PluginSupport.swift (a symbolic link) as a module of its own, so the discovery
        // the package and Xcode plugins rely on is built and tested on Linux, where Xcode's plugin API is missing.
        .testTarget(name: "PluginSupportTests"),
        .testTarget(
            name: "schemagenTests",
            dependencies: ["schemagen", "SchemaGenContract", "SchemaGenGenerator", "SchemaGenTools", "TestSupport"]
        ),
    ]
)

// swift-tools-version: 6.1
import PackageDescription

// The SwiftNIO WebSocket backend for generated clients, in a package of its own so that neither the generator,
// its build plugin, nor an app on URLSession ever builds SwiftNIO (its first build takes 5 to 17 minutes on two
// cores). Its integration tests talk to real servers (Tests/TransportIntegrationTests/Servers): .ci/transports installs
// them, the tests start them.
let package = Package(
    name: "schemagen-transports",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16)],
    products: [
        .library(name: "SchemaGenNIOTransport", targets: ["SchemaGenNIOTransport"]),
    ],
    dependencies: [
        .package(name: "schemagen", path: ".."),
        // hummingbird-project/swift-websocket rather than vapor/websocket-kit: a structured-concurrency client
        // (inbound messages as an AsyncSequence, a Sendable writer), which is the shape of WebSocketConnection,
        // and no EventLoopFuture bridging.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "SchemaGenNIOTransport",
            dependencies: [
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Frames per second from a real Socket.IO server into typed listeners, beside the loopback figure
        // (docs/performance.md); release builds, run by Benchmarks/run.py.
        .executableTarget(
            name: "TransportBenchmark",
            dependencies: [
                "SchemaGenNIOTransport",
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
            ],
            plugins: [.plugin(name: "SchemaGenPlugin", package: "schemagen")]
        ),
        .testTarget(
            name: "TransportIntegrationTests",
            dependencies: [
                "SchemaGenNIOTransport",
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
                .product(name: "SchemaGenTestSupport", package: "schemagen"),
            ],
            // The python servers the tests start; the contracts are links to schemas/ and to a golden contract,
            // turned into clients by the build plugin as an app's would be.
            exclude: ["Servers"],
            plugins: [.plugin(name: "SchemaGenPlugin", package: "schemagen")]
        ),
    ]
)

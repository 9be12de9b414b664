// swift-tools-version: 6.1
import PackageDescription

// The SwiftNIO WebSocket backend for generated clients, and the Hummingbird adapter for generated servers, in a
// package of its own so that neither the generator, its build plugin, nor an app on URLSession ever builds SwiftNIO
// (its first build takes 5 to 17 minutes on two cores). Its integration tests talk to real servers
// (Tests/TransportIntegrationTests/Servers) and to a generated server on Hummingbird: .ci/transports installs the
// servers, the tests start them.
//
// macOS 14 / iOS 17: what hummingbird-websocket requires.
let package = Package(
    name: "schemagen-transports",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
    products: [
        .library(name: "SchemaGenNIOTransport", targets: ["SchemaGenNIOTransport"]),
        .library(name: "SchemaGenHummingbird", targets: ["SchemaGenHummingbird"]),
    ],
    dependencies: [
        .package(name: "schemagen", path: ".."),
        // hummingbird-project/swift-websocket rather than vapor/websocket-kit: a structured-concurrency client
        // (inbound messages as an AsyncSequence, a Sendable writer), which is the shape of WebSocketConnection,
        // and no EventLoopFuture bridging.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // A generated server's WebSockets: hummingbird-websocket is built on the same swift-websocket as the client
        // backend, so the package builds one WebSocket stack. No default traits: swift-configuration is not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
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
        // A generated server's transport on Hummingbird: the WebSockets hummingbird-websocket upgrades, served by
        // SchemaGenTransport's WebSocketServerTransport (plain or Socket.IO).
        .target(
            name: "SchemaGenHummingbird",
            dependencies: [
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
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
                "SchemaGenHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
                .product(name: "SchemaGenTestSupport", package: "schemagen"),
            ],
            // The python servers the tests start; the contracts are links to schemas/ and to a golden contract,
            // turned into clients by the build plugin as an app's would be.
            exclude: ["Servers", "schemagen.yaml"],
            plugins: [.plugin(name: "SchemaGenPlugin", package: "schemagen")]
        ),
    ]
)

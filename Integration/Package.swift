// swift-tools-version: 6.1
import PackageDescription

// The integration tests and the transport benchmark of the repository's WebSocket stacks (the root package's
// SchemaGenNIOTransport and SchemaGenHummingbird, behind its NIOTransport and HummingbirdServer traits), in a package of
// their own so that `swift test` at the root never builds SwiftNIO (its first build takes 5 to 17 minutes on two
// cores). The tests talk to real servers (Tests/IntegrationTests/Servers) and to a generated server on
// Hummingbird: .ci/transports installs the servers, the tests start them.
//
// macOS 14 / iOS 17: what hummingbird-websocket requires.
let package = Package(
    name: "schemagen-integration",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
    products: [
        // The runnable mock server (docs/testing.md): `swift run --package-path Integration schemagen-mock CONTRACT`.
        .executable(name: "schemagen-mock", targets: ["SchemaGenMock"]),
        // A live backend recorded as a capture `verify` and `infer` read (docs/verify.md).
        .executable(name: "schemagen-record", targets: ["SchemaGenRecord"]),
    ],
    dependencies: [
        // Both traits, as an app that is a client and a server enables them.
        .package(name: "schemagen", path: "..", traits: ["NIOTransport", "HummingbirdServer"]),
        // The tests' own uses: a Hummingbird router and its WebSocket upgrade, beside the adapter under test.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // A log handler that records what the server logs, to check it logs every request it refuses.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // schemagen-mock's command line, as the root package's schemagen has it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // schemagen-mock: a contract's server made from the contract alone (SchemaGenTools' ContractMockServer) on
        // Hummingbird, here so that the generator and the build plugin never build SwiftNIO.
        .executableTarget(
            name: "SchemaGenMock",
            dependencies: [
                .product(name: "SchemaGenCore", package: "schemagen"),
                .product(name: "SchemaGenHummingbird", package: "schemagen"),
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // schemagen-record: the runtime's RealtimeConnection on SwiftNIO, every message written as JSON Lines.
        .executableTarget(
            name: "SchemaGenRecord",
            dependencies: [
                .product(name: "SchemaGenCore", package: "schemagen"),
                .product(name: "SchemaGenNIOTransport", package: "schemagen"),
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Frames per second from a real Socket.IO server into typed listeners, beside the loopback figure
        // (docs/performance.md); release builds, run by Benchmarks/run.py.
        .executableTarget(
            name: "TransportBenchmark",
            dependencies: [
                .product(name: "SchemaGenNIOTransport", package: "schemagen"),
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
            ],
            plugins: [.plugin(name: "SchemaGenPlugin", package: "schemagen")]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                .product(name: "SchemaGenNIOTransport", package: "schemagen"),
                .product(name: "SchemaGenHummingbird", package: "schemagen"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
                .product(name: "SchemaGenTestSupport", package: "schemagen"),
                // `verify`'s reader and verifier, on traffic recorded from the real servers (issue 38).
                .product(name: "SchemaGenCore", package: "schemagen"),
            ],
            // The python servers the tests start; the contracts are links to schemas/ and to a golden contract,
            // turned into clients by the build plugin as an app's would be.
            exclude: ["Servers", "schemagen.yaml"],
            plugins: [.plugin(name: "SchemaGenPlugin", package: "schemagen")]
        ),
    ]
)

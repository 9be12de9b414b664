// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets, kept out of the main package because they build with sanitizers and need libFuzzer's
// `main`. Run them with `Fuzz/run.sh` (docs/fuzzing.md): CI runs each for a bounded time.
let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "schemagen", path: "..")
    ],
    targets: [
        // Hands each target's entry point to libFuzzer.
        .target(name: "FuzzSupport"),
        // Frames as the network delivers them, through every framing's parser.
        .executableTarget(
            name: "FuzzFraming",
            dependencies: ["FuzzSupport", .product(name: "SchemaGenRuntime", package: "schemagen")]
        ),
        // Payloads through WireDecoder and Foundation's JSONDecoder: any undocumented difference is a finding.
        .executableTarget(
            name: "FuzzWireDecoder",
            dependencies: ["FuzzSupport", .product(name: "SchemaGenRuntime", package: "schemagen")]
        ),
        // Frames through a client core with a pending request, an open subscription, acknowledgements both ways.
        .executableTarget(
            name: "FuzzClient",
            dependencies: ["FuzzSupport", .product(name: "SchemaGenRuntime", package: "schemagen")]
        ),
        // WebSocket messages through the Socket.IO and Phoenix sessions of the transport library.
        .executableTarget(
            name: "FuzzProtocols",
            dependencies: [
                "FuzzSupport", .product(name: "SchemaGenTransport", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
            ]
        ),
        // Payloads through the contract interpreter and the generated types it must agree with (Generated/Swift's
        // zikr and rooms, linked in as files).
        .executableTarget(
            name: "FuzzInterpreter",
            dependencies: [
                "FuzzSupport", .product(name: "SchemaGenCore", package: "schemagen"),
                .product(name: "SchemaGenRuntime", package: "schemagen"),
            ]
        ),
        // Contract files through the loader, the checker, both translators and the renderer.
        .executableTarget(
            name: "FuzzContractLoader",
            dependencies: ["FuzzSupport", .product(name: "SchemaGenCore", package: "schemagen")]
        ),
    ]
)

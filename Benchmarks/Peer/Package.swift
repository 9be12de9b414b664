// swift-tools-version: 6.0
// The peer generator the compile-cost and generation benchmarks compare with (docs/performance.md):
// swift-openapi-generator, built in release by Benchmarks/run.py, and the runtime its output imports.
// A benchmark-only package: nothing in schemagen depends on it.
import PackageDescription

let package = Package(
    name: "Peer",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    ],
    targets: [
        // Builds OpenAPIRuntime's module, which the peer's generated types are type-checked against.
        .target(name: "PeerRuntime", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")])
    ]
)

// swift-tools-version: 6.1
import PackageDescription

// The benchmarks, kept out of the main package so `swift test` never runs them. Run them all with
// `python3 Benchmarks/run.py` (see docs/performance.md).
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "schemagen", path: "..")
    ],
    targets: [
        // Incoming frames dispatched per second: the generated Zikr client against a bare JSONDecoder and a
        // hand-written JSONSerialization handler. run.py generates the clients of the contracts here into
        // `Generated/` (ignored by git) before it builds: through the build plugin, a release build would compile
        // the whole tool in release too, which took CI minutes for code the benchmark does not time.
        .executableTarget(
            name: "DispatchBenchmark",
            dependencies: [.product(name: "SchemaGenRuntime", package: "schemagen")],
            exclude: ["gateway.events.yaml", "relay.events.yaml", "wallet.events.yaml", "zikr.events.yaml"]
        )
    ]
)

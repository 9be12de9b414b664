// swift-tools-version: 6.1
import PackageDescription

// schemagen's build and command plugins running a prebuilt `schemagen` (an artifact bundle, SE-0305) instead of
// compiling it: an app's clean build never builds the generator (SwiftPM builds a plugin's tool from source, in
// debug, on every clean build; swiftlang/swift-package-manager#7233). The plugins' sources are the root package's
// (symbolic links); their target names differ from the root's so an app can take the libraries from the root package
// and the plugins from here. `make-artifactbundle.sh` builds `schemagen.artifactbundle` beside this file; a release
// publishes its zip and swaps `path:` for `url:` and `checksum:` (the script prints both). docs/performance.md has
// what it saves.
let package = Package(
    name: "schemagen-prebuilt",
    products: [
        .plugin(name: "SchemaGenPrebuiltPlugin", targets: ["SchemaGenPrebuiltPlugin"]),
        .plugin(name: "SchemaGenPrebuiltCommandPlugin", targets: ["SchemaGenPrebuiltCommandPlugin"]),
    ],
    targets: [
        // Its artifact is named `schemagen`, the tool the plugins ask for.
        .binaryTarget(name: "SchemaGenBinary", path: "schemagen.artifactbundle"),
        .plugin(
            name: "SchemaGenPrebuiltPlugin",
            capability: .buildTool(),
            dependencies: ["SchemaGenBinary"],
            path: "Plugins/SchemaGenPrebuiltPlugin"
        ),
        .plugin(
            name: "SchemaGenPrebuiltCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "schemagen-generate",
                    description: "Regenerate checked-in Swift and docs from *.events.yaml contracts"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "schemagen writes the generated Swift and docs into <target>/Generated")
                ]
            ),
            dependencies: ["SchemaGenBinary"],
            path: "Plugins/SchemaGenPrebuiltCommandPlugin"
        ),
    ]
)

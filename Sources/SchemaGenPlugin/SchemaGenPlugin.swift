import Foundation
import PackagePlugin

/// Generates the typed Swift client (and, when `generate:` lists `swift-server`, the typed server) of every contract in a
/// target, at build time.
///
/// A target's contracts are its files named `*.events.yaml` (or `*.events.yml`); a `schemagen.yaml` at the
/// target's root may set `accessLevel`, `templates` and `generate` (the plugin generates its Swift targets). Each contract becomes `<name>.swift` (and `<name>.server.swift`) in the plugin's
/// work directory, regenerated only when the contract, the configuration or a template override changes.
@main
struct SchemaGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let contracts = module.sourceFiles.map(\.url).filter(PluginSupport.isContract).sorted { $0.path < $1.path }
        guard !contracts.isEmpty else { return [] }
        let tool = try context.tool(named: "schemagen").url
        let configuration = PluginSupport.configuration(in: target.directoryURL)
        // A configuration whose `generate:` names no Swift target asks the build for nothing.
        guard !configuration.swiftTargets.isEmpty else { return [] }
        return contracts.map { contract in
            let name = contract.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: name)
            return .buildCommand(
                displayName: "schemagen: generating Swift for \(contract.lastPathComponent)",
                executable: tool,
                arguments: [
                    "generate", contract.path(percentEncoded: false), "--output", output.path(percentEncoded: false),
                    "--quiet",
                ]
                    + configuration.swiftTargets.flatMap { ["--target", $0] } + configuration.arguments,
                inputFiles: [contract] + configuration.inputFiles,
                outputFiles: PluginSupport.swiftFiles(for: name, targets: configuration.swiftTargets).map {
                    output.appending(path: $0)
                }
            )
        }
    }
}

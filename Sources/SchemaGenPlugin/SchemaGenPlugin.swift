import Foundation
import PackagePlugin

/// Generates the typed Swift client (and, when `generate:` lists `swift-server`, the typed server) of every contract in a
/// target, at build time.
///
/// A target's contracts are its files named `*.events.yaml` (or `*.events.yml`); a `schemagen.yaml` at the
/// target's root may set `accessLevel`, `templates` and `generate` (the plugin generates its Swift targets). Each
/// contract becomes `<name>.swift` (and `<name>.server.swift`) in the plugin's work directory, regenerated only when
/// the contract, the configuration or a template override changes. Xcode project targets: `SchemaGenPlugin+Xcode.swift`.
@main
struct SchemaGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let contracts = PluginSupport.contracts(among: module.sourceFiles.map(\.url))
        guard !contracts.isEmpty else { return [] }
        let configuration = PluginSupport.configuration(
            file: PluginSupport.configurationFile(inDirectory: target.directoryURL))
        return Self.commands(
            PluginSupport.buildSteps(
                contracts: contracts, configuration: configuration, workDirectory: context.pluginWorkDirectoryURL),
            tool: try context.tool(named: "schemagen").url)
    }

    /// The steps as SwiftPM's (and Xcode's) build commands.
    static func commands(_ steps: [PluginSupport.GenerationStep], tool: URL) -> [Command] {
        steps.map { step in
            .buildCommand(
                displayName: step.displayName, executable: tool, arguments: step.arguments,
                inputFiles: step.inputFiles, outputFiles: step.outputFiles)
        }
    }
}

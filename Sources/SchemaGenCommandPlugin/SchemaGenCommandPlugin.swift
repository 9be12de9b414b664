import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory schemagen-generate [--target NAME]`: regenerates the
/// checked-in Swift and docs of every target with contracts (`*.events.yaml`), into `<target>/Generated/`,
/// for teams that commit generated code and review it in pull requests. Xcode projects:
/// `SchemaGenCommandPlugin+Xcode.swift`.
@main
struct SchemaGenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let tool = try context.tool(named: "schemagen").url
        var generated = 0
        for target in targets {
            let contracts = PluginSupport.contracts(under: target.directoryURL)
            guard !contracts.isEmpty else {
                if !names.isEmpty { Diagnostics.warning("target '\(target.name)' has no contracts (*.events.yaml)") }
                continue
            }
            let configuration = PluginSupport.configuration(
                file: PluginSupport.configurationFile(inDirectory: target.directoryURL))
            try Self.generate(
                contracts: contracts, into: target.directoryURL.appending(path: "Generated"),
                configuration: configuration, tool: tool, target: target.name)
            generated += 1
        }
        if generated == 0 { Diagnostics.remark("no target has contracts (*.events.yaml); nothing to generate") }
    }

    /// One target's run, its failure reported as a plugin error.
    static func generate(
        contracts: [URL], into output: URL, configuration: PluginSupport.TargetConfiguration, tool: URL, target: String
    ) throws {
        do {
            try PluginSupport.run(
                tool: tool,
                arguments: PluginSupport.commandArguments(
                    contracts: contracts, output: output, configuration: configuration),
                target: target)
        } catch let failure as PluginSupport.Failure {
            Diagnostics.error(failure.description)
            throw failure
        }
    }
}

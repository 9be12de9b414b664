import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory schemagen-generate [--target NAME]`: regenerates the
/// checked-in Swift and docs of every target with contracts (`*.events.yaml`), into `<target>/Generated/`,
/// for teams that commit generated code and review it in pull requests.
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
            let output = target.directoryURL.appending(path: "Generated")
            let process = Process()
            process.executableURL = tool
            process.arguments =
                ["generate"] + contracts.map { $0.path(percentEncoded: false) } + [
                    "--output", output.path(percentEncoded: false),
                ]
                + PluginSupport.configuration(in: target.directoryURL).arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Diagnostics.error("schemagen failed for target '\(target.name)'")
                throw CommandFailure(target: target.name)
            }
            generated += 1
        }
        if generated == 0 { Diagnostics.remark("no target has contracts (*.events.yaml); nothing to generate") }
    }

    struct CommandFailure: Error, CustomStringConvertible {
        var target: String
        var description: String { "schemagen failed for target '\(target)'" }
    }
}

// Xcode projects (File ▸ Packages ▸ schemagen-generate, or the project's context menu). XcodeProjectPlugin exists
// only in Xcode's toolchain, so Linux never compiles this file; what it shares with the package path is
// PluginSupport's, which the Linux build compiles and tests.
#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension SchemaGenCommandPlugin: XcodeCommandPlugin {
    /// Xcode passes `--target NAME` for the targets the user picked. An Xcode target has no folder of its own,
    /// so `Generated/` goes beside its contracts (in the folder that holds them all).
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        // Xcode names a target by its display name; its product's name is accepted too.
        let targets = context.xcodeProject.targets.filter { target in
            names.isEmpty || names.contains(target.displayName)
                || target.product.map { names.contains($0.name) } == true
        }
        let tool = try context.tool(named: "schemagen").url
        var generated = 0
        for target in targets {
            let files = target.inputFiles.map(\.url)
            let contracts = PluginSupport.contracts(among: files)
            guard let folder = PluginSupport.commonDirectory(of: contracts) else { continue }
            let configuration = PluginSupport.configuration(
                file: try PluginSupport.configurationFile(among: files, target: target.displayName))
            try Self.generate(
                contracts: contracts, into: folder.appending(path: "Generated"), configuration: configuration,
                tool: tool, target: target.displayName)
            generated += 1
        }
        if generated == 0 { Diagnostics.remark("no target has contracts (*.events.yaml); nothing to generate") }
    }
}
#endif

// Xcode project targets. XcodeProjectPlugin exists only in Xcode's toolchain, so Linux never compiles this file: it
// is kept to the lines that differ from the package path (where a target's files come from); the discovery and the
// commands are PluginSupport's, which the Linux build compiles and tests.
#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension SchemaGenPlugin: XcodeBuildToolPlugin {
    /// An Xcode target has no folder of its own: its contracts and its `schemagen.yaml` are among its files.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        let contracts = PluginSupport.contracts(among: files)
        guard !contracts.isEmpty else { return [] }
        let configuration = PluginSupport.configuration(
            file: try PluginSupport.configurationFile(among: files, target: target.displayName))
        return Self.commands(
            PluginSupport.buildSteps(
                contracts: contracts, configuration: configuration, workDirectory: context.pluginWorkDirectoryURL),
            tool: try context.tool(named: "schemagen").url)
    }
}
#endif

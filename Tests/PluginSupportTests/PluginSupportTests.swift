import Foundation
import Testing

/// The discovery and commands the build and command plugins share with their Xcode project conformances: what an
/// Xcode target (a list of files) and a package target (a folder) yield, and the `schemagen` runs made of them.
@Suite struct PluginSupportTests {
    /// A folder laid out like an app's sources, removed afterwards.
    final class Layout {
        let root = FileManager.default.temporaryDirectory.appending(path: "plugin-support-\(UUID().uuidString)")

        init(_ files: [String: String]) throws {
            for (path, text) in files {
                let url = root.appending(path: path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        }

        func url(_ path: String) -> URL { root.appending(path: path) }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    @Test func anXcodeTargetsContractsAndConfigurationAreFoundAmongItsFiles() throws {
        let layout = try Layout([
            "App/Realtime/zikr.events.yaml": "", "App/Realtime/orders.events.yml": "",
            "App/Realtime/schemagen.yaml": "generate: [swift-client, swift-server]\n", "App/ContentView.swift": "",
            "App/openapi.yaml": "", "App/Assets/notes.yaml": "",
        ])
        let files = [
            "App/ContentView.swift", "App/Realtime/zikr.events.yaml", "App/openapi.yaml", "App/Realtime/schemagen.yaml",
            "App/Realtime/orders.events.yml", "App/Assets/notes.yaml",
        ].map(layout.url)
        #expect(
            PluginSupport.contracts(among: files).map(\.lastPathComponent) == ["orders.events.yml", "zikr.events.yaml"])
        let file = try #require(try PluginSupport.configurationFile(among: files, target: "App"))
        #expect(file == layout.url("App/Realtime/schemagen.yaml"))
        let configuration = PluginSupport.configuration(file: file)
        #expect(configuration.swiftTargets == ["swift-client", "swift-server"])
        #expect(configuration.arguments == ["--config", file.path(percentEncoded: false)])
        #expect(configuration.inputFiles == [file])
        // The command plugin writes Generated/ beside the contracts.
        #expect(
            PluginSupport.commonDirectory(of: PluginSupport.contracts(among: files))?.standardizedFileURL.path
                == layout.url("App/Realtime").standardizedFileURL.path)
    }

    @Test func twoConfigurationsInOneXcodeTargetAreAnErrorNamingBoth() throws {
        let files = [URL(filePath: "/p/A/schemagen.yaml"), URL(filePath: "/p/B/schemagen.yaml")]
        #expect(throws: PluginSupport.Failure.self) { try PluginSupport.configurationFile(among: files, target: "App") }
        do {
            _ = try PluginSupport.configurationFile(among: files, target: "App")
        } catch {
            #expect(
                error.description
                    == "target 'App' has 2 files named schemagen.yaml (/p/A/schemagen.yaml, /p/B/schemagen.yaml); keep one in the target and remove the others from it"
            )
        }
        #expect(try PluginSupport.configurationFile(among: [URL(filePath: "/p/a.swift")], target: "App") == nil)
    }

    @Test func aPackageTargetsConfigurationIsAtItsRootAndBringsItsTemplates() throws {
        let layout = try Layout([
            "Sources/Realtime/schemagen.yaml": "templates: overrides # ours\ngenerate:\n  - swift-server\n  - docs\n",
            "Sources/Realtime/overrides/swift/client.mustache": "", "Sources/Realtime/overrides/README.md": "",
            "Sources/Realtime/zikr.events.yaml": "",
        ])
        let directory = layout.url("Sources/Realtime")
        let file = try #require(PluginSupport.configurationFile(inDirectory: directory))
        let configuration = PluginSupport.configuration(file: file)
        #expect(configuration.swiftTargets == ["swift-server"])
        #expect(
            configuration.inputFiles.map(\.lastPathComponent) == ["schemagen.yaml", "client.mustache"])
        #expect(PluginSupport.configurationFile(inDirectory: layout.url("Sources")) == nil)
        #expect(PluginSupport.contracts(under: directory).map(\.lastPathComponent) == ["zikr.events.yaml"])
    }

    @Test func withoutAConfigurationTheBuildGeneratesTheClientAndIgnoresTheWorkingDirectorysFile() {
        let configuration = PluginSupport.configuration(file: nil)
        #expect(configuration == .init(arguments: ["--no-config"], inputFiles: [], swiftTargets: ["swift-client"]))
    }

    @Test func theBuildRunsSchemagenOncePerContractIntoItsOwnFolder() {
        let contract = URL(filePath: "/app/Realtime/zikr.events.yaml")
        let configuration = PluginSupport.TargetConfiguration(
            arguments: ["--config", "/app/Realtime/schemagen.yaml"],
            inputFiles: [URL(filePath: "/app/Realtime/schemagen.yaml")],
            swiftTargets: ["swift-client", "swift-server"])
        let steps = PluginSupport.buildSteps(
            contracts: [contract], configuration: configuration, workDirectory: URL(filePath: "/work"))
        #expect(
            steps == [
                .init(
                    displayName: "schemagen: generating Swift for zikr.events.yaml",
                    arguments: [
                        "generate", "/app/Realtime/zikr.events.yaml", "--output", "/work/zikr.events", "--quiet",
                        "--target", "swift-client", "--target", "swift-server", "--config",
                        "/app/Realtime/schemagen.yaml",
                    ],
                    inputFiles: [contract, URL(filePath: "/app/Realtime/schemagen.yaml")],
                    outputFiles: [
                        URL(filePath: "/work/zikr.events/Swift/zikr.events.swift"),
                        URL(filePath: "/work/zikr.events/Swift/zikr.events.server.swift"),
                    ])
            ])
        // A configuration that generates no Swift asks the build for nothing.
        var docsOnly = configuration
        docsOnly.swiftTargets = []
        #expect(
            PluginSupport.buildSteps(
                contracts: [contract], configuration: docsOnly, workDirectory: URL(filePath: "/work")
            ).isEmpty)
    }

    @Test func theCommandGeneratesEveryContractOfATargetInOneRun() {
        let arguments = PluginSupport.commandArguments(
            contracts: [URL(filePath: "/a/x.events.yaml"), URL(filePath: "/a/y.events.yaml")],
            output: URL(filePath: "/a/Generated"), configuration: PluginSupport.configuration(file: nil))
        #expect(
            arguments == [
                "generate", "/a/x.events.yaml", "/a/y.events.yaml", "--output", "/a/Generated", "--no-config",
            ])
    }

    @Test(arguments: [
        ("generate: [swift-client, docs]", ["swift-client", "docs"]),
        ("generate: ['swift-server'] # the server", ["swift-server"]),
        (
            "accessLevel: internal\ngenerate:\n  - swift-client\n\n  - typescript\ntemplates: t\n",
            ["swift-client", "typescript"]
        ),
        ("accessLevel: internal\n", nil),
    ])
    func theGenerateListIsReadInBothSpellings(text: String, expected: [String]?) {
        #expect(PluginSupport.generateList(in: text) == expected)
    }

    @Test func aFailingRunNamesItsTarget() throws {
        #expect(throws: PluginSupport.Failure.self) {
            try PluginSupport.run(tool: URL(filePath: "/bin/false"), arguments: [], target: "App")
        }
        try PluginSupport.run(tool: URL(filePath: "/bin/true"), arguments: [], target: "App")
    }
}

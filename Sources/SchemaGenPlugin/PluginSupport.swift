import Foundation

/// What every plugin entry point shares: how contracts and a target's `schemagen.yaml` are found, which files the
/// configuration brings in, and the runs of `schemagen` a build or a command needs. The package plugins and their
/// Xcode project conformances (`SchemaGenPlugin+Xcode.swift`, `SchemaGenCommandPlugin+Xcode.swift`, which Linux cannot
/// compile) differ only in where a target's files come from; everything after that is here.
///
/// Foundation only, no PackagePlugin: this one file is compiled by the build plugin, by the command plugin (through a
/// symbolic link: plugins cannot share a library) and by `PluginSupportTests`, so the Linux build compiles and tests
/// the discovery the Xcode code relies on.
enum PluginSupport {
    /// A target's contracts are its `*.events.yaml` and `*.events.yml` files.
    static func isContract(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name.hasSuffix(".events.yaml") || name.hasSuffix(".events.yml")
    }

    /// The configuration file's name.
    static let configurationName = "schemagen.yaml"

    /// Something a plugin cannot go on with, said so the user knows what to change.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The target's `schemagen.yaml`, as arguments for `schemagen` and as files a build depends on.
    struct TargetConfiguration: Equatable {
        var arguments: [String]
        var inputFiles: [URL]
        /// The Swift targets of its `generate:` list (what a build compiles), in the tool's spelling.
        var swiftTargets: [String]
    }

    /// One run of `schemagen` a build needs: what a plugin hands SwiftPM or Xcode as a build command.
    struct GenerationStep: Equatable {
        var displayName: String
        var arguments: [String]
        var inputFiles: [URL]
        var outputFiles: [URL]
    }

    /// The output targets that are Swift code, which the build plugin generates, and the file each writes for a
    /// contract `name` (in the output's `Swift/` folder).
    static let swiftTargets = ["swift-client": ".swift", "swift-server": ".server.swift"]
    /// What a configuration without `generate:` builds.
    static let defaultSwiftTargets = ["swift-client"]

    /// The Swift files the tool writes for a contract `name` with `targets`, relative to the output folder.
    static func swiftFiles(for name: String, targets: [String]) -> [String] {
        targets.compactMap { swiftTargets[$0].map { "Swift/\(name)\($0)" } }
    }

    // MARK: Finding a target's files

    /// A package target's configuration: `schemagen.yaml` at its root, if there is one.
    static func configurationFile(inDirectory directory: URL) -> URL? {
        let file = directory.appending(path: configurationName)
        return FileManager.default.fileExists(atPath: file.path(percentEncoded: false)) ? file : nil
    }

    /// An Xcode target's configuration: the `schemagen.yaml` among its files (an Xcode target has no folder of its
    /// own). Two of them leave the plugin unable to choose: that is an error naming both.
    static func configurationFile(among files: [URL], target: String) throws(Failure) -> URL? {
        let found = files.filter { $0.lastPathComponent == configurationName }.sorted { $0.path < $1.path }
        guard found.count <= 1 else {
            throw Failure(
                description:
                    "target '\(target)' has \(found.count) files named \(configurationName) (\(found.map { $0.path(percentEncoded: false) }.joined(separator: ", "))); keep one in the target and remove the others from it"
            )
        }
        return found.first
    }

    /// The contracts among a target's files, in a stable order.
    static func contracts(among files: [URL]) -> [URL] {
        files.filter(isContract).sorted { $0.path < $1.path }
    }

    /// The contracts under a target's directory, found on disk (a target that commits generated code excludes
    /// its contracts from the build, so they are not among its source files).
    static func contracts(under directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return contracts(among: enumerator?.allObjects as? [URL] ?? [])
    }

    /// The folder that holds all of `files`: where the command plugin writes `Generated/` for an Xcode target.
    static func commonDirectory(of files: [URL]) -> URL? {
        guard let first = files.first else { return nil }
        var common = first.deletingLastPathComponent().standardizedFileURL.pathComponents
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? nil : URL(filePath: NSString.path(withComponents: common), directoryHint: .isDirectory)
    }

    // MARK: What the configuration brings in

    /// Reads `file` (or the defaults without one): the flags that pass it to `schemagen`, the files a build depends
    /// on, and the Swift targets it generates.
    static func configuration(file: URL?) -> TargetConfiguration {
        guard let file, let text = try? String(contentsOf: file, encoding: .utf8) else {
            return TargetConfiguration(arguments: ["--no-config"], inputFiles: [], swiftTargets: defaultSwiftTargets)
        }
        let listed = generateList(in: text)
        return TargetConfiguration(
            arguments: ["--config", file.path(percentEncoded: false)],
            inputFiles: [file] + templateFiles(named: text, relativeTo: file.deletingLastPathComponent()),
            swiftTargets: listed.map { $0.filter { swiftTargets[$0] != nil } } ?? defaultSwiftTargets)
    }

    /// The targets of the top-level `generate:` key, written `generate: [a, b]` or as a block list, or `nil`
    /// without the key. (`schemagen` itself reports a malformed list when the command runs.)
    static func generateList(in configuration: String) -> [String]? {
        let lines = configuration.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("generate:") }) else { return nil }
        let inline = lines[start].dropFirst("generate:".count).trimmingCharacters(in: .whitespaces)
        func clean(_ item: some StringProtocol) -> String {
            item.trimmingCharacters(in: CharacterSet(charactersIn: "\"' \t\r"))
        }
        if inline.hasPrefix("[") {
            return inline.trimmingCharacters(in: CharacterSet(charactersIn: "[] \r")).split(separator: ",").map(clean)
                .filter { !$0.isEmpty }
        }
        var items: [String] = []
        for line in lines[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("-") else {
                if trimmed.isEmpty { continue }
                break
            }
            items.append(clean(trimmed.dropFirst()))
        }
        return items
    }

    /// The files of the `templates:` folder named in a configuration, so editing an override regenerates.
    /// Reads just that one top-level key: plugins cannot use a YAML library.
    static func templateFiles(named configuration: String, relativeTo directory: URL) -> [URL] {
        for line in configuration.split(separator: "\n") where line.hasPrefix("templates:") {
            var value = line.dropFirst("templates:".count).trimmingCharacters(in: .whitespaces)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            let folder = value.hasPrefix("/") ? URL(filePath: value) : directory.appending(path: value)
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "mustache" }.sorted {
                $0.path < $1.path
            }
        }
        return []
    }

    // MARK: The runs of schemagen

    /// The build's runs: one per contract, into `workDirectory/<contract name>/`, regenerated only when the contract,
    /// the configuration or a template override changes. None when the configuration generates no Swift.
    static func buildSteps(
        contracts: [URL], configuration: TargetConfiguration, workDirectory: URL
    ) -> [GenerationStep] {
        guard !configuration.swiftTargets.isEmpty else { return [] }
        return contracts.map { contract in
            let name = contract.deletingPathExtension().lastPathComponent
            let output = workDirectory.appending(path: name)
            return GenerationStep(
                displayName: "schemagen: generating Swift for \(contract.lastPathComponent)",
                arguments: [
                    "generate", contract.path(percentEncoded: false), "--output", output.path(percentEncoded: false),
                    "--quiet",
                ] + configuration.swiftTargets.flatMap { ["--target", $0] } + configuration.arguments,
                inputFiles: [contract] + configuration.inputFiles,
                outputFiles: swiftFiles(for: name, targets: configuration.swiftTargets).map {
                    output.appending(path: $0)
                }
            )
        }
    }

    /// The command plugin's run for one target: every contract into `output` (`<target>/Generated`), with the
    /// configuration's targets (Swift and docs by default).
    static func commandArguments(contracts: [URL], output: URL, configuration: TargetConfiguration) -> [String] {
        ["generate"] + contracts.map { $0.path(percentEncoded: false) } + [
            "--output", output.path(percentEncoded: false),
        ]
            + configuration.arguments
    }

    /// Runs `tool` with `arguments` and waits; a non-zero exit is a failure naming the target (the tool has printed
    /// its located diagnostics already).
    static func run(tool: URL, arguments: [String], target: String) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "schemagen failed for target '\(target)'")
        }
    }
}
